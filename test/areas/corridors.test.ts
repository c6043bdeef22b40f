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

/**
 * About ten US dollars' worth of `code` in minor units, at most 10^15 (an
 * 18-decimal coin's units stay exact), never ending in the magic 666 that has
 * no rate.
 */
function tenDollarsOf(code: string, usdPerUnit: number): number {
  const amount = Math.min(Math.ceil((10 / usdPerUnit) * 10 ** currencyInfo(code)!.decimals), 10 ** 15);
  return amount % 1000 === 666 ? amount + 1 : amount;
}

/** A platform whose supported currencies are every currency the sandbox knows: it holds an internal account in each. */
async function everyCurrencyPlatform(sandbox = makeSandbox({ time: manualTime(START) }), clientId?: string): Promise<{ client: Client; accountOf: Map<string, string> }> {
  const client = sandbox.client(clientId);
  const supportedCurrencies = CURRENCY_CODES.map((currencyCode) => ({ currencyCode, minAmount: 1, maxAmount: 9_000_000_000_000_000, requiredCounterpartyFields: [], enabledTransactionTypes: ['INCOMING', 'OUTGOING'] }));
  const patched = await client.patch('/config', { supportedCurrencies });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  const accounts = (await client.get('/platform/internal-accounts')).body.data as any[];
  const accountOf = new Map(accounts.map((a) => [a.balance.currency.code as string, a.id as string]));
  expect([...accountOf.keys()].sort()).toEqual([...CURRENCY_CODES].sort());
  return { client, accountOf };
}

const REALTIME = (currency: string) => ({ sourceType: 'REALTIME_FUNDING', currency, ...(isStablecoin(currency) ? { cryptoNetwork: 'SOLANA' } : {}) });

/** A quote from `source` receiving `amount` of the destination account's currency. */
function quoteInto(client: Client, source: Record<string, unknown>, destinationAccountId: string, amount: number) {
  return client.post('/quotes', {
    source,
    destination: { destinationType: 'ACCOUNT', accountId: destinationAccountId },
    lockedCurrencySide: 'RECEIVING',
    lockedCurrencyAmount: amount,
  });
}

const realtimeQuote = (client: Client, source: string, destinationAccountId: string, amount: number) => quoteInto(client, REALTIME(source), destinationAccountId, amount);

describe('corridors: a rate for every pair a quote accepts', () => {
  it('walks every pair of known currencies: each quote accepted has its rate listed, at the rate the quote used; each refused, none', async () => {
    // A tenant of its own for each source currency: the store audit that tests run under reads every record at every
    // commit, and 2,116 quotes in one tenant made the walk quadratic.
    const sandbox = makeSandbox({ time: manualTime(START) });
    const { client } = await everyCurrencyPlatform(sandbox, 'rates');
    // US dollars per unit of each currency.
    const usdPerUnit = new Map<string, number>();
    for (const code of CURRENCY_CODES) {
      const [rate] = (await client.get(`/exchange-rates?sourceCurrency=USD&destinationCurrency=${code}`)).body.data;
      usdPerUnit.set(code, rate.exchangeRate);
    }
    const accepted: string[] = [];
    const refused: string[] = [];
    for (const source of CURRENCY_CODES) {
      const { client, accountOf } = await everyCurrencyPlatform(sandbox, `walk-${source}`);
      const listed = await client.get(`/exchange-rates?sourceCurrency=${source}&destinationCurrency=${CURRENCY_CODES.join(',')}`);
      const rateOf = new Map<string, number>(listed.status === 200 ? (listed.body.data as any[]).map((r) => [r.destinationCurrency.code, r.exchangeRate]) : []);
      for (const destination of CURRENCY_CODES) {
        // From the platform's account in the currency; into the same currency, paid in real time (an account cannot pay itself).
        const from = source === destination ? REALTIME(source) : { sourceType: 'ACCOUNT', accountId: accountOf.get(source)! };
        const quote = await quoteInto(client, from, accountOf.get(destination)!, tenDollarsOf(destination, usdPerUnit.get(destination)!));
        if (quote.status === 201) {
          accepted.push(`${source}>${destination}`);
          expect(rateOf.get(destination), `${source}>${destination}`).toBe(quote.body.exchangeRate);
        } else {
          refused.push(`${source}>${destination}`);
          expect([quote.status, quote.body.code], `${source}>${destination}: ${JSON.stringify(quote.body)}`).toEqual([400, 'INVALID_CURRENCY']);
          expect(rateOf.has(destination), `${source}>${destination} refused but has a rate`).toBe(false);
        }
      }
    }
    // Every pair is a corridor but out of POL, whose flat fee no exact amount of its 18-decimal units pays.
    expect(refused).toEqual(CURRENCY_CODES.map((destination) => `POL>${destination}`));
    expect(accepted).toHaveLength(CURRENCY_CODES.length * (CURRENCY_CODES.length - 1));
    expect(accepted).toContain('USD>USDC');
    expect(accepted).toContain('USDC>MXN');
  }, 600_000);

  it('POL is received, never sent: neither a quote nor a rate out of it', async () => {
    const { client, accountOf } = await everyCurrencyPlatform();
    const reason = 'POL can be received but not sent: its flat fee is beyond exact amounts of its units';
    const quote = await realtimeQuote(client, 'POL', accountOf.get('USD')!, 1_000);
    expect([quote.status, quote.body.code, quote.body.reason]).toEqual([400, 'INVALID_CURRENCY', reason]);
    const rates = await client.get('/exchange-rates?sourceCurrency=POL&destinationCurrency=USD');
    expect([rates.status, rates.body.code, rates.body.reason, rates.body.details]).toEqual([400, 'INVALID_CURRENCY', reason, { field: 'sourceCurrency', currency: 'POL' }]);
    // Every supported currency is a source by default, POL left out.
    const sources = new Set(((await client.get('/exchange-rates?destinationCurrency=USD')).body.data as any[]).map((r) => r.sourceCurrency.code));
    // (USD itself is no exchange into USD.)
    expect([...sources].sort()).toEqual(CURRENCY_CODES.filter((code) => code !== 'POL' && code !== 'USD').sort());
    // Into POL, a quote and a rate.
    const into = await realtimeQuote(client, 'USD', accountOf.get('POL')!, 10 ** 15);
    expect(into.status, JSON.stringify(into.body)).toBe(201);
    const [rate] = (await client.get('/exchange-rates?sourceCurrency=USD&destinationCurrency=POL')).body.data;
    expect(rate.exchangeRate).toBe(into.body.exchangeRate);
  });

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
