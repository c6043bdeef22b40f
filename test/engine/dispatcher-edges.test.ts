/**
 * The webhook dispatcher's edges (src/webhooks/dispatcher.ts): the exact
 * request it sends and the attempt it records, how a failure is described
 * (timeout, network error with or without a code, a non-Error), the retry
 * timer armed for the soonest due delivery, replay while a delivery is in
 * flight, what close() stops, and how many deliveries a tenant keeps.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeSandbox, refusal, TEST_EPOCH_MS } from '../helpers.js';
import { manualTime, isoAt } from '../../src/core/clock.js';
import { sequentialIds } from '../../src/core/ids.js';
import type { Logger } from '../../src/core/log.js';
import { WebhookDispatcher } from '../../src/webhooks/dispatcher.js';
import { deliveryReplyHook } from '../../src/webhooks/replies.js';
import type { WebhookDeliveryRecord } from '../../src/webhooks/webhooks.schemas.js';
import type { Tenant } from '../../src/store/tenant.js';

const NOW = isoAt(TEST_EPOCH_MS);

interface Endpoint {
  url: string;
  requests: Array<{ headers: IncomingHttpHeaders; body: string }>;
  /** Resolves when the next request has arrived (before it is answered). */
  arrived(): Promise<void>;
}

const servers: Server[] = [];
const extraDispatchers: WebhookDispatcher[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const d of extraDispatchers.splice(0)) d.close();
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** Another dispatcher with the same signing key, closed after the test. */
function secondDispatcher(signer: WebhookDispatcher['signer']): WebhookDispatcher {
  const dispatcher = new WebhookDispatcher({ signer, signatureHeader: 'X-Service-Signature', log: capturingLog().log });
  extraDispatchers.push(dispatcher);
  return dispatcher;
}

/** An HTTP endpoint on 127.0.0.1 that answers each request with `answer` (which may wait). */
async function endpoint(answer: (req: IncomingMessage, res: ServerResponse) => void | Promise<void> = (_req, res) => void res.writeHead(200).end('ok')): Promise<Endpoint> {
  const requests: Endpoint['requests'] = [];
  let wake: (() => void) | undefined;
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      requests.push({ headers: req.headers, body });
      wake?.();
      void answer(req, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, requests, arrived: () => new Promise<void>((resolve) => (wake = resolve)) };
}

function capturingLog() {
  const lines: Array<[string, string, Record<string, unknown> | undefined]> = [];
  const log: Logger = {
    info: (m, f) => void lines.push(['info', m, f]),
    warn: (m, f) => void lines.push(['warn', m, f]),
    error: (m, f) => void lines.push(['error', m, f]),
  };
  return { log, lines, of: (level: string) => lines.filter(([l]) => l === level).map(([, m, f]) => [m, f]) };
}

/** performance.now (what the dispatcher times attempts with) under the test's control. */
function fakeMonotonic(startMs = 1_000) {
  const state = { now: startMs };
  vi.spyOn(performance, 'now').mockImplementation(() => state.now);
  return state;
}

async function setUp(options: { answer?: Parameters<typeof endpoint>[0]; log?: Logger } = {}) {
  const hook = await endpoint(options.answer);
  const time = manualTime(TEST_EPOCH_MS);
  const sandbox = makeSandbox({ time, ids: sequentialIds(), ...(options.log ? { log: options.log } : {}) });
  const client = sandbox.client();
  expect((await client.patch('/config', { webhookEndpoint: hook.url })).status).toBe(200);
  const tenant = sandbox.registry.get('test-client')!;
  return { ...sandbox, client, tenant, hook, time };
}

function record(overrides: Partial<WebhookDeliveryRecord> & { id: string }): WebhookDeliveryRecord {
  return {
    eventId: `Webhook:${overrides.id}`,
    eventType: 'CUSTOMER.KYC_APPROVED',
    resourceId: `Customer:${overrides.id}`,
    url: 'http://127.0.0.1:9/unused',
    status: 'SUCCEEDED',
    attempts: [],
    createdAt: NOW,
    updatedAt: NOW,
    body: '{}',
    ...overrides,
  };
}

const later = (seconds: number) => isoAt(TEST_EPOCH_MS + seconds * 1000);

