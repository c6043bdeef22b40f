import { z } from '@hono/zod-openapi';
import { defineWebhook } from '../../events/events.schemas.js';
import { Address, CountryCode, CurrencyCode, Email, IsoDate, ListQuery, PhoneNumber, Timestamp, listResponse, whenObject } from '../../core/schemas.js';
import { ACCOUNT_TYPES, ACCOUNT_TYPE_NAMES, RENAMED_ACCOUNT_TYPES, accountTypeSpec, currencyMismatch, type AccountType, type AccountTypeSpec, type FieldRule } from './account-types.js';

export const ExternalAccountStatus = z
  .enum(['PENDING', 'ACTIVE', 'PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED', 'UNDER_REVIEW', 'INACTIVE'])
  .openapi('ExternalAccountStatus');
export const OwnershipType = z.enum(['FIRST_PARTY', 'THIRD_PARTY']).openapi('OwnershipType');
export const BeneficiaryVerificationStatus = z
  .enum(['MATCHED', 'PARTIAL_MATCH', 'NOT_MATCHED', 'UNSUPPORTED', 'CHECKED_BY_RECEIVING_FI', 'PENDING'])
  .openapi('BeneficiaryVerificationStatus');

/** One schema per distinct rule: the account types share most of theirs, and each costs zod a chain of clones. */
const fieldSchemas = new Map<string, z.ZodType>();

function fieldSchema(rule: FieldRule): z.ZodType {
  const key = JSON.stringify(rule);
  let schema = fieldSchemas.get(key);
  if (!schema) fieldSchemas.set(key, (schema = buildFieldSchema(rule)));
  return schema;
}

function buildFieldSchema(rule: FieldRule): z.ZodType {
  let schema: z.ZodType;
  if (rule.enum) {
    schema = z.enum(rule.enum as [string, ...string[]]);
  } else {
    let s = z.string();
    if (rule.minLength !== undefined) s = s.min(rule.minLength);
    s = s.max(rule.maxLength ?? 255);
    if (rule.pattern !== undefined) s = s.regex(new RegExp(rule.pattern));
    schema = s;
  }
  return rule.required ? schema : schema.optional();
}

function fieldsOf(rules: Readonly<Record<string, FieldRule>>): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, fieldSchema(rule)]));
}

const BusinessBeneficiary = z
  .object({
    beneficiaryType: z.literal('BUSINESS'),
    legalName: z.string().min(1).max(255),
    registrationNumber: z.string().min(1).max(64).optional(),
    taxId: z.string().min(1).max(64).optional(),
    email: Email.optional(),
    phoneNumber: PhoneNumber.optional(),
    countryOfResidence: CountryCode.optional(),
    address: Address.optional(),
  })
  .openapi('BusinessBeneficiary');

const bankIndividualFields = {
  beneficiaryType: z.literal('INDIVIDUAL'),
  fullName: z.string().min(1).max(255),
  birthDate: IsoDate.optional(),
  nationality: CountryCode.optional(),
  email: Email.optional(),
  phoneNumber: PhoneNumber.optional(),
  countryOfResidence: CountryCode.optional(),
  address: Address.optional(),
};

/**
 * Account types whose individual beneficiary differs from the common one
 * (extra or required fields) get their own named schema; every other type
 * shares `IndividualBeneficiary` (or `WalletIndividualBeneficiary`).
 */
const beneficiaries = new Map<string, ReturnType<typeof beneficiaryUnion>>();

function beneficiaryUnion(individual: z.ZodObject, name: string) {
  return z.discriminatedUnion('beneficiaryType', [individual.openapi(`${name}IndividualBeneficiary`), BusinessBeneficiary]).openapi(`${name}Beneficiary`);
}

function individualBeneficiary(spec: AccountTypeSpec) {
  const base: Record<string, z.ZodType> =
    spec.family === 'WALLET'
      ? { beneficiaryType: z.literal('INDIVIDUAL'), fullName: z.string().min(1).max(255), countryOfResidence: CountryCode.optional() }
      : { ...bankIndividualFields, ...fieldsOf(spec.individualExtra ?? {}) };
  for (const name of spec.individualRequired) {
    const field = base[name];
    if (field instanceof z.ZodOptional) base[name] = field.unwrap() as z.ZodType;
  }
  return z.object(base);
}

