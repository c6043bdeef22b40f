/** Stablecoin provider links, registered stablecoins, their mint and burn operations, and the Idempotency-Keys those used. */
import { z } from '@hono/zod-openapi';
import { defineCollection } from '../../store/spec.js';
import {
  Stablecoin,
  StablecoinOperation,
  StablecoinProviderAccount,
  type StablecoinIdempotencyRecord,
  type StablecoinOperationRecord,
  type StablecoinProviderAccount as StablecoinProviderAccountRecord,
  type Stablecoin as StablecoinRecord,
} from './stablecoins.schemas.js';

declare module '../../store/spec.js' {
  interface TenantRecords {
    stablecoinProviderAccounts: StablecoinProviderAccountRecord;
    stablecoins: StablecoinRecord;
    stablecoinOperations: StablecoinOperationRecord;
    stablecoinIdempotencyKeys: StablecoinIdempotencyRecord;
  }
}

export const stablecoinProviderAccountsCollection = defineCollection('stablecoinProviderAccounts', {
  schema: StablecoinProviderAccount,
  indexes: { status: (a) => a.status },
});

export const stablecoinsCollection = defineCollection('stablecoins', {
  schema: Stablecoin,
  indexes: { symbol: (s) => s.symbol },
  references: (s, lookup) =>
    lookup.get('stablecoinProviderAccounts', s.stablecoinProviderAccountId) ? [] : [{ field: 'stablecoinProviderAccountId', message: `No provider account ${s.stablecoinProviderAccountId} in the snapshot` }],
});

export const stablecoinOperationsCollection = defineCollection('stablecoinOperations', {
  schema: StablecoinOperation.extend({ fiatAmount: z.number().int().positive() }),
  indexes: { stablecoin: (o) => o.stablecoinId, stablecoinType: (o) => `${o.stablecoinId}|${o.operationType}` },
  references: (o, lookup) => (lookup.get('stablecoins', o.stablecoinId) ? [] : [{ field: 'stablecoinId', message: `No stablecoin ${o.stablecoinId} in the snapshot` }]),
});

export const stablecoinIdempotencyKeysCollection = defineCollection('stablecoinIdempotencyKeys', {
  schema: z.object({ id: z.string().min(1), fingerprint: z.string().min(1), resourceId: z.string().min(1), createdAt: z.string() }),
});
