import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES, type AccountTypeSpec } from '../../src/areas/external-accounts/account-types.js';
import { makeSandbox } from '../helpers.js';

const client = () => makeSandbox().client();

async function discover(c: ReturnType<typeof client>, query = ''): Promise<any[]> {
  const res = await c.get(`/discoveries${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(Object.keys(res.body)).toEqual(['data']);
  return res.body.data;
}

/** Domestic fiat account types: the bank family minus the SWIFT fallback. */
const domestic = (Object.entries(ACCOUNT_TYPES) as [string, AccountTypeSpec][]).filter(([name, spec]) => spec.family === 'BANK' && name !== 'SWIFT_ACCOUNT');

describe('GET /discoveries', () => {
  it('lists at least two fictional institutions per country for every domestic fiat currency, with that currency’s rails', async () => {
    const all = await discover(client());
    const perPlace = new Map<string, number>();
    for (const i of all) {
      expect(i.bankName).toContain('Sandbox');
      expect(i.displayName).toContain('Sandbox');
      expect(i.country).toMatch(/^[A-Z]{2}$/);
      const rails = new Set(domestic.filter(([, spec]) => spec.currencies.includes(i.currency)).flatMap(([, spec]) => spec.rails));
      expect(i.paymentRails.length, i.bankName).toBeGreaterThan(0);
      for (const rail of i.paymentRails) expect(rails, `${i.bankName} ${rail}`).toContain(rail);
      // Mobile-money providers say which provider value to use; banks do not.
      if (i.paymentRails.includes('MOBILE_MONEY')) expect(i.provider).toBe(i.displayName);
      else expect(i).not.toHaveProperty('provider');
      perPlace.set(`${i.country}/${i.currency}`, (perPlace.get(`${i.country}/${i.currency}`) ?? 0) + 1);
    }
    for (const count of perPlace.values()) expect(count).toBeGreaterThanOrEqual(2);
    const covered = new Set(all.map((i) => i.currency));
    for (const [name, spec] of domestic) for (const currency of spec.currencies) expect(covered, name).toContain(currency);
    expect(covered.has('USDC') || covered.has('BTC')).toBe(false);
  });

  it('filters by country', async () => {
    const kenya = await discover(client(), '?country=KE');
    expect(kenya.length).toBeGreaterThanOrEqual(2);
    for (const i of kenya) expect(i).toMatchObject({ country: 'KE', currency: 'KES', paymentRails: ['MOBILE_MONEY'], provider: expect.any(String) });
    expect(kenya.map((i) => i.bankName)).toContain('Sandbox Mobile Money Kenya Limited');
  });

  it('filters by currency, across every country that uses it', async () => {
    const c = client();
    const euro = await discover(c, '?currency=EUR');
    expect(new Set(euro.map((i) => i.country))).toEqual(new Set(['DE', 'ES', 'FR', 'IE', 'IT', 'NL']));
    for (const i of euro) expect(i.paymentRails).toEqual(['SEPA', 'SEPA_INSTANT']);
    const dollar = await discover(c, '?currency=USD');
    expect(new Set(dollar.map((i) => i.country))).toEqual(new Set(['US', 'SV']));
  });

  it('filters by both', async () => {
    const c = client();
    const us = await discover(c, '?country=US&currency=USD');
    expect(us.length).toBeGreaterThanOrEqual(2);
    for (const i of us) expect(i).toEqual({ bankName: expect.any(String), displayName: expect.any(String), country: 'US', currency: 'USD', paymentRails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'] });
    const mexico = await discover(c, '?country=MX&currency=MXN');
    expect(mexico.length).toBeGreaterThanOrEqual(2);
    for (const i of mexico) expect(i.paymentRails).toEqual(['SPEI']);
    const bangladesh = await discover(c, '?country=BD&currency=BDT');
    expect(new Set(bangladesh.flatMap((i) => i.paymentRails))).toEqual(new Set(['BANK_TRANSFER', 'MOBILE_MONEY']));
  });

  it('returns an empty list when nothing matches', async () => {
    const c = client();
    for (const query of ['?country=US&currency=EUR', '?country=ZZ', '?currency=XYZ', '?currency=USDC', '?country=KE&currency=UGX']) {
      expect(await discover(c, query), query).toEqual([]);
    }
  });

  it('answers INVALID_INPUT for malformed codes', async () => {
    const c = client();
    const cases: [string, string[]][] = [
      ['?country=ke', ['country']],
      ['?country=USA', ['country']],
      ['?currency=usd', ['currency']],
      ['?country=k&currency=E', ['country', 'currency']],
    ];
    for (const [query, fields] of cases) {
      const res = await c.get(`/discoveries${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('INVALID_INPUT');
      expect(res.body.details.errors.map((e: any) => e.field).sort(), query).toEqual(fields);
    }
  });
});
