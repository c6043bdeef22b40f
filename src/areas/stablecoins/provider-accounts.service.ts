/**
 * Stablecoin provider account links: the platform's credentials at the
 * provider (BRALE only), checked when linked. The secret is never stored:
 * its suffix decides what the sandbox provider makes of it.
 */
import { apiError, notFound } from '../../core/errors.js';
import { decodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import { sha256Hex } from '../../crypto/digest.js';
import { outcomeFor } from '../../rules/index.js';
import type { DueJob } from '../../store/jobs.js';
import type { Tenant } from '../../store/tenant.js';
import { remember, replayed } from './idempotency.js';
import type { StablecoinProviderAccount, StablecoinProviderAccountLinkRequest, StablecoinProviderAccountListQuery } from './stablecoins.schemas.js';
import { PROVIDER_REVOCATION_JOB } from '../job-kinds.js';

export { PROVIDER_REVOCATION_JOB };
const LIST = 'stablecoin-provider-accounts';

/** The sandbox is never production: the provider environment is always SANDBOX. */
export const PROVIDER_ENVIRONMENT = 'SANDBOX';

export function requireProviderAccount(tenant: Tenant, id: string): StablecoinProviderAccount {
  const account = tenant.stablecoinProviderAccounts.get(id);
  if (!account) throw notFound('StablecoinProviderAccount', id);
  return account;
}

/** The provider's id for the one account the sandbox credentials expose: stable for the same client id. */
function derivedProviderAccountId(apiClientId: string): string {
  return Buffer.from(sha256Hex(`provider-account:${apiClientId}`).slice(0, 40), 'hex').toString('base64url');
}

/** POST /stablecoin-provider-accounts. */
export function linkProviderAccount(tenant: Tenant, key: string, input: StablecoinProviderAccountLinkRequest): StablecoinProviderAccount {
  const request = { key, operation: 'linkStablecoinProviderAccount', body: input };
  const earlier = replayed(tenant, request);
  if (earlier) return requireProviderAccount(tenant, earlier);

  const providerAccountId = input.providerAccountId ?? derivedProviderAccountId(input.apiClientId);
  const live = tenant.stablecoinProviderAccounts.byIndex('status', 'ACTIVE').find((a) => a.provider === input.provider && a.providerAccountId === providerAccountId);
  if (live) {
    throw apiError('CONFLICT', `${input.provider} account ${providerAccountId} is already linked as ${live.id}`, { stablecoinProviderAccountId: live.id });
  }
  const outcome = outcomeFor('stablecoinProviderCredentials', input.apiClientSecret, tenant.coverage);
  const now = tenant.clock.nowIso();
  const account: StablecoinProviderAccount = {
    id: tenant.ids('StablecoinProviderAccount'),
    provider: input.provider,
    providerAccountId,
    providerEnvironment: PROVIDER_ENVIRONMENT,
    status: outcome.status,
    ...(outcome.status === 'ACTIVE' ? { lastVerifiedAt: now } : {}),
    createdAt: now,
    updatedAt: now,
  };
  tenant.stablecoinProviderAccounts.insert(account);
  if (outcome.revokedAfterSeconds !== undefined) tenant.scheduler.schedule(PROVIDER_REVOCATION_JOB, outcome.revokedAfterSeconds * 1000, { stablecoinProviderAccountId: account.id });
  remember(tenant, request, account.id);
  tenant.changed();
  return account;
}

/** The due job: the provider revoked the credentials. */
export function revokeProviderAccount(tenant: Tenant, job: DueJob): void {
  const account = tenant.stablecoinProviderAccounts.get(String(job.payload.stablecoinProviderAccountId));
  if (!account || account.status !== 'ACTIVE') return;
  tenant.stablecoinProviderAccounts.update(account.id, (a) => {
    a.status = 'REVOKED';
    a.updatedAt = tenant.clock.nowIso();
  });
  tenant.changed();
}

export function getProviderAccount(tenant: Tenant, id: string): StablecoinProviderAccount {
  return requireProviderAccount(tenant, id);
}

export function listProviderAccounts(tenant: Tenant, query: StablecoinProviderAccountListQuery): ListResult<StablecoinProviderAccount> {
  const beforeSeq = decodeCursor(LIST, query.cursor);
  const page = tenant.stablecoinProviderAccounts.page({
    ...(query.status !== undefined ? { index: 'status', key: query.status } : {}),
    ...(query.provider !== undefined ? { where: (a: StablecoinProviderAccount) => a.provider === query.provider } : {}),
    limit: query.limit,
    ...(beforeSeq !== undefined ? { beforeSeq } : {}),
  });
  return toListResult(LIST, page, (a) => a);
}

/** Why a link cannot be used for a new stablecoin or operation, as the reference's 400; undefined when it can. */
export function unusableLink(account: StablecoinProviderAccount): ReturnType<typeof apiError> | undefined {
  if (account.status === 'REVOKED') return apiError('STABLECOIN_PROVIDER_ACCOUNT_REVOKED', `Provider account link ${account.id} was revoked by the provider; link the account again`, { stablecoinProviderAccountId: account.id, status: account.status });
  if (account.status === 'INVALID') return apiError('STABLECOIN_PROVIDER_ACCOUNT_INVALID', `Provider account link ${account.id} has credentials the provider refused; link the account again`, { stablecoinProviderAccountId: account.id, status: account.status });
  return undefined;
}
