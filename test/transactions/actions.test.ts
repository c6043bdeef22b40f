/**
 * Transaction actions over HTTP: approving and rejecting incoming UMA
 * payments that wait for the platform (webhook replies from a real receiver,
 * the $pending.approval sandbox sender, the 5 s window on the tenant clock),
 * the ownedDecisionHook extension point, receipt confirmation and the
 * cancellation of unsettled ACH and wire transfers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ownedDecisionHook } from '../../src/areas/transactions/decisions.js';
import { individual, makeSandbox, usdAccount, type Client, until } from '../helpers.js';
import { startReceiver, type Receiver } from '../control/receiver.js';

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function setup(options: { endpoint?: boolean } = {}) {
  const sandbox = makeSandbox();
  const client = sandbox.client();
  if (options.endpoint) {
    receiver = await startReceiver();
    expect((await client.patch('/config', { webhookEndpoint: receiver.url })).status).toBe(200);
  }
  const customer = (await client.post('/customers', individual())).body;
  const account = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=USD`)).body.data[0];
  return { sandbox, client, customer, accountId: account.id as string };
}

const receive = (client: Client, receiverUmaAddress: string, senderUmaAddress = '$alice@elsewhere.example', amount = 700) =>
  client.post('/sandbox/uma/receive', { senderUmaAddress, receiverUmaAddress, receivingCurrencyCode: 'USD', receivingCurrencyAmount: amount });

async function balances(client: Client, accountId: string) {
  const account = (await client.get('/customers/internal-accounts?limit=100')).body.data.find((a: { id: string }) => a.id === accountId);
  return { available: account.balance.amount as number, total: account.totalBalance.amount as number };
}

async function advance(client: Client, seconds: number) {
  expect((await client.post('/__admin/clock/advance', { seconds })).status).toBe(200);
}

async function eventsOf(client: Client, id: string) {
  const { data } = (await client.get('/__admin/events?limit=100')).body;
  return data.filter((e: { data: { id?: string } }) => e.data.id === id).reverse() as Array<{ type: string; data: any }>;
}

const SLOW = '$pending.approval@elsewhere.example';

describe('incoming payments without a webhook endpoint', () => {
  it('an ordinary sender is approved at once: nothing to approve or reject (409)', async () => {
    const { client, customer } = await setup();
    const tx = (await receive(client, customer.umaAddress)).body;
    expect(tx.status).toBe('COMPLETED');
    expect(tx.approval).toBeUndefined();
    for (const action of ['approve', 'reject']) {
      const res = await client.post(`/transactions/${tx.id}/${action}`);
      expect([res.status, res.body.code]).toEqual([409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL']);
    }
  });

  it('the $pending.approval sender waits 5 s of sandbox time for a decision; approving within it settles the payment', async () => {
    const { client, customer, accountId } = await setup();
    const now = Date.parse((await client.get('/__admin/clock')).body.now);
    const res = await receive(client, customer.umaAddress, SLOW);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'INCOMING', status: 'PENDING', approval: { status: 'AWAITING_DECISION', decideBy: expect.any(String) } });
    const window = Date.parse(res.body.approval.decideBy) - now;
    expect(window).toBeGreaterThanOrEqual(5000);
    expect(window).toBeLessThan(6000);
    expect(await balances(client, accountId)).toEqual({ available: 0, total: 700 });
    await advance(client, 4);
    expect((await client.get(`/transactions/${res.body.id}`)).body.status).toBe('PENDING');
    const approved = await client.post(`/transactions/${res.body.id}/approve`, { receiverCustomerInfo: { FULL_NAME: 'Jane Doe' } });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'COMPLETED', approval: { status: 'APPROVED', decidedAt: expect.any(String) }, receiverCustomerInfo: { FULL_NAME: 'Jane Doe' } });
    expect(await balances(client, accountId)).toEqual({ available: 700, total: 700 });
    expect((await eventsOf(client, res.body.id)).map((e) => e.type)).toEqual(['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.COMPLETED']);
    // Decided: the window closing later changes nothing, and a second decision is refused.
    await advance(client, 10);
    expect((await client.get(`/transactions/${res.body.id}`)).body.status).toBe('COMPLETED');
    expect((await client.post(`/transactions/${res.body.id}/reject`)).body.code).toBe('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL');
  });

  it('rejecting makes it REJECTED (announced as INCOMING_PAYMENT.FAILED); the money never arrives', async () => {
    const { client, customer, accountId } = await setup();
    const tx = (await receive(client, customer.umaAddress, SLOW)).body;
    const rejected = await client.post(`/transactions/${tx.id}/reject`, { reason: 'sanctions hit' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'REJECTED', failureMessage: 'Rejected by the platform: sanctions hit', approval: { status: 'REJECTED', rejectionReason: 'sanctions hit' } });
    expect(await balances(client, accountId)).toEqual({ available: 0, total: 0 });
    const events = await eventsOf(client, tx.id);
    expect(events.map((e) => e.type)).toEqual(['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.FAILED']);
    expect(events[1]!.data.status).toBe('REJECTED');
  });

  it('undecided, it fails PAYMENT_APPROVAL_TIMED_OUT once 5 s have passed: still PENDING after 4 s, FAILED at 5 s', async () => {
    const { client, customer, accountId } = await setup();
    const tx = (await receive(client, customer.umaAddress, SLOW)).body;
    await advance(client, 4);
    expect((await client.get(`/transactions/${tx.id}`)).body).toMatchObject({ status: 'PENDING', approval: { status: 'AWAITING_DECISION' } });
    await advance(client, 1);
    const failed = (await client.get(`/transactions/${tx.id}`)).body;
    expect(failed).toMatchObject({ status: 'FAILED', failureReason: 'PAYMENT_APPROVAL_TIMED_OUT', approval: { status: 'TIMED_OUT' } });
    expect(await balances(client, accountId)).toEqual({ available: 0, total: 0 });
    const late = await client.post(`/transactions/${tx.id}/approve`);
    expect([late.status, late.body.code]).toEqual([409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL']);
    expect((await eventsOf(client, tx.id)).map((e) => e.type)).toEqual(['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.FAILED']);
  });

  it('the compliance-failing sender fails at once and never waits for approval', async () => {
    const { client, customer } = await setup();
    const tx = (await receive(client, customer.umaAddress, '$fail.compliance.usd@sandbox.uma.local')).body;
    expect(tx).toMatchObject({ status: 'FAILED', failureReason: 'COMPLIANCE_REJECTED' });
    expect(tx.approval).toBeUndefined();
  });
});

describe('incoming payments with a webhook endpoint: its reply to INCOMING_PAYMENT.PENDING decides', () => {
  async function pendingPayment(answer: number) {
    const box = await setup({ endpoint: true });
    receiver!.answers.push(answer);
    const res = await receive(box.client, box.customer.umaAddress);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'PENDING', approval: { status: 'AWAITING_WEBHOOK' } });
    // The approval request is the payment's first webhook (customer creation sent none: not regulated, no decision yet).
    const requests = await receiver!.waitFor(1);
    const sent = requests.map((r) => JSON.parse(r.body)).find((e) => e.data.id === res.body.id);
    expect(sent.type).toBe('INCOMING_PAYMENT.PENDING');
    return { ...box, id: res.body.id as string };
  }
  const read = (client: Client, id: string) => client.get(`/transactions/${id}`).then((r) => r.body);

  it('200 approves: the payment completes and is credited', async () => {
    const { client, id, accountId } = await pendingPayment(200);
    const tx = await until(() => read(client, id), (t) => t.status !== 'PENDING');
    expect(tx).toMatchObject({ status: 'COMPLETED', approval: { status: 'APPROVED', webhookReplyStatus: 200 } });
    expect(await balances(client, accountId)).toEqual({ available: 700, total: 700 });
  });

  it('403 rejects: REJECTED, nothing credited', async () => {
    const { client, id, accountId } = await pendingPayment(403);
    const tx = await until(() => read(client, id), (t) => t.status !== 'PENDING');
    expect(tx).toMatchObject({ status: 'REJECTED', approval: { status: 'REJECTED', webhookReplyStatus: 403 } });
    expect(await balances(client, accountId)).toEqual({ available: 0, total: 0 });
  });

  it('500 fails it PAYMENT_APPROVAL_WEBHOOK_ERROR; the retried delivery changes nothing', async () => {
    const { client, id } = await pendingPayment(500);
    const tx = await until(() => read(client, id), (t) => t.status !== 'PENDING');
    expect(tx).toMatchObject({ status: 'FAILED', failureReason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR', approval: { status: 'WEBHOOK_ERROR', webhookReplyStatus: 500 } });
    await advance(client, 60);
    await receiver!.waitFor(3);
    expect((await read(client, id)).status).toBe('FAILED');
  });

  it('202 opens the 5 s window: approve within it completes the payment', async () => {
    const { client, id, accountId } = await pendingPayment(202);
    const waiting = await until(() => read(client, id), (t) => t.approval.status !== 'AWAITING_WEBHOOK');
    expect(waiting).toMatchObject({ status: 'PENDING', approval: { status: 'AWAITING_DECISION', webhookReplyStatus: 202, decideBy: expect.any(String) } });
    await advance(client, 4);
    const approved = await client.post(`/transactions/${id}/approve`);
    expect(approved.body).toMatchObject({ status: 'COMPLETED', approval: { status: 'APPROVED', webhookReplyStatus: 202 } });
    expect(await balances(client, accountId)).toEqual({ available: 700, total: 700 });
  });

  it('202 and no decision: FAILED PAYMENT_APPROVAL_TIMED_OUT after 5 s of sandbox time', async () => {
    const { client, id } = await pendingPayment(202);
    await until(() => read(client, id), (t) => t.approval.status === 'AWAITING_DECISION');
    await advance(client, 5);
    expect(await read(client, id)).toMatchObject({ status: 'FAILED', failureReason: 'PAYMENT_APPROVAL_TIMED_OUT' });
    expect((await client.post(`/transactions/${id}/reject`)).status).toBe(409);
  });
});

describe('approve and reject: other flows first, then bad input', () => {
  it('asks ownedDecisionHook first, so another area can decide the transactions it owns', async () => {
    const { sandbox, client, customer } = await setup();
    const owned = (await receive(client, customer.umaAddress)).body;
    const calls: Array<[string, string, string | undefined]> = [];
    sandbox.registry.get('test-client')!.hooks.arm(ownedDecisionHook, (tenant, id, decision, reason) => {
      calls.push([id, decision, reason]);
      return id === owned.id ? tenant.transactions.get(id) : undefined;
    });
    expect((await client.post(`/transactions/${owned.id}/approve`)).body.id).toBe(owned.id);
    expect((await client.post(`/transactions/${owned.id}/reject`, { reason: 'no' })).status).toBe(200);
    expect((await client.post('/transactions/Transaction:other/approve')).status).toBe(404);
    expect(calls).toEqual([[owned.id, 'APPROVE', undefined], [owned.id, 'REJECT', 'no'], ['Transaction:other', 'APPROVE', undefined]]);
  });

  it('404 TRANSACTION_NOT_FOUND; 400 naming each bad field', async () => {
    const { client } = await setup();
    for (const action of ['approve', 'reject', 'confirm', 'cancel']) {
      const res = await client.post(`/transactions/Transaction:nope/${action}`);
      expect([res.status, res.body.code], action).toEqual([404, 'TRANSACTION_NOT_FOUND']);
    }
    const approve = await client.post('/transactions/Transaction:nope/approve', { receiverCustomerInfo: 'Jane' });
    expect([approve.status, approve.body.details.errors[0].field]).toEqual([400, 'receiverCustomerInfo']);
    for (const action of ['reject', 'cancel']) {
      const res = await client.post(`/transactions/Transaction:nope/${action}`, { reason: '' });
      expect([res.status, res.body.details.errors[0].field]).toEqual([400, 'reason']);
    }
    const confirm = await client.post('/transactions/Transaction:nope/confirm', { receiptDeliveryConfirmedAt: 'soon' });
    expect([confirm.status, confirm.body.details.errors[0].field]).toEqual([400, 'receiptDeliveryConfirmedAt']);
  });
});

describe('POST /transactions/{id}/confirm', () => {
  it('records receipt delivery now by default, a given past time, and moves it on a second call; never in the future', async () => {
    const { client, customer } = await setup();
    const tx = (await receive(client, customer.umaAddress)).body;
    const now = Date.parse((await client.get('/__admin/clock')).body.now);
    const first = await client.post(`/transactions/${tx.id}/confirm`);
    expect(first.status).toBe(200);
    expect(Date.parse(first.body.receiptDeliveryConfirmedAt) - now).toBeGreaterThanOrEqual(0);
    expect(Date.parse(first.body.receiptDeliveryConfirmedAt) - now).toBeLessThan(5000);
    const earlier = new Date(now - 3_600_000).toISOString();
    const second = await client.post(`/transactions/${tx.id}/confirm`, { receiptDeliveryConfirmedAt: earlier });
    expect(second.body.receiptDeliveryConfirmedAt).toBe(earlier);
    expect((await client.get(`/transactions/${tx.id}`)).body.receiptDeliveryConfirmedAt).toBe(earlier);
    const future = await client.post(`/transactions/${tx.id}/confirm`, { receiptDeliveryConfirmedAt: new Date(now + 3_600_000).toISOString() });
    expect([future.status, future.body.code, future.body.details.errors[0].field]).toEqual([400, 'INVALID_INPUT', 'receiptDeliveryConfirmedAt']);
  });
});

describe('POST /transactions/{id}/cancel', () => {
  async function funded() {
    const box = await setup();
    await box.client.post(`/sandbox/internal-accounts/${box.accountId}/fund`, { amount: 10_000 });
    const external = async (accountNumber: string) => (await box.client.post('/customers/external-accounts', usdAccount(box.customer.id, accountNumber))).body.id as string;
    return { ...box, external };
  }

  it('cancels an ACH payout still PROCESSING: FAILED with cancellation, the hold released; its scheduled outcome changes nothing', async () => {
    const { client, accountId, external } = await funded();
    const slow = await external('000000005');
    const tx = (await client.post('/transfer-out', { source: { accountId }, destination: { accountId: slow }, amount: 500 })).body;
    expect(tx.status).toBe('PROCESSING');
    expect(await balances(client, accountId)).toEqual({ available: 9_500, total: 10_000 });
    const cancelled = await client.post(`/transactions/${tx.id}/cancel`, { reason: 'customer changed their mind' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'FAILED', cancellation: { cancelledAt: expect.any(String), reason: 'customer changed their mind' } });
    expect(await balances(client, accountId)).toEqual({ available: 10_000, total: 10_000 });
    expect((await eventsOf(client, tx.id)).map((e) => e.type).at(-1)).toBe('OUTGOING_PAYMENT.FAILED');
    await advance(client, 60);
    expect((await client.get(`/transactions/${tx.id}`)).body.status).toBe('FAILED');
    expect(await balances(client, accountId)).toEqual({ available: 10_000, total: 10_000 });
    const again = await client.post(`/transactions/${tx.id}/cancel`);
    expect([again.status, again.body.code]).toEqual([409, 'TRANSACTION_NOT_CANCELLABLE']);
  });

  it('cancels a wire payout and an ACH pull before they settle', async () => {
    const { client, accountId, external } = await funded();
    const slow = await external('000000005');
    const wire = (await client.post('/transfer-out', { source: { accountId }, destination: { accountId: slow, paymentRail: 'WIRE' }, amount: 500 })).body;
    expect((await client.post(`/transactions/${wire.id}/cancel`)).body.status).toBe('FAILED');
    const pull = (await client.post('/transfer-in', { source: { accountId: slow }, destination: { accountId }, amount: 700 })).body;
    expect(pull.status).toBe('PENDING');
    expect(await balances(client, accountId)).toEqual({ available: 10_000, total: 10_700 });
    expect((await client.post(`/transactions/${pull.id}/cancel`)).body.status).toBe('FAILED');
    expect(await balances(client, accountId)).toEqual({ available: 10_000, total: 10_000 });
  });

  it('409 TRANSACTION_NOT_CANCELLABLE once settled, on a rail other than ACH or wire, for UMA and card transactions', async () => {
    const { client, accountId, external, customer } = await funded();
    const done = (await client.post('/transfer-out', { source: { accountId }, destination: { accountId: await external('000000001') }, amount: 100 })).body;
    expect(done.status).toBe('COMPLETED');
    const rtp = (await client.post('/transfer-out', { source: { accountId }, destination: { accountId: await external('000000005'), paymentRail: 'RTP' }, amount: 100 })).body;
    expect(rtp.status).toBe('PROCESSING');
    const uma = (await receive(client, customer.umaAddress, SLOW)).body;
    for (const id of [done.id, rtp.id, uma.id]) {
      const res = await client.post(`/transactions/${id}/cancel`);
      expect([res.status, res.body.code], id).toEqual([409, 'TRANSACTION_NOT_CANCELLABLE']);
    }
  });
});
