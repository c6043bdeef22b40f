import { z } from '@hono/zod-openapi';
import { Currency, CurrencyCode, PositiveAmount } from '../../core/schemas.js';
import { UmaAddress } from '../customers/customers.schemas.js';

const SupportedCurrency = z
  .object({ currency: Currency, estimatedExchangeRate: z.number(), min: z.number().int(), max: z.number().int() })
  .openapi('ReceiverSupportedCurrency');

export const ReceiverUmaLookup = z
  .object({
    supportedCurrencies: z.array(SupportedCurrency),
    requiredPayerDataFields: z.array(z.object({ name: z.string(), mandatory: z.boolean() })),
    lookupId: z.string(),
    receiverUmaAddress: z.string(),
  })
  .openapi('ReceiverUmaLookupResponse');

export const ReceiverAccountLookup = z
  .object({
    supportedCurrencies: z.array(SupportedCurrency),
    requiredPayerDataFields: z.array(z.object({ name: z.string(), mandatory: z.boolean() })),
    lookupId: z.string(),
    accountId: z.string(),
  })
  .openapi('ReceiverExternalAccountLookupResponse');

export const LookupQuery = z.object({
  senderUmaAddress: UmaAddress.optional(),
  customerId: z.string().min(1).max(200).optional(),
});

export const SandboxUmaReceiveRequest = z
  .object({
    senderUmaAddress: UmaAddress,
    receiverUmaAddress: UmaAddress.optional(),
    customerId: z.string().min(1).max(200).optional(),
    receivingCurrencyCode: CurrencyCode,
    receivingCurrencyAmount: PositiveAmount,
  })
  .openapi('SandboxUmaReceiveRequest');

export type SandboxUmaReceiveRequest = z.infer<typeof SandboxUmaReceiveRequest>;
export type SupportedCurrency = z.infer<typeof SupportedCurrency>;
