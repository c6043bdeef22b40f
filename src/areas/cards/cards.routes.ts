import { createRoute, z } from '@hono/zod-openapi';
import { ListQuery, jsonBody, jsonResponse } from '../../core/schemas.js';
import {
  Card,
  CardCreateRequest,
  CardList,
  CardListQuery,
  CardRevealResponse,
  CardTransaction,
  CardTransactionList,
  CardUpdateRequest,
  SandboxCardAuthorizationAdviceRequest,
  SandboxCardAuthorizationRequest,
  SandboxCardBalanceInquiryRequest,
  SandboxCardClearingRequest,
  SandboxCardDecline,
  SandboxCardReturnRequest,
  SandboxCardTransactionRefRequest,
} from './cards.schemas.js';
import { TAGS } from '../../core/tags.js';

const tags = [TAGS.cards];
const IdParam = z.object({ id: z.string().min(1).max(200).openapi({ param: { name: 'id', in: 'path' }, example: 'Card:019542f5-b3e7-1d02-0000-00000000000d' }) });

export const issueCardRoute = createRoute({
  operationId: 'createCard',
  method: 'post',
  path: '/cards',
  tags,
  summary: 'Issue a virtual card',
  description:
    'The cardholder must be APPROVED (400 CARDHOLDER_KYC_NOT_APPROVED) and fundingSource one of its active internal accounts (400 FUNDING_SOURCE_INELIGIBLE). The card is PROCESSING, then ACTIVE 5 seconds of sandbox time later (CARD.STATUS_CHANGE).',
  request: { body: jsonBody(CardCreateRequest) },
  responses: { 201: jsonResponse(Card, 'The card, PROCESSING') },
});

export const listCardsRoute = createRoute({
  operationId: 'listCards',
  method: 'get',
  path: '/cards',
  tags,
  summary: 'List cards',
  description: 'Newest first (sortOrder=asc: oldest first), cursor-paginated; filter by cardholder (customerId or cardholderId), funding source (fundingSource or accountId), platformCardId and status (status or state).',
  request: { query: CardListQuery },
  responses: { 200: jsonResponse(CardList, 'A page of cards') },
});

export const getCardRoute = createRoute({
  operationId: 'getCardById',
  method: 'get',
  path: '/cards/{id}',
  tags,
  summary: 'Get a card',
  request: { params: IdParam },
  responses: { 200: jsonResponse(Card, 'The card') },
});

export const updateCardRoute = createRoute({
  operationId: 'updateCardById',
  method: 'patch',
  path: '/cards/{id}',
  tags,
  summary: 'Freeze, unfreeze or close a card, or change its funding source',
  description:
    'ACTIVE <-> FROZEN; ACTIVE or FROZEN -> CLOSED (final, statusReason CLOSED_BY_PLATFORM). Closing a CLOSED card: 409 CARD_ALREADY_CLOSED; any other change to a CLOSED card: 409 CARD_NOT_MUTABLE; any other move (from PROCESSING, or to the status the card has): 409 INVALID_STATE_TRANSITION.',
  request: { params: IdParam, body: jsonBody(CardUpdateRequest) },
  responses: { 200: jsonResponse(Card, 'The card') },
});

export const revealCardRoute = createRoute({
  operationId: 'revealCard',
  method: 'post',
  path: '/cards/{id}/reveal',
  tags,
  summary: "Get a link to the card's number",
  description:
    'panEmbedUrl opens once, within 60 seconds of sandbox time, a page showing the number, expiry and CVV, for an iframe. The number never appears in an API response. Only an ACTIVE or FROZEN card has a number to show (403 FORBIDDEN otherwise).',
  request: { params: IdParam },
  responses: { 200: jsonResponse(CardRevealResponse, 'The link') },
});

export const listCardTransactionsRoute = createRoute({
  operationId: 'listCardTransactions',
  method: 'get',
  path: '/cards/{id}/transactions',
  tags,
  summary: "List a card's transactions",
  description: 'Newest first, cursor-paginated; a merchant refund is its own CREDIT row.',
  request: { params: IdParam, query: ListQuery },
  responses: { 200: jsonResponse(CardTransactionList, 'A page of card transactions') },
});

