import { z } from '@hono/zod-openapi';
import { defineWebhook } from '../../events/events.schemas.js';
import { CurrencyAmount, CurrencyCode, ListQuery, PositiveAmount, Timestamp, listResponse } from '../../core/schemas.js';

export const InternalAccountType = z.enum(['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET']).openapi('InternalAccountType');
export const InternalAccountStatus = z.enum(['PENDING', 'ACTIVE', 'CLOSED', 'FROZEN', 'FAILED']).openapi('InternalAccountStatus');

/** Where to send money to fund the account: one rail-specific variant per entry. */
export const PaymentInstructions = z
  .object({
    instructionsNotes: z.string().optional(),
    isPlatformAccount: z.boolean().optional(),
    accountOrWalletInfo: z.object({ accountType: z.string() }).catchall(z.unknown()),
  })
  .openapi('PaymentInstructions');

export const InternalAccount = z
  .object({
    id: z.string().openapi({ example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' }),
    customerId: z.string().optional().openapi({ description: 'Absent on platform accounts' }),
    type: InternalAccountType,
    status: InternalAccountStatus,
    balance: CurrencyAmount.openapi({ description: 'Available balance' }),
    totalBalance: CurrencyAmount.openapi({ description: 'Balance including pending and held funds' }),
    fundingPaymentInstructions: z.array(PaymentInstructions),
    privateEnabled: z.boolean().optional(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('InternalAccount');

/** INTERNAL_ACCOUNT.<kind>: what a commit changed about an internal account, one event per kind. */
export const InternalAccountWebhook = defineWebhook({
  key: 'internal-account-status',
  operationId: 'internalAccountStatusWebhook',
  name: 'InternalAccountStatusWebhook',
  summary: "An internal account's balance, status or funding instructions changed",
  description:
    'Sent once per kind of change per committed request (or clock advance): BALANCE_UPDATED when `balance` or `totalBalance` moved (several postings in one request make one event carrying the final balances), STATUS_UPDATED when `status` changed, FUNDING_INSTRUCTIONS_UPDATED when `fundingPaymentInstructions` changed (they are served only while the account is ACTIVE). `data` is the account as GET returns it after the change.',
  types: ['INTERNAL_ACCOUNT.BALANCE_UPDATED', 'INTERNAL_ACCOUNT.STATUS_UPDATED', 'INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED'],
  data: InternalAccount,
});

export const CustomerInternalAccountListQuery = ListQuery.extend({
  currency: CurrencyCode.optional(),
  customerId: z.string().min(1).max(200).optional(),
  type: InternalAccountType.optional(),
});

export const PlatformInternalAccountListQuery = z.object({
  currency: CurrencyCode.optional(),
  type: InternalAccountType.optional(),
});

export const InternalAccountList = listResponse(InternalAccount, 'InternalAccountListResponse');
export const PlatformInternalAccountList = z.object({ data: z.array(InternalAccount) }).openapi('PlatformInternalAccountListResponse');

export const SandboxFundRequest = z.object({ amount: PositiveAmount }).openapi('SandboxFundRequest');

export type InternalAccount = z.infer<typeof InternalAccount>;
export type PaymentInstructions = z.infer<typeof PaymentInstructions>;
export type InternalAccountType = z.infer<typeof InternalAccountType>;
export type InternalAccountStatus = z.infer<typeof InternalAccountStatus>;

/** What the store keeps: the account minus its balances, which the ledger derives. */
export type InternalAccountRecord = Omit<InternalAccount, 'balance' | 'totalBalance'> & { currency: string };
