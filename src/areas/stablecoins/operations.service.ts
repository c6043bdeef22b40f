/**
 * Issuer operations: mints and burns of a PROVISIONED stablecoin through
 * its provider. Everything is checked before anything changes. Each
 * operation then moves through its statuses on the tenant clock:
 *
 *   WIRE mint, EXTERNAL_ACCOUNT burn   PENDING_FUNDING (until POST /sandbox/stablecoin-operations/{id}/fund,
 *                                      else EXPIRED) -> PROCESSING -> COMPLETED
 *   ACH and same-day ACH debit mints   PENDING_PROVIDER (the debit clears) -> PROCESSING -> COMPLETED
 *   SERVICE_INTERNAL_ACCOUNT source       PROCESSING (the money is held at once) -> COMPLETED
 *   PROVIDER_INTERNAL_BALANCE source   CREATED (the provider picks it up) -> PROCESSING -> COMPLETED;
 *                                      a burn beyond the stablecoin's provider balance -> FAILED
 *                                      (INSUFFICIENT_PROVIDER_BALANCE) when the provider picks it up
 *
 * Money in the service's ledger: a SERVICE_INTERNAL_ACCOUNT source is held
 * when the operation starts and debited when it completes (released when it
 * fails or expires); a mint to the platform's internal account in the
 * stablecoin is a pending credit until it completes. The stablecoin's
 * internal account counts in cents (its amounts are whole cents by rule).
 */
