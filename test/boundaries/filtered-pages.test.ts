/**
 * A filtered list with more matches than `limit`: the first page holds
 * exactly `limit` matching items and says there are more, the cursor gives
 * the rest exactly once, and the non-matching records interleaved with them
 * never appear. `totalCount` counts the matches, not the page.
 */
import { describe, expect, it } from 'vitest';
import { business, individual, makeSandbox, usdAccount, type Client } from '../helpers.js';

const LIMIT = 3;
const MATCHES = LIMIT + 2;

async function allPages(client: Client, path: string): Promise<{ pages: Array<{ data: Array<{ id: string }>; hasMore: boolean; nextCursor?: string; totalCount?: number }> }> {
  const pages = [];
  let cursor: string | undefined;
  do {
    const res = await client.get(`${path}&limit=${LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    cursor = res.body.nextCursor;
  } while (cursor && pages.length < 10);
  return { pages };
}

function expectPaged(pages: Array<{ data: Array<{ id: string }>; hasMore: boolean; nextCursor?: string; totalCount?: number }>, expected: string[]): void {
  expect(pages.map((p) => p.data.length)).toEqual([LIMIT, MATCHES - LIMIT]);
  expect(pages.map((p) => p.hasMore)).toEqual([true, false]);
  expect(pages[0]!.nextCursor).toEqual(expect.any(String));
  expect(pages[1]!.nextCursor).toBeUndefined();
  const ids = pages.flatMap((p) => p.data.map((d) => d.id));
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort()).toEqual([...expected].sort());
  for (const page of pages) if (page.totalCount !== undefined) expect(page.totalCount).toBe(MATCHES);
}

describe('filtered lists with more matches than the limit', () => {
  it('GET /customers?customerType=BUSINESS', async () => {
    const client = makeSandbox().client();
    const expected: string[] = [];
    for (let i = 0; i < MATCHES; i++) {
      expect((await client.post('/customers', individual({ fullName: `Person ${i}` }))).status).toBe(201);
      expected.push((await client.post('/customers', business())).body.id);
    }
    const { pages } = await allPages(client, '/customers?customerType=BUSINESS');
    expectPaged(pages, expected);
    for (const page of pages) for (const c of page.data as Array<{ customerType?: string }>) expect(c.customerType).toBe('BUSINESS');
  });

  it('GET /customers/external-accounts?customerId=', async () => {
    const client = makeSandbox().client();
    const mine = (await client.post('/customers', individual())).body.id;
    const other = (await client.post('/customers', individual({ fullName: 'Other Person' }))).body.id;
    const expected: string[] = [];
    for (let i = 0; i < MATCHES; i++) {
      expect((await client.post('/customers/external-accounts', usdAccount(other, `00000010${i}`))).status).toBe(201);
      expected.push((await client.post('/customers/external-accounts', usdAccount(mine, `00000020${i}`))).body.id);
    }
    const { pages } = await allPages(client, `/customers/external-accounts?customerId=${mine}`);
    expectPaged(pages, expected);
  });

  it('GET /transactions?customerId=', async () => {
    const client = makeSandbox().client();
    const ids: Record<string, string[]> = {};
    const customers: string[] = [];
    for (const name of ['Mine Person', 'Other Person']) {
      const customer = (await client.post('/customers', individual({ fullName: name }))).body.id as string;
      customers.push(customer);
      const account = (await client.get(`/customers/internal-accounts?customerId=${customer}&currency=USD`)).body.data[0].id;
      expect((await client.post(`/sandbox/internal-accounts/${account}/fund`, { amount: 100_000 })).status).toBe(200);
      const external = (await client.post('/customers/external-accounts', usdAccount(customer, '000000555'))).body.id;
      ids[customer] = [];
      for (let i = 0; i < MATCHES; i++) {
        const transfer = await client.post('/transfer-out', { source: { accountId: account }, destination: { accountId: external }, amount: 100 + i });
        expect(transfer.status).toBe(201);
        ids[customer]!.push(transfer.body.id);
      }
    }
    const mine = customers[0]!;
    const all = (await client.get(`/transactions?customerId=${mine}&limit=100`)).body.data as Array<{ id: string }>;
    // Funding may add its own transactions: every transaction of the customer is a match.
    expect(all.length).toBeGreaterThanOrEqual(MATCHES);
    for (const id of ids[mine]!) expect(all.map((t) => t.id)).toContain(id);
    const first = await client.get(`/transactions?customerId=${mine}&limit=${LIMIT}`);
    expect(first.body.data).toHaveLength(LIMIT);
    expect(first.body.hasMore).toBe(true);
    const seen: string[] = [];
    let page = first.body;
    for (;;) {
      seen.push(...page.data.map((t: { id: string }) => t.id));
      if (!page.hasMore) break;
      page = (await client.get(`/transactions?customerId=${mine}&limit=${LIMIT}&cursor=${encodeURIComponent(page.nextCursor)}`)).body;
      expect(page.data.length).toBeLessThanOrEqual(LIMIT);
    }
    expect([...seen].sort()).toEqual(all.map((t) => t.id).sort());
    for (const id of ids[customers[1]!]!) expect(seen).not.toContain(id);
  });
});
