/**
 * Delegated keys: a service-held P-256 key that signs for a card's
 * embedded-wallet funding source, so card spending needs no session. The
 * wallet owner authorizes it in three legs of one request: the first gets a
 * challenge, the signed second creates the key PENDING and gets a second
 * challenge, the signed third makes it ACTIVE (201). A card funded by an
 * embedded wallet is declined without an ACTIVE key (cards area).
 */
import { apiError, invalidInput, notFound } from '../../core/errors.js';
import { newP256KeyPair } from '../../crypto/keys.js';
import type { Tenant } from '../../store/tenant.js';
import { requireCard } from '../cards/cards.service.js';
import type { OperationResult } from '../wallet-auth/processing.js';
import { nextChallenge, runSigned, type WalletActionRequest } from '../wallet-auth/signed-requests.js';
import type { DelegatedKey, DelegatedKeyCreateRequest, DelegatedKeyListQuery } from './delegated-keys.schemas.js';
import { hasActiveDelegatedKey } from './delegated-keys.store.js';

type CreateContext = { stage: 'CREATE'; publicKey: string } | { stage: 'ACTIVATE'; delegatedKeyId: string };

export function requireDelegatedKey(tenant: Tenant, id: string): DelegatedKey {
  const key = tenant.delegatedKeys.get(id);
  if (!key) throw notFound('DelegatedKey', id);
  return key;
}

/** The card and its embedded-wallet funding source the request names, checked on every leg. */
function checkTarget(tenant: Tenant, input: DelegatedKeyCreateRequest): { cardId: string; walletId: string } {
  const card = requireCard(tenant, input.cardId);
  const wallet = tenant.internalAccounts.get(input.internalAccountId);
  if (!wallet) throw notFound('InternalAccount', input.internalAccountId);
  if (wallet.type !== 'EMBEDDED_WALLET') {
    throw invalidInput([{ field: 'internalAccountId', message: `${wallet.id} is ${wallet.type}; delegated keys sign for EMBEDDED_WALLET funding sources`, constraint: { enum: ['EMBEDDED_WALLET'] } }]);
  }
  if (card.fundingSource !== wallet.id) {
    throw apiError('REFERENCE_NOT_FOUND', `Card ${card.id} has no funding source ${wallet.id} (it is funded by ${card.fundingSource})`, { cardId: card.id, internalAccountId: wallet.id });
  }
  if (hasActiveDelegatedKey(tenant.delegatedKeys, card.id, wallet.id)) {
    throw apiError('CONFLICT', `Card ${card.id} already has an ACTIVE delegated key for ${wallet.id}; revoke it first`, { cardId: card.id, fundingSourceId: wallet.id });
  }
  return { cardId: card.id, walletId: wallet.id };
}

/** POST /auth/delegated-keys: 202, signed 202 (key PENDING), signed 201 (key ACTIVE). */
export function createDelegatedKey(tenant: Tenant, input: DelegatedKeyCreateRequest, request: WalletActionRequest): Promise<OperationResult> {
  return runSigned<CreateContext>(tenant, request, () => {
    const { cardId, walletId } = checkTarget(tenant, input);
    return {
      operation: 'CREATE_DELEGATED_KEY',
      accountId: walletId,
      // The service generates the key pair; only its public half is ever shown (or kept: the sandbox card network needs no signatures).
      prepare: () => ({ stage: 'CREATE', publicKey: newP256KeyPair().publicKey }),
      perform: (context) => {
        if (context.stage === 'CREATE') {
          const now = tenant.clock.nowIso();
          const key: DelegatedKey = { id: tenant.ids('DelegatedKey'), cardId, fundingSourceId: walletId, accountId: walletId, publicKey: context.publicKey, nickname: input.nickname, status: 'PENDING', createdAt: now, updatedAt: now };
          tenant.delegatedKeys.insert(key);
          tenant.changed();
          return nextChallenge<CreateContext>(tenant, request, { operation: 'ACTIVATE_DELEGATED_KEY', accountId: walletId }, { stage: 'ACTIVATE', delegatedKeyId: key.id });
        }
        const pending = requireDelegatedKey(tenant, context.delegatedKeyId);
        if (pending.status !== 'PENDING') throw apiError('CONFLICT', `Delegated key ${pending.id} is ${pending.status}`, { status: pending.status });
        const active = tenant.delegatedKeys.update(pending.id, (k) => {
          k.status = 'ACTIVE';
          k.updatedAt = tenant.clock.nowIso();
        });
        tenant.changed();
        return { status: 201, body: structuredClone(active) };
      },
    };
  });
}

/** GET /auth/delegated-keys: by wallet, by funding source, or both; PENDING and REVOKED keys included, newest first. */
export function listDelegatedKeys(tenant: Tenant, query: DelegatedKeyListQuery): { data: DelegatedKey[] } {
  if (query.accountId === undefined && query.fundingSourceId === undefined) {
    throw invalidInput(
      [
        { field: 'accountId', message: 'Give accountId, fundingSourceId or both' },
        { field: 'fundingSourceId', message: 'Give accountId, fundingSourceId or both' },
      ],
      'Give accountId, fundingSourceId or both',
    );
  }
  const candidates = query.accountId !== undefined ? tenant.delegatedKeys.byIndex('account', query.accountId) : tenant.delegatedKeys.byIndex('fundingSource', query.fundingSourceId!);
  const data = candidates.filter((k) => query.fundingSourceId === undefined || k.fundingSourceId === query.fundingSourceId).reverse();
  return { data };
}

/** DELETE /auth/delegated-keys/{id}: the service revokes an ACTIVE key with the key itself (no signed retry). */
export function revokeDelegatedKey(tenant: Tenant, id: string): void {
  const key = requireDelegatedKey(tenant, id);
  if (key.status !== 'ACTIVE') throw invalidInput([{ field: 'id', message: `Delegated key ${id} is ${key.status}; only an ACTIVE key can be revoked` }], `Delegated key ${id} is ${key.status}; only an ACTIVE key can be revoked`);
  tenant.delegatedKeys.update(id, (k) => {
    k.status = 'REVOKED';
    k.updatedAt = tenant.clock.nowIso();
  });
  tenant.changed();
}