import { apiError, invalidInput, notFound, type ApiError } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import { decodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import {
  STABLECOIN_ACH_CLEARING_SECONDS,
  STABLECOIN_FUNDING_WINDOW_SECONDS,
  STABLECOIN_SETTLEMENT_SECONDS,
  STABLECOIN_SUBMISSION_SECONDS,
  outcomeFor,
} from '../../rules/index.js';
import type { DueJob } from '../../store/jobs.js';
import type { Tenant } from '../../store/tenant.js';
import { accountTypeSpec, primaryIdentifier } from '../external-accounts/account-types.js';
import type { ExternalAccount } from '../external-accounts/external-accounts.schemas.js';
import { requireExternalAccount } from '../external-accounts/external-accounts.service.js';
import { fundingInstructionsFor } from '../internal-accounts/funding-instructions.js';
import type { InternalAccountRecord } from '../internal-accounts/internal-accounts.schemas.js';
import { requireInternalAccount } from '../internal-accounts/internal-accounts.service.js';
import { balancesOf, postEntry, settleEntry } from '../internal-accounts/ledger.js';
import { tokenAmount, type TokenAmount } from './amounts.js';
import { remember, replayed } from './idempotency.js';
import { unusableLink } from './provider-accounts.service.js';
import { issuanceOutcome, requireStablecoin } from './stablecoins.service.js';
import type {
  Stablecoin,
  StablecoinBurnRequest,
  StablecoinFundingInstructions,
  StablecoinMintRequest,
  StablecoinOperation,
  StablecoinOperationListQuery,
  StablecoinOperationRecord,
  StablecoinOperationStatus,
} from './stablecoins.schemas.js';
import { STABLECOIN_OPERATION_JOB } from '../job-kinds.js';

export { STABLECOIN_OPERATION_JOB };
const LIST = 'stablecoin-operations';

/** Ledger entry kinds. */
const MINT_FUNDING = 'STABLECOIN_MINT_FUNDING';
const MINTED = 'STABLECOIN_MINT';
const BURNED = 'STABLECOIN_BURN';

/** What the provider reports, in its own words, for each status. */
const PROVIDER_STATUS: Record<StablecoinOperationStatus, string> = {
  CREATED: 'pending',
  PENDING_FUNDING: 'pending',
  PENDING_PROVIDER: 'pending',
  PROCESSING: 'processing',
  COMPLETED: 'complete',
  FAILED: 'failed',
  EXPIRED: 'canceled',
};

const PAYOUT_TIMING = { WIRE: 'same business day', ACH_CREDIT: '1-3 business days', SAME_DAY_ACH_CREDIT: 'same business day', RTP_CREDIT: 'within seconds' } as const;

type Step = 'submit' | 'clear' | 'settle' | 'fail' | 'expire';

export function presentOperation(record: StablecoinOperationRecord): StablecoinOperation {
  const { fiatAmount: _cents, ...shown } = record;
  return shown;
}

function requireOperation(tenant: Tenant, id: string): StablecoinOperationRecord {
  const operation = tenant.stablecoinOperations.get(id);
  if (!operation) throw notFound('StablecoinOperation', id);
  return operation;
}

// ---------------------------------------------------------------- checks (nothing changes)

/** The stablecoin, if it can take this operation now: PROVISIONED, the operation supported, its provider link usable. */
function operableStablecoin(tenant: Tenant, id: string, type: 'MINT' | 'BURN'): Stablecoin {
  const stablecoin = requireStablecoin(tenant, id);
  if (stablecoin.issuanceStatus !== 'PROVISIONED') {
    throw apiError('STABLECOIN_NOT_PROVISIONED', `Stablecoin ${id} is ${stablecoin.issuanceStatus}; issuer operations start once it is PROVISIONED`, { issuanceStatus: stablecoin.issuanceStatus });
  }
  if (type === 'BURN' && !issuanceOutcome(stablecoin, tenant.coverage).burns) {
    throw apiError('STABLECOIN_OPERATION_NOT_SUPPORTED', `The provider does not redeem ${stablecoin.symbol}: burns are not supported`, { operationType: type });
  }
  const link = tenant.stablecoinProviderAccounts.get(stablecoin.stablecoinProviderAccountId);
  const refusal = link ? unusableLink(link) : undefined;
  if (refusal) throw refusal;
  return stablecoin;
}

/** Internal accounts take part only once the stablecoin is a service currency. */
function requireServiceOperations(stablecoin: Stablecoin, field: string): void {
  if (stablecoin.serviceOperationsStatus !== 'ENABLED') {
    throw apiError('STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED', `Stablecoin ${stablecoin.id} is ${stablecoin.serviceOperationsStatus} for service operations; ${field} can be an internal account once it is ENABLED`, {
      field,
      serviceOperationsStatus: stablecoin.serviceOperationsStatus,
    });
  }
}

type ExternalUse = 'DEBIT' | 'PAYOUT' | 'MINT_DESTINATION';

const ACCOUNT_TYPES_FOR: Record<ExternalUse, string> = { DEBIT: 'USD_ACCOUNT', PAYOUT: 'USD_ACCOUNT', MINT_DESTINATION: 'SPARK_WALLET' };

function identifierOf(account: ExternalAccount): string {
  const spec = accountTypeSpec(account.accountInfo.accountType);
  return (spec && primaryIdentifier(spec, account.accountInfo)?.value) ?? '';
}

/** An external account the provider can use this way: the right type, ACTIVE, and linked with the provider (its suffix decides). */
function linkedExternalAccount(tenant: Tenant, id: string, field: string, use: ExternalUse): ExternalAccount {
  const account = requireExternalAccount(tenant, id);
  const wanted = ACCOUNT_TYPES_FOR[use];
  if (account.accountInfo.accountType !== wanted) {
    throw apiError('STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED', `${field} must be a ${wanted} external account; ${id} is a ${account.accountInfo.accountType}`, {
      field,
      accountType: account.accountInfo.accountType,
      supported: [wanted],
    });
  }
  if (account.status !== 'ACTIVE') {
    throw apiError('STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED', `External account ${id} is ${account.status}; only ACTIVE accounts are linked with the provider`, { field, status: account.status });
  }
  const link = outcomeFor('stablecoinAccountLink', identifierOf(account), tenant.coverage);
  if (link.result !== 'LINKED' && !(link.debitsOnly && use !== 'DEBIT')) {
    throw apiError(link.result, undefined, { field, externalAccountId: id });
  }
  return account;
}

/** An internal account of `currency` that can be held against or credited. */
function usableInternalAccount(tenant: Tenant, id: string, currency: string, refuse: (why: string) => ApiError): InternalAccountRecord {
  const account = requireInternalAccount(tenant, id);
  if (account.currency !== currency) throw refuse(`${id} holds ${account.currency}, not ${currency}`);
  if (account.status !== 'ACTIVE') throw refuse(`${id} is ${account.status}`);
  if (account.type === 'EMBEDDED_WALLET') throw refuse(`${id} is an embedded wallet, which moves money only with a wallet signature`);
  return account;
}

const fieldRefusal = (field: string) => (why: string) => invalidInput([{ field, message: why }]);

/** What the provider says to the amount before accepting anything: down (503), or a refusal. */
function providerVerdict(tenant: Tenant, provider: string, cents: number): void {
  const verdict = outcomeFor('stablecoinAmount', String(cents), tenant.coverage).result;
  if (verdict === 'UNAVAILABLE') {
    throw apiError('SERVICE_UNAVAILABLE', `The stablecoin provider is temporarily unavailable; nothing was created, retry with the same Idempotency-Key`, { provider }, { 'Retry-After': '5' });
  }
  if (verdict === 'REJECTED') throw apiError('STABLECOIN_PROVIDER_ERROR', `The provider rejected the operation`, { provider });
}

function requireFunds(tenant: Tenant, account: InternalAccountRecord, amount: number, field: string): void {
  const available = balancesOf(tenant, account.id).available;
  if (available < amount) throw apiError('INSUFFICIENT_FUNDS', `${account.id} has ${available} available; ${amount} is needed`, { field, available, required: amount, currency: account.currency });
}

// ---------------------------------------------------------------- starting

interface Plan {
  source: NonNullable<StablecoinOperation['source']>;
  destination: NonNullable<StablecoinOperation['destination']>;
  /** The internal account held against at the start, in its currency's units. */
  hold?: InternalAccountRecord;
  /** The internal account credited (pending) at the start. */
  credit?: InternalAccountRecord;
  /** The external account whose suffix decides an ACH debit. */
  debit?: ExternalAccount;
  /** The external account whose suffix decides a burn's payout. */
  payout?: ExternalAccount;
  awaitsFunds: boolean;
  submitted: boolean;
}

function schedule(tenant: Tenant, operationId: string, step: Step, seconds: number, extra: Record<string, unknown> = {}): void {
  tenant.scheduler.schedule(STABLECOIN_OPERATION_JOB, seconds * 1000, { operationId, step, ...extra });
}

function fundingInstructions(operationId: string, type: 'MINT' | 'BURN', stablecoin: Stablecoin, amount: TokenAmount): StablecoinFundingInstructions {
  if (type === 'MINT') {
    const bank = fundingInstructionsFor(operationId, 'USD', true)[0]!.accountOrWalletInfo;
    return {
      rail: 'WIRE',
      amount: String(amount.cents),
      currency: stablecoin.baseCurrency,
      bankName: String(bank.bankName),
      accountNumber: String(bank.accountNumber),
      routingNumber: String(bank.routingNumber),
      beneficiaryName: 'Sandbox Stablecoin Provider FBO Platform',
      reference: String(bank.reference),
    };
  }
  const wallet = fundingInstructionsFor(operationId, stablecoin.symbol, true, 'SPARK')[0]!.accountOrWalletInfo;
  return { rail: 'SPARK', network: 'SPARK', address: String(wallet.address), valueType: stablecoin.providerTokenIdentifier, amount: amount.units };
}

/** Creates the operation and sets it on its way; every check has passed. */
function start(tenant: Tenant, stablecoin: Stablecoin, type: 'MINT' | 'BURN', amount: TokenAmount, plan: Plan, description: string | undefined): StablecoinOperationRecord {
  const id = tenant.ids('StablecoinOperation');
  const nowMs = tenant.clock.nowMs();
  let status: StablecoinOperationStatus = plan.awaitsFunds ? 'PENDING_FUNDING' : plan.hold ? 'PROCESSING' : plan.submitted ? 'PENDING_PROVIDER' : 'CREATED';
  let failureReason: string | undefined;
  // An ACH debit the bank refuses at once fails the operation at once.
  const debit = plan.debit ? outcomeFor('accountTransfer', identifierOf(plan.debit), tenant.coverage) : undefined;
  if (debit?.result === 'FAILED' && debit.delaySeconds === 0) {
    status = 'FAILED';
    failureReason = `FUNDING_${debit.failureReason}`;
  }
  const record: StablecoinOperationRecord = {
    id,
    stablecoinId: stablecoin.id,
    operationType: type,
    status,
    amount: amount.units,
    fiatAmount: amount.cents,
    provider: stablecoin.provider,
    providerEnvironment: stablecoin.providerEnvironment,
    stablecoinProviderAccountId: stablecoin.stablecoinProviderAccountId,
    source: plan.source,
    ...(plan.awaitsFunds ? { fundingInstructions: fundingInstructions(id, type, stablecoin, amount), expiresAt: isoAt(nowMs + STABLECOIN_FUNDING_WINDOW_SECONDS * 1000) } : {}),
    destination: plan.destination,
    ...(type === 'BURN' && plan.destination.rail
      ? { estimatedDelivery: { rail: plan.destination.rail, amount: String(amount.cents), currency: stablecoin.baseCurrency, timing: PAYOUT_TIMING[plan.destination.rail] } }
      : {}),
    providerStatus: PROVIDER_STATUS[status],
    ...(failureReason !== undefined ? { failureReason } : {}),
    ...(description !== undefined ? { description } : {}),
    createdAt: isoAt(nowMs),
    updatedAt: isoAt(nowMs),
  };
  tenant.stablecoinOperations.insert(record);
  if (status !== 'FAILED') {
    if (plan.hold) postEntry(tenant, { accountId: plan.hold.id, amount: -amount.cents, currency: plan.hold.currency, kind: type === 'MINT' ? MINT_FUNDING : BURNED, status: 'PENDING', reference: id });
    if (plan.credit) postEntry(tenant, { accountId: plan.credit.id, amount: amount.cents, currency: plan.credit.currency, kind: MINTED, status: 'PENDING', reference: id });
  }
  if (status === 'PENDING_FUNDING') schedule(tenant, id, 'expire', STABLECOIN_FUNDING_WINDOW_SECONDS);
  else if (status === 'PROCESSING') schedule(tenant, id, 'settle', STABLECOIN_SETTLEMENT_SECONDS);
  else if (status === 'CREATED') schedule(tenant, id, 'submit', STABLECOIN_SUBMISSION_SECONDS);
  else if (status === 'PENDING_PROVIDER') {
    if (debit?.result === 'FAILED') schedule(tenant, id, 'fail', debit.delaySeconds, { failureReason: `FUNDING_${debit.failureReason}` });
    else schedule(tenant, id, 'clear', STABLECOIN_ACH_CLEARING_SECONDS[plan.source.type === 'SAME_DAY_ACH_DEBIT' ? 'SAME_DAY_ACH_DEBIT' : 'ACH_DEBIT']);
  }
  tenant.changed();
  return record;
}

// ---------------------------------------------------------------- mints and burns

/** POST /stablecoins/{stablecoinId}/mints. */
export function createMint(tenant: Tenant, stablecoinId: string, key: string, input: StablecoinMintRequest): StablecoinOperation {
  const request = { key, operation: `createStablecoinMint ${stablecoinId}`, body: input };
  const earlier = replayed(tenant, request);
  if (earlier) return presentOperation(requireOperation(tenant, earlier));

  const amount = tokenAmount(input.amount);
  const stablecoin = operableStablecoin(tenant, stablecoinId, 'MINT');
  const plan: Plan = { source: { type: input.fundingSource.type }, destination: { accountId: input.destination.accountId }, awaitsFunds: false, submitted: false };

  const funding = input.fundingSource;
  switch (funding.type) {
    case 'WIRE':
      plan.awaitsFunds = true;
      break;
    case 'ACH_DEBIT':
    case 'SAME_DAY_ACH_DEBIT':
      plan.debit = linkedExternalAccount(tenant, funding.externalAccountId, 'fundingSource.externalAccountId', 'DEBIT');
      plan.source = { type: funding.type, externalAccountId: funding.externalAccountId };
      plan.submitted = true;
      break;
    case 'SERVICE_INTERNAL_ACCOUNT':
      requireServiceOperations(stablecoin, 'fundingSource.accountId');
      plan.hold = usableInternalAccount(tenant, funding.accountId, stablecoin.baseCurrency, fieldRefusal('fundingSource.accountId'));
      plan.source = { type: funding.type, accountId: funding.accountId };
      break;
    case 'PROVIDER_INTERNAL_BALANCE': {
      const held = `${funding.sourceTokenIdentifier.toUpperCase()}/${funding.cryptoNetwork.toUpperCase()}`;
      if (!outcomeFor('stablecoinProviderSource', held, tenant.coverage).linked) {
        throw apiError('STABLECOIN_PROVIDER_SOURCE_NOT_LINKED', `The provider account holds no ${held} balance linked for minting`, { field: 'fundingSource', source: held });
      }
      plan.source = { type: funding.type, sourceTokenIdentifier: funding.sourceTokenIdentifier, cryptoNetwork: funding.cryptoNetwork };
      break;
    }
  }

  const destinationId = input.destination.accountId;
  if (destinationId.startsWith('InternalAccount:')) {
    requireServiceOperations(stablecoin, 'destination.accountId');
    plan.credit = usableInternalAccount(tenant, destinationId, stablecoin.currency ?? stablecoin.symbol, fieldRefusal('destination.accountId'));
  } else {
    linkedExternalAccount(tenant, destinationId, 'destination.accountId', 'MINT_DESTINATION');
  }

  providerVerdict(tenant, stablecoin.provider, amount.cents);
  if (plan.hold) requireFunds(tenant, plan.hold, amount.cents, 'fundingSource.accountId');

  const record = start(tenant, stablecoin, 'MINT', amount, plan, input.description);
  remember(tenant, request, record.id);
  return presentOperation(record);
}

/** POST /stablecoins/{stablecoinId}/burns. */
export function createBurn(tenant: Tenant, stablecoinId: string, key: string, input: StablecoinBurnRequest): StablecoinOperation {
  const request = { key, operation: `createStablecoinBurn ${stablecoinId}`, body: input };
  const earlier = replayed(tenant, request);
  if (earlier) return presentOperation(requireOperation(tenant, earlier));

  const amount = tokenAmount(input.amount);
  const stablecoin = operableStablecoin(tenant, stablecoinId, 'BURN');
  const plan: Plan = {
    source: { type: input.source.type },
    destination: { accountId: input.destination.externalAccountId, rail: input.destination.rail },
    awaitsFunds: false,
    submitted: false,
  };

  const source = input.source;
  switch (source.type) {
    case 'EXTERNAL_ACCOUNT':
      plan.awaitsFunds = true;
      break;
    case 'SERVICE_INTERNAL_ACCOUNT': {
      requireServiceOperations(stablecoin, 'source.accountId');
      const refuse = (why: string) => apiError('STABLECOIN_BURN_SOURCE_NOT_SUPPORTED', `source.accountId cannot be burned from: ${why}`, { field: 'source.accountId' });
      plan.hold = usableInternalAccount(tenant, source.accountId, stablecoin.currency ?? stablecoin.symbol, refuse);
      plan.source = { type: source.type, accountId: source.accountId };
      break;
    }
    case 'PROVIDER_INTERNAL_BALANCE':
      break;
  }

  plan.payout = linkedExternalAccount(tenant, input.destination.externalAccountId, 'destination.externalAccountId', 'PAYOUT');

  providerVerdict(tenant, stablecoin.provider, amount.cents);
  if (plan.hold) requireFunds(tenant, plan.hold, amount.cents, 'source.accountId');

  const record = start(tenant, stablecoin, 'BURN', amount, plan, input.description);
  remember(tenant, request, record.id);
  return presentOperation(record);
}

// ---------------------------------------------------------------- moving on

function setStatus(tenant: Tenant, id: string, status: StablecoinOperationStatus, failureReason?: string): StablecoinOperationRecord {
  const updated = tenant.stablecoinOperations.update(id, (o) => {
    o.status = status;
    o.providerStatus = PROVIDER_STATUS[status];
    if (failureReason !== undefined) o.failureReason = failureReason;
    o.updatedAt = tenant.clock.nowIso();
  });
  tenant.changed();
  return updated;
}

/** Settles (COMPLETED) or releases (FAILED, EXPIRED) the operation's pending ledger entries. */
function closeEntries(tenant: Tenant, id: string, outcome: 'POSTED' | 'VOIDED'): void {
  for (const entry of tenant.ledgerEntries.byIndex('reference', id)) {
    if (entry.status === 'PENDING') settleEntry(tenant, entry.id, outcome);
  }
}

function finish(tenant: Tenant, id: string, status: 'COMPLETED' | 'FAILED' | 'EXPIRED', failureReason?: string): void {
  closeEntries(tenant, id, status === 'COMPLETED' ? 'POSTED' : 'VOIDED');
  setStatus(tenant, id, status, failureReason);
}

/** PROCESSING has run its course: the provider's verdict on the amount, then (burns) the payout's fate by the destination's suffix. */
function settle(tenant: Tenant, operation: StablecoinOperationRecord): void {
  if (outcomeFor('stablecoinAmount', String(operation.fiatAmount), tenant.coverage).result === 'FAILS_LATER') return finish(tenant, operation.id, 'FAILED', 'PROVIDER_TRANSFER_FAILED');
  if (operation.operationType === 'BURN' && operation.destination) {
    const account = tenant.externalAccounts.get(operation.destination.accountId);
    const payout = outcomeFor('accountTransfer', account ? identifierOf(account) : '', tenant.coverage);
    if (payout.result === 'FAILED') {
      if (payout.delaySeconds > 0) return schedule(tenant, operation.id, 'fail', payout.delaySeconds, { failureReason: `PAYOUT_${payout.failureReason}` });
      return finish(tenant, operation.id, 'FAILED', `PAYOUT_${payout.failureReason}`);
    }
  }
  finish(tenant, operation.id, 'COMPLETED');
}

/**
 * The stablecoin's balance at its provider, in cents: what COMPLETED mints
 * put there, less what burns take away (a burn counts from the moment the
 * provider takes it up, PROCESSING, until it FAILS or EXPIRES).
 */
export function providerBalanceCents(tenant: Tenant, stablecoinId: string, except?: string): number {
  let cents = 0;
  for (const o of tenant.stablecoinOperations.byIndex('stablecoin', stablecoinId)) {
    if (o.id === except) continue;
    if (o.operationType === 'MINT' && o.status === 'COMPLETED') cents += o.fiatAmount;
    else if (o.operationType === 'BURN' && (o.status === 'PROCESSING' || o.status === 'COMPLETED')) cents -= o.fiatAmount;
  }
  return cents;
}

/** A burn from the provider balance, as the provider takes it up: FAILED when the balance cannot cover it. */
function submit(tenant: Tenant, operation: StablecoinOperationRecord): void {
  if (operation.operationType === 'BURN' && operation.source?.type === 'PROVIDER_INTERNAL_BALANCE' && operation.fiatAmount > providerBalanceCents(tenant, operation.stablecoinId, operation.id)) {
    return finish(tenant, operation.id, 'FAILED', 'INSUFFICIENT_PROVIDER_BALANCE');
  }
  setStatus(tenant, operation.id, 'PROCESSING');
  schedule(tenant, operation.id, 'settle', STABLECOIN_SETTLEMENT_SECONDS);
}

/** The statuses each step moves on from; a step finding the operation elsewhere has been overtaken and does nothing. */
const STEP_FROM: Record<Step, readonly StablecoinOperationStatus[]> = {
  submit: ['CREATED'],
  clear: ['PENDING_PROVIDER'],
  settle: ['PROCESSING'],
  fail: ['PENDING_PROVIDER', 'PROCESSING'],
  expire: ['PENDING_FUNDING'],
};

/** The due job: one step of an operation. */
export function stepOperation(tenant: Tenant, job: DueJob): void {
  const operation = tenant.stablecoinOperations.get(String(job.payload.operationId));
  const step = job.payload.step as Step;
  if (!operation || !STEP_FROM[step]?.includes(operation.status)) return;
  switch (step) {
    case 'submit':
      return submit(tenant, operation);
    case 'clear':
      setStatus(tenant, operation.id, 'PROCESSING');
      schedule(tenant, operation.id, 'settle', STABLECOIN_SETTLEMENT_SECONDS);
      return;
    case 'settle':
      return settle(tenant, operation);
    case 'fail':
      return finish(tenant, operation.id, 'FAILED', String(job.payload.failureReason ?? 'PROVIDER_TRANSFER_FAILED'));
    case 'expire':
      return finish(tenant, operation.id, 'EXPIRED');
  }
}

/** POST /sandbox/stablecoin-operations/{id}/fund: the wire (or the Spark deposit) the operation waits for arrives. */
export function fundOperation(tenant: Tenant, id: string, amount: string | undefined): StablecoinOperation {
  const operation = requireOperation(tenant, id);
  if (operation.status !== 'PENDING_FUNDING') {
    throw apiError('INVALID_STATE_TRANSITION', `Operation ${id} is ${operation.status}; only PENDING_FUNDING operations wait for funds`, { status: operation.status });
  }
  const expected = operation.fundingInstructions?.amount ?? operation.amount;
  if (amount !== undefined && BigInt(amount) !== BigInt(expected)) {
    throw apiError('INVALID_AMOUNT', `The operation waits for exactly ${expected} (${operation.fundingInstructions?.rail === 'WIRE' ? 'cents' : 'token units'})`, { field: 'amount', expected });
  }
  tenant.scheduler.cancel((job) => job.kind === STABLECOIN_OPERATION_JOB && job.payload.operationId === id && job.payload.step === 'expire');
  const funded = setStatus(tenant, id, 'PROCESSING');
  schedule(tenant, id, 'settle', STABLECOIN_SETTLEMENT_SECONDS);
  tenant.changed();
  return presentOperation(funded);
}

export function getOperation(tenant: Tenant, id: string): StablecoinOperation {
  return presentOperation(requireOperation(tenant, id));
}

export function listOperations(tenant: Tenant, stablecoinId: string, query: StablecoinOperationListQuery): ListResult<StablecoinOperation> {
  requireStablecoin(tenant, stablecoinId);
  const beforeSeq = decodeCursor(LIST, query.cursor);
  const page = tenant.stablecoinOperations.page({
    ...(query.operationType !== undefined ? { index: 'stablecoinType', key: `${stablecoinId}|${query.operationType}` } : { index: 'stablecoin', key: stablecoinId }),
    limit: query.limit,
    ...(beforeSeq !== undefined ? { beforeSeq } : {}),
  });
  return toListResult(LIST, page, presentOperation);
}
