import { z } from '@hono/zod-openapi';
import { IdType, KycStatus, ssnShape } from './identity.schemas.js';
import { BeneficialOwner } from '../beneficial-owners/beneficial-owners.schemas.js';
import { Address, CountryCode, CurrencyCode, Email, IsoDate, KnownCurrency, ListQuery, PhoneNumber, Timestamp, listResponse } from '../../core/schemas.js';
import { defineWebhook } from '../../events/events.schemas.js';

export const CustomerType = z.enum(['INDIVIDUAL', 'BUSINESS']).openapi('CustomerType');

export const UmaAddress = z
  .string()
  .max(255)
  .regex(/^\$[A-Za-z0-9._-]{1,64}@[A-Za-z0-9.-]+(:[0-9]{1,5})?$/)
  .openapi({ example: '$alice@sandbox.uma.local', description: '`$user@domain`' });

const EndUserTermsConsentFields = {
  acceptedAt: Timestamp.openapi({ description: 'When the customer accepted; not in the future' }),
  ipAddress: z.union([z.ipv4(), z.ipv6()]).openapi({ type: 'string', maxLength: 45, description: "IPv4 or IPv6 address of the customer's device", example: '198.51.100.24' }),
  termsVersion: z.string().min(1).max(64).openapi({ description: 'A version GET /customers/end-user-terms names', example: 'V1' }),
  acceptanceMethod: z.enum(['CHECKBOX', 'CLICK_TO_ACCEPT']).openapi('EndUserTermsAcceptanceMethod'),
};

const EndUserTermsConsentRequest = z.object(EndUserTermsConsentFields).openapi('EndUserTermsConsentRequest');
/** As stored and shown: what the request carried (older records may carry any IP text). */
const EndUserTermsConsent = z.object({ ...EndUserTermsConsentFields, ipAddress: z.string().min(1).max(45) }).openapi('EndUserTermsConsent');

export const ContactVerificationStatus = z.enum(['PENDING', 'VERIFIED']).openapi('ContactVerificationStatus');
/** Present only on customers whose region verifies contact channels; each channel must be VERIFIED before KYC. */
export const ContactVerification = z
  .object({ email: ContactVerificationStatus.optional(), phone: ContactVerificationStatus.optional() })
  .openapi('ContactVerification', { description: 'Only on customers whose region requires contact verification (contactVerificationRegions); both channels must be VERIFIED before KYC' });

export const EndUserTerms = z
  .object({ version: z.string().openapi({ example: 'V1' }), url: z.string().openapi({ description: 'Where the sandbox serves this version of the terms' }) })
  .openapi('EndUserTerms');

/** Enhanced due diligence fields an individual may carry. */
const IndividualEdd = {
  sourceOfFundsCategories: z
    .array(z.enum(['SALARY', 'SELF_EMPLOYMENT_INCOME', 'INVESTMENT_INCOME', 'PENSION', 'RENTAL_INCOME', 'GIFT', 'INHERITANCE', 'LOAN', 'SAVINGS', 'SALE_OF_ASSETS', 'OTHER']))
    .optional(),
  sourceOfFundsOtherDescription: z.string().min(1).max(500).optional(),
  sourceOfWealthCategories: z
    .array(z.enum(['SALARY', 'BUSINESS_INCOME', 'INVESTMENTS', 'INHERITANCE', 'PROPERTY_SALE', 'GIFT', 'RETIREMENT', 'SAVINGS', 'OTHER']))
    .optional(),
  sourceOfWealthOtherDescription: z.string().min(1).max(500).optional(),
  purposeOfAccount: z
    .enum([
      'CONTRACTOR_PAYOUTS', 'CREATOR_PAYOUTS', 'EMPLOYEE_PAYOUTS', 'MARKETPLACE_SELLER_PAYOUTS', 'SUPPLIER_PAYMENTS', 'CROSS_BORDER_B2B', 'AR_AUTOMATION',
      'AP_AUTOMATION', 'EMBEDDED_PAYMENTS', 'PLATFORM_FEE_COLLECTION', 'P2P_TRANSFERS', 'CHARITABLE_DONATIONS', 'OTHER',
    ])
    .optional(),
  purposeOfAccountOtherDescription: z.string().min(1).max(500).optional(),
  expectedMonthlyTransactionCount: z.enum(['COUNT_UNDER_10', 'COUNT_10_TO_100', 'COUNT_100_TO_500', 'COUNT_500_TO_1000', 'COUNT_OVER_1000']).optional(),
  expectedMonthlyTransactionVolume: z.enum(['VOLUME_UNDER_10K', 'VOLUME_10K_TO_100K', 'VOLUME_100K_TO_1M', 'VOLUME_1M_TO_10M', 'VOLUME_OVER_10M']).optional(),
  annualIncomeRange: z.enum(['UNDER_50K', 'RANGE_50K_100K', 'RANGE_100K_250K', 'RANGE_250K_1M', 'OVER_1M']).optional(),
  netWorthRange: z.enum(['UNDER_100K', 'RANGE_100K_500K', 'RANGE_500K_1M', 'RANGE_1M_5M', 'RANGE_5M_25M', 'OVER_25M']).optional(),
  pepStatus: z.enum(['NONE', 'DOMESTIC', 'FOREIGN', 'HIO', 'FAMILY_OR_ASSOCIATE']).optional(),
};

