import { z } from '@hono/zod-openapi';
import { Currency, CurrencyCode, ListQuery, Timestamp, listResponse } from '../../core/schemas.js';
import { PaymentInstructions } from '../internal-accounts/internal-accounts.schemas.js';
import { UmaAddress } from '../customers/customers.schemas.js';
import { ScaChallenge, ScaFactor, type QuoteSca } from '../sca/sca.schemas.js';

const SCA_FACTOR_NOTE =
  'Customers under SCA only (scaRegions): the factor of the per-transaction challenge this call issues, SMS_OTP (default) or PASSKEY; TOTP is 400. Ignored for everyone else.';

export const PURPOSES = [
  'GIFT', 'SELF', 'GOODS_OR_SERVICES', 'EDUCATION', 'HEALTH_OR_MEDICAL', 'REAL_ESTATE_PURCHASE', 'TAX_PAYMENT', 'LOAN_PAYMENT', 'UTILITY_BILL', 'DONATION',
  'TRAVEL', 'FAMILY_SUPPORT', 'SALARY_PAYMENT', 'OTHER',
] as const;

export const QuoteSource = z
  .discriminatedUnion('sourceType', [
    z.object({ sourceType: z.literal('ACCOUNT'), accountId: z.string().min(1).max(200), customerId: z.string().min(1).max(200).optional() }).openapi('AccountQuoteSource'),
    z
      .object({ sourceType: z.literal('REALTIME_FUNDING'), currency: CurrencyCode, customerId: z.string().min(1).max(200).optional(), cryptoNetwork: z.string().min(1).max(40).optional() })
      .openapi('RealtimeFundingQuoteSource'),
  ])
  .openapi('QuoteSource');

export const QuoteDestination = z
  .discriminatedUnion('destinationType', [
    z.object({ destinationType: z.literal('ACCOUNT'), accountId: z.string().min(1).max(200), paymentRail: z.string().min(1).max(40).optional() }).openapi('AccountQuoteDestination'),
    z.object({ destinationType: z.literal('UMA_ADDRESS'), umaAddress: UmaAddress, currency: CurrencyCode.optional() }).openapi('UmaAddressQuoteDestination'),
  ])
  .openapi('QuoteDestination');

export const QuoteRequest = z
  .object({
    source: QuoteSource,
    destination: QuoteDestination,
    lockedCurrencySide: z.enum(['SENDING', 'RECEIVING']),
    lockedCurrencyAmount: z.number().int().min(1).max(9_000_000_000_000_000),
    lookupId: z.string().min(1).max(200).optional().openapi({ description: 'From GET /receiver/...; required for UMA destinations' }),
    immediatelyExecute: z.boolean().optional(),
    description: z.string().min(1).max(500).optional(),
    remittanceInformation: z.string().max(80).optional(),
    purposeOfPayment: z.enum(PURPOSES).optional(),
    scaFactor: ScaFactor.optional().openapi({ description: SCA_FACTOR_NOTE }),
    senderCustomerInfo: z.record(z.string(), z.unknown()).optional().openapi({ description: "Information about the sender the receiving institution asks for (the counterparty's payer data, for UMA destinations); accepted as sent" }),
  })
  .openapi('QuoteRequest');

export const ExecuteQuoteRequest = z.object({ scaFactor: ScaFactor.optional().openapi({ description: SCA_FACTOR_NOTE }) }).openapi('ExecuteQuoteRequest');

export const PaymentEmbeddedWalletInfo = z
  .object({
    accountType: z.literal('EMBEDDED_WALLET'),
    payloadToSign: z.string().openapi({
      description:
        'JSON text to stamp byte for byte (no re-serialization) with the session key of an active session of the source wallet; the stamp goes in the wallet signature header of POST /quotes/{quoteId}/execute, with no Request-Id',
    }),
  })
  .openapi('PaymentEmbeddedWalletInfo');

export const EmbeddedWalletPaymentInstructions = z
  .object({ instructionsNotes: z.string().optional(), isPlatformAccount: z.boolean().optional(), accountOrWalletInfo: PaymentEmbeddedWalletInfo })
  .openapi('EmbeddedWalletPaymentInstructions');

export const QuoteStatus = z.enum(['PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED']).openapi('QuoteStatus');

export const Quote = z
  .object({
    id: z.string().openapi({ example: 'Quote:019542f5-b3e7-1d02-0000-00000000000a' }),
    status: QuoteStatus,
    createdAt: Timestamp,
    expiresAt: Timestamp,
    source: QuoteSource,
    destination: QuoteDestination,
    sendingCurrency: Currency,
    receivingCurrency: Currency,
    totalSendingAmount: z.number().int(),
    totalReceivingAmount: z.number().int(),
    exchangeRate: z.number().openapi({ description: 'Sending currency units per receiving currency unit' }),
    feesIncluded: z.number().int().min(0),
    platformFeesIncluded: z.number().int().min(0),
    paymentInstructions: z
      .array(z.union([EmbeddedWalletPaymentInstructions, PaymentInstructions]))
      .optional()
      .openapi({ description: 'Real-time funding: where to send the money. From an embedded wallet: one entry whose accountOrWalletInfo carries the payloadToSign that authorizes POST /quotes/{quoteId}/execute' }),
    transactionId: z.string(),
    description: z.string().optional(),
    scaChallenge: ScaChallenge.optional().openapi({ description: 'While status is PENDING_AUTHORIZATION: the challenge to satisfy with POST /quotes/{quoteId}/authorize' }),
  })
  .openapi('Quote');

export const QuoteListQuery = ListQuery.extend({
  customerId: z.string().min(1).max(200).optional(),
  status: QuoteStatus.optional(),
});
export const QuoteList = listResponse(Quote, 'QuoteListResponse');

export type QuoteRequest = z.infer<typeof QuoteRequest>;
export type Quote = z.infer<typeof Quote>;
export type QuoteStatus = z.infer<typeof QuoteStatus>;

/** What the store keeps: the quote minus its status, which follows its transaction and the clock. */
export interface QuoteRecord extends Omit<Quote, 'status' | 'scaChallenge'> {
  customerId?: string;
  /** Strong Customer Authentication of the send: the steps and where it stands. */
  sca?: QuoteSca;
  executed: boolean;
  /** The agent that created it (agents see only their own quotes). */
  agentId?: string;
  remittanceInformation?: string;
  purposeOfPayment?: (typeof PURPOSES)[number];
}

/** An Idempotency-Key seen on execute, and the quote it executed. */
export interface IdempotencyRecord {
  id: string;
  quoteId: string;
  createdAt: string;
}
