/** GET /uma-providers and GET /vasps: directories from data tables, every filter, sort orders and pages. */
import { describe, expect, it } from 'vitest';
import { UMA_PROVIDERS } from '../../src/areas/uma-providers/uma-providers.data.js';
import { VASPS } from '../../src/areas/vasps/vasps.data.js';
import { makeSandbox } from '../helpers.js';

const names = (body: { data: Array<{ name: string }> }) => body.data.map((p) => p.name);

/** ISO 7064 MOD 97-10, as an independent check of the LEIs. */
function leiValid(lei: string): boolean {
  if (!/^[A-Z0-9]{18}[0-9]{2}$/.test(lei)) return false;
  const numeric = [...lei].map((ch) => parseInt(ch, 36).toString()).join('');
  return BigInt(numeric) % 97n === 1n;
}

describe('GET /uma-providers', () => {
  it('lists every provider by name, descending by default, with the reference fields', async () => {
    const client = makeSandbox().client();
    const res = await client.get('/uma-providers?limit=100');
    expect(res.status).toBe(200);
    const expected = UMA_PROVIDERS.map((p) => p.name).sort((a, b) => b.localeCompare(a));
    expect(names(res.body)).toEqual(expected);
    expect(res.body).toMatchObject({ hasMore: false, totalCount: UMA_PROVIDERS.length });
    const sandbox = res.body.data.find((p: { domain: string }) => p.domain === 'sandbox.uma.local');
    expect(sandbox).toEqual({
      name: 'Sandbox UMA Receivers',
      supportedRegions: ['US', 'DE', 'MX'],
      domain: 'sandbox.uma.local',
      supportedCurrencies: [
        { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2 },
        { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 },
        { code: 'MXN', name: 'Mexican Peso', symbol: 'MX$', decimals: 2 },
      ],
      lei: expect.any(String),
      allowListStatus: true,
    });
    for (const provider of res.body.data) expect(leiValid(provider.lei), provider.lei).toBe(true);
    expect(names((await client.get('/uma-providers?limit=100&sortOrder=asc')).body)).toEqual([...expected].reverse());
  });

  it('filters by countryCode, currencyCode and hasBlockedProviders, alone and together', async () => {
    const client = makeSandbox().client();
    expect(names((await client.get('/uma-providers?countryCode=KE')).body)).toEqual(['Sandbox Pesa']);
    expect(names((await client.get('/uma-providers?currencyCode=USD&sortOrder=asc')).body)).toEqual(['Sandbox Pagos MX', 'Sandbox Sats', 'Sandbox UMA Receivers', 'Sandbox Wallet US']);
    expect(names((await client.get('/uma-providers?countryCode=GB')).body)).toEqual(['Sandbox Sterling Wallet', 'Sandbox Sats']);
    expect(names((await client.get('/uma-providers?countryCode=GB&hasBlockedProviders=false')).body)).toEqual(['Sandbox Sats']);
    expect(names((await client.get('/uma-providers?countryCode=GB&hasBlockedProviders=true')).body)).toHaveLength(2);
    const allowed = (await client.get('/uma-providers?hasBlockedProviders=false&limit=100')).body;
    expect(allowed.totalCount).toBe(UMA_PROVIDERS.filter((p) => p.allowListStatus).length);
    expect(allowed.data.every((p: { allowListStatus: boolean }) => p.allowListStatus)).toBe(true);
    expect(names((await client.get('/uma-providers?countryCode=DE&currencyCode=BTC')).body)).toEqual(['Sandbox Sats']);
    expect((await client.get('/uma-providers?countryCode=AQ')).body).toEqual({ data: [], hasMore: false, totalCount: 0 });
  });

  it('pages with more matches than limit; a cursor of one order does not page the other', async () => {
    const client = makeSandbox().client();
    const first = (await client.get('/uma-providers?limit=4')).body;
    expect(first).toMatchObject({ hasMore: true, totalCount: UMA_PROVIDERS.length });
    const seen = [...names(first)];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (await client.get(`/uma-providers?limit=4&cursor=${cursor}`)).body;
      seen.push(...names(page));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(UMA_PROVIDERS.map((p) => p.name).sort((a, b) => b.localeCompare(a)));
    const wrong = await client.get(`/uma-providers?limit=4&sortOrder=asc&cursor=${first.nextCursor}`);
    expect([wrong.status, wrong.body.details.errors[0].field]).toEqual([400, 'cursor']);
  });

  it('400 naming each bad parameter', async () => {
    const client = makeSandbox().client();
    const res = await client.get('/uma-providers?countryCode=usa&currencyCode=dollars&hasBlockedProviders=maybe&sortOrder=up&limit=0');
    expect(res.status).toBe(400);
    expect(res.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(['countryCode', 'currencyCode', 'hasBlockedProviders', 'limit', 'sortOrder']);
  });
});

describe('GET /vasps', () => {
  it('lists the directory by name in pages of limit', async () => {
    const client = makeSandbox().client();
    const all = (await client.get('/vasps?limit=100')).body;
    expect(all).toEqual({ data: VASPS.map((v) => ({ ...v })), hasMore: false, totalCount: VASPS.length });
    expect(all.data[0]).toEqual({ vaspName: 'Sandbox Coin Custody', url: 'https://coin-custody.sandbox.example' });
    const first = (await client.get('/vasps?limit=3')).body;
    expect(first.data.map((v: { vaspName: string }) => v.vaspName)).toEqual(VASPS.slice(0, 3).map((v) => v.vaspName));
    const second = (await client.get(`/vasps?limit=3&cursor=${first.nextCursor}`)).body;
    expect(second.data.map((v: { vaspName: string }) => v.vaspName)).toEqual(VASPS.slice(3, 6).map((v) => v.vaspName));
    const last = (await client.get(`/vasps?limit=3&cursor=${second.nextCursor}`)).body;
    expect(last).toMatchObject({ hasMore: false });
    expect(last.nextCursor).toBeUndefined();
    expect(last.data).toHaveLength(VASPS.length - 6);
    expect((await client.get('/vasps?limit=101')).status).toBe(400);
    expect((await client.get('/vasps?cursor=garbage')).status).toBe(400);
  });
});
