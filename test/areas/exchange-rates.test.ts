import { describe, expect, it } from 'vitest';
import { manualTime } from '../../src/core/clock.js';
import { makeSandbox } from '../helpers.js';

/** Mid-window: 09:00:00 to 09:05:00 is one five-minute rate window. */
const START = Date.parse('2025-10-13T09:02:30.000Z');
const DEFAULT_SOURCES = ['USD', 'EUR', 'MXN', 'BRL', 'GBP', 'USDC', 'BTC'];
/** The payment rails of the public description: the only destinationPaymentRail values there are. */
const PAYMENT_RAILS = [
  'ACH', 'ACH_COLOMBIA', 'BANK_TRANSFER', 'BRE_B', 'CIPS', 'FAST', 'FASTER_PAYMENTS', 'FEDNOW', 'INSTAPAY', 'MOBILE_MONEY', 'NEFT', 'PAYNOW', 'PESONET', 'PIX',
  'RTGS', 'RTP', 'SEPA', 'SEPA_INSTANT', 'SPEI', 'SWIFT', 'UNIONPAY', 'UPI', 'WIRE',
];
const CRYPTO = ['BTC', 'USDC', 'USDT', 'USDB', 'ETH', 'SOL', 'POL', 'TRX'];

function client() {
  return makeSandbox({ time: manualTime(START) }).client();
}