describe('a sent webhook', () => {
  it('is POSTed with exactly these headers and the test envelope; the attempt records the status and the time it took', async () => {
    const clock = fakeMonotonic();
    const { client, hook } = await setUp({
      answer: (_req, res) => {
        clock.now += 250;
        res.writeHead(204).end();
      },
    });
    const reply = await client.post('/sandbox/webhooks/test');
    expect(hook.requests).toHaveLength(1);
    const sent = hook.requests[0]!;
    expect({ contentType: sent.headers['content-type'], userAgent: sent.headers['user-agent'], signed: typeof sent.headers['x-service-signature'] }).toEqual({
      contentType: 'application/json',
      userAgent: 'paysandbox-webhooks',
      signed: 'string',
    });
    const event = { id: 'Webhook:00000000-0000-4000-8000-000000000009', type: 'TEST', timestamp: NOW, data: { id: 'WebhookTest:test-client', message: 'A test event from paysandbox' } };
    expect(JSON.parse(sent.body)).toEqual(event);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      event,
      delivery: {
        id: 'WebhookDelivery:00000000-0000-4000-8000-00000000000a',
        eventId: event.id,
        eventType: 'TEST',
        resourceId: 'WebhookTest:test-client',
        url: hook.url,
        status: 'SUCCEEDED',
        // 204 has no body to cancel: the attempt has no error.
        attempts: [{ at: NOW, status: 204, durationMs: 250 }],
        test: true,
        createdAt: NOW,
        updatedAt: NOW,
      },
    });
  });

  it('logs a warning with the attempt when it fails, and nothing when it succeeds', async () => {
    const captured = capturingLog();
    const clock = fakeMonotonic();
    const answers = [200, 503];
    const { client, hook } = await setUp({
      log: captured.log,
      answer: (_req, res) => {
        clock.now += 40;
        res.writeHead(answers.shift()!).end('no');
      },
    });
    expect((await client.post('/sandbox/webhooks/test')).status).toBe(200);
    expect(captured.of('warn')).toEqual([]);
    const refused = await client.post('/sandbox/webhooks/test');
    const id = 'WebhookDelivery:00000000-0000-4000-8000-00000000000c';
    expect(refused.body).toEqual(refusal(400, 'WEBHOOK_DELIVERY_ERROR', `The endpoint ${hook.url} did not accept the test event`, { deliveryId: id, url: hook.url, status: 503 }));
    expect(captured.of('warn')).toEqual([['webhook delivery failed', { tenant: 'test-client', delivery: id, event: 'TEST', at: NOW, status: 503, durationMs: 40 }]]);
  });
});

describe('POST /sandbox/webhooks/test without an endpoint', () => {
  it('is 400 WEBHOOK_ENDPOINT_NOT_SET, saying how to set one', async () => {
    const reply = await makeSandbox().client().post('/sandbox/webhooks/test');
    expect(reply.body).toEqual({ status: 400, code: 'WEBHOOK_ENDPOINT_NOT_SET', message: 'Set webhookEndpoint with PATCH /config first', reason: 'Set webhookEndpoint with PATCH /config first' });
  });
});

describe('how a failed attempt is described', () => {
  const cases: Array<[string, unknown, string]> = [
    ['a timeout', new DOMException('The operation was aborted due to timeout', 'TimeoutError'), 'no answer within 10 s'],
    ['a value that is not an Error', 'the line went quiet', 'the line went quiet'],
    ['an Error without a cause', new Error('refused by policy'), 'refused by policy'],
    ['an Error whose cause has a code and a message', Object.assign(new Error('fetch failed'), { cause: { code: 'ECONNRESET', message: 'socket hang up' } }), 'ECONNRESET: socket hang up'],
    ['an Error whose cause has only a code', Object.assign(new Error('fetch failed'), { cause: { code: 'EPIPE' } }), 'EPIPE'],
  ];
  it.each(cases)('%s', async (_name, reason, error) => {
    const { client, hook } = await setUp();
    // The request's deadline: aborted with `reason` before it is sent.
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => AbortSignal.abort(reason));
    const reply = await client.post('/sandbox/webhooks/test');
    expect(timeout.mock.calls).toEqual([[10_000]]);
    expect(hook.requests).toEqual([]);
    expect(reply.body).toEqual(
      refusal(400, 'WEBHOOK_DELIVERY_ERROR', `The endpoint ${hook.url} did not accept the test event`, { deliveryId: 'WebhookDelivery:00000000-0000-4000-8000-00000000000a', url: hook.url, error }),
    );
  });
});

