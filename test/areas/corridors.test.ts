/**
 * One table of corridors: every currency pair POST /quotes accepts has a
 * rate in GET /exchange-rates (stablecoins and other crypto included, the
 * service's sample's first screen among them), at the rate the quote used;
 * a pair quotes refuse has none.
 */
import { describe, expect, it } from 'vitest';
import { manualTime } from '../../src/core/clock.js';
import { CURRENCY_CODES, currencyInfo, isStablecoin } from '../../src/core/money.js';
import { makeSandbox, type Client } from '../helpers.js';

/** Mid-window: quotes and rates priced in one five-minute rate window. */
const START = Date.parse('2025-10-13T09:02:30.000Z');

/** About ten US dollars' worth of `code` in minor units: above every fee, within every limit, never the magic 666 that has no rate. */
function tenDollarsOf(code: string, usdPerUnit: number): number {
  const amount = Math.ceil((10 / usdPerUnit) * 10 ** currencyInfo(code)!.decimals);
  return amount % 1000 === 666 ? amount + 1 : amount;
}

/** A platform whose supported currencies are every currency the sandbox knows: it holds an internal account in each. */
async function everyCurrencyPlatform(): Promise<{ client: Client; accountOf: Map<string, string> }> {
  const client = makeSandbox({ time: manualTime(START) }).client();
  const supportedCurrencies = CURRENCY_CODES.map((currencyCode) => ({ currencyCode, minAmount: 1, maxAmount: 9_000_000_000_000_000, requiredCounterpartyFields: [], enabledTransactionTypes: ['INCOMING', 'OUTGOING'] }));
  const patched = await client.patch('/config', { supportedCurrencies });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  const accounts = (await client.get('/platform/internal-accounts')).body.data as any[];
  const accountOf = new Map(accounts.map((a) => [a.balance.currency.code as string, a.id as string]));
  expect([...accountOf.keys()].sort()).toEqual([...CURRENCY_CODES].sort());
  return { client, accountOf };
}

function realtimeQuote(client: Client, source: string, destinationAccountId: string, amount: number) {
  return client.post('/quotes', {
    source: { sourceType: 'REALTIME_FUNDING', currency: source, ...(isStablecoin(source) ? { cryptoNetwork: 'SOLANA' } : {}) },
    destination: { destinationType: 'ACCOUNT', accountId: destinationAccountId },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
  });
}

describe('corridors: a rate for every pair a quote accepts', () => {
  it('walks every pair of known currencies: each quote accepted has its rate listed, at the rate the quote used', async () => {
    const { client, accountOf } = await everyCurrencyPlatform();
    const usdPerUnit = new Map<string, number>();
    for (const code of CURRENCY_CODES) {
      const [rate] = (await client.get(`/exchange-rates?sourceCurrency=${code}&destinationCurrency=USD`)).body.data;
      // Sending currency units per US dollar: a dollar's worth of `code` is worth 1 / rate dollars a unit.
      usdPerUnit.set(code, 1 / rate.exchangeRate);
    }
    let accepted = 0;
    for (const source of CURRENCY_CODES) {
      const listed = await client.get(`/exchange-rates?sourceCurrency=${source}&destinationCurrency=${CURRENCY_CODES.join(',')}&sendingAmount=${tenDollarsOf(source, usdPerUnit.get(source)!)}`);
      expect(listed.status).toBe(200);
      const rateOf = new Map<string, number>((listed.body.data as any[]).map((r) => [r.destinationCurrency.code, r.exchangeRate]));
      for (const destination of CURRENCY_CODES) {
        const quote = await realtimeQuote(client, source, accountOf.get(destination)!, tenDollarsOf(source, usdPerUnit.get(source)!));
        if (quote.status !== 201) {
          // A refused pair has no rate either.
          expect(rateOf.has(destination), `${source}>${destination} refused ${JSON.stringify(quote.body)} but has a rate`).toBe(false);
          continue;
        }
        accepted++;
        expect(rateOf.get(destination), `${source}>${destination}`).toBe(quote.body.exchangeRate);
      }
    }
    // Every pair of the sandbox's currencies is a corridor.
    expect(accepted).toBe(CURRENCY_CODES.length ** 2);
  }, 120_000);

  it("the service sample's first screen: USD to USDC for 100000", async () => {
    const client = makeSandbox({ time: manualTime(START) }).client();
    const res = await client.get('/exchange-rates?sourceCurrency=USD&destinationCurrency=USDC&sendingAmount=100000');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        sourceCurrency: { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2 },
        destinationCurrency: { code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
        sendingAmount: 100_000,
        minSendingAmount: 1,
        maxSendingAmount: 100_000_000_000,
        // A dollar buys a USD Coin, before the window's drift of USDC.
        receivingAmount: expect.any(Number),
        exchangeRate: expect.any(Number),
        // 25 cents flat and 0.5% of 100000.
        fees: { fixed: 25, total: 525 },
        updatedAt: '2025-10-13T09:00:00.000Z',
      },
    ]);
    const [rate] = res.body.data;
    expect(Math.abs(rate.exchangeRate - 1)).toBeLessThanOrEqual(0.01);
    // 995.00 dollars after fees, in USDC's 6 decimals.
    expect(Math.abs(rate.receivingAmount - Math.floor((99_475 / 100 / rate.exchangeRate) * 1_000_000))).toBeLessThanOrEqual(1);
  });

  it('a currency outside the corridors has neither a quote nor a rate', async () => {
    const { client, accountOf } = await everyCurrencyPlatform();
    expect(CURRENCY_CODES).not.toContain('JPY');
    const quote = await realtimeQuote(client, 'JPY', accountOf.get('USD')!, 10_000);
    expect([quote.status, quote.body.code, quote.body.details]).toEqual([400, 'INVALID_CURRENCY', { field: 'source.currency' }]);
    const from = await client.get('/exchange-rates?sourceCurrency=JPY&destinationCurrency=USD');
    expect([from.status, from.body.code, from.body.details]).toEqual([400, 'INVALID_CURRENCY', { field: 'sourceCurrency', currency: 'JPY' }]);
    const to = await client.get('/exchange-rates?sourceCurrency=USD&destinationCurrency=JPY');
    expect([to.status, to.body.code, to.body.details]).toEqual([400, 'INVALID_CURRENCY', { field: 'destinationCurrency', currency: 'JPY' }]);
  });
});