async function rates(c: ReturnType<typeof client>, query = ''): Promise<any[]> {
  const res = await c.get(`/exchange-rates${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(Object.keys(res.body)).toEqual(['data']);
  return res.body.data;
}

function railsOf(list: any[], source: string, destination: string): string[] {
  return list.filter((r) => r.sourceCurrency.code === source && r.destinationCurrency.code === destination).map((r) => r.destinationPaymentRail);
}

/** What sendingAmount buys after fees, worked out from the published rate alone. */
function expectedReceiving(r: any): number {
  const net = Math.max(0, r.sendingAmount - r.fees.total);
  return Math.floor(((net / 10 ** r.sourceCurrency.decimals) / r.exchangeRate) * 10 ** r.destinationCurrency.decimals);
}

describe('GET /exchange-rates', () => {
  it('lists every corridor out of the supported currencies by default, one entry per destination rail', async () => {
    const list = await rates(client());
    expect(new Set(list.map((r) => r.sourceCurrency.code))).toEqual(new Set(DEFAULT_SOURCES));
    expect(list.some((r) => r.sourceCurrency.code === r.destinationCurrency.code)).toBe(false);
    const fromUsd = new Set(list.filter((r) => r.sourceCurrency.code === 'USD').map((r) => r.destinationCurrency.code));
    // 37 fiat currencies besides USD, and the 8 crypto ones.
    expect(fromUsd.size).toBe(45);
    for (const code of ['EUR', 'MXN', 'KES', 'INR', 'XOF', 'ILS', 'TRY', ...CRYPTO]) expect(fromUsd).toContain(code);
    for (const r of list) {
      expect(r.sendingAmount).toBe(10_000);
      expect(r.updatedAt).toBe('2025-10-13T09:00:00.000Z');
      expect(r.destinationPaymentRail).not.toBe('SWIFT');
      // Crypto arrives on no payment rail: its corridor is one row without one.
      if (CRYPTO.includes(r.destinationCurrency.code)) expect('destinationPaymentRail' in r).toBe(false);
      else expect(PAYMENT_RAILS).toContain(r.destinationPaymentRail);
    }
    // Domestic bank rails for fiat.
    expect(railsOf(list, 'USD', 'MXN')).toEqual(['SPEI']);
    expect(railsOf(list, 'USD', 'INR')).toEqual(['UPI', 'NEFT', 'RTGS']);
    expect(railsOf(list, 'USD', 'KES')).toEqual(['MOBILE_MONEY']);
    expect(new Set(railsOf(list, 'EUR', 'USD'))).toEqual(new Set(['ACH', 'WIRE', 'RTP', 'FEDNOW', 'BANK_TRANSFER', 'MOBILE_MONEY']));
    expect(railsOf(list, 'BTC', 'EUR')).toEqual(['SEPA', 'SEPA_INSTANT']);
    expect(railsOf(list, 'USD', 'USDC')).toEqual([undefined]);
    expect(railsOf(list, 'USD', 'BTC')).toEqual([undefined]);
    expect(railsOf(list, 'USDC', 'BTC')).toEqual([undefined]);
  });

  it('describes both currencies in full and prices every rail of a corridor alike', async () => {
    const list = await rates(client(), '?sourceCurrency=EUR&destinationCurrency=INR');
    expect(list).toHaveLength(3);
    const { destinationPaymentRail: _rail, ...first } = list[0];
    expect(first).toMatchObject({
      sourceCurrency: { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 },
      destinationCurrency: { code: 'INR', name: 'Indian Rupee', symbol: '₹', decimals: 2 },
      sendingAmount: 10_000,
      minSendingAmount: 1,
      maxSendingAmount: 100_000_000_000,
      updatedAt: '2025-10-13T09:00:00.000Z',
    });
    for (const r of list) expect({ ...r, destinationPaymentRail: undefined }).toEqual({ ...first, destinationPaymentRail: undefined });
  });

  it('filters by destination alone, by source alone, and accepts a source outside the configuration', async () => {
    const c = client();
    const intoGbp = await rates(c, '?destinationCurrency=GBP');
    expect(intoGbp.map((r) => r.sourceCurrency.code)).toEqual(DEFAULT_SOURCES.filter((code) => code !== 'GBP'));
    expect(intoGbp.every((r) => r.destinationCurrency.code === 'GBP' && r.destinationPaymentRail === 'FASTER_PAYMENTS')).toBe(true);
    const fromMxn = await rates(c, '?sourceCurrency=MXN');
    expect(new Set(fromMxn.map((r) => r.sourceCurrency.code))).toEqual(new Set(['MXN']));
    expect(new Set(fromMxn.map((r) => r.destinationCurrency.code)).size).toBe(45);
    const fromKes = await rates(c, '?sourceCurrency=KES&destinationCurrency=UGX');
    expect(fromKes).toEqual([expect.objectContaining({ destinationPaymentRail: 'MOBILE_MONEY', minSendingAmount: 1, maxSendingAmount: 100_000_000_000 })]);
  });

  it('takes destinationCurrency repeated, in the order given, once each', async () => {
    const list = await rates(client(), '?sourceCurrency=USD&destinationCurrency=MXN&destinationCurrency=EUR&destinationCurrency=MXN');
    expect(list.map((r) => `${r.destinationCurrency.code}/${r.destinationPaymentRail}`)).toEqual(['MXN/SPEI', 'EUR/SEPA', 'EUR/SEPA_INSTANT']);
  });

  it('prices a currency into itself only when both sides are named: rate 1, flat fee only', async () => {
    const list = await rates(client(), '?sourceCurrency=USD&destinationCurrency=USD&sendingAmount=10000');
    expect(list.length).toBeGreaterThan(0);
    for (const r of list) expect(r).toMatchObject({ exchangeRate: 1, fees: { fixed: 25, total: 25 }, receivingAmount: 9_975 });
  });

  it('prices sendingAmount after fees at the published rate, within one minor unit', async () => {
    const c = client();
    const cases: [string, string, number][] = [
      ['USD', 'MXN', 123_456],
      ['EUR', 'UGX', 250_000],
      ['USD', 'INR', 1_000_000],
      ['BTC', 'EUR', 1_234_567],
      ['GBP', 'ZAR', 99],
      ['MXN', 'BRL', 100_000_000_000],
    ];
    for (const [source, destination, amount] of cases) {
      const [r] = await rates(c, `?sourceCurrency=${source}&destinationCurrency=${destination}&sendingAmount=${amount}`);
      expect(r.sendingAmount).toBe(amount);
      // A flat fee plus 0.5% of the amount, rounded up.
      expect(r.fees.total, `${source}>${destination}`).toBe(r.fees.fixed + Math.ceil((amount * 50) / 10_000));
      expect(Math.abs(r.receivingAmount - expectedReceiving(r)), `${source}>${destination}`).toBeLessThanOrEqual(1);
    }
    // The flat fee is 25 US cents in the sending currency.
    const [usd] = await rates(c, '?sourceCurrency=USD&destinationCurrency=EUR');
    expect(usd.fees.fixed).toBe(25);
    const [eur] = await rates(c, '?sourceCurrency=EUR&destinationCurrency=USD');
    expect(Math.abs(eur.fees.fixed - Math.ceil(25 * eur.exchangeRate))).toBeLessThanOrEqual(1);
  });

  it('never receives less than nothing: zero, and amounts below the fee, buy 0', async () => {
    const c = client();
    const [zero] = await rates(c, '?sourceCurrency=USD&destinationCurrency=MXN&sendingAmount=0');
    expect(zero).toMatchObject({ sendingAmount: 0, receivingAmount: 0, fees: { fixed: 25, total: 25 } });
    const [tiny] = await rates(c, '?sourceCurrency=USD&destinationCurrency=MXN&sendingAmount=10');
    expect(tiny).toMatchObject({ sendingAmount: 10, receivingAmount: 0, fees: { fixed: 25, total: 26 } });
  });

  it("reports min and max sending amounts from the source currency's configuration", async () => {
    const c = client();
    const [btc] = await rates(c, '?sourceCurrency=BTC&destinationCurrency=USD');
    expect(btc).toMatchObject({ minSendingAmount: 1, maxSendingAmount: 100_000_000_000_000 });
    const patched = await c.patch('/config', {
      supportedCurrencies: [{ currencyCode: 'USD', minAmount: 500, maxAmount: 2_000_000, requiredCounterpartyFields: [], enabledTransactionTypes: ['OUTGOING'] }],
    });
    expect(patched.status).toBe(200);
    const list = await rates(c);
    expect(new Set(list.map((r) => r.sourceCurrency.code))).toEqual(new Set(['USD']));
    for (const r of list) expect(r).toMatchObject({ minSendingAmount: 500, maxSendingAmount: 2_000_000 });
    const [eur] = await rates(c, '?sourceCurrency=EUR&destinationCurrency=USD');
    expect(eur).toMatchObject({ minSendingAmount: 1, maxSendingAmount: 100_000_000_000 });
  });

  it('holds a rate for its five-minute window and moves it in the next', async () => {
    const c = client();
    const query = '?sourceCurrency=USD&destinationCurrency=MXN&destinationCurrency=EUR&destinationCurrency=INR';
    const first = await rates(c, query);
    expect((await c.post('/__admin/clock/advance', { seconds: 120 })).status).toBe(200);
    expect(await rates(c, query)).toEqual(first);

    expect((await c.post('/__admin/clock/advance', { seconds: 300 })).status).toBe(200);
    const next = await rates(c, query);
    expect(next.map((r) => r.destinationPaymentRail)).toEqual(first.map((r) => r.destinationPaymentRail));
    next.forEach((r, i) => {
      const before = first[i];
      expect(r.updatedAt).toBe('2025-10-13T09:05:00.000Z');
      expect(r.exchangeRate, r.destinationCurrency.code).not.toBe(before.exchangeRate);
      // A small move, not a new rate table.
      expect(Math.abs(r.exchangeRate / before.exchangeRate - 1)).toBeLessThan(0.021);
      expect(Math.abs(r.receivingAmount - expectedReceiving(r))).toBeLessThanOrEqual(1);
    });
  });

  it('answers INVALID_CURRENCY, naming the parameter, for a currency without a rate', async () => {
    const c = client();
    const cases: [string, string][] = [
      ['?sourceCurrency=ZZZ', 'sourceCurrency'],
      ['?sourceCurrency=ABCDE&destinationCurrency=MXN', 'sourceCurrency'],
      ['?destinationCurrency=XYZ', 'destinationCurrency'],
      ['?sourceCurrency=USD&destinationCurrency=MXN&destinationCurrency=QQQ', 'destinationCurrency'],
    ];
    for (const [query, field] of cases) {
      const res = await c.get(`/exchange-rates${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ code: 'INVALID_CURRENCY', status: 400, details: { field } });
    }
  });

  it('answers INVALID_INPUT with one field error per malformed parameter', async () => {
    const c = client();
    const cases: [string, string[]][] = [
      ['?sourceCurrency=usd', ['sourceCurrency']],
      ['?sourceCurrency=US', ['sourceCurrency']],
      ['?sourceCurrency=USD&sourceCurrency=EUR', ['sourceCurrency']],
      // destinationCurrency is an array parameter: a single value is its first item.
      ['?destinationCurrency=mxn', ['destinationCurrency.0']],
      ['?destinationCurrency=MXN&destinationCurrency=EURO12', ['destinationCurrency.1']],
      ['?sendingAmount=-1', ['sendingAmount']],
      ['?sendingAmount=1.5', ['sendingAmount']],
      ['?sendingAmount=abc', ['sendingAmount']],
      ['?sendingAmount=100000000001', ['sendingAmount']],
      ['?sourceCurrency=eur&destinationCurrency=M&sendingAmount=-5', ['destinationCurrency.0', 'sendingAmount', 'sourceCurrency']],
    ];
    for (const [query, fields] of cases) {
      const res = await c.get(`/exchange-rates${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('INVALID_INPUT');
      expect(res.body.details.errors.map((e: any) => e.field).sort(), query).toEqual(fields);
    }
  });
});
