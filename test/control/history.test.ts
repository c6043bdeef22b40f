/**
 * The histories the dashboard draws, over HTTP: a transaction's timeline
 * (statuses, webhooks, delivery attempts to a real receiver on 127.0.0.1 and
 * the retry each failure led to, on the tenant clock) and an internal
 * account's ledger postings with the balances after each, checked against
 * what the API itself says.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { individual, makeSandbox, TEST_EPOCH_MS, until, usdAccount, type Client } from '../helpers.js';
import { startReceiver, type Receiver } from './receiver.js';

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

const at = (seconds: number) => new Date(TEST_EPOCH_MS + seconds * 1000).toISOString();

async function advance(client: Client, seconds: number) {
  expect((await client.post('/__admin/clock/advance', { seconds })).status).toBe(200);
}

interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  resourceId: string;
  status: string;
  attempts: Array<{ at: string; status?: number; error?: string; durationMs: number; retryAt?: string }>;
}

const deliveriesOf = async (client: Client, resourceId: string) =>
  ((await client.get('/__admin/webhooks?limit=100')).body.data as Delivery[]).filter((d) => d.resourceId === resourceId).reverse();

async function customerWithAccounts(client: Client) {
  const customer = (await client.post('/customers', individual({ currencies: ['USD', 'USDC'] }))).body;
  const accounts = (await client.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data as Array<{ id: string; balance: { currency: { code: string } } }>;
  const usd = accounts.find((a) => a.balance.currency.code === 'USD')!.id;
  const usdc = accounts.find((a) => a.balance.currency.code === 'USDC')!.id;
  return { customer, usd, usdc };
}

async function accountAsListed(client: Client, customerId: string, accountId: string) {
  return ((await client.get(`/customers/internal-accounts?customerId=${customerId}`)).body.data as Array<{ id: string }>).find((a) => a.id === accountId);
}

describe('GET /__admin/transactions/{id}/timeline', () => {
  it('lists a failed payout\'s statuses, its webhooks, the refused delivery, the retry due 60 s later and the deliveries that followed, in time order', async () => {
    receiver = await startReceiver();
    let refused = 0;
    // The payout's first webhook is refused with a 500; everything after it is accepted.
    receiver.answer = (body) => (refused === 0 && body.includes('"type":"OUTGOING_PAYMENT.') ? (refused++, 500) : undefined);
    const client = makeSandbox().client();
    const { customer, usd } = await customerWithAccounts(client);
    expect((await client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 10_000 })).status).toBe(200);
    expect((await client.patch('/config', { webhookEndpoint: receiver.url })).status).toBe(200);
    // Suffix 005: the transfer stays pending about 30 s, then fails.
    const external = (await client.post('/customers/external-accounts', usdAccount(customer.id, '000000005'))).body.id;
    const payout = (await client.post('/transfer-out', { source: { accountId: usd }, destination: { accountId: external }, amount: 2_500 })).body;
    expect(payout.status).toBe('PROCESSING');
    await until(() => deliveriesOf(client, payout.id), (d) => d[0]?.attempts.length === 1);
    await advance(client, 30);
    await advance(client, 30);
    const deliveries = await until(() => deliveriesOf(client, payout.id), (d) => d.length === 3 && d.every((x) => x.status === 'SUCCEEDED'));

    const timeline = await client.get(`/__admin/transactions/${payout.id}/timeline`);
    expect(timeline.status).toBe(200);
    const [pending, processing, failed] = deliveries;
    const attempt = (d: Delivery, n: number, responseStatus: number, seconds: number, retryAt?: string) => ({
      kind: 'DELIVERY_ATTEMPT',
      at: at(seconds),
      eventId: d.eventId,
      eventType: d.eventType,
      deliveryId: d.id,
      attempt: n,
      responseStatus,
      succeeded: responseStatus === 200,
      durationMs: d.attempts[n - 1]!.durationMs,
      ...(retryAt ? { retryAt } : {}),
    });
    expect(timeline.body).toEqual({
      transactionId: payout.id,
      type: 'OUTGOING',
      status: 'FAILED',
      now: at(60),
      steps: [
        { kind: 'STATUS', at: at(0), status: 'PENDING' },
        { kind: 'STATUS', at: at(0), status: 'PROCESSING' },
        { kind: 'WEBHOOK', at: at(0), eventId: pending!.eventId, eventType: 'OUTGOING_PAYMENT.PENDING' },
        { kind: 'WEBHOOK', at: at(0), eventId: processing!.eventId, eventType: 'OUTGOING_PAYMENT.PROCESSING' },
        attempt(pending!, 1, 500, 0, at(60)),
        { kind: 'STATUS', at: at(30), status: 'FAILED' },
        { kind: 'WEBHOOK', at: at(30), eventId: failed!.eventId, eventType: 'OUTGOING_PAYMENT.FAILED' },
        attempt(pending!, 2, 200, 60),
        attempt(processing!, 1, 200, 60),
        attempt(failed!, 1, 200, 60),
      ],
    });
    // The same facts as the API and the delivery log give them.
    const transaction = (await client.get(`/transactions/${payout.id}`)).body;
    expect(timeline.body.steps.filter((s: { kind: string }) => s.kind === 'STATUS').map(({ status, at: when }: { status: string; at: string }) => ({ status, at: when }))).toEqual(transaction.statusHistory);
    expect(pending!.attempts.map((a) => [a.at, a.status, a.retryAt])).toEqual([[at(0), 500, at(60)], [at(60), 200, undefined]]);
    const events = ((await client.get('/__admin/events?limit=100')).body.data as Array<{ id: string; data: { id?: string } }>).filter((e) => e.data.id === payout.id).reverse();
    expect(timeline.body.steps.filter((s: { kind: string }) => s.kind === 'WEBHOOK').map((s: { eventId: string }) => s.eventId)).toEqual(events.map((e) => e.id));
  });

  it('shows a delivery that got no answer with its error, and the retry still due after now', async () => {
    receiver = await startReceiver();
    const client = makeSandbox().client();
    const { customer, usd } = await customerWithAccounts(client);
    expect((await client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 5_000 })).status).toBe(200);
    // Nothing listens there: the attempt fails without a status.
    const dead = receiver.url;
    await receiver.close();
    receiver = undefined;
    expect((await client.patch('/config', { webhookEndpoint: dead })).status).toBe(200);
    const external = (await client.post('/customers/external-accounts', usdAccount(customer.id, '000000001'))).body.id;
    const payout = (await client.post('/transfer-out', { source: { accountId: usd }, destination: { accountId: external }, amount: 1_000 })).body;
    await until(() => deliveriesOf(client, payout.id), (d) => d[0]?.attempts.length === 1);
    const { steps, now, status } = (await client.get(`/__admin/transactions/${payout.id}/timeline`)).body;
    expect({ now, status }).toEqual({ now: at(0), status: 'COMPLETED' });
    expect(steps.map((s: { kind: string; status?: string; eventType?: string }) => s.status ?? s.eventType)).toEqual([
      'PENDING', 'PROCESSING', 'COMPLETED', 'OUTGOING_PAYMENT.PENDING', 'OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED', 'OUTGOING_PAYMENT.PENDING',
    ]);
    const refused = steps[6];
    expect(refused).toEqual({
      kind: 'DELIVERY_ATTEMPT', at: at(0), eventId: steps[3].eventId, eventType: 'OUTGOING_PAYMENT.PENDING', deliveryId: expect.stringMatching(/^WebhookDelivery:/), attempt: 1,
      error: expect.stringMatching(/ECONNREFUSED/), succeeded: false, durationMs: expect.any(Number), retryAt: at(60),
    });
    expect(refused.responseStatus).toBeUndefined();
  });

  it('takes a card transaction\'s statuses from its events, each change once', async () => {
    const client = makeSandbox().client();
    const triggered = (await client.post('/__admin/events/trigger', { type: 'CARD_TRANSACTION.SETTLED' })).body;
    const id = triggered.created.cardTransaction as string;
    const card = (await client.get(`/transactions/${id}`)).body;
    const events = ((await client.get('/__admin/events?limit=100')).body.data as Array<{ id: string; type: string; timestamp: string; data: { id?: string; status?: string } }>).filter((e) => e.data.id === id).reverse();
    expect(events.map((e) => e.type)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.SETTLED']);
    const timeline = (await client.get(`/__admin/transactions/${id}/timeline`)).body;
    expect(timeline).toEqual({
      transactionId: id,
      type: 'CARD',
      status: card.status,
      now: at(0),
      steps: [
        { kind: 'STATUS', at: events[0]!.timestamp, status: 'AUTHORIZED' },
        { kind: 'STATUS', at: events[1]!.timestamp, status: card.status },
        ...events.map((e) => ({ kind: 'WEBHOOK', at: e.timestamp, eventId: e.id, eventType: e.type })),
      ].sort((a, b) => a.at.localeCompare(b.at)),
    });
  });

  it('is 404 TRANSACTION_NOT_FOUND for an id that is no transaction', async () => {
    const client = makeSandbox().client();
    const missing = await client.get('/__admin/transactions/Transaction:nope/timeline');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'TRANSACTION_NOT_FOUND', details: { resource: 'Transaction', id: 'Transaction:nope' } });
  });
});

describe('GET /__admin/internal-accounts/{id}/ledger', () => {
  it('gives each posting with the balances after it, a pending entry at its making and at its settling, ending at the balances the API shows', async () => {
    const client = makeSandbox().client();
    const { customer, usd } = await customerWithAccounts(client);
    expect((await client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 10_000 })).status).toBe(200);
    // Funding is an incoming payment: its posting names the transaction.
    const funding = (await client.get(`/transactions?type=INCOMING&accountIdentifier=${usd}`)).body.data[0];
    await advance(client, 10);
    const failing = (await client.post('/customers/external-accounts', usdAccount(customer.id, '000000005'))).body.id;
    const fine = (await client.post('/customers/external-accounts', usdAccount(customer.id, '000000001'))).body.id;
    const held = (await client.post('/transfer-out', { source: { accountId: usd }, destination: { accountId: failing }, amount: 2_500 })).body;
    await advance(client, 10);
    const paid = (await client.post('/transfer-out', { source: { accountId: usd }, destination: { accountId: fine }, amount: 1_000 })).body;
    // While the first payout is pending: held from the available balance, still in the total.
    let ledger = (await client.get(`/__admin/internal-accounts/${usd}/ledger`)).body;
    expect(ledger.postings.at(-1)).toMatchObject({ balanceAfter: 6_500, totalBalanceAfter: 9_000 });
    expect(ledger.account).toEqual(await accountAsListed(client, customer.id, usd));
    await advance(client, 30);

    ledger = (await client.get(`/__admin/internal-accounts/${usd}/ledger`));
    expect(ledger.status).toBe(200);
    const entries = ledger.body.postings.map((p: { entryId: string }) => p.entryId);
    expect(ledger.body).toEqual({
      account: await accountAsListed(client, customer.id, usd),
      currency: { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2 },
      now: at(50),
      postings: [
        { entryId: entries[0], at: at(0), change: 'POSTED', direction: 'CREDIT', amount: 10_000, kind: 'SANDBOX_FUNDING', reference: funding.id, balanceAfter: 10_000, totalBalanceAfter: 10_000 },
        { entryId: entries[1], at: at(10), change: 'HELD', direction: 'DEBIT', amount: 2_500, kind: 'PAYMENT', reference: held.id, balanceAfter: 7_500, totalBalanceAfter: 10_000 },
        { entryId: entries[2], at: at(20), change: 'HELD', direction: 'DEBIT', amount: 1_000, kind: 'PAYMENT', reference: paid.id, balanceAfter: 6_500, totalBalanceAfter: 10_000 },
        { entryId: entries[2], at: at(20), change: 'SETTLED', direction: 'DEBIT', amount: 1_000, kind: 'PAYMENT', reference: paid.id, balanceAfter: 6_500, totalBalanceAfter: 9_000 },
        { entryId: entries[1], at: at(40), change: 'VOIDED', direction: 'DEBIT', amount: 2_500, kind: 'PAYMENT', reference: held.id, balanceAfter: 9_000, totalBalanceAfter: 9_000 },
      ],
    });
    expect(entries[1]).not.toBe(entries[2]);
    expect((await client.get(`/transactions/${held.id}`)).body.status).toBe('FAILED');
    const account = await accountAsListed(client, customer.id, usd);
    expect(account).toMatchObject({ balance: { amount: 9_000 }, totalBalance: { amount: 9_000 } });
  });

  it('keeps a 6-decimal currency in exact minor units', async () => {
    const client = makeSandbox().client();
    const { customer, usdc } = await customerWithAccounts(client);
    expect((await client.post(`/sandbox/internal-accounts/${usdc}/fund`, { amount: 12_345_678 })).status).toBe(200);
    await advance(client, 5);
    expect((await client.post(`/sandbox/internal-accounts/${usdc}/fund`, { amount: 1 })).status).toBe(200);
    const ledger = (await client.get(`/__admin/internal-accounts/${usdc}/ledger`)).body;
    expect(ledger.currency).toEqual({ code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6 });
    expect(ledger.postings.map((p: { at: string; amount: number; balanceAfter: number }) => [p.at, p.amount, p.balanceAfter])).toEqual([[at(0), 12_345_678, 12_345_678], [at(5), 1, 12_345_679]]);
    expect(ledger.account).toEqual(await accountAsListed(client, customer.id, usdc));
  });

  it('shows a platform account as GET /platform/internal-accounts does, with no postings before any', async () => {
    const client = makeSandbox().client();
    const platform = (await client.get('/platform/internal-accounts?currency=USD')).body.data[0];
    expect((await client.get(`/__admin/internal-accounts/${platform.id}/ledger`)).body).toEqual({ account: platform, currency: platform.balance.currency, now: at(0), postings: [] });
  });

  it('is 404 REFERENCE_NOT_FOUND for an id that is no internal account', async () => {
    const client = makeSandbox().client();
    const missing = await client.get('/__admin/internal-accounts/InternalAccount:nope/ledger');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'REFERENCE_NOT_FOUND', details: { resource: 'InternalAccount', id: 'InternalAccount:nope' } });
  });
});
