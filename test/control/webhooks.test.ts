/**
 * Webhook delivery to a real receiver on 127.0.0.1: signatures, order per
 * resource, retries driven by the clock, the delivery log, replay and the
 * test endpoint.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createPublicKey, verify } from 'node:crypto';
import { individual, makeSandbox, type Client, until } from '../helpers.js';
import { startReceiver, type Receiver } from './receiver.js';
import { signatureOfHeader } from '../support/webhook-signature.js';

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function setUp() {
  receiver = await startReceiver();
  const sandbox = makeSandbox();
  const client = sandbox.client();
  // Regulated: a customer is decided at creation, so creating one emits CUSTOMER.KYC_APPROVED.
  expect((await client.patch('/config', { webhookEndpoint: receiver.url, isRegulatedFinancialInstitution: true })).status).toBe(200);
  return { ...sandbox, client, receiver };
}

async function deliveries(client: Client, query = '') {
  return (await client.get(`/__admin/webhooks${query}`)).body.data as Array<{ id: string; status: string; eventType: string; attempts: Array<{ status?: number; error?: string }>; nextAttemptAt?: string }>;
}

describe('webhook delivery', () => {
  it('POSTs each event as the spec envelope, signed with the key of GET /__admin/webhooks/public-key', async () => {
    const { client, receiver } = await setUp();
    const customer = await client.post('/customers', individual({ fullName: 'Hook Person' }));
    const [request] = await receiver.waitFor(1);
    expect(request!.headers['content-type']).toBe('application/json');
    const envelope = JSON.parse(request!.body);
    expect(envelope).toEqual({ id: expect.stringMatching(/^Webhook:/), type: 'CUSTOMER.KYC_APPROVED', timestamp: expect.any(String), data: expect.objectContaining({ id: customer.body.id }) });
    const key = (await client.get('/__admin/webhooks/public-key')).body;
    expect(key).toMatchObject({ pem: expect.stringContaining('BEGIN PUBLIC KEY'), hex: expect.stringMatching(/^04[0-9a-f]{128}$/), header: 'X-Service-Signature' });
    const signature = signatureOfHeader(request!.headers['x-service-signature']);
    expect(verify('sha256', Buffer.from(request!.body), { key: key.pem, dsaEncoding: 'der' }, signature)).toBe(true);
    expect(verify('sha256', Buffer.from(`${request!.body} `), { key: key.pem, dsaEncoding: 'der' }, signature)).toBe(false);
    // The hex form is the same key: the uncompressed point 04 || x || y.
    const point = Buffer.from(key.hex, 'hex');
    const fromHex = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
    expect(verify('sha256', Buffer.from(request!.body), { key: fromHex, dsaEncoding: 'der' }, signature)).toBe(true);
    const [delivery] = await until(() => deliveries(client), (d) => d[0]?.status === 'SUCCEEDED');
    expect(delivery).toMatchObject({ eventId: envelope.id, eventType: 'CUSTOMER.KYC_APPROVED', resourceId: customer.body.id, url: receiver.url, attempts: [{ status: 200 }] });
  });

  it('retries a failed delivery on the tenant clock: 60 s, then 5, 10, 20 and 30 minutes, then FAILED', async () => {
    const { client, receiver } = await setUp();
    receiver.answers.push(500, 503, 500, 500, 500, 500);
    await client.post('/customers', individual({ fullName: 'Retry Person' }));
    await receiver.waitFor(1);
    let [delivery] = await until(() => deliveries(client), (d) => d[0]?.attempts.length === 1);
    expect(delivery).toMatchObject({ status: 'PENDING', attempts: [{ status: 500 }] });
    const now = Date.parse((await client.get('/__admin/clock')).body.now);
    expect(Date.parse(delivery!.nextAttemptAt!) - now).toBeGreaterThan(59_000);

    for (const [i, wait] of [60, 300, 600, 1200, 1800].entries()) {
      await client.post('/__admin/clock/advance', { seconds: wait - 1 });
      expect(receiver.received).toHaveLength(i + 1);
      await client.post('/__admin/clock/advance', { seconds: 1 });
      await receiver.waitFor(i + 2);
      [delivery] = await until(() => deliveries(client), (d) => d[0]?.attempts.length === i + 2);
    }
    expect(delivery!.status).toBe('FAILED');
    expect(delivery!.attempts.map((a) => a.status)).toEqual([500, 503, 500, 500, 500, 500]);
    expect(delivery!.nextAttemptAt).toBeUndefined();
    await client.post('/__admin/clock/advance', { seconds: 7200 });
    expect(receiver.received).toHaveLength(6);

    // Replay sends it again, now, and records the attempt.
    const replayed = await client.post(`/__admin/webhooks/${delivery!.id}/replay`);
    expect(replayed.status).toBe(200);
    expect(replayed.body).toMatchObject({ status: 'SUCCEEDED', attempts: expect.arrayContaining([{ at: expect.any(String), status: 200, durationMs: expect.any(Number) }]) });
    expect(replayed.body.attempts).toHaveLength(7);
    expect(receiver.received).toHaveLength(7);
    expect(receiver.received[6]!.body).toBe(receiver.received[0]!.body);
    expect((await client.post('/__admin/webhooks/WebhookDelivery:nope/replay')).status).toBe(404);
  });

  it("keeps one resource's events in order while its earlier delivery is retried; other resources go ahead", async () => {
    const { client, receiver } = await setUp();
    const customer = await client.post('/customers', individual({ fullName: 'Card Holder', currencies: ['USD'] }));
    await receiver.waitFor(1);
    const account = (await client.get(`/customers/internal-accounts?customerId=${customer.body.id}`)).body.data[0].id;
    receiver.answers.push(500);
    const card = await client.post('/cards', { customerId: customer.body.id, form: 'VIRTUAL', fundingSource: account });
    await client.post('/__admin/clock/advance', { seconds: 5 });
    // ACTIVE is refused once; FROZEN and CLOSED for the same card wait behind it.
    await receiver.waitFor(2);
    await client.patch(`/cards/${card.body.id}`, { status: 'FROZEN' });
    await client.patch(`/cards/${card.body.id}`, { status: 'CLOSED' });
    const other = await client.post('/customers', individual({ fullName: 'Someone Else' }));
    await receiver.waitFor(3);
    expect(JSON.parse(receiver.received[2]!.body).data.id).toBe(other.body.id);
    expect(receiver.received).toHaveLength(3);
    await client.post('/__admin/clock/advance', { seconds: 60 });
    const all = await receiver.waitFor(6);
    const statuses = all.slice(3).map((r) => JSON.parse(r.body).data.status);
    expect(statuses).toEqual(['ACTIVE', 'FROZEN', 'CLOSED']);
    expect(await until(() => deliveries(client, '?status=SUCCEEDED'), (d) => d.length === 5)).toHaveLength(5);
  });

  it('never holds up the API while an endpoint is slow', async () => {
    const { client, receiver } = await setUp();
    let release!: () => void;
    receiver.hold = new Promise((r) => (release = r));
    await client.post('/customers', individual({ fullName: 'Slow One' }));
    await receiver.waitFor(1);
    // The endpoint has not answered; the API still does, and events keep being recorded.
    const second = await client.post('/customers', individual({ fullName: 'Slow Two' }));
    expect(second.status).toBe(201);
    expect((await deliveries(client)).map((d) => d.status)).toEqual(['PENDING', 'PENDING']);
    release();
    receiver.hold = undefined;
    await until(() => deliveries(client), (d) => d.every((x) => x.status === 'SUCCEEDED'));
  });

  it('delivers nothing without an endpoint; --webhook-url serves tenants without their own', async () => {
    receiver = await startReceiver();
    const plain = makeSandbox().client();
    await plain.patch('/config', { isRegulatedFinancialInstitution: true });
    await plain.post('/customers', individual());
    expect(await deliveries(plain)).toEqual([]);
    const fallback = makeSandbox({ webhookUrl: receiver.url }).client();
    await fallback.patch('/config', { isRegulatedFinancialInstitution: true });
    await fallback.post('/customers', individual());
    await receiver.waitFor(1);
  });
});

describe('POST /sandbox/webhooks/test', () => {
  it('counts 200 to 299 as delivered, at both ends, and 300 as refused, with the refusal read in full', async () => {
    const { client, receiver } = await setUp();
    for (const status of [200, 299]) {
      receiver.answers.push(status);
      const ok = await client.post('/sandbox/webhooks/test');
      expect(ok.status, String(status)).toBe(200);
      expect(ok.body.delivery).toMatchObject({ status: 'SUCCEEDED', attempts: [{ status }] });
    }
    const event = JSON.parse(receiver.received[0]!.body);
    expect(event).toEqual({ id: expect.stringMatching(/^Webhook:/), type: 'TEST', timestamp: expect.any(String), data: { id: 'WebhookTest:test-client', message: expect.any(String) } });
    receiver.answers.push(300);
    const refused = await client.post('/sandbox/webhooks/test');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'WEBHOOK_DELIVERY_ERROR', reason: `The endpoint ${receiver.url} did not accept the test event`, details: { deliveryId: expect.stringMatching(/^WebhookDelivery:/), url: receiver.url, status: 300 } });
    const log = await deliveries(client);
    expect(log.find((d) => d.id === refused.body.details.deliveryId)).toMatchObject({ status: 'FAILED', attempts: [{ status: 300 }] });
  });

  it('is 400 WEBHOOK_ENDPOINT_NOT_SET without an endpoint', async () => {
    const client = makeSandbox().client();
    const reply = await client.post('/sandbox/webhooks/test');
    expect(reply).toMatchObject({ status: 400, body: { code: 'WEBHOOK_ENDPOINT_NOT_SET' } });
  });

  it('delivers a signed test event, or is 400 WEBHOOK_DELIVERY_ERROR with the status or the network error', async () => {
    const { client, receiver } = await setUp();
    const ok = await client.post('/sandbox/webhooks/test');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ event: { type: 'TEST' }, delivery: { status: 'SUCCEEDED', test: true } });
    expect(JSON.parse(receiver.received[0]!.body).type).toBe('TEST');
    receiver.answers.push(418);
    const refused = await client.post('/sandbox/webhooks/test');
    expect(refused).toMatchObject({ status: 400, body: { code: 'WEBHOOK_DELIVERY_ERROR', details: { status: 418, url: receiver.url } } });
    await receiver.close();
    const down = await client.post('/sandbox/webhooks/test');
    expect(down.body.code).toBe('WEBHOOK_DELIVERY_ERROR');
    expect(down.body.details.error).toMatch(/ECONNREFUSED|UND_ERR_SOCKET|closed/);
    // A test delivery is not retried.
    expect((await deliveries(client, '?status=PENDING')).filter((d) => d.eventType === 'TEST')).toEqual([]);
  });
});
