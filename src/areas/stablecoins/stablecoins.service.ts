/**
 * Stablecoins: provider-created tokens registered with the service. A
 * registration is reviewed, provisioned and then enabled for the service's
 * own operations, one step at a time on the tenant clock; the token
 * identifier's suffix decides where the path ends. Once ENABLED the
 * stablecoin is a service currency and the platform holds an internal
 * account in it.
 */
import { apiError, notFound } from '../../core/errors.js';
import { CURRENCIES } from '../../core/money.js';
import { decodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import {
  STABLECOIN_DECIMALS,
  STABLECOIN_OPERATIONS_APPROVAL_SECONDS,
  STABLECOIN_PROVISIONING_SECONDS,
  STABLECOIN_REVIEW_SECONDS,
  outcomeFor,
  type RuleHits,
  type StablecoinIssuanceOutcome,
} from '../../rules/index.js';
import type { DueJob } from '../../store/jobs.js';
import type { Tenant } from '../../store/tenant.js';
import { fundingInstructionsFor } from '../internal-accounts/funding-instructions.js';
import type { InternalAccountRecord } from '../internal-accounts/internal-accounts.schemas.js';
import { openInternalAccount } from '../internal-accounts/internal-accounts.service.js';
import { remember, replayed } from './idempotency.js';
import { PROVIDER_ENVIRONMENT, requireProviderAccount, unusableLink } from './provider-accounts.service.js';
import type { Stablecoin, StablecoinServiceOperationsStatus, StablecoinIssuanceStatus, StablecoinListQuery, StablecoinProviderAccount, StablecoinRegisterRequest } from './stablecoins.schemas.js';
import { STABLECOIN_LIFECYCLE_JOB } from '../job-kinds.js';

export { STABLECOIN_LIFECYCLE_JOB };
const LIST = 'stablecoins';

/** Every stablecoin is a dollar token in the sandbox. */
const BASE_CURRENCY = 'USD';

export function requireStablecoin(tenant: Tenant, id: string): Stablecoin {
  const stablecoin = tenant.stablecoins.get(id);
  if (!stablecoin) throw notFound('Stablecoin', id);
  return stablecoin;
}

export function issuanceOutcome(stablecoin: Pick<Stablecoin, 'networkTokenIdentifier'>, seen: RuleHits): StablecoinIssuanceOutcome {
  return outcomeFor('stablecoinIssuance', stablecoin.networkTokenIdentifier, seen);
}

/** A registration that ended in failure frees its symbol for another attempt. */
function isLive(stablecoin: Stablecoin): boolean {
  return stablecoin.issuanceStatus !== 'REJECTED' && stablecoin.issuanceStatus !== 'FAILED';
}

/** The link a registration uses: the one named, else the only ACTIVE one. */
function providerLinkFor(tenant: Tenant, requested: string | undefined): StablecoinProviderAccount {
  if (requested !== undefined) {
    const account = requireProviderAccount(tenant, requested);
    const refusal = unusableLink(account);
    if (refusal) throw refusal;
    return account;
  }
  const active = tenant.stablecoinProviderAccounts.byIndex('status', 'ACTIVE');
  if (active.length !== 1) {
    throw apiError(
      'STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED',
      active.length === 0 ? 'No ACTIVE provider account link exists; link one first, or pass stablecoinProviderAccountId' : `${active.length} ACTIVE provider account links exist; pass stablecoinProviderAccountId`,
      { activeLinks: active.map((a) => a.id) },
    );
  }
  return active[0]!;
}

/** POST /stablecoins. */
export function registerStablecoin(tenant: Tenant, key: string, input: StablecoinRegisterRequest): Stablecoin {
  const request = { key, operation: 'registerStablecoin', body: input };
  const earlier = replayed(tenant, request);
  if (earlier) return requireStablecoin(tenant, earlier);

  const link = providerLinkFor(tenant, input.stablecoinProviderAccountId);
  const symbol = input.providerTokenIdentifier.toUpperCase();
  if (CURRENCIES.has(symbol)) {
    throw apiError('CONFLICT', `${symbol} is already a currency of the service; a stablecoin's symbol becomes its currency code`, { symbol });
  }
  const taken = tenant.stablecoins.byIndex('symbol', symbol).find(isLive);
  if (taken) throw apiError('CONFLICT', `${symbol} is already registered as ${taken.id}`, { stablecoinId: taken.id });
  if (issuanceOutcome(input, tenant.coverage).review === 'VERIFICATION_FAILED') {
    throw apiError('STABLECOIN_VERIFICATION_FAILED', `The provider has no token ${input.providerTokenIdentifier} at ${input.networkTokenIdentifier}`, {
      providerTokenIdentifier: input.providerTokenIdentifier,
      networkTokenIdentifier: input.networkTokenIdentifier,
    });
  }

  const now = tenant.clock.nowIso();
  const stablecoin: Stablecoin = {
    id: tenant.ids('Stablecoin'),
    name: `${symbol} Stablecoin`,
    symbol,
    baseCurrency: BASE_CURRENCY,
    network: input.network,
    decimals: STABLECOIN_DECIMALS,
    issuanceStatus: 'PENDING_REVIEW',
    serviceOperationsStatus: 'NOT_ENABLED',
    networkTokenIdentifier: input.networkTokenIdentifier,
    provider: link.provider,
    stablecoinProviderAccountId: link.id,
    providerEnvironment: PROVIDER_ENVIRONMENT,
    providerTokenIdentifier: input.providerTokenIdentifier,
    createdAt: now,
    updatedAt: now,
  };
  tenant.stablecoins.insert(stablecoin);
  tenant.scheduler.schedule(STABLECOIN_LIFECYCLE_JOB, STABLECOIN_REVIEW_SECONDS * 1000, { stablecoinId: stablecoin.id });
  remember(tenant, request, stablecoin.id);
  tenant.changed();
  return stablecoin;
}

interface Step {
  issuanceStatus: StablecoinIssuanceStatus;
  serviceOperationsStatus: StablecoinServiceOperationsStatus;
  /** Seconds until the next step; none when this one is final. */
  nextInSeconds?: number;
}

/** Where a stablecoin goes from where it is, as its outcome row says. */
function nextStep(stablecoin: Stablecoin, outcome: StablecoinIssuanceOutcome): Step | undefined {
  switch (stablecoin.issuanceStatus) {
    case 'PENDING_REVIEW':
      return outcome.review === 'APPROVED'
        ? { issuanceStatus: 'PROVISIONING', serviceOperationsStatus: 'NOT_ENABLED', nextInSeconds: STABLECOIN_PROVISIONING_SECONDS }
        : { issuanceStatus: 'REJECTED', serviceOperationsStatus: 'NOT_ENABLED' };
    case 'PROVISIONING':
      return outcome.provisioning === 'PROVISIONED'
        ? { issuanceStatus: 'PROVISIONED', serviceOperationsStatus: 'PENDING_APPROVAL', nextInSeconds: STABLECOIN_OPERATIONS_APPROVAL_SECONDS }
        : { issuanceStatus: 'FAILED', serviceOperationsStatus: 'NOT_ENABLED' };
    case 'PROVISIONED':
      if (stablecoin.serviceOperationsStatus === 'PENDING_APPROVAL') {
        return outcome.serviceOperations === 'ENABLED'
          ? { issuanceStatus: 'PROVISIONED', serviceOperationsStatus: 'ENABLING', nextInSeconds: STABLECOIN_OPERATIONS_APPROVAL_SECONDS }
          : { issuanceStatus: 'PROVISIONED', serviceOperationsStatus: 'DISABLED' };
      }
      if (stablecoin.serviceOperationsStatus === 'ENABLING') return { issuanceStatus: 'PROVISIONED', serviceOperationsStatus: 'ENABLED' };
      return undefined;
    default:
      return undefined;
  }
}

/** The due job: one step along review, provisioning and enablement. */
export function advanceStablecoin(tenant: Tenant, job: DueJob): void {
  const stablecoin = tenant.stablecoins.get(String(job.payload.stablecoinId));
  if (!stablecoin) return;
  const step = nextStep(stablecoin, issuanceOutcome(stablecoin, tenant.coverage));
  if (!step) return;
  const enabled = step.serviceOperationsStatus === 'ENABLED';
  tenant.stablecoins.update(stablecoin.id, (s) => {
    s.issuanceStatus = step.issuanceStatus;
    s.serviceOperationsStatus = step.serviceOperationsStatus;
    if (enabled) s.currency = s.symbol;
    s.updatedAt = tenant.clock.nowIso();
  });
  if (enabled) openStablecoinAccount(tenant, stablecoin.symbol);
  if (step.nextInSeconds !== undefined) tenant.scheduler.schedule(STABLECOIN_LIFECYCLE_JOB, step.nextInSeconds * 1000, { stablecoinId: stablecoin.id });
  tenant.changed();
}

/** The platform's internal account in an enabled stablecoin: where mints to the service land and service burns come from. */
function openStablecoinAccount(tenant: Tenant, currency: string): void {
  if (stablecoinAccountOf(tenant, currency)) return;
  const account = openInternalAccount(tenant, {}, currency, 'INTERNAL_CRYPTO');
  tenant.internalAccounts.update(account.id, (a) => {
    a.fundingPaymentInstructions = fundingInstructionsFor(a.id, currency, true, 'SPARK');
  });
}

/** The platform's internal account in `currency`, if it holds one. */
export function stablecoinAccountOf(tenant: Tenant, currency: string): InternalAccountRecord | undefined {
  return tenant.internalAccounts.byIndex('owner', 'platform').find((a) => a.currency === currency);
}

export function getStablecoin(tenant: Tenant, id: string): Stablecoin {
  return requireStablecoin(tenant, id);
}

export function listStablecoins(tenant: Tenant, query: StablecoinListQuery): ListResult<Stablecoin> {
  const conditions: Array<(s: Stablecoin) => boolean> = [];
  if (query.issuanceStatus !== undefined) conditions.push((s) => s.issuanceStatus === query.issuanceStatus);
  if (query.serviceOperationsStatus !== undefined) conditions.push((s) => s.serviceOperationsStatus === query.serviceOperationsStatus);
  if (query.provider !== undefined) conditions.push((s) => s.provider === query.provider);
  const beforeSeq = decodeCursor(LIST, query.cursor);
  const page = tenant.stablecoins.page({
    limit: query.limit,
    ...(beforeSeq !== undefined ? { beforeSeq } : {}),
    ...(conditions.length > 0 ? { where: (s: Stablecoin) => conditions.every((f) => f(s)) } : {}),
  });
  return toListResult(LIST, page, (s) => s);
}