export const simulateAuthorizationRoute = createRoute({
  operationId: 'sandboxSimulateCardAuthorization',
  method: 'post',
  path: '/sandbox/cards/{id}/simulate/authorization',
  tags: [TAGS.sandbox],
  summary: 'Simulate a card authorization',
  description:
    'The last three characters of merchant.descriptor decide: 002 declines (INSUFFICIENT_FUNDS), 003 declines (CARD_PAUSED), 005 approves with a pull that settles 30 s later, 006 approves with a pull that fails 30 s later (EXCEPTION), others approve. A FROZEN, CLOSED or PROCESSING card declines (CARD_PAUSED), and so does a funding balance below the amount (INSUFFICIENT_FUNDS), whatever the suffix. An approval answers 200 with the AUTHORIZED card transaction; a decline answers 202 with the issuer token and the reason, and creates no card transaction.',
  request: { params: IdParam, body: jsonBody(SandboxCardAuthorizationRequest) },
  responses: {
    200: jsonResponse(CardTransaction, 'Approved: the AUTHORIZED card transaction'),
    202: jsonResponse(SandboxCardDecline, 'Declined: no card transaction exists'),
  },
});

export const simulateClearingRoute = createRoute({
  operationId: 'sandboxSimulateCardClearing',
  method: 'post',
  path: '/sandbox/cards/{id}/simulate/clearing',
  tags: [TAGS.sandbox],
  summary: 'Simulate a clearing',
  description: 'Rolls amount into settledAmount (SETTLED; PARTIALLY_SETTLED while a merchant that clears in parts, descriptor ending 007, has cleared less than it authorized, the rest still held). More than was pulled: one further pull for the difference (EXCEPTION when the balance does not cover it); less: the rest goes back to the funding source.',
  request: { params: IdParam, body: jsonBody(SandboxCardClearingRequest) },
  responses: { 200: jsonResponse(CardTransaction, 'The card transaction') },
});

export const simulateReturnRoute = createRoute({
  operationId: 'sandboxSimulateCardReturn',
  method: 'post',
  path: '/sandbox/cards/{id}/simulate/return',
  tags: [TAGS.sandbox],
  summary: 'Simulate a merchant refund',
  description: 'Accepted (202): a CREDIT row linked by originalTransactionId credits the funding source; the purchase becomes REFUNDED once refunded in full.',
  request: { params: IdParam, body: jsonBody(SandboxCardReturnRequest) },
  responses: { 202: jsonResponse(CardTransaction, 'The refund (CREDIT row), carrying its issuerTransactionToken') },
});

const SUFFIXES = 'The last three characters of merchant.descriptor decide as for simulate/authorization: 002 declines (INSUFFICIENT_FUNDS), 003 declines (CARD_PAUSED), others approve; a FROZEN, CLOSED or PROCESSING card declines (CARD_PAUSED).';
/** What the further simulators answer: the resulting card transaction, or the decline. */
const SimulationResult = z.union([CardTransaction, SandboxCardDecline]).openapi('SandboxCardSimulationResult');
const simulated = (what: string) => ({
  202: jsonResponse(SimulationResult, `Accepted: ${what} (carrying its issuerTransactionToken), or the decline (issuerTransactionToken, declineReason), which creates no card transaction`),
});

export const simulateBalanceInquiryRoute = createRoute({
  method: 'post',
  operationId: 'sandboxSimulateCardBalanceInquiry',
  path: '/sandbox/cards/{id}/simulate/balance_inquiry',
  tags: [TAGS.sandbox],
  summary: 'Simulate a balance inquiry',
  description: `A 0-amount authorization: approved, an AUTHORIZED row of 0 that moves no money (CARD_TRANSACTION.AUTHORIZED) and can be neither cleared nor re-sized. ${SUFFIXES} A card funded by an embedded wallet needs an ACTIVE delegated key.`,
  request: { params: IdParam, body: jsonBody(SandboxCardBalanceInquiryRequest) },
  responses: { ...simulated('the AUTHORIZED row of 0') },
});

