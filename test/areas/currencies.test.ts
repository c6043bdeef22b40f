/**
 * Every currency the sandbox knows, row by row, as clients see it: the Currency
 * object of a platform account opened in it (code, name, symbol, decimals), the
 * account's type (crypto or fiat) and the configuration's default maximum
 * (one billion units in minor units, capped at 10^14).
 */
import { describe, expect, it } from 'vitest';
import { makeSandbox } from '../helpers.js';

type Row = [code: string, name: string, symbol: string, decimals: number];

const CRYPTO = new Set(['BTC', 'USDC', 'USDT', 'USDB', 'ETH', 'SOL', 'POL', 'TRX']);

const CURRENCIES: readonly Row[] = [
  ["AED", "UAE Dirham", "د.إ", 2],
  ["BDT", "Bangladeshi Taka", "৳", 2],
  ["BRL", "Brazilian Real", "R$", 2],
  ["BWP", "Botswana Pula", "P", 2],
  ["CAD", "Canadian Dollar", "CA$", 2],
  ["CNY", "Chinese Yuan", "¥", 2],
  ["COP", "Colombian Peso", "COL$", 2],
  ["DKK", "Danish Krone", "kr", 2],
  ["EGP", "Egyptian Pound", "E£", 2],
  ["EUR", "Euro", "€", 2],
  ["GBP", "British Pound", "£", 2],
  ["GHS", "Ghanaian Cedi", "GH₵", 2],
  ["GTQ", "Guatemalan Quetzal", "Q", 2],
  ["HKD", "Hong Kong Dollar", "HK$", 2],
  ["HTG", "Haitian Gourde", "G", 2],
  ["IDR", "Indonesian Rupiah", "Rp", 2],
  ["ILS", "Israeli New Shekel", "₪", 2],
  ["INR", "Indian Rupee", "₹", 2],
  ["JMD", "Jamaican Dollar", "J$", 2],
  ["KES", "Kenyan Shilling", "KSh", 2],
  ["MWK", "Malawian Kwacha", "MK", 2],
  ["MXN", "Mexican Peso", "MX$", 2],
  ["MYR", "Malaysian Ringgit", "RM", 2],
  ["NGN", "Nigerian Naira", "₦", 2],
  ["PHP", "Philippine Peso", "₱", 2],
  ["PKR", "Pakistani Rupee", "Rs", 2],
  ["RWF", "Rwandan Franc", "FRw", 0],
  ["SGD", "Singapore Dollar", "S$", 2],
  ["THB", "Thai Baht", "฿", 2],
  ["TRY", "Turkish Lira", "₺", 2],
  ["TZS", "Tanzanian Shilling", "TSh", 2],
  ["UGX", "Ugandan Shilling", "USh", 0],
  ["USD", "US Dollar", "$", 2],
  ["VND", "Vietnamese Dong", "₫", 0],
  ["XAF", "Central African CFA Franc", "FCFA", 0],
  ["XOF", "West African CFA Franc", "CFA", 0],
  ["ZAR", "South African Rand", "R", 2],
  ["ZMW", "Zambian Kwacha", "ZK", 2],
  ["BTC", "Bitcoin", "₿", 8],
  ["USDC", "USD Coin", "USDC", 6],
  ["USDT", "Tether", "USDT", 6],
  ["USDB", "USDB", "USDB", 6],
  ["ETH", "Ether", "Ξ", 18],
  ["SOL", "Solana", "SOL", 9],
  ["POL", "Polygon", "POL", 18],
  ["TRX", "Tron", "TRX", 6],
];

const config = (code: string) => ({ currencyCode: code, minAmount: 1, maxAmount: 1000, requiredCounterpartyFields: [], enabledTransactionTypes: ['INCOMING', 'OUTGOING'] });

describe('the currency table', () => {
  it('opens a platform account in each currency, with its name, symbol, decimals and kind', async () => {
    const client = makeSandbox().client();
    const patched = await client.patch('/config', { supportedCurrencies: CURRENCIES.map(([code]) => config(code)) });
    expect(patched.status).toBe(200);
    const accounts = await client.get('/platform/internal-accounts?limit=100');
    expect(accounts.status).toBe(200);
    const seen = new Map<string, { type: string; balance: { currency: unknown } }>(accounts.body.data.map((a: { type: string; balance: { currency: { code: string } } }) => [a.balance.currency.code, a]));
    expect([...seen.keys()].sort()).toEqual(CURRENCIES.map(([code]) => code).sort());
    for (const [code, name, symbol, decimals] of CURRENCIES) {
      expect(seen.get(code)!.balance.currency, code).toEqual({ code, name, symbol, decimals });
      expect(seen.get(code)!.type, code).toBe(CRYPTO.has(code) ? 'INTERNAL_CRYPTO' : 'INTERNAL_FIAT');
    }
  });

  it('defaults the maximum to one billion units in minor units, capped at 10^14', async () => {
    const res = await makeSandbox().client().get('/config');
    const maxima = Object.fromEntries(res.body.supportedCurrencies.map((c: { currencyCode: string; maxAmount: number }) => [c.currencyCode, c.maxAmount]));
    // 2 decimals: 10^11; USDC (6): 10^15, capped; BTC (8): capped.
    expect(maxima).toEqual({ USD: 100_000_000_000, EUR: 100_000_000_000, MXN: 100_000_000_000, BRL: 100_000_000_000, GBP: 100_000_000_000, USDC: 100_000_000_000_000, BTC: 100_000_000_000_000 });
  });
});
