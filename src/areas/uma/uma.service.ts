/**
 * UMA: receivers on the sandbox UMA domain (the rule table's $success.usd@
 * and friends), the tenant's own customers by their UMA address, receiver
 * lookups before quoting, and simulated incoming UMA payments.
 */
import { apiError, notFound } from '../../core/errors.js';
import { currencyInfo, currencyOf } from '../../core/money.js';
import { ruleFor, SANDBOX_UMA_DOMAINS, type UmaReceiverOutcome } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';
import { requireLiveCustomer } from '../customers/customers.service.js';
import type { Customer } from '../customers/customers.schemas.js';
import { rateAt, receivingFor } from '../exchange-rates/rates.js';
import { customerAccounts, primaryAccountOf } from '../internal-accounts/internal-accounts.service.js';
import { planIncomingUma } from '../payments/plans.js';
import { identifierOf } from '../external-accounts/account-types.js';
import { approvalModeFor, holdForApproval } from './incoming-approval.service.js';
import { startPayment } from '../payments/settlement.service.js';
import type { Transaction } from '../transactions/transactions.schemas.js';
import type { SandboxUmaReceiveRequest, SupportedCurrency } from './uma.schemas.js';

const ADDRESS = /^\$([A-Za-z0-9._-]{1,64})@([A-Za-z0-9.-]+(:[0-9]{1,5})?)$/;

export type UmaReceiver =
  | { kind: 'SANDBOX'; currency: string; outcome: UmaReceiverOutcome; description: string }
  | { kind: 'CUSTOMER'; customerId: string; accountId: string; currency: string };

function domainOf(address: string): string {
  const match = ADDRESS.exec(address);
  if (!match) throw apiError('INVALID_UMA_ADDRESS', `${address} is not a UMA address ($user@domain)`, { umaAddress: address });
  return match[2]!.toLowerCase();
}

/** The platform's UMA domain and the sandbox receivers' (a domain is compared in lower case). */
function sandboxDomains(tenant: Tenant): string[] {
  return [...new Set([tenant.config.umaDomain.toLowerCase(), ...SANDBOX_UMA_DOMAINS])];
}

/** Where a customer's incoming UMA money goes: its default UMA deposit account, else an internal account in the currency. */
function depositAccountOf(tenant: Tenant, customer: Customer, currency: string | undefined): { accountId: string; currency: string } {
  const external = tenant.externalAccounts.byIndex('customer', customer.id).find((a) => a.defaultUmaDepositAccount);
  if (external && (currency === undefined || external.currency === currency)) return { accountId: external.id, currency: external.currency };
  const internal = currency !== undefined ? customerAccounts(tenant, customer.id).find((a) => a.currency === currency && a.status === 'ACTIVE') : primaryAccountOf(tenant, customer.id);
  if (!internal) throw apiError('INVALID_CURRENCY', `${customer.umaAddress} cannot receive ${currency ?? 'money'}`, { currency });
  return { accountId: internal.id, currency: internal.currency };
}

/**
 * Who is behind a UMA address, in which currency. Nobody at an address of
 * the sandbox's own domains: 404 UMA_NOT_FOUND; elsewhere there is no
 * counterparty to ask: 400 LOOKUP_REQUEST_FAILED.
 */
export function resolveUmaReceiver(tenant: Tenant, address: string, currency?: string): UmaReceiver {
  const domain = domainOf(address);
  const rule = ruleFor('umaReceiver', address, tenant.coverage);
  if (rule.outcome.result !== 'UNKNOWN_RECEIVER' && sandboxDomains(tenant).includes(domain)) {
    const own = rule.outcome.currency!;
    if (currency !== undefined && currency !== own) throw apiError('INVALID_CURRENCY', `${address} receives ${own}`, { supported: [own] });
    return { kind: 'SANDBOX', currency: own, outcome: rule.outcome, description: rule.description };
  }
  const customer = tenant.customers.findOne('umaAddress', address.toLowerCase());
  if (!customer || customer.isDeleted) {
    if (sandboxDomains(tenant).includes(domain)) throw apiError('UMA_NOT_FOUND', `No receiver exists at ${address}`, { umaAddress: address });
    throw apiError('LOOKUP_REQUEST_FAILED', `No UMA receiver answers at ${address}: the sandbox reaches only its own domains (${sandboxDomains(tenant).join(', ')})`, { umaAddress: address });
  }
  const deposit = depositAccountOf(tenant, customer, currency);
  return { kind: 'CUSTOMER', customerId: customer.id, accountId: deposit.accountId, currency: deposit.currency };
}

function supportedCurrency(tenant: Tenant, sendingCurrency: string | undefined, code: string): SupportedCurrency {
  const rate = rateAt(sendingCurrency ?? 'USD', code, tenant.clock.nowMs());
  const limits = tenant.config.supportedCurrencies.find((c) => c.currencyCode === code);
  return { currency: currencyOf(code), estimatedExchangeRate: rate?.exchangeRate ?? 1, min: limits?.minAmount ?? 1, max: limits?.maxAmount ?? 100_000_000_000 };
}

function senderCurrency(tenant: Tenant, customerId: string | undefined): string | undefined {
  return customerId !== undefined ? primaryAccountOf(tenant, requireLiveCustomer(tenant, customerId).id)?.currency : undefined;
}