describe('replies reported to the areas', () => {
  it('reports the reply to a replayed delivery, not to a test delivery; a failing hook is logged and the delivery still settles', async () => {
    const captured = capturingLog();
    const { client, tenant } = await setUp({ log: captured.log });
    const reported: unknown[] = [];
    tenant.hooks.arm(deliveryReplyHook, (t, event, reply) => {
      reported.push([t.id, event, reply]);
      throw new Error('hook broke');
    });
    expect((await client.post('/sandbox/webhooks/test')).status).toBe(200);
    expect(reported).toEqual([]);
    tenant.webhookDeliveries.insert(record({ id: 'WebhookDelivery:old', url: (await client.get('/config')).body.webhookEndpoint, status: 'FAILED' }));
    const replayed = await client.post('/__admin/webhooks/WebhookDelivery:old/replay');
    expect(replayed.body).toMatchObject({ id: 'WebhookDelivery:old', status: 'SUCCEEDED' });
    expect(reported).toEqual([['test-client', { eventId: 'Webhook:WebhookDelivery:old', eventType: 'CUSTOMER.KYC_APPROVED', resourceId: 'Customer:WebhookDelivery:old' }, { status: 200 }]]);
    expect(captured.of('error')).toEqual([['acting on a webhook reply failed', { tenant: 'test-client', delivery: 'WebhookDelivery:old', error: 'hook broke' }]]);
  });
});

describe('replay', () => {
  it('is 404 for an unknown delivery', async () => {
    const { client } = await setUp();
    const reply = await client.post('/__admin/webhooks/WebhookDelivery:nope/replay');
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ reason: 'WebhookDelivery WebhookDelivery:nope not found', details: { resource: 'WebhookDelivery', id: 'WebhookDelivery:nope' } });
  });

  it('marks the delivery PENDING, due now, while it is sent, and is 409 for a second replay meanwhile', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const answers = [500];
    const { client, hook, tenant } = await setUp({
      answer: async (_req, res) => {
        const status = answers.shift();
        if (status === undefined) await held;
        res.writeHead(status ?? 200).end();
      },
    });
    const failed = await client.post('/sandbox/webhooks/test');
    const id = failed.body.details.deliveryId as string;
    expect(tenant.webhookDeliveries.get(id)!.status).toBe('FAILED');
    await client.post('/__admin/clock/advance', { seconds: 30 });
    const arrived = hook.arrived();
    const replay = client.post(`/__admin/webhooks/${id}/replay`);
    await arrived;
    const during = (await client.get('/__admin/webhooks')).body.data.find((d: { id: string }) => d.id === id);
    expect({ status: during.status, nextAttemptAt: during.nextAttemptAt }).toEqual({ status: 'PENDING', nextAttemptAt: later(30) });
    const again = await client.post(`/__admin/webhooks/${id}/replay`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', reason: `Delivery ${id} is being sent right now` });
    release();
    expect((await replay).body).toMatchObject({ id, status: 'SUCCEEDED' });
  });
});

describe('the retry timer', () => {
  function pendingOf(tenant: Tenant) {
    // Two resources due in 300 s and 60 s; a third delivery of the second resource, due sooner, waits behind it.
    tenant.webhookDeliveries.insert(record({ id: 'WebhookDelivery:a', status: 'PENDING', resourceId: 'Customer:A', nextAttemptAt: later(300) }));
    tenant.webhookDeliveries.insert(record({ id: 'WebhookDelivery:b', status: 'PENDING', resourceId: 'Customer:B', nextAttemptAt: later(60) }));
    tenant.webhookDeliveries.insert(record({ id: 'WebhookDelivery:c', status: 'PENDING', resourceId: 'Customer:B', nextAttemptAt: later(10) }));
  }

  it('is armed for the soonest delivery first in its line, re-armed (the old one cleared) as the clock moves, and pumps when it fires', async () => {
    const { tenant, webhooks, time } = await setUp();
    pendingOf(tenant);
    const set = vi.spyOn(globalThis, 'setTimeout');
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    webhooks.pump(tenant);
    expect(set.mock.calls).toEqual([[expect.any(Function), 60_000]]);
    const first = set.mock.results[0]!.value as NodeJS.Timeout;
    time.advance(20_000);
    webhooks.pump(tenant);
    expect(clear.mock.calls).toEqual([[first]]);
    expect(set.mock.calls[1]).toEqual([expect.any(Function), 40_000]);
    // When the timer fires it pumps, which arms the next one.
    (set.mock.calls[1]![0] as () => void)();
    expect(set.mock.calls.slice(2)).toEqual([[expect.any(Function), 40_000]]);
  });

  it('is armed when a dispatcher attaches to a tenant with deliveries left pending', async () => {
    const { tenant, webhooks } = await setUp();
    pendingOf(tenant);
    const another = secondDispatcher(webhooks.signer);
    const set = vi.spyOn(globalThis, 'setTimeout');
    another.attach(tenant);
    expect(set).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(set.mock.calls).toEqual([[expect.any(Function), 60_000]]);
  });

  it('pumping a tenant the dispatcher was never attached to does nothing', async () => {
    const { tenant, webhooks } = await setUp();
    pendingOf(tenant);
    const stranger = secondDispatcher(webhooks.signer);
    const set = vi.spyOn(globalThis, 'setTimeout');
    expect(() => stranger.pump(tenant)).not.toThrow();
    expect(set).not.toHaveBeenCalled();
  });
});

