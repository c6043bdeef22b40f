/**
 * Converted amounts in exact minor units, with no slack: locking the sending
 * side, the receiver gets the conversion of what is left after fees rounded
 * DOWN; locking the receiving side, the sender pays its cost rounded UP plus
 * fees. The expected values are computed here in exact integer arithmetic
 * from the quote's own exchangeRate (units of the sending currency per unit
 * of the receiving one), over amounts whose exact result falls below, at and
 * above the half unit, so rounding to nearest would differ from both.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { manualTime } from '../../src/core/clock.js';
import { amountOf } from '../../src/core/money.js';
import { individual, makeSandbox, type Client } from '../helpers.js';

let client: Client;
let usd: string;
let eur: string;

beforeEach(async () => {
  client = makeSandbox({ time: manualTime(Date.parse('2026-06-01T12:00:00.000Z')) }).client();
  const customer = (await client.post('/customers', individual({ currencies: ['USD', 'EUR'] }))).body.id;
  const accounts = (await client.get(`/customers/internal-accounts?customerId=${customer}`)).body.data as Array<{ id: string; balance: { currency: { code: string } } }>;
  usd = accounts.find((a) => a.balance.currency.code === 'USD')!.id;
  eur = accounts.find((a) => a.balance.currency.code === 'EUR')!.id;
  expect((await client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 10_000_000 })).status).toBe(200);
});

/** The rate as a fraction of integers: "1.072008" -> 1072008 / 10^6. */
function ratio(rate: number): { num: bigint; den: bigint } {
  const [whole, fraction = ''] = String(rate).split('.');
  return { num: BigInt(`${whole}${fraction}`), den: 10n ** BigInt(fraction.length) };
}

const quote = (side: 'SENDING' | 'RECEIVING', amount: number) =>
  client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId: usd }, destination: { destinationType: 'ACCOUNT', accountId: eur }, lockedCurrencySide: side, lockedCurrencyAmount: amount });

const AMOUNTS = Array.from({ length: 12 }, (_, i) => 1_000 + i);

describe('rounding of converted amounts, USD to EUR (both 2 decimals)', () => {
  it('locking the sending amount: the receiving amount is rounded down, exactly', async () => {
    const remainders = new Set<string>();
    for (const amount of AMOUNTS) {
      const q = await quote('SENDING', amount);
      expect(q.status).toBe(201);
      const { num, den } = ratio(q.body.exchangeRate);
      expect(q.body.totalSendingAmount).toBe(amount);
      const net = BigInt(amount - q.body.feesIncluded);
      // receiving = net / rate = net * den / num
      const exact = net * den;
      expect(q.body.totalReceivingAmount).toBe(Number(exact / num));
      const twice = (exact % num) * 2n;
      remainders.add(twice < num ? 'below half' : twice === num ? 'half' : 'above half');
    }
    expect(remainders).toContain('below half');
    expect(remainders).toContain('above half');
  });

  it('locking the receiving amount: the sending amount is rounded up, exactly, plus fees', async () => {
    const remainders = new Set<string>();
    for (const amount of AMOUNTS) {
      const q = await quote('RECEIVING', amount);
      expect(q.status).toBe(201);
      const { num, den } = ratio(q.body.exchangeRate);
      expect(q.body.totalReceivingAmount).toBe(amount);
      // cost = amount * rate = amount * num / den, rounded up
      const exact = BigInt(amount) * num;
      const cost = (exact + den - 1n) / den;
      expect(q.body.totalSendingAmount - q.body.feesIncluded).toBe(Number(cost));
      const twice = (exact % den) * 2n;
      remainders.add(exact % den === 0n ? 'whole' : twice < den ? 'below half' : twice === den ? 'half' : 'above half');
    }
    expect(remainders).toContain('below half');
    expect(remainders).toContain('above half');
  });
});

describe('amounts are integer minor units', () => {
  it('refuses a fraction of a minor unit, or an integer past the safe range, instead of rounding it', () => {
    expect(amountOf(1, 'USD')).toEqual({ amount: 1, currency: { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2 } });
    expect(amountOf(Number.MAX_SAFE_INTEGER, 'USD').amount).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => amountOf(1.5, 'USD')).toThrow('amount 1.5 is not an integer number of minor units');
    expect(() => amountOf(Number.MAX_SAFE_INTEGER + 1, 'USD')).toThrow(/is not an integer number of minor units/);
  });
});