/** Fields every customer may carry, on create, update and read. */
const CommonFields = {
  currencies: z.array(KnownCurrency).min(1).max(20).optional(),
  email: Email.optional().openapi({ description: 'Required for customers in a contact-verification region (e.g. the EEA)' }),
  phoneNumber: PhoneNumber.optional().openapi({ description: 'E.164; required for customers in a contact-verification region (e.g. the EEA)' }),
  umaAddress: UmaAddress.optional(),
  endUserTermsConsent: EndUserTermsConsentRequest.optional().openapi({ description: 'Evidence that the customer accepted the End User Terms (a version GET /customers/end-user-terms names)' }),
};

const IndividualFields = {
  fullName: z.string().min(1).max(255).optional(),
  birthDate: IsoDate.optional(),
  nationality: CountryCode.optional(),
  address: Address.optional(),
  idType: IdType.optional(),
  identifier: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({ writeOnly: true, description: 'The identification number (e.g. the SSN). Write-only: kept for verification, never returned in a response or a webhook.' }),
  countryOfIssuance: CountryCode.optional(),
  ...IndividualEdd,
};

const BusinessInfoFields = {
  legalName: z.string().min(1).max(255),
  doingBusinessAs: z.string().min(1).max(255).optional(),
  country: CountryCode,
  registrationNumber: z.string().min(1).max(64).optional(),
  incorporatedOn: IsoDate,
  entityType: z
    .enum(['SOLE_PROPRIETORSHIP', 'PARTNERSHIP', 'LLC', 'CORPORATION', 'S_CORPORATION', 'NON_PROFIT', 'PUBLICLY_LISTED_COMPANY', 'TRUST', 'PRIVATE_FOUNDATION', 'CHARITY', 'OTHER'])
    .optional(),
  taxId: z.string().min(1).max(64),
  countriesOfOperation: z.array(CountryCode).max(250).optional(),
  businessType: z.string().regex(/^[A-Z_]{2,80}$/).optional(),
  purposeOfAccount: IndividualEdd.purposeOfAccount,
  naicsCode: z.string().regex(/^\d{2,6}$/).optional(),
  primaryContactFirstName: z.string().min(1).max(250).optional(),
  primaryContactLastName: z.string().min(1).max(250).optional(),
};

const BusinessInfo = z.object(BusinessInfoFields).openapi('BusinessInfo');
const BusinessInfoUpdate = z.object(BusinessInfoFields).partial().openapi('BusinessInfoUpdate');

const CreateBase = {
  platformCustomerId: z.string().min(1).max(255).optional(),
  region: CountryCode.optional(),
  ...CommonFields,
};

export const IndividualCustomerCreate = z
  .object({ customerType: z.literal('INDIVIDUAL'), ...CreateBase, ...IndividualFields })
  .refine(...ssnShape)
  .openapi('IndividualCustomerCreateRequest');

export const BusinessCustomerCreate = z
  .object({ customerType: z.literal('BUSINESS'), ...CreateBase, address: Address.optional(), businessInfo: BusinessInfo })
  .openapi('BusinessCustomerCreateRequest');

