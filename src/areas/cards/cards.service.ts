/**
 * Cards: issued against an internal account of an APPROVED cardholder,
 * provisioned (PROCESSING) then ACTIVE a few seconds of clock time later,
 * frozen, unfrozen and closed through PATCH. Every status change records
 * CARD.STATUS_CHANGE with the Card.
 */
import { apiError, notFound, referencedIn } from '../../core/errors.js';
import { isoAt, parseInstant } from '../../core/clock.js';
import { newHostedToken } from '../../core/hosted-tokens.js';
import { decodeCursor, encodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import { emitEvent } from '../../events/outbox.js';
import { CARD_ACTIVATION_SECONDS, CARD_REVEAL_SECONDS, RULES } from '../../rules/index.js';
import type { DueJob } from '../../store/jobs.js';
import type { Tenant } from '../../store/tenant.js';
import { requireLiveCustomer } from '../customers/customers.service.js';
import type { InternalAccountRecord } from '../internal-accounts/internal-accounts.schemas.js';
import { brandOf, newLast4, referencesOf } from './card-numbers.js';
import { CardFundingSourceWebhook, CardStatusWebhook, type Card, type CardCreateRequest, type CardListQuery, type CardRecord, type CardStatus, type CardUpdateRequest } from './cards.schemas.js';
import { CARD_ACTIVATION_JOB } from '../job-kinds.js';
import { CARD_REVEAL_PATH } from '../hosted-paths.js';

export { CARD_ACTIVATION_JOB };
const LIST = 'cards';

/** The status moves PATCH may make. PROCESSING waits for the issuer; CLOSED is final. */
const TRANSITIONS: Record<CardStatus, readonly CardStatus[]> = {
  PROCESSING: [],
  ACTIVE: ['FROZEN', 'CLOSED'],
  FROZEN: ['ACTIVE', 'CLOSED'],
  CLOSED: [],
};

export function requireCard(tenant: Tenant, id: string): CardRecord {
  const card = tenant.cards.get(id);
  if (!card) throw notFound('Card', id);
  return card;
}

/** An internal account that can fund a card of `customerId` (in `currency`, when the card has one); anything else is FUNDING_SOURCE_INELIGIBLE. */
function fundingAccount(tenant: Tenant, customerId: string, accountId: string, currency?: string): InternalAccountRecord {
  const account = tenant.internalAccounts.get(accountId);
  const ineligible = (why: string) => apiError('FUNDING_SOURCE_INELIGIBLE', `${accountId} cannot fund this card: ${why}`, { field: 'fundingSource' });
  if (!account) throw ineligible('no internal account has this id');
  if (account.customerId !== customerId) throw ineligible(`it is not an internal account of ${customerId}`);
  if (account.status !== 'ACTIVE') throw ineligible(`it is ${account.status}`);
  if (currency !== undefined && account.currency !== currency) throw ineligible(`the card is in ${currency} and the account in ${account.currency}`);
  return account;
}

function announce(tenant: Tenant, card: CardRecord): void {
  emitEvent(tenant, CardStatusWebhook, 'CARD.STATUS_CHANGE', card);
}

/** The suffixes a rule table does not approve at once. */
const unapproved = (rows: ReadonlyArray<{ key: string | null; outcome: object }>, approved: (outcome: never) => boolean) =>
  rows.filter((r) => r.key !== null && !approved(r.outcome as never)).map((r) => r.key).join(', ');

/** How a customer gets APPROVED in this sandbox (the service's guides issue cards to customers just created). */
const HOW_TO_APPROVE: Readonly<Record<'INDIVIDUAL' | 'BUSINESS', string>> = {
  INDIVIDUAL: `In this sandbox an individual becomes APPROVED through POST /verifications once its details and an identity document (POST /documents) are in, or at creation when the platform sets skipVerificationPaperwork or isRegulatedFinancialInstitution (PATCH /config); a fullName ending in ${unapproved(RULES.individualKyc.rows, (o: { completeSubmission: string }) => o.completeSubmission === 'APPROVED')} is not approved at once.`,
  BUSINESS: `In this sandbox a business becomes APPROVED through POST /verifications once its details, documents and beneficial owners are in (with skipVerificationPaperwork, PATCH /config, the documents are not needed); a registrationNumber ending in ${unapproved(RULES.businessKyb.rows, (o: { decision: string }) => o.decision === 'APPROVED')} is not approved at once.`,
};

/** POST /cards: the card starts PROCESSING; the issuer activates it CARD_ACTIVATION_SECONDS later. */
export function issueCard(tenant: Tenant, input: CardCreateRequest): Card {
  // POST /cards answers bad input with 400 only: an unknown or deleted cardholder is a field error.
  const customer = referencedIn('customerId', () => requireLiveCustomer(tenant, input.customerId));
  const verification = customer.customerType === 'INDIVIDUAL' ? customer.kycStatus : customer.kybStatus;
  if (verification !== 'APPROVED') {
    const field = customer.customerType === 'INDIVIDUAL' ? 'kycStatus' : 'kybStatus';
    throw apiError('CARDHOLDER_KYC_NOT_APPROVED', `The cardholder's ${field} is ${verification}. ${HOW_TO_APPROVE[customer.customerType]}`, { customerId: customer.id, status: verification });
  }
  const account = fundingAccount(tenant, customer.id, input.fundingSource);
  const id = tenant.ids('Card');
  const now = tenant.clock.nowMs();
  const [year, month] = isoAt(now).slice(0, 7).split('-').map(Number) as [number, number];
  const card: CardRecord = {
    id,
    customerId: customer.id,
    status: 'PROCESSING',
    brand: brandOf(id),
    form: input.form,
    last4: newLast4(tenant, id),
    expMonth: month,
    expYear: year + 3,
    fundingSource: account.id,
    currency: account.currency,
    platformCardId: id.slice(id.indexOf(':') + 1),
    ...(input.maxSpendPerTransaction !== undefined ? { maxSpendPerTransaction: input.maxSpendPerTransaction } : {}),
    ...referencesOf(id),
    createdAt: isoAt(now),
    updatedAt: isoAt(now),
  };
  tenant.cards.insert(card);
  tenant.scheduler.schedule(CARD_ACTIVATION_JOB, CARD_ACTIVATION_SECONDS * 1000, { cardId: id });
  tenant.changed();
  return card;
}

/** The due job: the issuer finished provisioning. */
export function activateCard(tenant: Tenant, job: DueJob): void {
  const card = tenant.cards.get(String(job.payload.cardId));
  if (!card || card.status !== 'PROCESSING') return;
  setStatus(tenant, card.id, 'ACTIVE');
}

function setStatus(tenant: Tenant, id: string, status: CardStatus): CardRecord {
  const card = tenant.cards.update(id, (c) => {
    c.status = status;
    if (status === 'CLOSED') c.statusReason = 'CLOSED_BY_PLATFORM';
    c.updatedAt = tenant.clock.nowIso();
  });
  tenant.changed();
  announce(tenant, card);
  return card;
}

export function getCard(tenant: Tenant, id: string): Card {
  return requireCard(tenant, id);
}

/** An ascending list has cursors of its own: a cursor of one order never pages the other. */
const LIST_ASC = 'cards-asc';

/** Each filter under either of its names; both names given must both match. */
function cardFilters(query: CardListQuery): Array<(c: CardRecord) => boolean> {
  const conditions: Array<(c: CardRecord) => boolean> = [];
  for (const customerId of [query.customerId, query.cardholderId]) if (customerId !== undefined) conditions.push((c) => c.customerId === customerId);
  for (const accountId of [query.fundingSource, query.accountId]) if (accountId !== undefined) conditions.push((c) => c.fundingSource === accountId);
  for (const status of [query.status, query.state]) if (status !== undefined) conditions.push((c) => c.status === status);
  if (query.platformCardId !== undefined) conditions.push((c) => c.platformCardId === query.platformCardId);
  return conditions;
}

export function listCards(tenant: Tenant, query: CardListQuery): ListResult<Card> {
  const conditions = cardFilters(query);
  // Stryker disable next-line LogicalOperator: which index is read changes only how fast; the filters decide what matches
  const customerId = query.customerId ?? query.cardholderId;
  // Stryker disable next-line LogicalOperator: as above
  const accountId = query.fundingSource ?? query.accountId;
  // Stryker disable next-line ObjectLiteral: as above
  const index = customerId !== undefined ? { index: 'customer', key: customerId } : accountId !== undefined ? { index: 'fundingSource', key: accountId } : query.platformCardId !== undefined ? { index: 'platformCardId', key: query.platformCardId } : {};
  const where = (c: CardRecord) => conditions.every((f) => f(c));
  if (query.sortOrder === 'asc') return ascendingPage(tenant, index, where, query.limit, query.cursor);
  const beforeSeq = decodeCursor(LIST, query.cursor);
  const page = tenant.cards.page({ index: index.index, key: index.key, limit: query.limit, beforeSeq, where: conditions.length > 0 ? where : undefined });
  return toListResult(LIST, page, (c) => c);
}

/** Oldest first: the matching cards in insertion order, from just after the cursor's card. */
function ascendingPage(tenant: Tenant, index: { index?: string; key?: string }, where: (c: CardRecord) => boolean, limit: number, cursor: string | undefined): ListResult<Card> {
  const afterSeq = decodeCursor(LIST_ASC, cursor);
  const candidates = index.index !== undefined ? tenant.cards.byIndex(index.index, index.key!) : [...tenant.cards.values()];
  const matching = candidates.filter(where);
  const seqOf = (c: CardRecord) => tenant.cards.seqOf(c.id) ?? -1;
  const rest = afterSeq === undefined ? matching : matching.filter((c) => seqOf(c) > afterSeq);
  const data = rest.slice(0, limit);
  const hasMore = rest.length > limit;
  return { data, hasMore, totalCount: matching.length, ...(hasMore ? { nextCursor: encodeCursor(LIST_ASC, seqOf(data[data.length - 1]!)) } : {}) };
}

/**
 * PATCH /cards/{id}: freeze, unfreeze, close, or move to another funding
 * source. The public description's 409s: closing a CLOSED card is
 * CARD_ALREADY_CLOSED, another state for it INVALID_STATE_TRANSITION, any
 * other change to it CARD_NOT_MUTABLE; a move outside the table (from
 * PROCESSING, or to the status it has) INVALID_STATE_TRANSITION.
 */
export function updateCard(tenant: Tenant, id: string, patch: CardUpdateRequest): Card {
  const card = requireCard(tenant, id);
  const target = patch.status;
  if (card.status === 'CLOSED') {
    if (target === 'CLOSED') throw apiError('CARD_ALREADY_CLOSED', `Card ${id} is already CLOSED`, { status: card.status });
    if (target !== undefined) throw apiError('INVALID_STATE_TRANSITION', `A CLOSED card cannot become ${target}; CLOSED is final`, { from: card.status, to: target, allowed: [] });
    throw apiError('CARD_NOT_MUTABLE', `Card ${id} is CLOSED; nothing about it can change`, { status: card.status });
  }
  // The reference allows ACTIVE <-> FROZEN and ACTIVE | FROZEN -> CLOSED and nothing else: the same status again is no allowed move either.
  if (target !== undefined && !TRANSITIONS[card.status].includes(target)) {
    const why = target === card.status ? `Card ${id} is already ${target}` : `A ${card.status} card cannot become ${target}`;
    throw apiError('INVALID_STATE_TRANSITION', why, { from: card.status, to: target, allowed: TRANSITIONS[card.status] });
  }
  // Check everything before changing anything.
  const account = patch.fundingSource !== undefined ? fundingAccount(tenant, card.customerId, patch.fundingSource, card.currency) : undefined;
  const limit = patch.maxSpendPerTransaction;
  const limitChanges = limit !== undefined && (limit ?? undefined) !== card.maxSpendPerTransaction;
  // Supplying the source replaces the list whole: an update even when it names the same account.
  if (account || limitChanges) {
    tenant.cards.update(id, (c) => {
      if (account) c.fundingSource = account.id;
      if (limit === null) delete c.maxSpendPerTransaction;
      else if (limit !== undefined) c.maxSpendPerTransaction = limit;
      c.updatedAt = tenant.clock.nowIso();
    });
    tenant.changed();
  }
  const updated = target !== undefined ? setStatus(tenant, id, target) : requireCard(tenant, id);
  if (account) emitEvent(tenant, CardFundingSourceWebhook, 'CARD.FUNDING_SOURCE_CHANGE', updated);
  return updated;
}

/** POST /cards/{id}/reveal: a single-use, short-lived link to the page that shows the card's credentials. */
export function revealCard(tenant: Tenant, id: string, origin: string): { panEmbedUrl: string; expiresAt: string } {
  const card = requireCard(tenant, id);
  // The reveal operation has no 409: a card with no number to show is refused as forbidden.
  if (card.status === 'CLOSED') throw apiError('FORBIDDEN', `Card ${id} is CLOSED; its number can no longer be revealed`, { status: card.status });
  if (card.status === 'PROCESSING') throw apiError('FORBIDDEN', `Card ${id} is still PROCESSING; its number exists once it is ACTIVE`, { status: card.status });
  const now = tenant.clock.nowMs();
  tenant.cardReveals.removeOldestWhile((r) => (parseInstant(r.expiresAt) ?? 0) < now);
  const token = newHostedToken(tenant.id);
  const expiresAt = isoAt(now + CARD_REVEAL_SECONDS * 1000);
  tenant.cardReveals.insert({ id: token, cardId: id, expiresAt });
  tenant.changed();
  return { panEmbedUrl: `${origin}${CARD_REVEAL_PATH}/${token}`, expiresAt };
}

export { CARD_REVEAL_PATH };
