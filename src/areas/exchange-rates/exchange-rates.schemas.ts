import { z } from '@hono/zod-openapi';
import { Currency, CurrencyCode, Timestamp } from '../../core/schemas.js';
import { MAX_AMOUNT } from '../../core/money.js';

/** Enough for every currency the sandbox prices, several times over. */
const MAX_DESTINATIONS = 60;

export const ExchangeRateQuery = z.object({
  sourceCurrency: CurrencyCode.optional().openapi({
    description: 'The currency sent. Omit for every supported currency of the platform configuration.',
    example: 'USD',
  }),
  // Repeating the parameter arrives as an array; once, as a plain string (which may list several, comma-separated).
  destinationCurrency: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(CurrencyCode).min(1).max(MAX_DESTINATIONS))
    .optional()
    .openapi({ description: 'The currencies received: repeat the parameter (or separate codes by commas) for several. Omit for every currency with a rate.', example: ['MXN'] }),
  sendingAmount: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_AMOUNT)
    .default(10_000)
    .openapi({ type: 'integer', format: 'int64', description: 'Minor units of the source currency to price; 10000 when omitted', example: 10_000 }),
});

/** The payment rails of the public description: the only values destinationPaymentRail takes. */
export const PAYMENT_RAILS = [
  'ACH', 'ACH_COLOMBIA', 'BANK_TRANSFER', 'BRE_B', 'CIPS', 'FAST', 'FASTER_PAYMENTS', 'FEDNOW', 'INSTAPAY', 'MOBILE_MONEY', 'NEFT', 'PAYNOW', 'PESONET', 'PIX',
  'RTGS', 'RTP', 'SEPA', 'SEPA_INSTANT', 'SPEI', 'SWIFT', 'UNIONPAY', 'UPI', 'WIRE',
] as const;

export const PaymentRail = z.enum(PAYMENT_RAILS).openapi('PaymentRail');

export const ExchangeRateFees = z
  .object({
    fixed: z.number().int().min(0).openapi({ description: 'The flat part, in minor units of the source currency' }),
    total: z.number().int().min(0).openapi({ description: 'Flat plus percentage part for sendingAmount, in minor units of the source currency' }),
  })
  .openapi('ExchangeRateFees');

export const ExchangeRate = z
  .object({
    sourceCurrency: Currency,
    destinationCurrency: Currency,
    destinationPaymentRail: PaymentRail.optional().openapi({ description: 'How the money arrives; absent for a currency that arrives on a crypto network, which no payment rail names' }),
    sendingAmount: z.number().int().min(0),
    minSendingAmount: z.number().int().min(0).openapi({ description: 'From the platform configuration of the source currency' }),
    maxSendingAmount: z.number().int().min(0).openapi({ description: 'From the platform configuration of the source currency' }),
    receivingAmount: z.number().int().min(0).openapi({ description: 'What sendingAmount buys once fees.total is taken off, in minor units of the destination currency' }),
    exchangeRate: z.number().openapi({ description: 'Sending currency units per receiving currency unit' }),
    fees: ExchangeRateFees,
    updatedAt: Timestamp.openapi({ description: 'When this rate took effect; it holds for five minutes' }),
  })
  .openapi('ExchangeRate');

export const ExchangeRateList = z.object({ data: z.array(ExchangeRate) }).openapi('ExchangeRateListResponse');

export type ExchangeRateQuery = z.infer<typeof ExchangeRateQuery>;
export type ExchangeRate = z.infer<typeof ExchangeRate>;
export type ExchangeRateList = z.infer<typeof ExchangeRateList>;
