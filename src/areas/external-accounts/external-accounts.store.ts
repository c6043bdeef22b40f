/** External accounts and their outstanding ownership challenges. */
import { z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { defineCollection } from '../../store/spec.js';
import { ExternalAccount, accountInfoCreate, type ExternalAccount as ExternalAccountRecord } from './external-accounts.schemas.js';

/** An outstanding ownership challenge of an external account (one per account, keyed by its id). */
export interface OwnershipChallengeRecord {
  id: string;
  method: 'WALLET_SIGNATURE' | 'LIVENESS';
  messageToSign?: string;
  token?: string;
  expiresAt: string;
  createdAt: string;
}

declare module '../../store/spec.js' {
  interface TenantRecords {
    externalAccounts: ExternalAccountRecord;
    ownershipChallenges: OwnershipChallengeRecord;
  }
}

export const externalAccountsCollection = defineCollection('externalAccounts', {
  // AccountInfo is the union of every account type's fields, which zod infers member by member.
  schema: ExternalAccount.extend({
    get accountInfo() {
      return accountInfoCreate();
    },
  }) as unknown as ZodType<ExternalAccountRecord>,
  indexes: {
    customer: (a) => a.customerId,
    customerCurrency: (a) => (a.customerId ? `${a.customerId}|${a.currency}` : undefined),
    anyCustomer: (a) => (a.customerId ? 'all' : undefined),
    anyCustomerCurrency: (a) => (a.customerId ? a.currency : undefined),
    platform: (a) => (a.customerId ? undefined : 'all'),
    platformCurrency: (a) => (a.customerId ? undefined : a.currency),
  },
  references: (a, lookup) =>
    a.customerId !== undefined && !lookup.get('customers', a.customerId) ? [{ field: 'customerId', message: `No customer ${a.customerId} in the snapshot` }] : [],
});

export const ownershipChallengesCollection = defineCollection('ownershipChallenges', {
  schema: z.object({
    id: z.string().min(1),
    method: z.enum(['WALLET_SIGNATURE', 'LIVENESS']),
    messageToSign: z.string().optional(),
    token: z.string().optional(),
    expiresAt: z.string(),
    createdAt: z.string(),
  }),
});
