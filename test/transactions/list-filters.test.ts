/**
 * GET /transactions filters, each on a set where it must leave something out: by customer, account (either side,
 * sender, receiver), status, type, reference (quote or transaction id) and creation time (at, one ms before and one
 * ms after each bound), all of them together, and oldest-first pages.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { individual, makeSandbox, usdAccount, type Client } from '../helpers.js';

let client: Client;

interface Party {
  customerId: string;
  accountId: string;
  /** The sandbox funding of its account: an incoming payment. */
  fundingId: string;
  external: Record<string, string>;
}

async function party(platformCustomerId: string, suffixes: string[]): Promise<Party> {
  const customer = (await client.post('/customers', individual({ platformCustomerId }))).body;
  const accountId = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=USD`)).body.data[0].id;
  expect((await client.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount: 100_000 })).status).toBe(200);
  const fundingId = (await client.get(`/transactions?receiverAccountIdentifier=${accountId}&limit=1`)).body.data[0].id;
  const external: Record<string, string> = {};
  for (const suffix of suffixes) {
    const res = await client.post('/customers/external-accounts', usdAccount(customer.id, `${platformCustomerId.length}00000${suffix}`));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    external[suffix] = res.body.id;
  }
  return { customerId: customer.id, accountId, fundingId, external };
}

async function pay(from: Party, to: string) {
  const quote = await client.post('/quotes', {
    source: { sourceType: 'ACCOUNT', accountId: from.accountId },
    destination: { destinationType: 'ACCOUNT', accountId: to },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 1_000,
  });
  expect(quote.status, JSON.stringify(quote.body)).toBe(201);
  const executed = await client.post(`/quotes/${quote.body.id}/execute`, {});
  expect(executed.status, JSON.stringify(executed.body)).toBe(200);
  const tx = (await client.get(`/transactions/${quote.body.transactionId}`)).body;
  return { quoteId: quote.body.id as string, id: tx.id as string, createdAt: tx.createdAt as string, status: tx.status as string };
}

const advance = async (seconds: number) => expect((await client.post('/__admin/clock/advance', { seconds })).status).toBe(200);

async function list(query: string) {
  const res = await client.get(`/transactions?${query}`);
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as { data: Array<{ id: string }>; hasMore: boolean; nextCursor?: string; totalCount: number };
}
const ids = async (query: string) => (await list(query)).data.map((t) => t.id);

let a: Party;
let b: Party;
let t1: Awaited<ReturnType<typeof pay>>;
let t2: Awaited<ReturnType<typeof pay>>;
let t3: Awaited<ReturnType<typeof pay>>;

beforeEach(async () => {
  client = makeSandbox().client();
  a = await party('pc-a', ['000', '002']);
  b = await party('pc-bb', ['000']);
  t1 = await pay(a, a.external['000']!);
  await advance(60);
  t2 = await pay(a, a.external['002']!);
  await advance(60);
  t3 = await pay(b, b.external['000']!);
});

describe('GET /transactions filters', () => {
  it('by customer, platform customer id, account, sender, receiver, status, type and reference', async () => {
    expect(t1.status).toBe('COMPLETED');
    expect(t3.status).toBe('COMPLETED');
    expect(t2.status).not.toBe('COMPLETED');
    expect(await ids('type=OUTGOING')).toEqual([t3.id, t2.id, t1.id]);
    expect(await ids('type=INCOMING')).toEqual([b.fundingId, a.fundingId]);
    expect(await ids(`customerId=${a.customerId}`)).toEqual([t2.id, t1.id, a.fundingId]);
    expect(await ids('platformCustomerId=pc-a')).toEqual([t2.id, t1.id, a.fundingId]);
    expect(await ids(`customerId=${a.customerId}&platformCustomerId=pc-bb`)).toEqual([]);
    expect(await ids(`accountIdentifier=${a.accountId}&type=OUTGOING`)).toEqual([t2.id, t1.id]);
    expect(await ids(`accountIdentifier=${a.accountId}`)).toEqual([t2.id, t1.id, a.fundingId]);
    expect(await ids(`receiverAccountIdentifier=${a.accountId}`)).toEqual([a.fundingId]);
    expect(await ids(`accountIdentifier=${a.external['000']}`)).toEqual([t1.id]);
    expect(await ids(`senderAccountIdentifier=${a.accountId}&type=OUTGOING`)).toEqual([t2.id, t1.id]);
    expect(await ids(`senderAccountIdentifier=${a.external['000']}`)).toEqual([]);
    expect(await ids(`receiverAccountIdentifier=${a.external['000']}`)).toEqual([t1.id]);
    expect(await ids(`receiverAccountIdentifier=${b.external['000']}&customerId=${a.customerId}`)).toEqual([]);
    expect(await ids('status=COMPLETED&type=OUTGOING')).toEqual([t3.id, t1.id]);
    expect(await ids('status=COMPLETED')).toEqual([t3.id, t1.id, b.fundingId, a.fundingId]);
    expect(await ids(`status=${t2.status}&type=OUTGOING`)).toEqual([t2.id]);
    expect(await ids(`reference=${encodeURIComponent(t2.quoteId)}`)).toEqual([t2.id]);
    expect(await ids(`reference=${encodeURIComponent(t2.id)}`)).toEqual([t2.id]);
    expect(await ids(`reference=${encodeURIComponent(t2.quoteId)}&customerId=${b.customerId}`)).toEqual([]);
  });

  it('by creation time at, one ms before and one ms after each bound (both inclusive)', async () => {
    const at = (iso: string, deltaMs = 0) => encodeURIComponent(new Date(Date.parse(iso) + deltaMs).toISOString());
    expect(Date.parse(t2.createdAt) - Date.parse(t1.createdAt)).toBe(60_000);
    expect(await ids(`type=OUTGOING&startDate=${at(t2.createdAt)}`)).toEqual([t3.id, t2.id]);
    expect(await ids(`type=OUTGOING&startDate=${at(t2.createdAt, 1)}`)).toEqual([t3.id]);
    expect(await ids(`type=OUTGOING&startDate=${at(t2.createdAt, -1)}`)).toEqual([t3.id, t2.id]);
    expect(await ids(`type=OUTGOING&endDate=${at(t2.createdAt)}`)).toEqual([t2.id, t1.id]);
    expect(await ids(`type=OUTGOING&endDate=${at(t2.createdAt, -1)}`)).toEqual([t1.id]);
    expect(await ids(`type=OUTGOING&endDate=${at(t2.createdAt, 1)}`)).toEqual([t2.id, t1.id]);
    expect(await ids(`type=OUTGOING&startDate=${at(t2.createdAt)}&endDate=${at(t2.createdAt)}`)).toEqual([t2.id]);
  });

  it('oldest first, a page at a time, with every filter still applied', async () => {
    expect(await ids('type=OUTGOING&sortOrder=asc')).toEqual([t1.id, t2.id, t3.id]);
    const first = await list('type=OUTGOING&sortOrder=asc&limit=2');
    expect(first.data.map((t) => t.id)).toEqual([t1.id, t2.id]);
    expect(first).toMatchObject({ hasMore: true, totalCount: 3 });
    const second = await list(`type=OUTGOING&sortOrder=asc&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.data.map((t) => t.id)).toEqual([t3.id]);
    expect(second.hasMore).toBe(false);
    expect(second.nextCursor).toBeUndefined();
    // Exactly `limit` left: no further page.
    const exact = await list(`type=OUTGOING&sortOrder=asc&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(exact.data.map((t) => t.id)).toEqual([t3.id]);
    expect(exact.hasMore).toBe(false);
    const mine = await list(`customerId=${a.customerId}&type=OUTGOING&sortOrder=asc&limit=1`);
    expect(mine.data.map((t) => t.id)).toEqual([t1.id]);
    expect(mine).toMatchObject({ hasMore: true, totalCount: 2 });
    const next = await list(`customerId=${a.customerId}&type=OUTGOING&sortOrder=asc&limit=1&cursor=${encodeURIComponent(mine.nextCursor!)}`);
    expect(next.data.map((t) => t.id)).toEqual([t2.id]);
    expect(next.hasMore).toBe(false);
  });
});
