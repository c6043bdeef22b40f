/**
 * The simulated card network: authorizations decided by the merchant
 * descriptor's suffix, clearings rolled up into settledAmount, and merchant
 * refunds as their own CREDIT rows. Money moves only through the funding
 * source's ledger: an approval pulls the amount, a clearing pulls more or
 * releases the rest, a refund credits it back.
 */
import { nanoid } from 'nanoid';
import { apiError, invalidInput, notFound } from '../../core/errors.js';
import { decodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import { emitEvent } from '../../events/outbox.js';
import { ruleFor } from '../../rules/index.js';
import type { DueJob } from '../../store/jobs.js';
import type { Tenant } from '../../store/tenant.js';
import { balancesOf, postEntry, settleEntry } from '../internal-accounts/ledger.js';
import { CARD_PULL, presentCardTransaction } from './card-transaction.view.js';
import { requireCard } from './cards.service.js';
import { hasActiveDelegatedKey } from '../delegated-keys/delegated-keys.store.js';
import { CardTransactionWebhook, type CardDeclineReason, type CardMerchant, type CardRecord, type CardTransaction, type CardTransactionRecord, type SandboxCardAuthorizationRequest, type SandboxCardDecline } from './cards.schemas.js';
import { CARD_PULL_JOB } from '../job-kinds.js';

export { CARD_PULL_JOB };
export const CARD_RELEASE = 'CARD_RELEASE';
const CARD_REFUND = 'CARD_REFUND';
/** Money a card transaction brings into its funding source (credit authorizations). */
export const CARD_CREDIT = 'CARD_CREDIT';
const LIST = 'card-transactions';

/** Why a card cannot transact whatever the descriptor says: all declined as CARD_PAUSED, the one card-side reason the public description names. */
const CARD_CANNOT_TRANSACT: Partial<Record<CardRecord['status'], string>> = {
  PROCESSING: 'the card is still PROCESSING',
  FROZEN: 'the card is FROZEN',
  CLOSED: 'the card is CLOSED',
};

/** Records the change and announces it as CARD_TRANSACTION.<status>, carrying the whole transaction. */
export function announce(tenant: Tenant, record: CardTransactionRecord): CardTransaction {
  const shown = presentCardTransaction(tenant, record);
  emitEvent(tenant, CardTransactionWebhook, `CARD_TRANSACTION.${record.status}`, shown);
  return shown;
}

export function touch(tenant: Tenant, id: string, change: (t: CardTransactionRecord) => void): CardTransactionRecord {
  const now = tenant.clock.nowIso();
  const updated = tenant.transactions.update(id, (t) => {
    if (t.type !== 'CARD') return;
    change(t);
    t.updatedAt = now;
    t.lastEventAt = now;
  });
  tenant.changed();
  return updated as CardTransactionRecord;
}

export function requireCardTransaction(tenant: Tenant, card: CardRecord, id: string): CardTransactionRecord {
  const transaction = tenant.transactions.get(id);
  if (!transaction || transaction.type !== 'CARD' || transaction.cardId !== card.id) throw notFound('CardTransaction', id);
  return transaction;
}

/** What the transaction has taken from its funding source so far, net of releases. */
export function netPulled(tenant: Tenant, id: string): { net: number; pending: boolean } {
  const entries = tenant.ledgerEntries.byIndex('reference', id).filter((e) => e.status !== 'VOIDED');
  return { net: -entries.reduce((sum, e) => sum + e.amount, 0), pending: entries.some((e) => e.status === 'PENDING') };
}

export interface CardAttempt {
  merchant: CardMerchant;
  amount: number;
  /** DEBIT spends from the funding source (an embedded wallet then needs an ACTIVE delegated key); CREDIT pays into it. */
  direction: 'DEBIT' | 'CREDIT';
}

/** Why this authorization is declined, if it is: the card first, then the descriptor, then the funding balance. */
export function declineOf(tenant: Tenant, card: CardRecord, attempt: CardAttempt): { reason: CardDeclineReason; message: string } | undefined {
  const source = tenant.internalAccounts.get(card.fundingSource);
  const cannot =
    CARD_CANNOT_TRANSACT[card.status] ??
    (source?.status !== 'ACTIVE' ? 'its funding source is not ACTIVE' : undefined) ??
    (attempt.direction === 'DEBIT' && source?.type === 'EMBEDDED_WALLET' && !hasActiveDelegatedKey(tenant.delegatedKeys, card.id, card.fundingSource)
      ? 'its EMBEDDED_WALLET funding source has no ACTIVE delegated key (POST /auth/delegated-keys)'
      : undefined);
  if (cannot) return { reason: 'CARD_PAUSED', message: `Declined: ${cannot}` };
  // Exactly the limit is allowed.
  if (attempt.direction === 'DEBIT' && card.maxSpendPerTransaction !== undefined && attempt.amount > card.maxSpendPerTransaction) {
    return { reason: 'SPEND_LIMIT_EXCEEDED', message: `Declined: ${attempt.amount} is over the card's maxSpendPerTransaction of ${card.maxSpendPerTransaction}` };
  }
  const rule = ruleFor('cardAuthorization', attempt.merchant.descriptor, tenant.coverage);
  if (rule.outcome.decision === 'DECLINED') return { reason: rule.outcome.declineReason ?? 'CARD_PAUSED', message: `Declined by the merchant descriptor: ${rule.description}` };
  if (attempt.direction === 'DEBIT') {
    const available = balancesOf(tenant, card.fundingSource).available;
    if (available < attempt.amount) return { reason: 'INSUFFICIENT_FUNDS', message: `Declined: the funding source has ${available} available; ${attempt.amount} is needed` };
  }
  return undefined;
}

/** The network's answer to a declined attempt: no card transaction exists. */
export function declined(decline: { reason: CardDeclineReason; message: string }): SandboxCardDecline {
  return { issuerTransactionToken: issuerToken(), declineReason: decline.reason, message: decline.message };
}

/** A request in another currency than the card's is refused. */
export function checkCardCurrency(card: CardRecord, code: string): void {
  if (code !== card.currency) {
    throw apiError('INVALID_CURRENCY', `The card is in ${card.currency}`, { errors: [{ field: 'currency.code', message: `The card is in ${card.currency}`, constraint: { enum: [card.currency] } }] });
  }
}

/** The fields every new row of this card carries. */
export function cardRowBase(tenant: Tenant, card: CardRecord) {
  const platformCustomerId = tenant.customers.get(card.customerId)?.platformCustomerId;
  return { cardId: card.id, customerId: card.customerId, ...(platformCustomerId !== undefined ? { platformCustomerId } : {}), accountId: card.fundingSource, currencyCode: card.currency };
}

export type AuthorizationResult = { approved: CardTransaction } | { declined: SandboxCardDecline };

/**
 * POST /sandbox/cards/{id}/simulate/authorization. Approved: the
 * AUTHORIZED card transaction (the spec). Declined: no card transaction
 * exists (the public description has no declined status), only the
 * network's answer with its reason.
 */
export function authorize(tenant: Tenant, cardId: string, request: SandboxCardAuthorizationRequest): AuthorizationResult {
  const card = requireCard(tenant, cardId);
  checkCardCurrency(card, request.currency.code);
  const decline = declineOf(tenant, card, { merchant: request.merchant, amount: request.amount, direction: 'DEBIT' });
  if (decline) return { declined: declined(decline) };
  const record = insertCardTransaction(tenant, {
    ...cardRowBase(tenant, card),
    direction: 'DEBIT',
    status: 'AUTHORIZED',
    networkMessage: 'AUTHORIZATION',
    merchant: request.merchant,
    authorizedAmount: request.amount,
  });
  moveByRule(tenant, record, -request.amount);
  return { approved: announce(tenant, record) };
}

/**
 * Moves the money of an approved message through the funding source's
 * ledger as the descriptor's row says: at once, after a delay (005), or
 * confirmed and then reported failed (006, the transaction goes EXCEPTION).
 * Negative amounts are pulls, positive ones credits.
 */
export function moveByRule(tenant: Tenant, record: CardTransactionRecord, amount: number): void {
  const rule = ruleFor('cardAuthorization', record.merchant.descriptor, tenant.coverage).outcome;
  const immediate = rule.pull === 'IMMEDIATE' || rule.pull === 'NONE';
  const entry = postEntry(tenant, { accountId: record.accountId, amount, currency: record.currencyCode, kind: amount < 0 ? CARD_PULL : CARD_CREDIT, status: immediate ? 'POSTED' : 'PENDING', reference: record.id });
  if (!immediate) tenant.scheduler.schedule(CARD_PULL_JOB, rule.delaySeconds * 1000, { transactionId: record.id, entryId: entry.id, fails: rule.pull === 'FAILS_LATER' });
  tenant.changed();
}

export function issuerToken(): string {
  return `itt_${nanoid(20)}`;
}

type NewCardTransaction = Omit<CardTransactionRecord, 'id' | 'type' | 'issuerTransactionToken' | 'authorizedAt' | 'lastEventAt' | 'createdAt' | 'updatedAt'>;

/** Stores a new card transaction row, dated now, with the issuer's token for it. */
export function insertCardTransaction(tenant: Tenant, fields: NewCardTransaction): CardTransactionRecord {
  const now = tenant.clock.nowIso();
  const record: CardTransactionRecord = {
    id: tenant.ids('Transaction'),
    type: 'CARD',
    ...fields,
    issuerTransactionToken: issuerToken(),
    authorizedAt: now,
    lastEventAt: now,
    createdAt: now,
    updatedAt: now,
  };
  tenant.transactions.insert(record);
  return record;
}

/** The due job of a delayed pull: it settles (005) or reports failure and the transaction becomes EXCEPTION (006). */
export function settlePull(tenant: Tenant, job: DueJob): void {
  const entryId = String(job.payload.entryId);
  const transactionId = String(job.payload.transactionId);
  const fails = job.payload.fails === true;
  if (tenant.ledgerEntries.get(entryId)?.status !== 'PENDING') return;
  settleEntry(tenant, entryId, fails ? 'VOIDED' : 'POSTED');
  const updated = touch(tenant, transactionId, (t) => {
    if (fails) t.status = 'EXCEPTION';
  });
  announce(tenant, updated);
}

/**
 * POST /sandbox/cards/{id}/simulate/clearing. Clearings roll up into
 * settledAmount; the funding source ends up paying exactly that: a further
 * pull when more was cleared than taken (EXCEPTION when the balance no
 * longer covers it), a release when less.
 */
export function clear(tenant: Tenant, cardId: string, request: { cardTransactionId: string; amount: number }): CardTransaction {
  const card = requireCard(tenant, cardId);
  const transaction = requireCardTransaction(tenant, card, request.cardTransactionId);
  // The simulators answer bad input with 400 only (no 409): a transaction in the wrong state is a field error.
  // Rows from before networkMessage existed: purchases (DEBIT) clear, refunds (CREDIT) do not.
  const clearable = transaction.networkMessage === undefined ? transaction.direction === 'DEBIT' : CLEARABLE_MESSAGES.has(transaction.networkMessage);
  if (!clearable || !CLEARABLE_STATUSES.has(transaction.status)) {
    throw invalidInput([
      {
        field: 'cardTransactionId',
        message: `A ${transaction.status} ${transaction.networkMessage ?? transaction.direction} card transaction cannot be cleared; it must be an AUTHORIZED, PARTIALLY_SETTLED (or already SETTLED) authorization or credit authorization`,
      },
    ]);
  }
  if (transaction.direction === 'CREDIT') return clearCredit(tenant, transaction, request.amount);
  const { net, pending } = netPulled(tenant, transaction.id);
  if (pending) throw invalidInput([{ field: 'cardTransactionId', message: "The authorization's funding pull has not settled yet; advance the clock past it first" }]);
  const settled = (transaction.settledAmount ?? 0) + request.amount;
  // A merchant that clears in parts keeps the rest of an open authorization held until its clearings reach it (a 0 clearing closes it).
  const partial = transaction.status !== 'SETTLED' && request.amount > 0 && settled < transaction.authorizedAmount && ruleFor('cardAuthorization', transaction.merchant.descriptor, tenant.coverage).outcome.clearing === 'IN_PARTS';
  const difference = partial ? 0 : settled - net;
  let pullFailed = false;
  if (difference > 0) {
    if (balancesOf(tenant, transaction.accountId).available >= difference) {
      postEntry(tenant, { accountId: transaction.accountId, amount: -difference, currency: transaction.currencyCode, kind: CARD_PULL, reference: transaction.id });
    } else pullFailed = true;
  } else if (difference < 0) {
    postEntry(tenant, { accountId: transaction.accountId, amount: -difference, currency: transaction.currencyCode, kind: CARD_RELEASE, reference: transaction.id });
  }
  const updated = touch(tenant, transaction.id, (t) => {
    t.settledAmount = settled;
    t.settlementSummary = { count: (t.settlementSummary?.count ?? 0) + 1, totalAmount: settled };
    t.status = pullFailed ? 'EXCEPTION' : partial ? 'PARTIALLY_SETTLED' : 'SETTLED';
  });
  return announce(tenant, updated);
}

/** States a clearing may arrive in: an open authorization, one partly cleared, or a settled one (a late clearing). */
const CLEARABLE_STATUSES: ReadonlySet<string> = new Set(['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED']);

/** The dual-message rows a clearing settles: purchases and credit authorizations. */
const CLEARABLE_MESSAGES: ReadonlySet<string> = new Set(['AUTHORIZATION', 'CREDIT_AUTHORIZATION', 'CREDIT_AUTHORIZATION_ADVICE']);

/** Clearing a credit authorization: its pending credit gives way to a posted credit of what was cleared (0: it expired). */
function clearCredit(tenant: Tenant, transaction: CardTransactionRecord, amount: number): CardTransaction {
  const settled = (transaction.settledAmount ?? 0) + amount;
  let posted = 0;
  for (const entry of tenant.ledgerEntries.byIndex('reference', transaction.id)) {
    if (entry.status === 'PENDING') settleEntry(tenant, entry.id, 'VOIDED');
    else if (entry.status === 'POSTED') posted += entry.amount;
  }
  if (settled > posted) postEntry(tenant, { accountId: transaction.accountId, amount: settled - posted, currency: transaction.currencyCode, kind: CARD_CREDIT, reference: transaction.id });
  const updated = touch(tenant, transaction.id, (t) => {
    t.settledAmount = settled;
    t.settlementSummary = { count: (t.settlementSummary?.count ?? 0) + 1, totalAmount: settled };
    t.status = 'SETTLED';
  });
  return announce(tenant, updated);
}

/**
 * POST /sandbox/cards/{id}/simulate/return: a merchant refund, its own
 * CREDIT row linked by originalTransactionId, credited to the account the
 * purchase was pulled from. The purchase is REFUNDED once refunded in full.
 */
export function refund(tenant: Tenant, cardId: string, request: { cardTransactionId: string; amount: number }): CardTransaction {
  const card = requireCard(tenant, cardId);
  const original = requireCardTransaction(tenant, card, request.cardTransactionId);
  if (original.direction !== 'DEBIT' || original.status !== 'SETTLED' || original.networkMessage === 'RETURN_REVERSAL' || original.networkMessage === 'BALANCE_INQUIRY') {
    throw invalidInput([{ field: 'cardTransactionId', message: `Only a SETTLED purchase can be refunded; this one is ${original.networkMessage ?? original.direction} ${original.status}` }]);
  }
  const refundable = (original.settledAmount ?? 0) - (original.refundedAmount ?? 0);
  if (request.amount > refundable) throw apiError('AMOUNT_OUT_OF_RANGE', `At most ${refundable} can still be refunded`, { field: 'amount', max: refundable });
  const credit = insertCardTransaction(tenant, {
    direction: 'CREDIT',
    status: 'SETTLED',
    networkMessage: 'RETURN',
    cardId: card.id,
    customerId: original.customerId,
    ...(original.platformCustomerId !== undefined ? { platformCustomerId: original.platformCustomerId } : {}),
    accountId: original.accountId,
    merchant: original.merchant,
    currencyCode: original.currencyCode,
    authorizedAmount: request.amount,
    settledAmount: request.amount,
    settlementSummary: { count: 1, totalAmount: request.amount },
    originalTransactionId: original.id,
  });
  postEntry(tenant, { accountId: original.accountId, amount: request.amount, currency: original.currencyCode, kind: CARD_REFUND, reference: credit.id });
  const refunded = (original.refundedAmount ?? 0) + request.amount;
  const parent = touch(tenant, original.id, (t) => {
    t.refundedAmount = refunded;
    t.refundSummary = { count: (t.refundSummary?.count ?? 0) + 1, totalAmount: refunded };
    if (refunded === t.settledAmount) t.status = 'REFUNDED';
  });
  announce(tenant, parent);
  return announce(tenant, credit);
}

/** GET /cards/{id}/transactions: newest first; refunds are their own rows. */
export function listCardTransactions(tenant: Tenant, cardId: string, query: { limit: number; cursor?: string | undefined }): ListResult<CardTransaction> {
  requireCard(tenant, cardId);
  const beforeSeq = decodeCursor(LIST, query.cursor);
  const page = tenant.transactions.page({ index: 'card', key: cardId, limit: query.limit, ...(beforeSeq !== undefined ? { beforeSeq } : {}) });
  return toListResult(LIST, page, (t) => presentCardTransaction(tenant, t as CardTransactionRecord));
}
