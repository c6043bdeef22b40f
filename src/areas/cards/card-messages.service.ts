/**
 * The card network's other messages (the reference's further simulators):
 * balance inquiries, credit authorizations (and their advices), single-
 * message financial authorizations in both directions, authorization
 * advices that re-size an open authorization, and return reversals. Each
 * is decided like an authorization (card state, descriptor suffix, funding
 * balance for debits), moves money only through the funding source's
 * ledger and fires CARD_TRANSACTION.<status>. A decline creates no row.
 */
import { invalidInput } from '../../core/errors.js';
import type { Tenant } from '../../store/tenant.js';
import { balancesOf, postEntry } from '../internal-accounts/ledger.js';
import {
  CARD_CREDIT,
  CARD_RELEASE,
  announce,
  cardRowBase,
  checkCardCurrency,
  declineOf,
  declined,
  insertCardTransaction,
  moveByRule,
  netPulled,
  requireCardTransaction,
  touch,
  type AuthorizationResult,
} from './card-network.service.js';
import { CARD_PULL } from './card-transaction.view.js';
import type { CardMerchant, CardNetworkMessage, CardTransaction, SandboxCardAuthorizationRequest } from './cards.schemas.js';
import { requireCard } from './cards.service.js';

const CARD_RETURN_REVERSAL = 'CARD_RETURN_REVERSAL';

/** POST .../simulate/balance_inquiry: a 0-amount authorization; approved, it is an AUTHORIZED row of 0 that moves no money. */
export function balanceInquiry(tenant: Tenant, cardId: string, request: { merchant: CardMerchant }): AuthorizationResult {
  const card = requireCard(tenant, cardId);
  const decline = declineOf(tenant, card, { merchant: request.merchant, amount: 0, direction: 'DEBIT' });
  if (decline) return { declined: declined(decline) };
  const record = insertCardTransaction(tenant, { ...cardRowBase(tenant, card), direction: 'DEBIT', status: 'AUTHORIZED', networkMessage: 'BALANCE_INQUIRY', merchant: request.merchant, authorizedAmount: 0 });
  tenant.changed();
  return { approved: announce(tenant, record) };
}

/**
 * POST .../simulate/credit_authorization and .../credit_authorization_advice:
 * money the merchant pushes to the card. AUTHORIZED, the amount is a pending
 * credit (in totalBalance only) until a clearing settles it.
 */
export function creditAuthorization(tenant: Tenant, cardId: string, request: SandboxCardAuthorizationRequest, message: Extract<CardNetworkMessage, 'CREDIT_AUTHORIZATION' | 'CREDIT_AUTHORIZATION_ADVICE'>): AuthorizationResult {
  const card = requireCard(tenant, cardId);
  checkCardCurrency(card, request.currency.code);
  const decline = declineOf(tenant, card, { merchant: request.merchant, amount: request.amount, direction: 'CREDIT' });
  if (decline) return { declined: declined(decline) };
  const record = insertCardTransaction(tenant, { ...cardRowBase(tenant, card), direction: 'CREDIT', status: 'AUTHORIZED', networkMessage: message, merchant: request.merchant, authorizedAmount: request.amount });
  postEntry(tenant, { accountId: record.accountId, amount: request.amount, currency: record.currencyCode, kind: CARD_CREDIT, status: 'PENDING', reference: record.id });
  return { approved: announce(tenant, record) };
}

/**
 * POST .../simulate/financial_authorization and .../financial_credit_authorization:
 * single-message transactions that clear in the same message: SETTLED at
 * once, the money pulled from (or credited to) the funding source as the
 * descriptor's row says (005 settles 30 s later, 006 later fails: EXCEPTION).
 */
export function financialAuthorization(tenant: Tenant, cardId: string, request: SandboxCardAuthorizationRequest, direction: 'DEBIT' | 'CREDIT'): AuthorizationResult {
  const card = requireCard(tenant, cardId);
  checkCardCurrency(card, request.currency.code);
  const decline = declineOf(tenant, card, { merchant: request.merchant, amount: request.amount, direction });
  if (decline) return { declined: declined(decline) };
  const record = insertCardTransaction(tenant, {
    ...cardRowBase(tenant, card),
    direction,
    status: 'SETTLED',
    networkMessage: direction === 'DEBIT' ? 'FINANCIAL_AUTHORIZATION' : 'FINANCIAL_CREDIT_AUTHORIZATION',
    merchant: request.merchant,
    authorizedAmount: request.amount,
    settledAmount: request.amount,
    settlementSummary: { count: 1, totalAmount: request.amount },
  });
  moveByRule(tenant, record, direction === 'DEBIT' ? -request.amount : request.amount);
  return { approved: announce(tenant, record) };
}

