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
  SandboxCardAuthorizationRequest,
  SandboxCardClearingRequest,
  SandboxCardDecline,
  SandboxCardReturnRequest,
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
    'ACTIVE <-> FROZEN; ACTIVE or FROZEN -> CLOSED (final, statusReason CLOSED_BY_PLATFORM). Closing a CLOSED card: 409 CARD_ALREADY_CLOSED; any other change to a CLOSED card: 409 CARD_NOT_MUTABLE; any other move (e.g. from PROCESSING): 409 INVALID_STATE_TRANSITION.',
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
  description: 'Rolls amount into settledAmount (SETTLED). More than was pulled: one further pull for the difference (EXCEPTION when the balance does not cover it); less: the rest goes back to the funding source.',
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
