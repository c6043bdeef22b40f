import { z } from '@hono/zod-openapi';
import { CountryCode, CurrencyCode, Timestamp } from '../../core/schemas.js';

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

/** Embedded wallets (Global Accounts): set it and every customer created with an e-mail gets a wallet. */
export const EmbeddedWalletConfig = z
  .object({
    appName: z.string().min(1).max(255).optional(),
    otpLength: z.number().int().min(4).max(12).optional().openapi({ description: 'Stored; the sandbox OTP is always 000000' }),
    alphanumeric: z.boolean().optional(),
    expirationSeconds: z.number().int().min(1).max(86_400).optional().openapi({ description: 'How long an OTP stays valid; 300 when not set' }),
    sendFromEmailAddress: z.email().max(255).optional(),
    sendFromEmailSenderName: z.string().min(1).max(255).optional(),
    replyToEmailAddress: z.email().max(255).optional(),
    logoUrl: z.url({ protocol: /^https?$/ }).max(512).optional(),
    relyingPartyId: z
      .string()
      .regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/)
      .max(253)
      .optional()
      .openapi({ description: "Sandbox setting: the WebAuthn RP ID passkeys are bound to; 'localhost' when not set" }),
    allowedOrigins: z
      .array(z.url({ protocol: /^https?$/ }).max(512))
      .min(1)
      .max(20)
      .optional()
      .openapi({ description: 'Sandbox setting: WebAuthn origins accepted; when not set, any http(s) origin on the RP ID host (any port)' }),
  })
  .openapi('EmbeddedWalletConfig');

const Regions = z.array(CountryCode).max(250);
const CONTACT_VERIFICATION_REGIONS_NOTE =
  'Sandbox setting: customers whose region is listed must give email and phoneNumber (E.164) at creation and verify both (contactVerification) before KYC; for everyone else the contact-verification endpoints answer 409. The EEA countries when not set.';
const SCA_REGIONS_NOTE =
  'Sandbox setting: customers whose region is listed are under Strong Customer Authentication (the /sca endpoints, trusted beneficiaries, quotes in PENDING_AUTHORIZATION); for everyone else those endpoints answer 409. The EEA countries when not set.';
const END_USER_TERMS_NOTE =
  'Sandbox setting: when true and the platform is not a regulated financial institution, customer-scoped money movement (quotes, execution, transfers) needs the customer\'s endUserTermsConsent, else 403 END_USER_TERMS_NOT_ACCEPTED. False when not set.';

export const PlatformConfig = z
  .object({
    id: z.string(),
    umaDomain: z.string(),
    webhookEndpoint: z.string().optional(),
    supportedCurrencies: z.array(PlatformCurrencyConfig),
    singleTransactionMaximums: z.array(SingleTransactionMaximum).openapi({ description: 'Checked on money movement: TRANSACTION_SIZE_LIMIT_EXCEEDED' }),
    isRegulatedFinancialInstitution: z.boolean().openapi({ description: 'Sandbox setting: regulated platforms resolve KYC suffixes at creation' }),
    skipVerificationPaperwork: z.boolean().openapi({ description: "Sandbox setting: the spec's 'Skip verification paperwork'" }),
    invitationsEnabled: z.boolean().optional().openapi({ description: 'Sandbox setting: false makes invitations answer 400 INVITATIONS_NOT_CONFIGURED (absent: on)' }),
    embeddedWalletConfig: EmbeddedWalletConfig.optional(),
    contactVerificationRegions: Regions.optional().openapi({ description: CONTACT_VERIFICATION_REGIONS_NOTE }),
    scaRegions: Regions.optional().openapi({ description: SCA_REGIONS_NOTE }),
    requireEndUserTermsConsent: z.boolean().optional().openapi({ description: END_USER_TERMS_NOTE }),
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
    invitationsEnabled: z.boolean().optional(),
    embeddedWalletConfig: EmbeddedWalletConfig.nullable().optional().openapi({ description: 'Merged into the current settings; null switches embedded wallets off' }),
    contactVerificationRegions: Regions.optional().openapi({ description: `${CONTACT_VERIFICATION_REGIONS_NOTE} Replaces the list; applies to customers created afterwards.` }),
    scaRegions: Regions.optional().openapi({ description: `${SCA_REGIONS_NOTE} Replaces the list.` }),
    requireEndUserTermsConsent: z.boolean().optional().openapi({ description: END_USER_TERMS_NOTE }),
  })
  .openapi('PlatformConfigUpdateRequest');

export type PlatformConfig = z.infer<typeof PlatformConfig>;
export type PlatformConfigUpdate = z.infer<typeof PlatformConfigUpdate>;
export type PlatformCurrencyConfig = z.infer<typeof PlatformCurrencyConfig>;
export type EmbeddedWalletConfig = z.infer<typeof EmbeddedWalletConfig>;
export type SingleTransactionMaximum = z.infer<typeof SingleTransactionMaximum>;
