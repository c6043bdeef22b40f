/**
 * Sandbox foreign exchange: deterministic mid-market rates that hold for a
 * five-minute window of tenant clock time and then move a little, fees, and
 * exact integer conversion between minor units.
 */
import { createHash } from 'node:crypto';
import { currencyInfo } from '../../core/money.js';
import { CORRIDOR_USD_VALUES as USD_VALUE, RECEIVE_ONLY } from './corridors.js';

/** Rates are cached for this long (tenant clock time), then move deterministically. */
export const RATE_WINDOW_SECONDS = 300;
/** Largest move of a rate from one window to the next, in basis points. */
const MAX_DRIFT_BPS = 100;
/** Fixed service fee, in US dollar cents, converted into the sending currency. */
const FIXED_FEE_USD_CENTS = 25;
/** Variable service fee on cross-currency transfers, in basis points. */
const CROSS_CURRENCY_FEE_BPS = 50;
/** Rates are carried with this many decimal digits, so conversions are exact integer arithmetic. */
const RATE_SCALE = 10n ** 12n;

/** Whether `code` is a currency of the corridors: quoted and priced into every other. */
export function hasRate(code: string): boolean {
  return USD_VALUE[code] !== undefined && currencyInfo(code) !== undefined;
}

/** Whether `code` can also be sent: quoted and priced out of, into every currency of the corridors. */
export function canSend(code: string): boolean {
  return hasRate(code) && !RECEIVE_ONLY.has(code);
}

/** Why a currency that has a rate cannot be sent. */
export function receiveOnlyReason(code: string): string {
  return `${code} can be received but not sent: its flat fee is beyond exact amounts of its units`;
}

function windowOf(atMs: number): number {
  return Math.floor(atMs / (RATE_WINDOW_SECONDS * 1000));
}

/** The currency's multiplier in a window: within ±MAX_DRIFT_BPS of 1, the same for everyone. Dollars do not drift. */
function drift(code: string, window: number): number {
  if (code === 'USD') return 1;
  const n = createHash('sha256').update(`${code}:${window}`).digest().readUInt32BE(0);
  return 1 + ((n % (2 * MAX_DRIFT_BPS + 1)) - MAX_DRIFT_BPS) / 10_000;
}

export interface Rate {
  sourceCurrency: string;
  destinationCurrency: string;
  /** Sending currency units per receiving currency unit (major units). */
  exchangeRate: number;
  /** The same, scaled by 10^12, for exact conversions. */
  scaled: bigint;
  /** Start of the window the rate belongs to. */
  updatedAtMs: number;
}

export function rateAt(sourceCurrency: string, destinationCurrency: string, atMs: number): Rate | undefined {
  const source = USD_VALUE[sourceCurrency];
  const destination = USD_VALUE[destinationCurrency];
  if (source === undefined || destination === undefined) return undefined;
  const window = windowOf(atMs);
  const rate = sourceCurrency === destinationCurrency ? 1 : (destination * drift(destinationCurrency, window)) / (source * drift(sourceCurrency, window));
  const exchangeRate = Number(rate.toPrecision(10));
  return {
    sourceCurrency,
    destinationCurrency,
    exchangeRate,
    scaled: BigInt(Math.round(exchangeRate * Number(RATE_SCALE))) || 1n,
    updatedAtMs: window * RATE_WINDOW_SECONDS * 1000,
  };
}

function decimalsOf(code: string): bigint {
  return 10n ** BigInt(currencyInfo(code)?.decimals ?? 2);
}

/** Receiving minor units bought by `sending` minor units at `rate`, rounded down. */
export function receivingFor(rate: Rate, sending: number): number {
  const value = (BigInt(sending) * decimalsOf(rate.destinationCurrency) * RATE_SCALE) / (rate.scaled * decimalsOf(rate.sourceCurrency));
  return Number(value);
}

/** Sending minor units needed to buy `receiving` minor units at `rate`, rounded up. */
export function sendingFor(rate: Rate, receiving: number): number {
  const numerator = BigInt(receiving) * rate.scaled * decimalsOf(rate.sourceCurrency);
  const denominator = RATE_SCALE * decimalsOf(rate.destinationCurrency);
  return Number((numerator + denominator - 1n) / denominator);
}

/** The service fee on `amount` minor units of the sending currency. */
export function serviceFee(rate: Rate, amount: number, atMs: number): number {
  const usd = rateAt(rate.sourceCurrency, 'USD', atMs);
  const fixed = usd ? sendingFor(usd, FIXED_FEE_USD_CENTS) : 0;
  if (rate.sourceCurrency === rate.destinationCurrency) return fixed;
  return fixed + Number((BigInt(amount) * BigInt(CROSS_CURRENCY_FEE_BPS) + 9_999n) / 10_000n);
}

/** What `amount` minor units of `code` are worth in US dollar cents, for thresholds. */
export function usdCents(code: string, amount: number, atMs: number): number {
  const rate = rateAt('USD', code, atMs);
  return rate ? sendingFor(rate, amount) : Number.POSITIVE_INFINITY;
}

export const RATE_CURRENCIES: readonly string[] = Object.keys(USD_VALUE);