function beneficiarySchema(spec: AccountTypeSpec, type: AccountType) {
  const key = JSON.stringify([spec.family === 'WALLET', spec.individualExtra ?? {}, [...spec.individualRequired].sort()]);
  let schema = beneficiaries.get(key);
  if (!schema) {
    const common = spec.individualExtra === undefined && spec.individualRequired.length === 0;
    const name = spec.family === 'WALLET' ? 'Wallet' : common ? '' : componentName(type.replace(/_ACCOUNT$/, ''));
    schema = beneficiaryUnion(individualBeneficiary(spec), name);
    beneficiaries.set(key, schema);
  }
  return schema;
}

function componentName(type: string): string {
  return type
    .toLowerCase()
    .split('_')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

const PaymentRails = z.array(z.string()).optional().openapi({ description: 'The rails this account is paid over; absent for types without rails' });

function variant(type: AccountType, forRead: boolean) {
  const spec: AccountTypeSpec = ACCOUNT_TYPES[type];
  const shape: Record<string, z.ZodType> = { accountType: z.literal(type), ...fieldsOf(spec.fields) };
  if (spec.beneficiary !== 'NONE') {
    const beneficiary = beneficiarySchema(spec, type);
    shape.beneficiary = spec.beneficiary === 'REQUIRED' ? beneficiary : beneficiary.optional();
  }
  // Wallets and lightning report no rails: the list is there only when the type has some (and stored records, as in snapshots, never carry it).
  if (forRead) shape.paymentRails = PaymentRails;
  let schema = z.object(shape);
  const optionalIdentifiers = spec.identifiers.filter((f) => !spec.fields[f]?.required);
  if (!forRead && optionalIdentifiers.length === spec.identifiers.length) {
    const alternatives = spec.identifiers;
    schema = schema.refine((info) => alternatives.some((f) => typeof info[f] === 'string' && info[f] !== ''), {
      ...whenObject,
      path: [alternatives[0]!],
      message: `Provide at least one of: ${alternatives.join(', ')}`,
    });
  }
  return schema.openapi(`${componentName(type)}${forRead ? 'Info' : 'CreateInfo'}`);
}

type Variant = ReturnType<typeof variant>;

function unionOf(forRead: boolean) {
  const variants = ACCOUNT_TYPE_NAMES.map((type) => variant(type, forRead)) as [Variant, ...Variant[]];
  return z.discriminatedUnion('accountType', variants);
}

type AccountInfoUnion = ReturnType<typeof unionOf>;
let accountInfoCreateUnion: AccountInfoUnion | undefined;
let accountInfoReadUnion: AccountInfoUnion | undefined;

/**
 * The accountInfo unions (a variant per account type, each made twice) are most of what this area costs at
 * import, and most sandboxes never see an external account: each is made when a schema first reads its
 * accountInfo field, a getter in the shape that zod reads only to parse or to document.
 */
export const accountInfoCreate = (): AccountInfoUnion => (accountInfoCreateUnion ??= unionOf(false).openapi('ExternalAccountCreateInfo'));
export const accountInfoRead = (): AccountInfoUnion => (accountInfoReadUnion ??= unionOf(true).openapi('ExternalAccountInfo'));

export interface Beneficiary {
  beneficiaryType: 'INDIVIDUAL' | 'BUSINESS';
  fullName?: string;
  legalName?: string;
  [field: string]: unknown;
}

/** accountInfo as stored: the variant's fields, keyed by name. */
export type AccountInfo = { accountType: AccountType; beneficiary?: Beneficiary } & Record<string, unknown>;

/** The fields both create requests share, after `first` (a function: spreading the getter would make the union at once). */
const createFields = <T extends Record<string, z.ZodType>>(first: T) => ({
  ...first,
  currency: CurrencyCode,
  platformAccountId: z.string().min(1).max(255).optional(),
  ownershipType: OwnershipType.optional(),
  get accountInfo() {
    return accountInfoCreate();
  },
});

/** An older name of a type (the service's guides still write some) is refused naming the type it is now, in the field error and the reason. */
function olderTypeName(v: { accountInfo?: unknown }, ctx: z.RefinementCtx): void {
  const type = (v.accountInfo as { accountType?: unknown } | undefined)?.accountType;
  if (typeof type !== 'string' || !Object.hasOwn(RENAMED_ACCOUNT_TYPES, type)) return;
  const reason = `accountType ${type} is the older name of ${RENAMED_ACCOUNT_TYPES[type]}: send accountType ${RENAMED_ACCOUNT_TYPES[type]}`;
  ctx.addIssue({ code: 'custom', path: ['accountInfo', 'accountType'], message: reason, params: { reason } });
}

/** The currency must be one the account type holds; reported with the other field errors. */
function currencyFitsType(v: { currency?: unknown; accountInfo?: unknown }, ctx: z.RefinementCtx): void {
  const type = (v.accountInfo as { accountType?: unknown } | undefined)?.accountType;
  if (typeof type !== 'string' || typeof v.currency !== 'string') return;
  const why = currencyMismatch(type, v.currency);
  if (why) ctx.addIssue({ code: 'custom', path: ['currency'], message: why, params: { constraint: { enum: [...(accountTypeSpec(type)?.currencies ?? [])] } } });
}
export const CustomerExternalAccountCreate = z
  .object(
    createFields({
      customerId: z.string().min(1).max(200).optional().openapi({ description: 'Omit to create the account on behalf of the platform' }),
      defaultUmaDepositAccount: z.boolean().optional(),
    }),
  )
  .superRefine(currencyFitsType, whenObject)
  .superRefine(olderTypeName, whenObject)
  .openapi('ExternalAccountCreateRequest');

export const PlatformExternalAccountCreate = z
  .object(createFields({}))
  .superRefine(currencyFitsType, whenObject)
  .superRefine(olderTypeName, whenObject)
  .openapi('PlatformExternalAccountCreateRequest');

export const ExternalAccount = z
  .object({
    id: z.string().openapi({ example: 'ExternalAccount:e85dcbd6-dced-4ec4-b756-3c3a9ea3d965' }),
    customerId: z.string().optional(),
    status: ExternalAccountStatus,
    platformAccountId: z.string().optional(),
    ownershipType: OwnershipType.optional(),
    currency: z.string(),
    defaultUmaDepositAccount: z.boolean(),
    beneficiaryVerificationStatus: BeneficiaryVerificationStatus.optional(),
    beneficiaryVerifiedData: z.object({ fullName: z.string().optional() }).optional(),
    get accountInfo() {
      return accountInfoRead();
    },
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('ExternalAccount');

/** EXTERNAL_ACCOUNT.STATUS_UPDATED: an external account moved to another status. */
export const ExternalAccountWebhook = defineWebhook({
  key: 'external-account-status',
  operationId: 'externalAccountStatusWebhook',
  name: 'ExternalAccountStatusWebhook',
  summary: "An external account's status changed",
  description:
    'Sent on every status transition: ownership verified (PENDING_OWNERSHIP_VERIFICATION to ACTIVE, by signature or liveness), a failed attempt (to UNVERIFIED), a new challenge after a failure (back to PENDING_OWNERSHIP_VERIFICATION), and review outcomes (UNDER_REVIEW, INACTIVE, ACTIVE). `data` is the account as GET returns it after the change.',
  types: ['EXTERNAL_ACCOUNT.STATUS_UPDATED'],
  data: ExternalAccount,
});

export const CustomerExternalAccountListQuery = ListQuery.extend({
  currency: CurrencyCode.optional(),
  customerId: z.string().min(1).max(200).optional(),
});

export const PlatformExternalAccountListQuery = ListQuery.extend({ currency: CurrencyCode.optional() });

export const ExternalAccountList = listResponse(ExternalAccount, 'ExternalAccountListResponse');

export const OwnershipChallengeRequest = z.object({ method: z.enum(['WALLET_SIGNATURE', 'LIVENESS']) }).openapi('OwnershipChallengeRequest');

export const OwnershipChallenge = z
  .discriminatedUnion('method', [
    z.object({ method: z.literal('WALLET_SIGNATURE'), messageToSign: z.string(), expiresAt: Timestamp }).openapi('WalletSignatureChallenge'),
    z.object({ method: z.literal('LIVENESS'), verificationLink: z.string(), token: z.string().optional(), expiresAt: Timestamp }).openapi('LivenessChallenge'),
  ])
  .openapi('OwnershipChallenge');

export const OwnershipVerifyRequest = z
  .object({
    signature: z.string().min(1).max(1024),
    signatureScheme: z.enum(['bip137', 'electrum']).optional(),
  })
  .openapi('OwnershipVerifyRequest');

export interface ExternalAccount {
  id: string;
  customerId?: string;
  status: z.infer<typeof ExternalAccountStatus>;
  platformAccountId?: string;
  ownershipType?: z.infer<typeof OwnershipType>;
  currency: string;
  defaultUmaDepositAccount: boolean;
  beneficiaryVerificationStatus?: z.infer<typeof BeneficiaryVerificationStatus>;
  beneficiaryVerifiedData?: { fullName?: string };
  accountInfo: AccountInfo;
  createdAt: string;
  updatedAt: string;
}

export type OwnershipChallenge = z.infer<typeof OwnershipChallenge>;
export type CustomerExternalAccountCreate = z.infer<typeof CustomerExternalAccountCreate>;
export type ExternalAccountStatus = z.infer<typeof ExternalAccountStatus>;
