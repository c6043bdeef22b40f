import { z } from '@hono/zod-openapi';
import { CurrencyCode, Timestamp } from '../../core/schemas.js';

const CustomerInfoField = z.enum([
  'FULL_NAME', 'BIRTH_DATE', 'NATIONALITY', 'PHONE_NUMBER', 'EMAIL', 'POSTAL_ADDRESS', 'TAX_ID', 'REGISTRATION_NUMBER', 'USER_TYPE', 'COUNTRY_OF_RESIDENCE',
  'ACCOUNT_IDENTIFIER', 'FI_LEGAL_ENTITY_NAME', 'FI_ADDRESS', 'PURPOSE_OF_PAYMENT', 'ULTIMATE_INSTITUTION_COUNTRY', 'IDENTIFIER', 'BUSINESS_TYPE',
  'COMPANY_LEGAL_NAME', 'ID_TYPE', 'ID_NUMBER',
]);

export const PlatformCurrencyConfig = z
  .object({
    currencyCode: CurrencyCode,
    minAmount: z.number().int().min(0),
    maxAmount: z.number().int().min(0),
    requiredCounterpartyFields: z.array(z.object({ name: CustomerInfoField, mandatory: z.boolean() })).max(20),
    enabledTransactionTypes: z.array(z.enum(['INCOMING', 'OUTGOING'])).max(2),
  })
  .openapi('PlatformCurrencyConfig');

/** A single-transaction maximum for a corridor, or for a withdrawal currency when sourceCurrency is omitted. */
export const SingleTransactionMaximum = z
  .object({
    sourceCurrency: CurrencyCode.optional().openapi({ description: 'Omit to cap every transfer into destinationCurrency' }),
    destinationCurrency: CurrencyCode,
    maxAmount: z.number().int().min(1).openapi({ description: 'In minor units of destinationCurrency' }),
  })
  .openapi('SingleTransactionMaximum');

export const PlatformConfig = z
  .object({
    id: z.string(),
    umaDomain: z.string(),
    webhookEndpoint: z.string().optional(),
    supportedCurrencies: z.array(PlatformCurrencyConfig),
    singleTransactionMaximums: z.array(SingleTransactionMaximum).openapi({ description: 'Checked on money movement: TRANSACTION_SIZE_LIMIT_EXCEEDED' }),
    isRegulatedFinancialInstitution: z.boolean().openapi({ description: 'Sandbox setting: regulated platforms resolve KYC suffixes at creation' }),
    skipVerificationPaperwork: z.boolean().openapi({ description: "Sandbox setting: the spec's 'Skip verification paperwork'" }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('PlatformConfig');

export const PlatformConfigUpdate = z
  .object({
    umaDomain: z.string().regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:[0-9]{1,5})?$/).max(253).optional(),
    webhookEndpoint: z.url({ protocol: /^https?$/ }).max(2048).optional(),
    supportedCurrencies: z.array(PlatformCurrencyConfig).min(1).max(60).optional(),
    singleTransactionMaximums: z.array(SingleTransactionMaximum).max(200).optional().openapi({ description: 'Replaces the whole list' }),
    isRegulatedFinancialInstitution: z.boolean().optional(),
    skipVerificationPaperwork: z.boolean().optional(),
  })
  .openapi('PlatformConfigUpdateRequest');

export type PlatformConfig = z.infer<typeof PlatformConfig>;
export type PlatformConfigUpdate = z.infer<typeof PlatformConfigUpdate>;
export type PlatformCurrencyConfig = z.infer<typeof PlatformCurrencyConfig>;
export type SingleTransactionMaximum = z.infer<typeof SingleTransactionMaximum>;