/**
 * POST .../simulate/authorization_advice: the network re-sizes an open
 * authorization to a new total. A larger total pulls the difference (the
 * row goes EXCEPTION when the balance no longer covers it: the network has
 * approved already); a smaller one releases the rest.
 */
export function authorizationAdvice(tenant: Tenant, cardId: string, request: { cardTransactionId: string; amount: number }): CardTransaction {
  const card = requireCard(tenant, cardId);
  const transaction = requireCardTransaction(tenant, card, request.cardTransactionId);
  const isPurchase = transaction.networkMessage === undefined ? transaction.direction === 'DEBIT' : transaction.networkMessage === 'AUTHORIZATION';
  if (!isPurchase || (transaction.status !== 'AUTHORIZED' && transaction.status !== 'PARTIALLY_SETTLED')) {
    throw invalidInput([{ field: 'cardTransactionId', message: `Only an open (AUTHORIZED or PARTIALLY_SETTLED) authorization can be re-sized; this one is ${transaction.networkMessage ?? transaction.direction} ${transaction.status}` }]);
  }
  const cleared = transaction.settledAmount ?? 0;
  if (request.amount < cleared) throw invalidInput([{ field: 'amount', message: `${cleared} of this authorization has cleared already; the new total cannot be less` }]);
  const { net, pending } = netPulled(tenant, transaction.id);
  if (pending) throw invalidInput([{ field: 'cardTransactionId', message: "The authorization's funding pull has not settled yet; advance the clock past it first" }]);
  const difference = request.amount - net;
  let pullFailed = false;
  if (difference > 0) {
    if (balancesOf(tenant, transaction.accountId).available >= difference) {
      postEntry(tenant, { accountId: transaction.accountId, amount: -difference, currency: transaction.currencyCode, kind: CARD_PULL, reference: transaction.id });
    } else pullFailed = true;
  } else if (difference < 0) {
    postEntry(tenant, { accountId: transaction.accountId, amount: -difference, currency: transaction.currencyCode, kind: CARD_RELEASE, reference: transaction.id });
  }
  const updated = touch(tenant, transaction.id, (t) => {
    t.authorizedAmount = request.amount;
    if (pullFailed) t.status = 'EXCEPTION';
  });
  return announce(tenant, updated);
}

/**
 * POST .../simulate/return_reversal: the merchant takes back what it
 * refunded on a REFUNDED purchase. A DEBIT row linked by
 * originalTransactionId pulls the refunded amount from the funding source
 * (EXCEPTION when the balance no longer covers it); the purchase is SETTLED
 * again, with nothing refunded.
 */
export function returnReversal(tenant: Tenant, cardId: string, request: { cardTransactionId: string }): CardTransaction {
  const card = requireCard(tenant, cardId);
  const original = requireCardTransaction(tenant, card, request.cardTransactionId);
  if (original.direction !== 'DEBIT' || original.status !== 'REFUNDED') {
    throw invalidInput([{ field: 'cardTransactionId', message: `Only a REFUNDED purchase has a return to reverse; this one is ${original.direction} ${original.status}` }]);
  }
  const amount = original.refundedAmount ?? 0;
  const covered = balancesOf(tenant, original.accountId).available >= amount;
  const reversal = insertCardTransaction(tenant, {
    ...cardRowBase(tenant, card),
    accountId: original.accountId,
    currencyCode: original.currencyCode,
    direction: 'DEBIT',
    status: covered ? 'SETTLED' : 'EXCEPTION',
    networkMessage: 'RETURN_REVERSAL',
    merchant: original.merchant,
    authorizedAmount: amount,
    settledAmount: covered ? amount : 0,
    settlementSummary: { count: 1, totalAmount: covered ? amount : 0 },
    originalTransactionId: original.id,
  });
  if (covered && amount > 0) postEntry(tenant, { accountId: original.accountId, amount: -amount, currency: original.currencyCode, kind: CARD_RETURN_REVERSAL, reference: reversal.id });
  const parent = touch(tenant, original.id, (t) => {
    t.status = 'SETTLED';
    t.refundedAmount = 0;
    t.refundSummary = { count: t.refundSummary?.count ?? 0, totalAmount: 0 };
  });
  announce(tenant, parent);
  return announce(tenant, reversal);
}
