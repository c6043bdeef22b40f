/** Webhooks on demand: every type the sandbox sends, made to happen through the real flows, in both platform modes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSandbox, type Client } from '../helpers.js';
import { TRIGGER_TYPES } from '../../src/control/trigger-types.js';
import { startReceiver, type Receiver } from './receiver.js';
import { createSandbox } from '../../src/index.js';
import { referenceDocument } from '../support/reference-document.js';

/** Where the reference names an event differently from the spec, the spec's name (the spec wins; docs/deviations.md). */
const SPEC_NAME: Record<string, string> = { 'CARD.STATE_CHANGE': 'CARD.STATUS_CHANGE' };

/** Every webhook type the reference declares (its WebhookType enum), by the spec's names: read from the bundled reference, not listed here. */
const reference = await referenceDocument<{ components: { schemas: { WebhookType: { enum: string[] } } } }>();
const REFERENCE_TYPES = reference.components.schemas.WebhookType.enum.map((t) => SPEC_NAME[t] ?? t);

const EMITTED = REFERENCE_TYPES;

/** Where each kind of event's data can be fetched back from the API. */
function resourcePath(type: string, id: string): string {
  if (type.startsWith('CUSTOMER.')) return `/customers/${id}`;
  if (type.startsWith('VERIFICATION.')) return `/verifications/${id}`;
  if (type.startsWith('CARD.')) return `/cards/${id}`;
  if (type.startsWith('BULK_UPLOAD.')) return `/customers/bulk/jobs/${id}`;
  if (type.startsWith('EXTERNAL_ACCOUNT.')) return `/customers/external-accounts/${id}`;
  if (type.startsWith('INVITATION.')) return `/invitations/${encodeURIComponent(id)}`;
  return `/transactions/${id}`;
}

/** The event's data as the API serves it: an agent action through the platform's list of approvals (it has no GET of its own for the platform). */
async function fetchResource(client: Client, type: string, id: string, data: { customerId?: string }): Promise<{ status: number; body: { id?: string; code?: string } }> {
  // An internal account has no GET of its own: it is found in its customer's list.
  if (type.startsWith('INTERNAL_ACCOUNT.')) {
    const list = await client.get(`/customers/internal-accounts?customerId=${data.customerId}`);
    return { status: list.status, body: list.body.data.find((a: { id: string }) => a.id === id) ?? {} };
  }
  if (!type.startsWith('AGENT_ACTION.')) return client.get(resourcePath(type, id));
  const approvals = await client.get('/agents/approvals?limit=100');
  return { status: approvals.status, body: approvals.body.data.find((a: { id: string }) => a.id === id) ?? {} };
}

describe('the recipe table', () => {
  it('covers every webhook type the reference declares, and GET lists them', async () => {
    // The reference has 43 types, the spec's card event name among them; the list is not empty by accident.
    expect(REFERENCE_TYPES).toHaveLength(43);
    expect(REFERENCE_TYPES).toContain('CARD.STATUS_CHANGE');
    expect(REFERENCE_TYPES).not.toContain('CARD.STATE_CHANGE');
    expect([...TRIGGER_TYPES].sort()).toEqual([...EMITTED].sort());
    const listed = (await makeSandbox().client().get('/__admin/events/trigger')).body.data;
    expect(listed.map((t: { type: string }) => t.type)).toEqual(TRIGGER_TYPES);
    for (const t of listed) expect(t.description).toMatch(/\w/);
  });

  it('answers an unknown type with 400 listing the valid ones, and creates nothing', async () => {
    const client = makeSandbox().client();
    for (const type of ['CUSTOMER.KYC_MAYBE', 'constructor', '__proto__']) {
      const res = await client.post('/__admin/events/trigger', { type });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_INPUT');
      expect(res.body.details.validTypes).toEqual(TRIGGER_TYPES);
      expect(res.body.details.errors[0]).toMatchObject({ field: 'type', constraint: { enum: TRIGGER_TYPES } });
    }
    expect((await client.post('/__admin/events/trigger', {})).status).toBe(400);
    expect((await client.post('/__admin/events/trigger', { type: '' })).status).toBe(400);
    expect((await client.get('/customers')).body.data).toEqual([]);
    expect((await client.get('/__admin/events')).body.data).toEqual([]);
  });
});

describe.each([
  ['an unregulated platform', false],
  ['a regulated platform', true],
])('on %s', (_, regulated) => {
  let client: Client;
  beforeAll(async () => {
    client = makeSandbox().client();
    if (regulated) await client.patch('/config', { isRegulatedFinancialInstitution: true });
  });

  it.each(EMITTED.filter((t) => t !== 'TEST'))('makes %s happen with data that exists', async (type) => {
    const res = await client.post('/__admin/events/trigger', { type });
    expect(res.status).toBe(200);
    const { event, events, created } = res.body;
    expect(event.type).toBe(type);
    expect(events.map((e: { id: string }) => e.id)).toContain(event.id);
    // The event is in the outbox, and its data is a resource the API serves.
    const stored = (await client.get(`/__admin/events?type=${type}&limit=100`)).body.data.find((e: { id: string }) => e.id === event.id);
    expect(stored).toBeDefined();
    // An invitation is named by its code; everything else by its id.
    const id = (stored.data.id ?? stored.data.code) as string;
    const fetched = await fetchResource(client, type, id, stored.data);
    expect(fetched.status).toBe(200);
    expect(fetched.body.id ?? fetched.body.code).toBe(id);
    // The event carries the resource as GET shows it after the change, unless a later step of the same flow changed it again.
    if (events[events.length - 1].id === event.id) expect(stored.data).toEqual(fetched.body);
    // Every id the answer names exists.
    expect(Object.keys(created).length).toBeGreaterThan(0);
    for (const [role, value] of Object.entries(created) as Array<[string, string]>) expect(value).toMatch(role === 'invitation' ? /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{10}$/ : /^[A-Za-z]+:[0-9a-f-]{36}$/);
  });
});

