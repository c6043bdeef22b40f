/** Delegated signing keys of cards funded by embedded wallets. */
import { defineCollection } from '../../store/spec.js';
import { DelegatedKey } from './delegated-keys.schemas.js';

declare module '../../store/spec.js' {
  interface TenantRecords {
    delegatedKeys: DelegatedKey;
  }
}

export const delegatedKeysCollection = defineCollection('delegatedKeys', {
  schema: DelegatedKey,
  indexes: { account: (k) => k.accountId, fundingSource: (k) => k.fundingSourceId, card: (k) => k.cardId },
});

/** Whether the card may spend from its embedded-wallet funding source: an ACTIVE delegated key for exactly that pair. */
export function hasActiveDelegatedKey(keys: { byIndex(index: string, key: string): DelegatedKey[] }, cardId: string, fundingSourceId: string): boolean {
  return keys.byIndex('card', cardId).some((k) => k.status === 'ACTIVE' && k.fundingSourceId === fundingSourceId);
}
