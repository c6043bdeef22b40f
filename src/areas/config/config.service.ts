/**
 * Platform configuration: the tenant's global settings, including the
 * sandbox switches that change outcome rules.
 */
import type { IdGenerator } from '../../core/ids.js';
import { currencyInfo } from '../../core/money.js';
import { invalidInput, type FieldError } from '../../core/errors.js';
import { withoutUndefined } from '../../core/objects.js';
import { SANDBOX_UMA_DOMAINS } from '../../rules/index.js';

export { SANDBOX_UMA_DOMAINS };
import type { Tenant } from '../../store/tenant.js';
import { ensurePlatformAccounts } from '../internal-accounts/internal-accounts.service.js';
import type { PlatformConfig, PlatformConfigUpdate, PlatformCurrencyConfig, SingleTransactionMaximum } from './config.schemas.js';

/** The UMA domain sandbox customers get addresses on unless the platform sets its own. */
export const SANDBOX_UMA_DOMAIN = SANDBOX_UMA_DOMAINS[0]!;

const DEFAULT_CURRENCIES = ['USD', 'EUR', 'MXN', 'BRL', 'GBP', 'USDC', 'BTC'];

/** The European Economic Area: where contact verification and Strong Customer Authentication apply unless the platform says otherwise. */
export const EEA_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'IS', 'LI', 'NO',
];

function currencyConfig(code: string): PlatformCurrencyConfig {
  // Only the default currencies, every one in the currency table.
  const decimals = currencyInfo(code)!.decimals;
  return {
    currencyCode: code,
    minAmount: 1,
    // One billion units of the currency, in minor units, capped to stay exact in JSON numbers.
    maxAmount: Math.min(1_000_000_000 * 10 ** decimals, 100_000_000_000_000),
    requiredCounterpartyFields: [],
    enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
  };
}

export function defaultConfig(ids: IdGenerator, nowIso: string): PlatformConfig {
  return {
    id: ids('PlatformConfig'),
    umaDomain: SANDBOX_UMA_DOMAIN,
    supportedCurrencies: DEFAULT_CURRENCIES.map(currencyConfig),
    singleTransactionMaximums: [],
    isRegulatedFinancialInstitution: false,
    skipVerificationPaperwork: false,
    invitationsEnabled: true,
    createdAt: nowIso,
    updatedAt: nowIso,
  };
}

/** The configuration as GET /config shows it: sandbox settings a tenant never set appear with their defaults. */
export function getConfig(tenant: Tenant): PlatformConfig {
  return {
    ...tenant.config,
    contactVerificationRegions: contactVerificationRegions(tenant),
    scaRegions: scaRegions(tenant),
    requireEndUserTermsConsent: tenant.config.requireEndUserTermsConsent ?? false,
  };
}

/** Regions whose customers verify their e-mail and phone before KYC. */
export function contactVerificationRegions(tenant: Tenant): string[] {
  return [...(tenant.config.contactVerificationRegions ?? EEA_COUNTRIES)];
}

/** Regions whose customers are under Strong Customer Authentication. */
export function scaRegions(tenant: Tenant): string[] {
  return [...(tenant.config.scaRegions ?? EEA_COUNTRIES)];
}

/** Whether customer-scoped money movement needs recorded End User Terms consent (an opt-in; regulated platforms never do). */
export function endUserTermsEnforced(tenant: Tenant): boolean {
  return (tenant.config.requireEndUserTermsConsent ?? false) && !tenant.config.isRegulatedFinancialInstitution;
}

export function supportedCurrencyCodes(tenant: Tenant): string[] {
  return tenant.config.supportedCurrencies.map((c) => c.currencyCode);
}

/** Counterparty requirements (e.g. a travel rule) apply when any supported currency asks for counterparty fields. */
export function hasCounterpartyRequirements(tenant: Tenant): boolean {
  return tenant.config.supportedCurrencies.some((c) => c.requiredCounterpartyFields.length > 0);
}

