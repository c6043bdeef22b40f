import { z } from '@hono/zod-openapi';
import { CountryCode, Currency, CurrencyCode, ListQuery, PositiveAmount, Timestamp, listResponse, withAliases } from '../../core/schemas.js';
import { MAX_AMOUNT } from '../../core/money.js';
import { defineWebhook } from '../../events/events.schemas.js';

export const CardStatus = z.enum(['PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED']).openapi('CardStatus');
export const CardStatusReason = z.enum(['ISSUER_REJECTED', 'CLOSED_BY_PLATFORM', 'CLOSED_BY_SERVICE']).openapi('CardStatusReason');
export const CardBrand = z.enum(['VISA', 'MASTERCARD']).openapi('CardBrand');
const InternalAccountId = z.string().min(1).max(200).openapi({ example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' });

export const Card = z
  .object({
    id: z.string().openapi({ example: 'Card:019542f5-b3e7-1d02-0000-00000000000d' }),
    customerId: z.string(),
    status: CardStatus,
    statusReason: CardStatusReason.optional().openapi({ description: 'Why a card is CLOSED' }),
    brand: CardBrand,
    form: z.literal('VIRTUAL'),
    last4: z.string().regex(/^\d{4}$/),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int(),
    fundingSource: z.string().openapi({ description: 'The internal account card spending is pulled from' }),
    currency: z.string().openapi({ description: 'The currency of the funding source' }),
    platformCardId: z.string().openapi({ description: 'Assigned by the service' }),
    maxSpendPerTransaction: PositiveAmount.optional().openapi({ description: "The largest amount one authorization may take, in the minor units of the card's currency (exactly this amount is allowed); absent: no limit" }),
    processorRef: z.string(),
    issuerRef: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Card');

/**
 * Clients written against the public description send the cardholder as
 * `cardholderId`, the funding source as a one-item `fundingSources` and the
 * status as `state`: read as the spec's names, which stay the documented
 * ones (docs/deviations.md), and never reported as unknown.
 */
const oneFundingSource = (theirs: string, given: unknown) => (theirs === 'fundingSources' && Array.isArray(given) && given.length === 1 ? given[0] : given);

const SpendLimit = PositiveAmount.openapi({ description: "The largest amount one authorization may take, in the minor units of the card's currency; exactly this amount is allowed, one unit more is declined (SPEND_LIMIT_EXCEEDED)", example: 5000 });

/** Spec, Card: platformCardId is "assigned by the service; read it from the returned Card rather than supplying it". */
const ASSIGNED_BY_THE_SERVICE = 'Assigned by the service: read it from the returned Card rather than supplying it';

export const CardCreateRequest = z.preprocess(
  (value, ctx) => {
    if (value && typeof value === 'object' && (value as Record<string, unknown>).platformCardId !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['platformCardId'], message: ASSIGNED_BY_THE_SERVICE, input: value });
    }
    return value;
  },
  withAliases(
    { cardholderId: 'customerId', fundingSources: 'fundingSource' },
    z.object({ customerId: z.string().min(1).max(200), form: z.literal('VIRTUAL'), fundingSource: InternalAccountId, maxSpendPerTransaction: SpendLimit.optional() }).openapi('CardCreateRequest'),
    oneFundingSource,
  ),
);

export const CardUpdateRequest = withAliases(
  { state: 'status', fundingSources: 'fundingSource' },
  z
  .object({
    status: z.enum(['ACTIVE', 'FROZEN', 'CLOSED']).optional().openapi({ description: 'ACTIVE <-> FROZEN; ACTIVE or FROZEN -> CLOSED (final)' }),
    fundingSource: InternalAccountId.optional().openapi({ description: "Another internal account of the cardholder, in the card's currency" }),
    maxSpendPerTransaction: SpendLimit.nullable().optional().openapi({ description: 'Replaces the per-authorization limit; null clears it. Not with status CLOSED' }),
  })
  .refine((u) => u.status !== undefined || u.fundingSource !== undefined || u.maxSpendPerTransaction !== undefined, { message: 'Send status, fundingSource, maxSpendPerTransaction or several of them', path: ['status'] })
  .refine((u) => u.status !== 'CLOSED' || u.maxSpendPerTransaction === undefined, { message: 'Cannot be sent with status CLOSED', path: ['maxSpendPerTransaction'] })
  .openapi('CardUpdateRequest'),
  oneFundingSource,
);

const Id = z.string().min(1).max(200);

/** The spec's names (customerId, fundingSource, status) and the public description's (cardholderId, accountId, state) both filter; given together, both must match. */
export const CardListQuery = ListQuery.extend({
  customerId: Id.optional().openapi({ description: 'Cards of this cardholder' }),
  cardholderId: Id.optional().openapi({ description: 'Same as customerId' }),
  fundingSource: Id.optional().openapi({ description: 'Cards funded by this internal account' }),
  accountId: Id.optional().openapi({ description: 'Same as fundingSource' }),
  platformCardId: Id.optional(),
  status: CardStatus.optional(),
  state: CardStatus.optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc').openapi({ description: 'By creation: desc (newest first, the default) or asc' }),
});

export const CardList = listResponse(Card, 'CardListResponse');

export const CardRevealResponse = z
  .object({
    panEmbedUrl: z.url().openapi({ description: 'Single-use page showing the card number, expiry and CVV, for an iframe' }),
    expiresAt: Timestamp,
  })
  .openapi('CardRevealResponse');

export const CardMerchant = z
  .object({
    descriptor: z.string().min(1).max(25).openapi({ description: 'Its last three characters pick the sandbox outcome', example: 'COFFEE SHOP 000' }),
    mcc: z.string().regex(/^\d{4}$/).optional().openapi({ example: '5814' }),
    country: CountryCode.optional(),
  })
  .openapi('CardMerchant');

export const CardTransactionStatus = z.enum(['AUTHORIZED', 'PARTIALLY_SETTLED', 'SETTLED', 'REFUNDED', 'EXCEPTION']).openapi('CardTransactionStatus');

/** Why an authorization was declined: the public description's two reasons, and an amount over the card's maxSpendPerTransaction. */
export const CardDeclineReason = z.enum(['INSUFFICIENT_FUNDS', 'CARD_PAUSED', 'SPEND_LIMIT_EXCEEDED']).openapi('CardDeclineReason');

const Summary = z.object({ count: z.number().int(), totalAmount: z.number().int() });

/** The card-network message that created a card transaction row. */
export const CardNetworkMessage = z
  .enum([
    'AUTHORIZATION',
    'BALANCE_INQUIRY',
    'CREDIT_AUTHORIZATION',
    'CREDIT_AUTHORIZATION_ADVICE',
    'FINANCIAL_AUTHORIZATION',
    'FINANCIAL_CREDIT_AUTHORIZATION',
    'RETURN',
    'RETURN_REVERSAL',
  ])
  .openapi('CardNetworkMessage');

export const CardTransaction = z
  .object({
    id: z.string().openapi({ example: 'Transaction:019542f5-b3e7-1d02-0000-00000000000e' }),
    type: z.literal('CARD'),
    direction: z.enum(['DEBIT', 'CREDIT']).openapi({ description: 'CREDIT: a merchant refund, its own row linked by originalTransactionId' }),
    status: CardTransactionStatus,
    cardId: z.string(),
    customerId: z.string(),
    platformCustomerId: z.string().optional(),
    accountId: z.string().openapi({ description: 'The funding source' }),
    merchant: CardMerchant,
    currency: Currency,
    authorizedAmount: z.number().int().openapi({ description: 'Minor units' }),
    settledAmount: z.number().int().optional().openapi({ description: 'Minor units; every clearing rolls up into it' }),
    refundedAmount: z.number().int().optional(),
    originalTransactionId: z.string().optional(),
    networkMessage: CardNetworkMessage.optional().openapi({ description: 'Sandbox: the card-network message that created this row' }),
    issuerTransactionToken: z.string(),
    pullSummary: Summary.extend({ pendingCount: z.number().int() }).openapi({ description: 'The pulls on the funding source' }),
    settlementSummary: Summary.optional(),
    refundSummary: Summary.optional(),
    authorizedAt: Timestamp,
    lastEventAt: Timestamp,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('CardTransaction');

export const CardTransactionList = listResponse(CardTransaction, 'CardTransactionListResponse');

export const SandboxCardAuthorizationRequest = z
  .object({ amount: PositiveAmount, currency: z.object({ code: CurrencyCode }), merchant: CardMerchant })
  .openapi('SandboxCardAuthorizationRequest');

export const SandboxCardClearingRequest = z
  .object({ cardTransactionId: z.string().min(1).max(200), amount: z.number().int().min(0).max(MAX_AMOUNT).openapi({ description: '0 releases the whole authorization (it expires)' }) })
  .openapi('SandboxCardClearingRequest');

export const SandboxCardReturnRequest = z.object({ cardTransactionId: z.string().min(1).max(200), amount: PositiveAmount }).openapi('SandboxCardReturnRequest');

export const SandboxCardBalanceInquiryRequest = z.object({ merchant: CardMerchant }).openapi('SandboxCardBalanceInquiryRequest');

export const SandboxCardAuthorizationAdviceRequest = z
  .object({ cardTransactionId: z.string().min(1).max(200), amount: PositiveAmount.openapi({ description: 'The new total authorized amount' }) })
  .openapi('SandboxCardAuthorizationAdviceRequest');

export const SandboxCardTransactionRefRequest = z.object({ cardTransactionId: z.string().min(1).max(200) }).openapi('SandboxCardTransactionRefRequest');

/** A declined authorization: the card network answered, no card transaction exists. */
export const SandboxCardDecline = z
  .object({
    issuerTransactionToken: z.string().openapi({ description: "The issuer's token for the simulated event" }),
    declineReason: CardDeclineReason,
    message: z.string().openapi({ description: 'Why, in words' }),
  })
  .openapi('SandboxCardSimulationResponse');

export type Card = z.infer<typeof Card>;
export type CardRecord = Card;
export type CardStatus = z.infer<typeof CardStatus>;
export type CardCreateRequest = z.infer<typeof CardCreateRequest>;
export type CardUpdateRequest = z.infer<typeof CardUpdateRequest>;
export type CardListQuery = z.infer<typeof CardListQuery>;
export type CardMerchant = z.infer<typeof CardMerchant>;
export type CardTransaction = z.infer<typeof CardTransaction>;
export type CardTransactionStatus = z.infer<typeof CardTransactionStatus>;
export type SandboxCardAuthorizationRequest = z.infer<typeof SandboxCardAuthorizationRequest>;
export type SandboxCardDecline = z.infer<typeof SandboxCardDecline>;
export type CardDeclineReason = z.infer<typeof CardDeclineReason>;
export type CardNetworkMessage = z.infer<typeof CardNetworkMessage>;

/** What the store keeps of a card transaction: the pull summary and the currency object are derived when shown. */
export type CardTransactionRecord = Omit<CardTransaction, 'pullSummary' | 'currency'> & { currencyCode: string };

/** A reveal link: single use, short-lived. */
export interface CardRevealRecord {
  id: string;
  cardId: string;
  expiresAt: string;
  usedAt?: string;
}

/** CARD.STATUS_CHANGE: the spec's name for a card's status change. */
export const CardStatusWebhook = defineWebhook({
  key: 'card-state-change',
  operationId: 'cardStateChangeWebhook',
  name: 'CardStatusChangeWebhook',
  summary: "A card's status changed",
  description: 'Sent when issuance completes (PROCESSING to ACTIVE), on freeze and unfreeze, and when the card closes. `data` is the card.',
  types: ['CARD.STATUS_CHANGE'],
  data: Card,
});

/** CARD.FUNDING_SOURCE_CHANGE: a PATCH supplied the card's funding source(s). */
export const CardFundingSourceWebhook = defineWebhook({
  key: 'card-funding-source-change',
  operationId: 'cardFundingSourceChangeWebhook',
  name: 'CardFundingSourceChangeWebhook',
  summary: "A card's funding sources were replaced",
  description:
    'Sent for every successful `PATCH /cards/{id}` that supplies `fundingSource` or `fundingSources`: the list is replaced whole, so naming the same account is an update too (its `updatedAt` moves). A PATCH that supplies neither sends none. `data` is the card after the change.',
  types: ['CARD.FUNDING_SOURCE_CHANGE'],
  data: Card,
});

/** CARD_TRANSACTION.<status>: a card transaction changed. */
export const CardTransactionWebhook = defineWebhook({
  key: 'card-transaction',
  operationId: 'cardTransactionWebhook',
  name: 'CardTransactionWebhook',
  summary: 'A card transaction changed',
  description: 'Sent on authorization, clearing (clearings roll up into settledAmount; PARTIALLY_SETTLED while a merchant that clears in parts has more to clear), refund and exception. `data` is the whole card transaction; a merchant refund is its own CREDIT row linked by originalTransactionId.',
  types: ['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.PARTIALLY_SETTLED', 'CARD_TRANSACTION.SETTLED', 'CARD_TRANSACTION.REFUNDED', 'CARD_TRANSACTION.EXCEPTION'],
  data: CardTransaction,
});