describe('what a trigger sets in motion', () => {
  it('runs the whole payout: the quote is COMPLETED, the money moved and the follow-up events arrived in order', async () => {
    const client = makeSandbox().client();
    const { body } = await client.post('/__admin/events/trigger', { type: 'OUTGOING_PAYMENT.COMPLETED' });
    expect(body.events.map((e: { type: string }) => e.type).filter((t: string) => t.startsWith('OUTGOING'))).toEqual(['OUTGOING_PAYMENT.PENDING', 'OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED']);
    expect((await client.get(`/quotes/${body.created.quote}`)).body.status).toBe('COMPLETED');
    const transaction = (await client.get(`/transactions/${body.created.transaction}`)).body;
    expect(transaction).toMatchObject({ status: 'COMPLETED', type: 'OUTGOING', quoteId: body.created.quote });
    const account = (await client.get(`/customers/internal-accounts?customerId=${body.created.customer}`)).body.data.find((a: { id: string }) => a.id === body.created.internalAccount);
    expect(account.balance.amount).toBe(100_000 - transaction.sentAmount.amount);
  });

  it('refunds the sender of a failed payout', async () => {
    const client = makeSandbox().client();
    const { body } = await client.post('/__admin/events/trigger', { type: 'OUTGOING_PAYMENT.REFUND_COMPLETED' });
    expect((await client.get(`/transactions/${body.created.transaction}`)).body).toMatchObject({ status: 'FAILED', refund: { status: 'COMPLETED' } });
    const account = (await client.get(`/customers/internal-accounts?customerId=${body.created.customer}`)).body.data[0];
    expect(account.balance.amount).toBe(100_000);
  });

  it('leaves a card ACTIVE and its cleared purchase SETTLED', async () => {
    const client = makeSandbox().client();
    const { body } = await client.post('/__admin/events/trigger', { type: 'CARD_TRANSACTION.SETTLED' });
    expect((await client.get(`/cards/${body.created.card}`)).body.status).toBe('ACTIVE');
    expect((await client.get(`/transactions/${body.created.cardTransaction}`)).body).toMatchObject({ status: 'SETTLED', settledAmount: 2_500 });
    // The issuer's activation job was run, not left pending.
    expect((await client.get('/__admin/clock')).body.pendingJobs).toEqual([]);
  });

  it('does not move the tenant clock', async () => {
    const client = makeSandbox().client();
    await client.post('/__admin/events/trigger', { type: 'CARD_TRANSACTION.EXCEPTION' });
    expect((await client.get('/__admin/clock')).body.offsetSeconds).toBeLessThan(1);
  });

  it('repeats: each trigger makes new objects', async () => {
    const client = makeSandbox().client();
    const first = (await client.post('/__admin/events/trigger', { type: 'CUSTOMER.KYC_APPROVED' })).body;
    const second = (await client.post('/__admin/events/trigger', { type: 'CUSTOMER.KYC_APPROVED' })).body;
    expect(second.created.customer).not.toBe(first.created.customer);
    expect((await client.get('/customers')).body.data).toHaveLength(2);
  });
});

describe('delivery', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('delivers the triggered events to the webhook endpoint, signed', async () => {
    const sandbox = await createSandbox({ webhookUrl: receiver.url });
    try {
      const result = await sandbox.trigger('INCOMING_PAYMENT.COMPLETED');
      await receiver.waitFor(result.events.length);
      const types = receiver.received.map((r) => JSON.parse(r.body).type);
      expect([...types].sort()).toEqual(result.events.map((e) => e.type).sort());
      expect(receiver.received.every((r) => typeof r.headers['x-service-signature'] === 'string')).toBe(true);
    } finally {
      await sandbox.close();
    }
  });

  it('sends TEST to the endpoint, and says so when there is none', async () => {
    const sandbox = await createSandbox({ webhookUrl: receiver.url });
    try {
      const before = receiver.received.length;
      const result = await sandbox.trigger('TEST');
      expect(result.event.type).toBe('TEST');
      expect(result.created.webhookDelivery).toMatch(/^WebhookDelivery:/);
      expect(receiver.received.length).toBe(before + 1);
    } finally {
      await sandbox.close();
    }
    const bare = makeSandbox().client();
    const res = await bare.post('/__admin/events/trigger', { type: 'TEST' });
    expect(res).toMatchObject({ status: 400, body: { code: 'WEBHOOK_ENDPOINT_NOT_SET' } });
  });
});