describe('close()', () => {
  it('clears the armed timer, stops listening for events and aborts the stop signal', async () => {
    const { tenant, webhooks, client } = await setUp();
    tenant.webhookDeliveries.insert(record({ id: 'WebhookDelivery:a', status: 'PENDING', nextAttemptAt: later(300) }));
    const set = vi.spyOn(globalThis, 'setTimeout');
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    webhooks.pump(tenant);
    const timer = set.mock.results[0]!.value as NodeJS.Timeout;
    expect(webhooks.stopped.aborted).toBe(false);
    webhooks.close();
    expect(webhooks.stopped.aborted).toBe(true);
    expect(clear.mock.calls).toContainEqual([timer]);
    tenant.signal('event', { id: 'Webhook:after-close', type: 'CUSTOMER.KYC_APPROVED', timestamp: NOW, data: { id: 'Customer:X' } });
    expect(tenant.webhookDeliveries.size).toBe(1);
    expect((await client.get('/__admin/webhooks')).body.data.map((d: { id: string }) => d.id)).toEqual(['WebhookDelivery:a']);
  });

  it('leaves a delivery in flight unsettled: its answer after close is not recorded', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const { tenant, webhooks, client, hook } = await setUp({
      answer: async (_req, res) => {
        await held;
        res.writeHead(200).end();
      },
    });
    const arrived = hook.arrived();
    const test = client.post('/sandbox/webhooks/test');
    await arrived;
    webhooks.close();
    release();
    const reply = await test;
    const id = 'WebhookDelivery:00000000-0000-4000-8000-00000000000a';
    expect(reply.body).toEqual(refusal(400, 'WEBHOOK_DELIVERY_ERROR', `The endpoint ${hook.url} did not accept the test event`, { deliveryId: id, url: hook.url }));
    expect(tenant.webhookDeliveries.get(id)).toMatchObject({ status: 'PENDING', attempts: [] });
  });
});

describe('an event without a string resource id', () => {
  it('is lined up by its own event id', async () => {
    const { tenant, hook } = await setUp();
    const arrived = hook.arrived();
    tenant.signal('event', { id: 'Webhook:no-resource', type: 'CUSTOMER.KYC_APPROVED', timestamp: NOW, data: { id: 42 } as never });
    const [delivery] = tenant.webhookDeliveries.byIndex('status', 'PENDING');
    expect({ eventId: delivery!.eventId, resourceId: delivery!.resourceId }).toEqual({ eventId: 'Webhook:no-resource', resourceId: 'Webhook:no-resource' });
    await arrived;
  });
});

describe('deliveries kept', () => {
  const KEPT = 10_000;
  it(`are at most ${KEPT}: the oldest settled ones go when more are recorded, a pending one never`, async () => {
    const { tenant } = await setUp();
    for (let i = 0; i < KEPT; i++) {
      const r = record({ id: `WebhookDelivery:${i}` });
      if (i === 2) Object.assign(r, { status: 'PENDING', nextAttemptAt: later(600) });
      // An earlier delivery of the resource the new events carry, due later: the new ones wait in line and are not sent.
      if (i === 5) Object.assign(r, { status: 'PENDING', resourceId: 'Customer:held', nextAttemptAt: later(600) });
      tenant.webhookDeliveries.insert(r);
    }
    const kept = () => [tenant.webhookDeliveries.size, ...[0, 1, 2].map((i) => tenant.webhookDeliveries.has(`WebhookDelivery:${i}`))];
    const event = (n: number) => tenant.signal('event', { id: `Webhook:new-${n}`, type: 'CUSTOMER.KYC_APPROVED', timestamp: NOW, data: { id: 'Customer:held' } });
    event(1);
    expect(kept()).toEqual([KEPT, false, true, true]);
    event(2);
    expect(kept()).toEqual([KEPT, false, false, true]);
    // The oldest is pending now: it stays, and so does everything after it.
    event(3);
    expect(kept()).toEqual([KEPT + 1, false, false, true]);
  });
});
