/**
 * The corridors, as data: POST /quotes and GET /exchange-rates both read this
 * one table. Every currency in it can be sent to every other (and to itself,
 * at 1) at the rate its value in US dollars gives, stablecoins and other
 * crypto included; a currency not in it has neither a quote nor a rate.
 */

/** Value of one major unit of each currency in US dollars, before the rate window's drift. */
export const CORRIDOR_USD_VALUES: Readonly<Record<string, number>> = {
  USD: 1, EUR: 1.08, GBP: 1.27, CAD: 0.73, MXN: 0.055, BRL: 0.18, COP: 0.00024, GTQ: 0.129, JMD: 0.0064, HTG: 0.0076,
  AED: 0.2723, EGP: 0.0205, ILS: 0.27, TRY: 0.029, ZAR: 0.054, NGN: 0.00066, GHS: 0.064, KES: 0.0077, UGX: 0.00027,
  TZS: 0.00038, RWF: 0.00073, MWK: 0.00058, ZMW: 0.037, BWP: 0.073, XAF: 0.00165, XOF: 0.00165, INR: 0.012, PKR: 0.0036,
  BDT: 0.0083, CNY: 0.138, HKD: 0.128, IDR: 0.000062, MYR: 0.22, PHP: 0.0175, SGD: 0.745, THB: 0.028, VND: 0.000039,
  DKK: 0.145, BTC: 65_000, USDC: 1, USDT: 1, USDB: 1, ETH: 3_000, SOL: 150, POL: 0.5, TRX: 0.12,
};

/**
 * Currencies received but never sent: the flat fee (25 US cents) in their
 * minor units is beyond the exact integers of JSON (half a POL is 5 x 10^17
 * of its 18-decimal units), so no amount of them can pay it.
 */
export const RECEIVE_ONLY: ReadonlySet<string> = new Set(['POL']);
