/**
 * Indicative exchange rates: what a sending amount buys in each corridor
 * right now, priced by the same FX core quotes use.
 */
import { isoAt } from '../../core/clock.js';
import { apiError } from '../../core/errors.js';
import { MAX_AMOUNT, currencyOf } from '../../core/money.js';
import type { Tenant } from '../../store/tenant.js';
import { ACCOUNT_TYPES, type AccountTypeSpec } from '../external-accounts/account-types.js';
import { PAYMENT_RAILS, type ExchangeRate, type ExchangeRateList, type ExchangeRateQuery } from './exchange-rates.schemas.js';

type PaymentRail = (typeof PAYMENT_RAILS)[number];
import { RATE_CURRENCIES, canSend, hasRate, rateAt, receiveOnlyReason, receivingFor, serviceFee } from './rates.js';

/**
 * The rails money in `currency` can arrive on: the `rails` of every BANK
 * account type holding the currency, except SWIFT_ACCOUNT (it holds every
 * fiat currency, so it says nothing about the corridor), limited to the
 * public description's payment rails. A currency only wallets hold (crypto)
 * arrives on no payment rail: its corridor is listed once, without one.
 */
function railsFor(currency: string): PaymentRail[] {
  const banks = (Object.entries(ACCOUNT_TYPES) as [string, AccountTypeSpec][]).filter(([name, spec]) => spec.family === 'BANK' && name !== 'SWIFT_ACCOUNT' && spec.currencies.includes(currency));
  return [...new Set(banks.flatMap(([, spec]) => spec.rails))].filter((rail): rail is PaymentRail => (PAYMENT_RAILS as readonly string[]).includes(rail));
}

const RAILS: ReadonlyMap<string, readonly PaymentRail[]> = new Map(RATE_CURRENCIES.map((code) => [code, railsFor(code)]));

function checkCurrency(code: string, field: 'sourceCurrency' | 'destinationCurrency'): string {
  if (!hasRate(code)) throw apiError('INVALID_CURRENCY', `The sandbox has no exchange rate for ${code}`, { field, currency: code });
  if (field === 'sourceCurrency' && !canSend(code)) throw apiError('INVALID_CURRENCY', receiveOnlyReason(code), { field, currency: code });
  return code;
}

function sendingLimits(tenant: Tenant, code: string): { minSendingAmount: number; maxSendingAmount: number } {
  const entry = tenant.config.supportedCurrencies.find((c) => c.currencyCode === code);
  return entry ? { minSendingAmount: entry.minAmount, maxSendingAmount: entry.maxAmount } : { minSendingAmount: 1, maxSendingAmount: MAX_AMOUNT };
}

export function listExchangeRates(tenant: Tenant, query: ExchangeRateQuery): ExchangeRateList {
  const named = query.destinationCurrency === undefined ? undefined : [query.destinationCurrency].flat();
  const sources =
    query.sourceCurrency !== undefined
      ? [checkCurrency(query.sourceCurrency, 'sourceCurrency')]
      : tenant.config.supportedCurrencies.map((c) => c.currencyCode).filter(canSend);
  const destinations = named ? [...new Set(named.map((code) => checkCurrency(code, 'destinationCurrency')))] : RATE_CURRENCIES.filter(hasRate);
  // A currency into itself is not an exchange: listed only when both sides were asked for.
  const sameAllowed = query.sourceCurrency !== undefined && named !== undefined;

  const nowMs = tenant.clock.nowMs();
  const amount = query.sendingAmount;
  const data: ExchangeRate[] = [];
  for (const source of sources) {
    const limits = sendingLimits(tenant, source);
    for (const destination of destinations) {
      if (destination === source && !sameAllowed) continue;
      const rate = rateAt(source, destination, nowMs);
      if (!rate) continue;
      const total = serviceFee(rate, amount, nowMs);
      const sourceCurrency = currencyOf(source);
      const destinationCurrency = currencyOf(destination);
      const priced = {
        sendingAmount: amount,
        ...limits,
        receivingAmount: receivingFor(rate, Math.max(0, amount - total)),
        exchangeRate: rate.exchangeRate,
        fees: { fixed: serviceFee(rate, 0, nowMs), total },
        updatedAt: isoAt(rate.updatedAtMs),
      };
      const rails = RAILS.get(destination) ?? [];
      if (rails.length === 0) data.push({ sourceCurrency, destinationCurrency, ...priced });
      for (const rail of rails) data.push({ sourceCurrency, destinationCurrency, destinationPaymentRail: rail, ...priced });
    }
  }
  return { data };
}