/** GET /receiver/uma/{address}: what the receiver accepts, and a lookupId to quote it with. */
export function lookupUma(tenant: Tenant, address: string, query: { customerId?: string | undefined }) {
  const receiver = resolveUmaReceiver(tenant, address);
  const lookupId = tenant.ids('Lookup');
  tenant.lookups.insert({ id: lookupId, receiverUmaAddress: address, createdAt: tenant.clock.nowIso() });
  tenant.changed();
  return {
    supportedCurrencies: [supportedCurrency(tenant, senderCurrency(tenant, query.customerId), receiver.currency)],
    requiredPayerDataFields: [],
    lookupId,
    receiverUmaAddress: address,
  };
}

/** GET /receiver/external-account/{accountId}: the same for an external account. */
export function lookupExternalAccount(tenant: Tenant, accountId: string, query: { customerId?: string | undefined }) {
  const account = tenant.externalAccounts.get(accountId);
  if (!account) throw notFound('ExternalAccount', accountId);
  const lookupId = tenant.ids('Lookup');
  tenant.lookups.insert({ id: lookupId, accountId, createdAt: tenant.clock.nowIso() });
  tenant.changed();
  return { supportedCurrencies: [supportedCurrency(tenant, senderCurrency(tenant, query.customerId), account.currency)], requiredPayerDataFields: [], lookupId, accountId };
}

/**
 * POST /sandbox/uma/receive: someone pays one of the tenant's customers over
 * UMA. The money lands in the customer's default UMA deposit account, or in
 * its internal account in that currency (or its primary account, converted).
 * The sender's address picks the outcome from the UMA table. Unless it
 * fails at once, the payment first needs the platform's approval: its
 * webhook endpoint's reply, or a decision within the approval window (see
 * incoming-approval.service.ts).
 */
export function receiveUma(tenant: Tenant, request: SandboxUmaReceiveRequest, options: { webhookEndpoint: boolean } = { webhookEndpoint: false }): Transaction {
  domainOf(request.senderUmaAddress);
  if (!currencyInfo(request.receivingCurrencyCode)) throw apiError('INVALID_CURRENCY', `Unknown currency ${request.receivingCurrencyCode}`, { field: 'receivingCurrencyCode' });
  let customer: Customer;
  if (request.customerId !== undefined) customer = requireLiveCustomer(tenant, request.customerId);
  else if (request.receiverUmaAddress !== undefined) {
    domainOf(request.receiverUmaAddress);
    const found = tenant.customers.findOne('umaAddress', request.receiverUmaAddress.toLowerCase());
    if (!found || found.isDeleted) throw apiError('UMA_NOT_FOUND', `No customer has the UMA address ${request.receiverUmaAddress}`, { field: 'receiverUmaAddress' });
    customer = found;
  } else {
    throw apiError('INVALID_INPUT', 'Name the receiver with receiverUmaAddress or customerId', { errors: [{ field: 'receiverUmaAddress', message: 'Required unless customerId is given' }] });
  }
  const external = tenant.externalAccounts.byIndex('customer', customer.id).find((a) => a.defaultUmaDepositAccount);
  const internal = customerAccounts(tenant, customer.id).find((a) => a.currency === request.receivingCurrencyCode && a.status === 'ACTIVE') ?? primaryAccountOf(tenant, customer.id);
  const target = external ? { accountId: external.id, currency: external.currency } : internal ? { accountId: internal.id, currency: internal.currency } : undefined;
  if (!target) throw apiError('INVALID_CURRENCY', `${customer.id} has no account that can receive ${request.receivingCurrencyCode}`);
  const rate = rateAt(request.receivingCurrencyCode, target.currency, tenant.clock.nowMs());
  if (!rate) throw apiError('QUOTE_RATE_UNAVAILABLE', `No ${request.receivingCurrencyCode} to ${target.currency} rate`);
  const credited = target.currency === request.receivingCurrencyCode ? request.receivingCurrencyAmount : receivingFor(rate, request.receivingCurrencyAmount);
  if (credited <= 0) {
    throw apiError('INVALID_AMOUNT', `${request.receivingCurrencyAmount} ${request.receivingCurrencyCode} is worth less than one minor unit of ${target.currency}`, { field: 'receivingCurrencyAmount' });
  }
  const plan = planIncomingUma(request.senderUmaAddress, tenant.coverage, external ? identifierOf(external) : undefined);
  const approval = approvalModeFor(request.senderUmaAddress, options.webhookEndpoint, plan, tenant.coverage);
  const transaction = startPayment(
    tenant,
    {
      type: 'INCOMING',
      source: { sourceType: 'UMA_ADDRESS', umaAddress: request.senderUmaAddress, currency: request.receivingCurrencyCode },
      destination: { destinationType: 'ACCOUNT', accountId: target.accountId, currency: target.currency },
      customerId: customer.id,
      sent: { amount: request.receivingCurrencyAmount, currency: request.receivingCurrencyCode },
      received: { amount: credited, currency: target.currency },
      exchangeRate: rate.exchangeRate,
    },
    { kind: 'OUTSIDE' },
    external ? { kind: 'OUTSIDE' } : { kind: 'INTERNAL', accountId: target.accountId },
    approval === undefined ? plan : {},
  );
  return approval === undefined ? transaction : holdForApproval(tenant, transaction.id, approval);
}