export const simulateCreditAuthorizationRoute = createRoute({
  method: 'post',
  operationId: 'sandboxSimulateCardCreditAuthorization',
  path: '/sandbox/cards/{id}/simulate/credit_authorization',
  tags: [TAGS.sandbox],
  summary: 'Simulate a credit authorization',
  description: `The merchant pushes money to the card: a CREDIT row, AUTHORIZED, whose amount is a pending credit of the funding source (in totalBalance only) until simulate/clearing settles it (amount 0: it expires). ${SUFFIXES}`,
  request: { params: IdParam, body: jsonBody(SandboxCardAuthorizationRequest) },
  responses: { ...simulated('the AUTHORIZED CREDIT row') },
});

export const simulateFinancialAuthorizationRoute = createRoute({
  method: 'post',
  operationId: 'sandboxSimulateCardFinancialAuthorization',
  path: '/sandbox/cards/{id}/simulate/financial_authorization',
  tags: [TAGS.sandbox],
  summary: 'Simulate a single-message financial authorization',
  description: `Authorized and cleared in one message (an ATM withdrawal): SETTLED at once, the amount pulled from the funding source (005: the pull settles 30 s later; 006: it later fails and the row goes EXCEPTION). ${SUFFIXES} A balance below the amount declines (INSUFFICIENT_FUNDS).`,
  request: { params: IdParam, body: jsonBody(SandboxCardAuthorizationRequest) },
  responses: { ...simulated('the SETTLED row') },
});

export const simulateFinancialCreditAuthorizationRoute = createRoute({
  method: 'post',
  operationId: 'sandboxSimulateCardFinancialCreditAuthorization',
  path: '/sandbox/cards/{id}/simulate/financial_credit_authorization',
  tags: [TAGS.sandbox],
  summary: 'Simulate a single-message financial credit',
  description: `A credit cleared in one message (a push credit): a SETTLED CREDIT row, the amount credited to the funding source (005: 30 s later; 006: it later fails, EXCEPTION). ${SUFFIXES}`,
  request: { params: IdParam, body: jsonBody(SandboxCardAuthorizationRequest) },
  responses: { ...simulated('the SETTLED CREDIT row') },
});

export const simulateAuthorizationAdviceRoute = createRoute({
  method: 'post',
  operationId: 'sandboxSimulateCardAuthorizationAdvice',
  path: '/sandbox/cards/{id}/simulate/authorization_advice',
  tags: [TAGS.sandbox],
  summary: 'Simulate an authorization advice',
  description:
    'Re-sizes an open (AUTHORIZED or PARTIALLY_SETTLED) authorization to the new total amount (not below what has cleared): more pulls the difference from the funding source (EXCEPTION when the balance does not cover it), less releases the rest (CARD_TRANSACTION.AUTHORIZED). Any other transaction is 400 naming cardTransactionId.',
  request: { params: IdParam, body: jsonBody(SandboxCardAuthorizationAdviceRequest) },
  responses: { 202: jsonResponse(CardTransaction, 'Accepted: the re-sized card transaction') },
});

export const simulateCreditAuthorizationAdviceRoute = createRoute({
  method: 'post',
  operationId: 'sandboxSimulateCardCreditAuthorizationAdvice',
  path: '/sandbox/cards/{id}/simulate/credit_authorization_advice',
  tags: [TAGS.sandbox],
  summary: 'Simulate a credit authorization advice',
  description: `A network-initiated credit authorization, keyed by card and merchant: as simulate/credit_authorization. ${SUFFIXES}`,
  request: { params: IdParam, body: jsonBody(SandboxCardAuthorizationRequest) },
  responses: { ...simulated('the AUTHORIZED CREDIT row') },
});

export const simulateReturnReversalRoute = createRoute({
  method: 'post',
  operationId: 'sandboxSimulateCardReturnReversal',
  path: '/sandbox/cards/{id}/simulate/return_reversal',
  tags: [TAGS.sandbox],
  summary: 'Simulate a return reversal',
  description:
    'The merchant takes back the refund of a REFUNDED purchase: a DEBIT row linked by originalTransactionId pulls the refunded amount from the funding source (EXCEPTION when the balance does not cover it) and the purchase is SETTLED again with refundedAmount 0. Any other transaction is 400 naming cardTransactionId.',
  request: { params: IdParam, body: jsonBody(SandboxCardTransactionRefRequest) },
  responses: { 202: jsonResponse(CardTransaction, 'Accepted: the reversal row') },
});