function checkMaximums(list: SingleTransactionMaximum[], errors: FieldError[]): void {
  const seen = new Set<string>();
  list.forEach((m, i) => {
    for (const side of ['sourceCurrency', 'destinationCurrency'] as const) {
      const code = m[side];
      if (code !== undefined && !currencyInfo(code)) errors.push({ field: `singleTransactionMaximums.${i}.${side}`, message: 'Not a currency the sandbox supports' });
    }
    const corridor = `${m.sourceCurrency ?? '*'}>${m.destinationCurrency}`;
    if (seen.has(corridor)) errors.push({ field: `singleTransactionMaximums.${i}`, message: 'This corridor is listed twice' });
    seen.add(corridor);
  });
}

function checkCurrencies(list: PlatformCurrencyConfig[], errors: FieldError[]): void {
  const seen = new Set<string>();
  list.forEach((c, i) => {
    if (!currencyInfo(c.currencyCode)) errors.push({ field: `supportedCurrencies.${i}.currencyCode`, message: 'Not a currency the sandbox supports' });
    if (seen.has(c.currencyCode)) errors.push({ field: `supportedCurrencies.${i}.currencyCode`, message: 'Listed twice' });
    seen.add(c.currencyCode);
    if (c.minAmount > c.maxAmount) errors.push({ field: `supportedCurrencies.${i}.minAmount`, message: 'Must not exceed maxAmount' });
  });
}

/** The single-transaction maximum of a transfer, most specific corridor first, in minor units of the destination currency. */
export function singleTransactionMaximum(tenant: Tenant, sourceCurrency: string, destinationCurrency: string): number | undefined {
  const list = tenant.config.singleTransactionMaximums;
  return (
    list.find((m) => m.sourceCurrency === sourceCurrency && m.destinationCurrency === destinationCurrency) ??
    list.find((m) => m.sourceCurrency === undefined && m.destinationCurrency === destinationCurrency)
  )?.maxAmount;
}

export function updateConfig(tenant: Tenant, patch: PlatformConfigUpdate): PlatformConfig {
  const errors: FieldError[] = [];
  if (patch.supportedCurrencies) checkCurrencies(patch.supportedCurrencies, errors);
  if (patch.singleTransactionMaximums) checkMaximums(patch.singleTransactionMaximums, errors);
  if (errors.length > 0) throw invalidInput(errors);
  // A new object, assigned whole: the store notices a document only when it is assigned.
  const config = { ...tenant.config };
  if (patch.umaDomain !== undefined) config.umaDomain = patch.umaDomain;
  if (patch.webhookEndpoint !== undefined) config.webhookEndpoint = patch.webhookEndpoint;
  if (patch.supportedCurrencies !== undefined) config.supportedCurrencies = patch.supportedCurrencies;
  if (patch.singleTransactionMaximums !== undefined) config.singleTransactionMaximums = patch.singleTransactionMaximums.map((m) => ({ ...m }));
  if (patch.isRegulatedFinancialInstitution !== undefined) config.isRegulatedFinancialInstitution = patch.isRegulatedFinancialInstitution;
  if (patch.skipVerificationPaperwork !== undefined) config.skipVerificationPaperwork = patch.skipVerificationPaperwork;
  if (patch.invitationsEnabled !== undefined) config.invitationsEnabled = patch.invitationsEnabled;
  if (patch.contactVerificationRegions !== undefined) config.contactVerificationRegions = [...new Set(patch.contactVerificationRegions)];
  if (patch.scaRegions !== undefined) config.scaRegions = [...new Set(patch.scaRegions)];
  if (patch.requireEndUserTermsConsent !== undefined) config.requireEndUserTermsConsent = patch.requireEndUserTermsConsent;
  if (patch.embeddedWalletConfig === null) delete config.embeddedWalletConfig;
  else if (patch.embeddedWalletConfig !== undefined) config.embeddedWalletConfig = { ...config.embeddedWalletConfig, ...withoutUndefined(patch.embeddedWalletConfig) };
  config.updatedAt = tenant.clock.nowIso();
  tenant.config = config;
  ensurePlatformAccounts(tenant);
  return getConfig(tenant);
}