export const CustomerCreateRequest = z.discriminatedUnion('customerType', [IndividualCustomerCreate, BusinessCustomerCreate]).openapi('CustomerCreateRequest');

export const IndividualCustomerUpdate = z
  .object({ customerType: z.literal('INDIVIDUAL'), ...CommonFields, ...IndividualFields })
  .refine(...ssnShape)
  .openapi('IndividualCustomerUpdateRequest');

export const BusinessCustomerUpdate = z
  .object({ customerType: z.literal('BUSINESS'), ...CommonFields, address: Address.optional(), businessInfo: BusinessInfoUpdate.optional() })
  .openapi('BusinessCustomerUpdateRequest');

export const CustomerUpdateRequest = z.discriminatedUnion('customerType', [IndividualCustomerUpdate, BusinessCustomerUpdate]).openapi('CustomerUpdateRequest');

const ReadBase = {
  id: z.string().openapi({ example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' }),
  platformCustomerId: z.string(),
  region: CountryCode.optional(),
  currencies: z.array(z.string()).optional(),
  email: z.string().optional(),
  phoneNumber: z.string().optional(),
  umaAddress: z.string(),
  endUserTermsConsent: EndUserTermsConsent.optional(),
  contactVerification: ContactVerification.optional(),
  isDeleted: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};

export const IndividualCustomer = z
  .object({ ...ReadBase, customerType: z.literal('INDIVIDUAL'), kycStatus: KycStatus, ...IndividualFields })
  .openapi('IndividualCustomer');

export const BusinessCustomer = z
  .object({
    ...ReadBase,
    customerType: z.literal('BUSINESS'),
    kybStatus: KycStatus,
    address: Address.optional(),
    businessInfo: BusinessInfo,
    beneficialOwners: z.array(BeneficialOwner).optional().openapi({ description: 'Its beneficial owners, as GET /beneficial-owners shows them' }),
  })
  .openapi('BusinessCustomer');

export const Customer = z.discriminatedUnion('customerType', [IndividualCustomer, BusinessCustomer]).openapi('Customer');

export const CustomerListQuery = ListQuery.extend({
  platformCustomerId: z.string().min(1).max(255).optional(),
  customerType: CustomerType.optional(),
  createdAfter: Timestamp.optional(),
  createdBefore: Timestamp.optional(),
  updatedAfter: Timestamp.optional(),
  updatedBefore: Timestamp.optional(),
  region: CountryCode.optional(),
  currency: CurrencyCode.optional(),
  umaAddress: z.string().min(1).max(255).optional(),
  // A query string carries text: 'true' and 'false' are the boolean the parameter is.
  isIncludingDeleted: z
    .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
    .optional()
    .openapi({ type: 'boolean', description: 'Include deleted customers (default false)' }),
});

export const CustomerList = listResponse(Customer, 'CustomerListResponse');

export type Customer = z.infer<typeof Customer>;
export type IndividualCustomer = z.infer<typeof IndividualCustomer>;
export type BusinessCustomer = z.infer<typeof BusinessCustomer>;
export type CustomerCreateRequest = z.infer<typeof CustomerCreateRequest>;
export type CustomerUpdateRequest = z.infer<typeof CustomerUpdateRequest>;
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;
export type ContactVerification = z.infer<typeof ContactVerification>;
export type EndUserTerms = z.infer<typeof EndUserTerms>;

/** CUSTOMER.KYC_* and CUSTOMER.KYB_*: a customer's verification status changed. */
export const CustomerWebhook = defineWebhook({
  key: 'customer-update',
  operationId: 'customerStatusWebhook',
  name: 'CustomerWebhook',
  summary: "A customer's KYC or KYB status changed",
  description: 'Sent when an individual customer becomes KYC PENDING, APPROVED or REJECTED, or a business KYB PENDING, APPROVED or REJECTED. `data` is the customer; a business carries its beneficialOwners.',
  types: ['CUSTOMER.KYC_APPROVED', 'CUSTOMER.KYC_REJECTED', 'CUSTOMER.KYC_PENDING', 'CUSTOMER.KYB_APPROVED', 'CUSTOMER.KYB_REJECTED', 'CUSTOMER.KYB_PENDING'],
  data: Customer,
});
