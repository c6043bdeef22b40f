/**
 * Every external-account type: its currencies, the payment rails it reports,
 * its currency-specific fields and which of them identify the account (the
 * first present one is the primary identifier, whose suffix drives the
 * sandbox outcome tables). The zod schemas are built from this table.
 */

export interface FieldRule {
  required?: true;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  enum?: readonly string[];
}

export type AccountFamily = 'BANK' | 'WALLET' | 'LIGHTNING';

export interface AccountTypeSpec {
  family: AccountFamily;
  /** Currencies an account of this type may hold. */
  currencies: readonly string[];
  /** `paymentRails` reported on read. */
  rails: readonly string[];
  fields: Readonly<Record<string, FieldRule>>;
  /** Candidate identifier fields, in priority order; at least one must be present. */
  identifiers: readonly string[];
  beneficiary: 'REQUIRED' | 'OPTIONAL' | 'NONE';
  /** Individual-beneficiary fields this type requires besides fullName. */
  individualRequired: readonly string[];
  individualExtra?: Readonly<Record<string, FieldRule>>;
}

const SWIFT_CODE = '^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$';
const EVM_ADDRESS: FieldRule = { required: true, pattern: '^0x[0-9a-fA-F]{40}$' };
const SOLANA_ADDRESS: FieldRule = { required: true, pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' };
const TRON_ADDRESS: FieldRule = { required: true, pattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$' };
const SPARK_ADDRESS: FieldRule = { required: true, minLength: 10, maxLength: 200 };

/** Fiat currencies a SWIFT account may hold. */
const FIAT_CODES = [
  'AED', 'BDT', 'BRL', 'BWP', 'CAD', 'CNY', 'COP', 'DKK', 'EGP', 'EUR', 'GBP', 'GHS', 'GTQ', 'HKD', 'HTG', 'IDR', 'ILS', 'INR', 'JMD', 'KES',
  'MWK', 'MXN', 'MYR', 'NGN', 'PHP', 'PKR', 'RWF', 'SGD', 'THB', 'TRY', 'TZS', 'UGX', 'USD', 'VND', 'XAF', 'XOF', 'ZAR', 'ZMW',
] as const;

function bank(spec: Omit<AccountTypeSpec, 'family' | 'beneficiary'>): AccountTypeSpec {
  return { family: 'BANK', beneficiary: 'REQUIRED', ...spec };
}

function wallet(currencies: readonly string[], address: FieldRule): AccountTypeSpec {
  return {
    family: 'WALLET',
    currencies,
    rails: [],
    fields: { address, vaspName: { minLength: 1, maxLength: 255 } },
    identifiers: ['address'],
    beneficiary: 'OPTIONAL',
    individualRequired: ['countryOfResidence'],
  };
}

const LIGHTNING: AccountTypeSpec = {
  family: 'LIGHTNING',
  currencies: ['BTC'],
  rails: [],
  fields: {
    invoice: { minLength: 10, maxLength: 2000 },
    bolt12: { minLength: 10, maxLength: 2000 },
    lightningAddress: { pattern: '^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$', maxLength: 255 },
  },
  identifiers: ['lightningAddress', 'bolt12', 'invoice'],
  beneficiary: 'NONE',
  individualRequired: [],
};

export const ACCOUNT_TYPES = {
  AED_ACCOUNT: bank({ currencies: ['AED'], rails: ['BANK_TRANSFER'], identifiers: ['iban'], individualRequired: ['address'], fields: { iban: { required: true, pattern: '^AE[0-9]{21}$', minLength: 23, maxLength: 23 }, swiftCode: { pattern: SWIFT_CODE, minLength: 8, maxLength: 11 } } }),
  BDT_ACCOUNT: bank({ currencies: ['BDT'], rails: ['BANK_TRANSFER', 'MOBILE_MONEY'], identifiers: ['accountNumber', 'phoneNumber'], individualRequired: [], fields: { accountNumber: { minLength: 1, maxLength: 34 }, bankName: { required: true, minLength: 1, maxLength: 255 }, branchCode: { pattern: '^[0-9]{5}$', minLength: 5, maxLength: 5 }, swiftCode: { pattern: SWIFT_CODE, minLength: 8, maxLength: 11 }, phoneNumber: { pattern: '^\\+[0-9]{6,14}$', minLength: 7, maxLength: 15 } } }),
  BRL_ACCOUNT: bank({ currencies: ['BRL'], rails: ['PIX'], identifiers: ['pixKey'], individualRequired: [], fields: { pixKey: { required: true, minLength: 1, maxLength: 77 }, pixKeyType: { required: true, enum: ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'RANDOM'] }, taxId: { required: true, pattern: '^[0-9]{11,14}$', minLength: 11, maxLength: 14 } } }),
  BWP_ACCOUNT: bank({ currencies: ['BWP'], rails: ['MOBILE_MONEY'], identifiers: ['phoneNumber'], individualRequired: [], fields: { phoneNumber: { required: true, pattern: '^\\+[0-9]{6,14}$', minLength: 7, maxLength: 15 }, provider: { required: true, minLength: 1, maxLength: 255 } } }),
  CAD_ACCOUNT: bank({ currencies: ['CAD'], rails: ['BANK_TRANSFER'], identifiers: ['accountNumber'], individualRequired: [], fields: { bankCode: { required: true, pattern: '^[0-9]{3}$', minLength: 3, maxLength: 3 }, branchCode: { required: true, pattern: '^[0-9]{5}$', minLength: 5, maxLength: 5 }, accountNumber: { required: true, pattern: '^[0-9]{7,12}$', minLength: 7, maxLength: 12 } } }),
  CNY_ACCOUNT: bank({ currencies: ['CNY'], rails: ['BANK_TRANSFER', 'MOBILE_MONEY'], identifiers: ['accountNumber', 'phoneNumber'], individualRequired: [], fields: { accountNumber: { minLength: 1, maxLength: 34 }, bankName: { required: true, minLength: 1, maxLength: 255 }, phoneNumber: { pattern: '^\\+[0-9]{6,14}$', minLength: 7, maxLength: 15 } } }),
  COP_ACCOUNT: bank({ currencies: ['COP'], rails: ['BANK_TRANSFER', 'MOBILE_MONEY'], identifiers: ['accountNumber', 'phoneNumber'], individualRequired: [], individualExtra: { documentType: { enum: ['CC', 'CE', 'TI', 'NIT', 'PP'] }, documentNumber: { minLength: 1, maxLength: 50 } }, fields: { accountNumber: { minLength: 1, maxLength: 34 }, bankAccountType: { enum: ['CHECKING', 'SAVINGS'] }, bankName: { required: true, minLength: 1, maxLength: 255 }, phoneNumber: { pattern: '^\\+[0-9]{6,14}$', minLength: 7, maxLength: 15 } } }),
  DKK_ACCOUNT: bank({ currencies: ['DKK'], rails: ['SEPA', 'SEPA_INSTANT'], identifiers: ['iban'], individualRequired: [], fields: { iban: { required: true, pattern: '^DK[0-9]{16}$', minLength: 18, maxLength: 18 }, swiftCode: { pattern: SWIFT_CODE, minLength: 8, maxLength: 11 } } }),
  EGP_ACCOUNT: bank({ currencies: ['EGP'], rails: ['BANK_TRANSFER', 'MOBILE_MONEY'], identifiers: ['iban', 'phoneNumber'], individualRequired: [], fields: { iban: { pattern: '^EG[0-9]{27}$', minLength: 29, maxLength: 29 }, bankName: { required: true, minLength: 1, maxLength: 255 }, phoneNumber: { pattern: '^\\+[0-9]{6,14}$', minLength: 7, maxLength: 15 } } }),
  EUR_ACCOUNT: bank({ currencies: ['EUR'], rails: ['SEPA', 'SEPA_INSTANT'], identifiers: ['iban'], individualRequired: ['countryOfResidence'], fields: { iban: { required: true, pattern: '^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$', minLength: 15, maxLength: 34 }, swiftCode: { pattern: SWIFT_CODE, minLength: 8, maxLength: 11 } } }),
  GBP_ACCOUNT: bank({ currencies: ['GBP'], rails: ['FASTER_PAYMENTS'], identifiers: ['accountNumber'], individualRequired: [], fields: { sortCode: { required: true, pattern: '^[0-9]{6}$', minLength: 6, maxLength: 6 }, accountNumber: { required: true, pattern: '^[0-9]{8}$', minLength: 8, maxLength: 8 } } }),
  GHS_ACCOUNT: bank({ currencies: ['GHS'], rails: ['BANK_TRANSFER', 'MOBILE_MONEY'], identifiers: ['accountNumber', 'phoneNumber'], individualRequired: [], fields: { accountNumber: { minLength: 1, maxLength: 34 }, bankName: { required: true, minLength: 1, maxLength: 255 }, phoneNumber: { pattern: '^\\+[0-9]{6,14}$', minLength: 7, maxLength: 15 } } }),
  GTQ_ACCOUNT: bank({ currencies: ['GTQ'], rails: ['BANK_TRANSFER'], identifiers: ['accountNumber'], individualRequired: ['countryOfResidence', 'phoneNumber'], fields: { accountNumber: { required: true, minLength: 1, maxLength: 34 }, bankAccountType: { required: true, enum: ['CHECKING', 'SAVINGS'] }, bankName: { required: true, minLength: 1, maxLength: 255 } } }),
  HKD_ACCOUNT: bank({ currencies: ['HKD'], rails: ['BANK_TRANSFER'], identifiers: ['accountNumber'], individualRequired: [], fields: { bankName: { required: true, minLength: 1, maxLength: 255 }, accountNumber: { required: true, minLength: 1, maxLength: 34 }, swiftCode: { required: true, pattern: SWIFT_CODE, minLength: 8, maxLength: 11 } } }),
  HTG_ACCOUNT: bank({ currencies: ['HTG'], rails: ['MOBILE_MONEY'], identifiers: ['phoneNumber'], individualRequired: [], fields: { phoneNumber: { required: true, pattern: '^\\+[0-9]{6,14}$', minLength: 7, maxLength: 15 } } }),
  IDR_ACCOUNT: bank({ currencies: ['IDR'], rails: ['BANK_TRANSFER'], identifiers: ['accountNumber'], individualRequired: [], fields: { bankName: { required: true, minLength: 1, maxLength: 255 }, accountNumber: { required: true, minLength: 1, maxLength: 34 }, swiftCode: { required: true, pattern: SWIFT_CODE, minLength: 8, maxLength: 11 }, phoneNumber: { required: true, pattern: '^\\+62[0-9]{9,12}$', minLength: 7, maxLength: 15 } } }),
  INR_ACCOUNT: bank({ currencies: ['INR'], rails: ['UPI', 'NEFT', 'RTGS'], identifiers: ['accountNumber', 'vpa'], individualRequired: [], fields: { vpa: { pattern: '^[a-zA-Z0-9.\\-_]+@[a-zA-Z0-9]+$', minLength: 3, maxLength: 255 }, accountNumber: { pattern: '^[0-9]{9,18}$', minLength: 9, maxLength: 18 }, ifsc: { pattern: '^[A-Z]{4}0[A-Z0-9]{6}$', minLength: 11, maxLength: 11 }, rail: { minLength: 1, maxLength: 32 }, bankName: { minLength: 1, maxLength: 255 } } }),
  JMD_ACCOUNT: bank({ currencies: ['JMD'], rails: ['BANK_TRANSFER'], identifiers: ['accountNumber'], individualRequired: ['address', 'phoneNumber'], fields: { accountNumber: { required: true, minLength: 1, maxLength: 34 }, branchCode: { required: true, pattern: '^[0-9]{5}$', minLength: 5, maxLength: 5 }, bankAccountType: { required: true, enum: ['CHECKING', 'SAVINGS'] }, bankName: { required: true, minLength: 1, maxLength: 255 } } }),
  KES_ACCOUNT: bank({ currencies: ['KES'], rails: ['MOBILE_MONEY'], identifiers: ['phoneNumber'], individualRequired: [], fields: { phoneNumber: { required: true, pattern: '^\\+254[0-9]{9}$', minLength: 7, maxLength: 15 }, provider: { required: true, minLength: 1, maxLength: 255 } } }),
  MWK_ACCOUNT: bank({ currencies: ['MWK'], rails: ['MOBILE_MONEY'], identifiers: ['phoneNumber'], individualRequired: [], fields: { phoneNumber: { required: true, pattern: '^\\+[0-9]{6,14}$', minLength: 7, maxLength: 15 }, provider: { required: true, minLength: 1, maxLength: 255 } } }),
  MXN_ACCOUNT: bank({ currencies: ['MXN'], rails: ['SPEI'], identifiers: ['clabeNumber'], individualRequired: [], fields: { clabeNumber: { required: true, pattern: '^[0-9]{18}$', minLength: 18, maxLength: 18 } } }),
  MYR_ACCOUNT: bank({ currencies: ['MYR'], rails: ['BANK_TRANSFER'], identifiers: ['accountNumber'], individualRequired: [], fields: { bankName: { required: true, minLength: 1, maxLength: 255 }, accountNumber: { required: true, minLength: 1, maxLength: 34 }, swiftCode: { required: true, pattern: SWIFT_CODE, minLength: 8, maxLength: 11 } } }),
  NGN_ACCOUNT: bank({ currencies: ['NGN'], rails: ['BANK_TRANSFER'], identifiers: ['accountNumber'], individualRequired: [], fields: { accountNumber: { required: true, pattern: '^[0-9]{10}$', minLength: 10, maxLength: 10 }, bankName: { required: true, minLength: 1, maxLength: 255 } } }),
  PHP_ACCOUNT: bank({ currencies: ['PHP'], rails: ['BANK_TRANSFER'], identifiers: ['accountNumber'], individualRequired: [], fields: { bankName: { required: true, minLength: 1, maxLength: 255 }, accountNumber: { required: true, pattern: '^[0-9]{8,16}$', minLength: 8, maxLength: 16 } } }),
  PKR_ACCOUNT: bank({ currencies: ['PKR'], rails: ['BANK_TRANSFER', 'MOBILE_MONEY'], identifiers: ['iban', 'accountNumber', 'phoneNumber'], individualRequired: [], fields: { bankName: { required: true, minLength: 1, maxLength: 255 }, accountNumber: { minLength: 1, maxLength: 34 }, iban: { pattern: '^PK[0-9]{2}[A-Z]{4}[0-9]{16}$', minLength: 24, maxLength: 24 }, phoneNumber: { pattern: '^\\+[0-9]{6,14}$', minLength: 7, maxLength: 15 } } }),
  RWF_ACCOUNT: bank({ currencies: ['RWF'], rails: ['MOBILE_MONEY'], identifiers: ['phoneNumber'], individualRequired: [], fields: { phoneNumber: { required: true, pattern: '^\\+250[0-9]{9}$', minLength: 7, maxLength: 15 }, provider: { required: true, minLength: 1, maxLength: 255 } } }),
  SGD_ACCOUNT: bank({ currencies: ['SGD'], rails: ['PAYNOW', 'FAST', 'BANK_TRANSFER'], identifiers: ['accountNumber'], individualRequired: [], fields: { bankName: { minLength: 1, maxLength: 255 }, accountNumber: { required: true, minLength: 1, maxLength: 34 }, swiftCode: { required: true, pattern: SWIFT_CODE, minLength: 8, maxLength: 11 } } }),
  SLV_ACCOUNT: bank({ currencies: ['USD'], rails: ['BANK_TRANSFER', 'MOBILE_MONEY'], identifiers: ['accountNumber', 'phoneNumber'], individualRequired: [], fields: { bankName: { minLength: 1, maxLength: 255 }, accountNumber: { minLength: 1, maxLength: 34 }, bankAccountType: { enum: ['CHECKING', 'SAVINGS'] }, phoneNumber: { pattern: '^\\+[0-9]{6,14}$', minLength: 7, maxLength: 15 } } }),
  THB_ACCOUNT: bank({ currencies: ['THB'], rails: ['BANK_TRANSFER'], identifiers: ['accountNumber'], individualRequired: [], fields: { bankName: { required: true, minLength: 1, maxLength: 255 }, accountNumber: { required: true, minLength: 1, maxLength: 34 }, swiftCode: { required: true, pattern: SWIFT_CODE, minLength: 8, maxLength: 11 } } }),
  TZS_ACCOUNT: bank({ currencies: ['TZS'], rails: ['MOBILE_MONEY'], identifiers: ['phoneNumber'], individualRequired: [], fields: { phoneNumber: { required: true, pattern: '^\\+255[0-9]{9}$', minLength: 7, maxLength: 15 }, provider: { required: true, minLength: 1, maxLength: 255 } } }),
  UGX_ACCOUNT: bank({ currencies: ['UGX'], rails: ['MOBILE_MONEY'], identifiers: ['phoneNumber'], individualRequired: [], fields: { phoneNumber: { required: true, pattern: '^\\+[0-9]{6,14}$', minLength: 7, maxLength: 15 }, provider: { required: true, minLength: 1, maxLength: 255 } } }),
  USD_ACCOUNT: bank({ currencies: ['USD'], rails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'], identifiers: ['accountNumber'], individualRequired: [], fields: { accountNumber: { required: true, minLength: 1, maxLength: 34 }, routingNumber: { required: true, pattern: '^[0-9]{9}$', minLength: 9, maxLength: 9 }, bankName: { minLength: 1, maxLength: 140 }, bankAccountType: { enum: ['CHECKING', 'SAVINGS'] }, intermediaryBankName: { minLength: 1, maxLength: 140 }, intermediaryRoutingNumber: { pattern: '^[0-9]{9}$', minLength: 9, maxLength: 9 }, fiToFiInformation: { maxLength: 210 } } }),
  VND_ACCOUNT: bank({ currencies: ['VND'], rails: ['BANK_TRANSFER'], identifiers: ['accountNumber'], individualRequired: [], fields: { bankName: { required: true, minLength: 1, maxLength: 255 }, accountNumber: { required: true, minLength: 1, maxLength: 34 }, swiftCode: { required: true, pattern: SWIFT_CODE, minLength: 8, maxLength: 11 } } }),
  XAF_ACCOUNT: bank({ currencies: ['XAF'], rails: ['MOBILE_MONEY'], identifiers: ['phoneNumber'], individualRequired: [], fields: { phoneNumber: { required: true, pattern: '^\\+[0-9]{6,14}$', minLength: 7, maxLength: 15 }, provider: { required: true, minLength: 1, maxLength: 255 }, region: { required: true, pattern: '^[A-Z]{2}$', minLength: 2, maxLength: 2, enum: ['CM', 'CG'] } } }),
  XOF_ACCOUNT: bank({ currencies: ['XOF'], rails: ['MOBILE_MONEY'], identifiers: ['phoneNumber'], individualRequired: [], fields: { phoneNumber: { required: true, pattern: '^\\+[0-9]{6,14}$', minLength: 7, maxLength: 15 }, provider: { required: true, minLength: 1, maxLength: 255 }, region: { required: true, pattern: '^[A-Z]{2}$', minLength: 2, maxLength: 2, enum: ['BJ', 'CI', 'SN', 'TG'] } } }),
  ZAR_ACCOUNT: bank({ currencies: ['ZAR'], rails: ['BANK_TRANSFER'], identifiers: ['accountNumber'], individualRequired: [], fields: { accountNumber: { required: true, pattern: '^[0-9]{9,13}$', minLength: 9, maxLength: 13 }, bankName: { required: true, minLength: 1, maxLength: 255 } } }),
  ZMW_ACCOUNT: bank({ currencies: ['ZMW'], rails: ['MOBILE_MONEY'], identifiers: ['phoneNumber'], individualRequired: [], fields: { phoneNumber: { required: true, pattern: '^\\+260[0-9]{9}$', minLength: 7, maxLength: 15 }, provider: { required: true, minLength: 1, maxLength: 255 } } }),
  SWIFT_ACCOUNT: bank({ currencies: FIAT_CODES, rails: ['SWIFT'], identifiers: ['iban', 'accountNumber'], individualRequired: [], fields: { country: { required: true, pattern: '^[A-Z]{2}$', minLength: 2, maxLength: 2 }, swiftCode: { required: true, pattern: SWIFT_CODE, minLength: 8, maxLength: 11 }, bankName: { required: true, minLength: 1, maxLength: 255 }, accountNumber: { minLength: 1, maxLength: 34 }, iban: { pattern: '^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$', minLength: 15, maxLength: 34 } } }),
  ILS_ACCOUNT: bank({ currencies: ['ILS'], rails: ['BANK_TRANSFER'], identifiers: ['iban'], individualRequired: [], fields: { iban: { required: true, pattern: '^IL[0-9]{21}$', minLength: 23, maxLength: 23 }, swiftCode: { pattern: SWIFT_CODE, minLength: 8, maxLength: 11 }, bankName: { minLength: 1, maxLength: 255 } } }),
  TRY_ACCOUNT: bank({ currencies: ['TRY'], rails: ['BANK_TRANSFER'], identifiers: ['iban'], individualRequired: [], fields: { iban: { required: true, pattern: '^TR[0-9]{24}$', minLength: 26, maxLength: 26 }, swiftCode: { pattern: SWIFT_CODE, minLength: 8, maxLength: 11 }, bankName: { minLength: 1, maxLength: 255 } } }),

  BASE_WALLET: wallet(['USDC', 'ETH'], EVM_ADDRESS),
  ETHEREUM_WALLET: wallet(['USDC', 'USDT', 'ETH'], EVM_ADDRESS),
  POLYGON_WALLET: wallet(['USDC', 'USDT', 'POL'], EVM_ADDRESS),
  PLASMA_WALLET: wallet(['USDT'], EVM_ADDRESS),
  ARBITRUM_WALLET: wallet(['USDC', 'USDT', 'ETH'], EVM_ADDRESS),
  SOLANA_WALLET: wallet(['USDC', 'USDT', 'SOL'], SOLANA_ADDRESS),
  SPARK_WALLET: wallet(['BTC', 'USDB'], SPARK_ADDRESS),
  TRON_WALLET: wallet(['USDT', 'TRX'], TRON_ADDRESS),
  LIGHTNING,
  /** Another spelling of LIGHTNING: same variant, echoed back as sent. */
  LIGHTNING_ACCOUNT: LIGHTNING,
} as const satisfies Record<string, AccountTypeSpec>;

export type AccountType = keyof typeof ACCOUNT_TYPES;

export const ACCOUNT_TYPE_NAMES = Object.keys(ACCOUNT_TYPES) as AccountType[];

/** Older names of account types that the service's guides still write, and the type each is now. */
export const RENAMED_ACCOUNT_TYPES: Readonly<Record<string, AccountType>> = { CLABE: 'MXN_ACCOUNT', US_ACCOUNT: 'USD_ACCOUNT' };

export function accountTypeSpec(type: string): AccountTypeSpec | undefined {
  return Object.prototype.hasOwnProperty.call(ACCOUNT_TYPES, type) ? (ACCOUNT_TYPES as Record<string, AccountTypeSpec>)[type] : undefined;
}

/** Wallets held by the customer themselves (no VASP) are self-custody. */
export function isSelfCustodyWallet(spec: AccountTypeSpec, accountInfo: Readonly<Record<string, unknown>>): boolean {
  return spec.family === 'WALLET' && accountInfo.vaspName === undefined;
}

/** The primary identifier: the first identifier field present in accountInfo, and its value. */
export function primaryIdentifier(spec: AccountTypeSpec, accountInfo: Readonly<Record<string, unknown>>): { field: string; value: string } | undefined {
  for (const field of spec.identifiers) {
    const value = accountInfo[field];
    if (typeof value === 'string' && value.length > 0) return { field, value };
  }
  return undefined;
}

/** Why `currency` cannot be held by an account of `accountType`, or undefined when it can. */
export function currencyMismatch(accountType: string, currency: string): string | undefined {
  const spec = accountTypeSpec(accountType);
  if (!spec || spec.currencies.includes(currency)) return undefined;
  return `${accountType} accounts hold ${spec.currencies.join(', ')}`;
}

/** The identifier of an account whose suffix the rule tables read (account number, IBAN, address, ...); empty when it has none. */
export function identifierOf(account: { accountInfo: Readonly<Record<string, unknown>> & { accountType: string } }): string {
  const spec = accountTypeSpec(account.accountInfo.accountType);
  return (spec && primaryIdentifier(spec, account.accountInfo)?.value) ?? '';
}
