/**
 * Sandbox funding is an incoming payment, as the service's payouts
 * quickstart shows it: POST /sandbox/internal-accounts/{id}/fund records an
 * INCOMING transaction, COMPLETED and settled at once, that GET /transactions
 * lists (under its filters) and GET /transactions/{id} reads, announced as
 * INCOMING_PAYMENT.COMPLETED with that transaction and then as the account's
 * INTERNAL_ACCOUNT.BALANCE_UPDATED. Customer accounts, the platform's and
 * embedded wallets alike.
 */
import { describe, expect, it } from 'vitest';
import { individual, makeSandbox, type Client } from '../helpers.js';
import { postEntry } from '../../src/areas/internal-accounts/ledger.js';
import { walletSandbox } from '../wallet/helpers.js';

interface Event {
  id: string;
  type: string;
  data: Record<string, any>;
}

const usdCurrency = { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2 };

async function customerAccount(client: Client, overrides: Record<string, unknown> = {}) {
  const customer = (await client.post('/customers', individual(overrides))).body;
  const account = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=USD`)).body.data[0];
  return { customer, account };
}

/** Every event, oldest first. */
async function allEvents(client: Client): Promise<Event[]> {
  return ((await client.get('/__admin/events?limit=100')).body.data as Event[]).reverse();
}

/** Funds the account and returns the funding's transaction, the newest payment into it. */
async function fund(client: Client, accountId: string, amount: number) {
  const res = await client.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount });
  expect(res.status).toBe(200);
  const list = await client.get(`/transactions?receiverAccountIdentifier=${encodeURIComponent(accountId)}&limit=1`);
  expect(list.status).toBe(200);
  return { account: res.body, transaction: list.body.data[0] };
}

describe('POST /sandbox/internal-accounts/{accountId}/fund records an incoming payment', () => {
  it('an INCOMING transaction, COMPLETED and settled at once, readable by id', async () => {
    const client = makeSandbox().client();
    const { customer, account } = await customerAccount(client, { platformCustomerId: 'funding-1' });
    const { transaction } = await fund(client, account.id, 100_000);
    const now = (await client.get('/__admin/clock')).body.now;
    expect(transaction).toEqual({
      id: expect.stringMatching(/^Transaction:/),
      type: 'INCOMING',
      direction: 'CREDIT',
      status: 'COMPLETED',
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: customer.id },
      destination: { destinationType: 'ACCOUNT', accountId: account.id, currency: 'USD' },
      customerId: customer.id,
      platformCustomerId: 'funding-1',
      sentAmount: { amount: 100_000, currency: usdCurrency },
      receivedAmount: { amount: 100_000, currency: usdCurrency },
      description: 'Internal account funding',
      settledAt: now,
      createdAt: now,
      updatedAt: now,
      statusHistory: [{ status: 'COMPLETED', at: now }],
    });
    const read = await client.get(`/transactions/${transaction.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(transaction);
    const after = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=USD`)).body.data[0];
    expect([after.balance.amount, after.totalBalance.amount]).toEqual([100_000, 100_000]);
  });

  it('sends INCOMING_PAYMENT.COMPLETED with the transaction as GET shows it, then INTERNAL_ACCOUNT.BALANCE_UPDATED with the account', async () => {
    const client = makeSandbox().client();
    const { account } = await customerAccount(client);
    const before = (await allEvents(client)).length;
    const { transaction, account: funded } = await fund(client, account.id, 2_500);
    const events = (await allEvents(client)).slice(before);
    expect(events.map((e) => e.type)).toEqual(['INCOMING_PAYMENT.COMPLETED', 'INTERNAL_ACCOUNT.BALANCE_UPDATED']);
    expect(events[0]!.data).toEqual((await client.get(`/transactions/${transaction.id}`)).body);
    const shown = (await client.get(`/customers/internal-accounts?customerId=${account.customerId}&currency=USD`)).body.data[0];
    expect(events[1]!.data).toEqual(shown);
    expect(funded).toEqual(shown);
  });

  it("a platform account's funding has no customer", async () => {
    const client = makeSandbox().client();
    const eur = (await client.get('/platform/internal-accounts?currency=EUR')).body.data[0];
    const { transaction } = await fund(client, eur.id, 99);
    expect(transaction).toMatchObject({ type: 'INCOMING', status: 'COMPLETED', source: { sourceType: 'REALTIME_FUNDING', currency: 'EUR' }, receivedAmount: { amount: 99, currency: { code: 'EUR' } } });
    expect(transaction.customerId).toBeUndefined();
    expect(transaction.source.customerId).toBeUndefined();
  });

  it('funds an embedded wallet the same way', async () => {
    const box = await walletSandbox();
    const wallet = await box.openWallet();
    const before = (await allEvents(box.client)).length;
    const { transaction, account } = await fund(box.client, wallet.accountId, 50_000);
    expect(account).toMatchObject({ id: wallet.accountId, type: 'EMBEDDED_WALLET', balance: { amount: 50_000 } });
    expect(transaction).toMatchObject({
      type: 'INCOMING',
      direction: 'CREDIT',
      status: 'COMPLETED',
      customerId: wallet.customerId,
      destination: { destinationType: 'ACCOUNT', accountId: wallet.accountId },
      receivedAmount: { amount: 50_000, currency: { code: 'USD' } },
      description: 'Internal account funding',
    });
    const events = (await allEvents(box.client)).slice(before);
    expect(events.map((e) => [e.type, e.data.id])).toEqual([
      ['INCOMING_PAYMENT.COMPLETED', transaction.id],
      ['INTERNAL_ACCOUNT.BALANCE_UPDATED', wallet.accountId],
    ]);
  });

  it('records nothing when the funding is refused', async () => {
    const sandbox = makeSandbox();
    const client = sandbox.client();
    const { customer, account } = await customerAccount(client);
    expect((await client.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 0 })).status).toBe(400);
    // Set-up only: a balance near the largest exact integer.
    postEntry(sandbox.registry.get('test-client')!, { accountId: account.id, amount: Number.MAX_SAFE_INTEGER - 50, currency: 'USD', kind: 'TEST_SETUP' });
    const tooMuch = await client.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 51 });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([400, 'AMOUNT_OUT_OF_RANGE']);
    expect((await client.get(`/transactions?customerId=${customer.id}`)).body).toMatchObject({ data: [], totalCount: 0 });
    expect((await client.get('/__admin/events?limit=100')).body.data.filter((e: Event) => e.type.startsWith('INCOMING_PAYMENT.'))).toEqual([]);
    // At the largest exact integer: accepted, and recorded.
    const { transaction } = await fund(client, account.id, 50);
    expect(transaction.receivedAmount.amount).toBe(50);
  });
});

describe('GET /transactions lists fundings under its filters', () => {
  it('by type, status, customer and account; paged when more match than the limit', async () => {
    const client = makeSandbox().client();
    const { customer, account } = await customerAccount(client);
    const other = await customerAccount(client);
    const ids: string[] = [];
    for (const amount of [100, 200, 300]) ids.push((await fund(client, account.id, amount)).transaction.id);
    const otherId = (await fund(client, other.account.id, 400)).transaction.id;
    const newestFirst = [...ids].reverse();

    const byCustomer = await client.get(`/transactions?customerId=${customer.id}&type=INCOMING&status=COMPLETED&limit=2`);
    expect(byCustomer.status).toBe(200);
    expect(byCustomer.body.data.map((t: any) => t.id)).toEqual(newestFirst.slice(0, 2));
    expect(byCustomer.body).toMatchObject({ hasMore: true, totalCount: 3 });
    const rest = await client.get(`/transactions?customerId=${customer.id}&type=INCOMING&status=COMPLETED&limit=2&cursor=${encodeURIComponent(byCustomer.body.nextCursor)}`);
    expect(rest.body.data.map((t: any) => t.id)).toEqual(newestFirst.slice(2));
    expect(rest.body.hasMore).toBe(false);

    expect((await client.get(`/transactions?accountIdentifier=${encodeURIComponent(account.id)}`)).body.data.map((t: any) => t.id)).toEqual(newestFirst);
    expect((await client.get(`/transactions?receiverAccountIdentifier=${encodeURIComponent(account.id)}&sortOrder=asc`)).body.data.map((t: any) => t.id)).toEqual(ids);
    // The money came from outside: no internal account sent it.
    expect((await client.get(`/transactions?senderAccountIdentifier=${encodeURIComponent(account.id)}`)).body.data).toEqual([]);
    expect((await client.get('/transactions?type=INCOMING&limit=10')).body.data.map((t: any) => t.id)).toEqual([otherId, ...newestFirst]);
    expect((await client.get('/transactions?type=OUTGOING')).body.data).toEqual([]);
    expect((await client.get('/transactions?status=PENDING')).body.data).toEqual([]);
    expect((await client.get(`/transactions?customerId=${other.customer.id}`)).body.data.map((t: any) => t.id)).toEqual([otherId]);
  });
});
