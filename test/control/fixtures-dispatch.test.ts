/**
 * A fixture's step is a client's request: run in process through stand-ins
 * for the fetch Request and Response (src/core/step-exchange.ts), it gets
 * the same answer, fires the same webhooks and leaves the same journal entry
 * as the same request sent by a client with the tenant's credentials.
 */
import { describe, expect, it } from 'vitest';
import { makeSandbox, usdAccount } from '../helpers.js';
import { sequentialIds } from '../../src/index.js';
import { stepRequest, stepResponse } from '../../src/core/step-exchange.js';

/** Steps whose later requests read earlier answers; one answers 404 and one 400 (with an unknown member), as they expect. */
const STEPS = [
  { name: 'jane', request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Jane Doe', nickname: 'JD' } },
  { name: 'accounts', request: 'GET /customers/internal-accounts?customerId=${jane.id}' },
  { request: 'POST /sandbox/internal-accounts/${accounts.data.0.id}/fund', body: { amount: 150000 } },
  { name: 'bank', request: 'POST /customers/external-accounts', body: usdAccount('${jane.id}', '000123456003') },
  { request: 'PATCH /customers/${jane.id}', body: { customerType: 'INDIVIDUAL', email: 'jane@example.com' } },
  { request: 'GET /customers/Customer:00000000-0000-4000-8000-000000000999', expect: { status: 404 } },
  { request: 'POST /customers', body: { customerType: 'PERSON', fullName: 'Nobody' }, expect: { status: 400 } },
];

type Sent = { method: string; path: string; body?: unknown };

/** The requests STEPS make, each reading earlier answers (a client doing by hand what the fixture does). */
const CLIENT_REQUESTS: Array<(answers: Record<string, any>) => Sent> = [
  () => ({ method: 'POST', path: '/customers', body: STEPS[0]!.body }),
  (a) => ({ method: 'GET', path: `/customers/internal-accounts?customerId=${a.jane.id}` }),
  (a) => ({ method: 'POST', path: `/sandbox/internal-accounts/${a.accounts.data[0].id}/fund`, body: { amount: 150000 } }),
  (a) => ({ method: 'POST', path: '/customers/external-accounts', body: usdAccount(a.jane.id, '000123456003') }),
  (a) => ({ method: 'PATCH', path: `/customers/${a.jane.id}`, body: STEPS[4]!.body }),
  () => ({ method: 'GET', path: '/customers/Customer:00000000-0000-4000-8000-000000000999' }),
  () => ({ method: 'POST', path: '/customers', body: STEPS[6]!.body }),
];

/** A journal entry without what only says who sent it and when the machine ran it. */
function entryOf(entry: Record<string, any>) {
  const { id: _id, requestId: _requestId, durationMs: _durationMs, requestHeaders, ...rest } = entry;
  return { ...rest, contentType: requestHeaders['content-type'], contentLength: requestHeaders['content-length'] };
}

describe('a fixture step is a client request', () => {
  it('answers the same, fires the same webhooks and leaves the same journal entries as a client sending it', async () => {
    // Two sandboxes on the same clock and the same id sequence: what they make is equal field for field.
    const viaFixture = makeSandbox({ ids: sequentialIds() }).client();
    const viaClient = makeSandbox({ ids: sequentialIds() }).client();

    const loaded = await viaFixture.post('/__admin/fixtures', { fixtures: STEPS });
    expect(loaded.status).toBe(200);

    const answers: Record<string, any> = {};
    const statuses: number[] = [];
    for (const [n, requestOf] of CLIENT_REQUESTS.entries()) {
      const request = requestOf(answers);
      // Over HTTP a client's body comes with its length, as a step's does.
      const length: Record<string, string> = request.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(JSON.stringify(request.body))) };
      const reply = await viaClient.call(request.method, request.path, request.body, length);
      statuses.push(reply.status);
      const name = STEPS[n]!.name;
      if (name !== undefined) answers[name] = reply.body;
    }
    expect(statuses).toEqual([201, 200, 200, 201, 200, 404, 400]);
    expect(loaded.body.steps.map((s: { status: number }) => s.status)).toEqual(statuses);

    const [fixtureJournal, clientJournal] = [(await viaFixture.get('/__admin/requests?limit=100')).body.data, (await viaClient.get('/__admin/requests?limit=100')).body.data];
    expect(fixtureJournal).toHaveLength(STEPS.length);
    expect(fixtureJournal.map(entryOf)).toEqual(clientJournal.map(entryOf));
    // Newest first; each entry holds what was sent and answered: the refusal's field errors, the unknown member named.
    expect(fixtureJournal[0]).toMatchObject({ status: 400, responseBody: { code: 'INVALID_INPUT', details: { errors: [{ field: 'customerType' }] } } });
    expect(fixtureJournal.at(-1)).toMatchObject({ status: 201, requestBody: STEPS[0]!.body, unknownInputs: { body: ['nickname'] } });

    const [fixtureEvents, clientEvents] = [(await viaFixture.get('/__admin/events?limit=100')).body.data, (await viaClient.get('/__admin/events?limit=100')).body.data];
    expect(fixtureEvents.length).toBeGreaterThan(0);
    expect(fixtureEvents).toEqual(clientEvents);
  });

  it('refuses a step whose body the operation refuses, naming the step and the field, as a client is refused', async () => {
    const client = makeSandbox().client();
    const answer = await client.post('/__admin/fixtures', {
      fixtures: [
        { name: 'jane', request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Jane Doe' } },
        { name: 'bank', request: 'POST /customers/external-accounts', body: usdAccount('${jane.id}', '000123456000', { currency: 'usd' }) },
      ],
    });
    expect(answer.status).toBe(409);
    const jane = (await client.get('/customers')).body.data[0].id as string;
    const direct = await client.post('/customers/external-accounts', usdAccount(jane, '000123456000', { currency: 'usd' }));
    expect(direct.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'FIXTURE_STEP_FAILED', details: { step: 'fixtures[1] (bank)', index: 1, request: 'POST /customers/external-accounts', status: 400, body: { code: 'INVALID_INPUT' } } });
    expect(answer.body.details.body.details.errors.map((e: { field: string }) => e.field)).toContain('currency');
    expect(direct.body.details.errors.find((e: { field: string }) => e.field === 'currency')).toEqual(answer.body.details.body.details.errors.find((e: { field: string }) => e.field === 'currency'));
  });
});

/** The fetch Response itself, also where a served sandbox has put the Node server's subclass in its place. */
function fetchResponseClass(): typeof Response {
  let type: typeof Response = Response;
  while (Object.getPrototypeOf(type) !== Function.prototype) type = Object.getPrototypeOf(type) as typeof Response;
  return type;
}
const NativeResponse = fetchResponseClass();

describe('a step that names its own framing headers', () => {
  it('is sent with its body whole: the length in bytes of the body it sends, no transfer coding', async () => {
    const client = makeSandbox().client();
    // Not ASCII: the length is of the UTF-8 bytes, not of the characters.
    const body = { customerType: 'INDIVIDUAL', fullName: 'Zoë Ünal 山田' };
    const answer = await client.post('/__admin/fixtures', { fixtures: [{ request: 'POST /customers', headers: { 'Transfer-Encoding': 'chunked', 'Content-Length': '5' }, body }] });
    expect(answer.status).toBe(200);
    const entry = (await client.get('/__admin/requests?limit=1')).body.data[0];
    expect(entry).toMatchObject({ status: 201, requestBody: body });
    expect(entry.requestHeaders['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(body))));
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(JSON.stringify(body).length);
    expect(entry.requestHeaders).not.toHaveProperty('transfer-encoding');
  });
});

describe('the stand-ins for the fetch Request and Response', () => {
  it('read as a fetch Request: method, URL as fetch serialises it, headers, and the body read once', async () => {
    const request = stepRequest({ method: 'PATCH', url: 'http://localhost/a/../customers/x y', headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' });
    expect(request).toBeInstanceOf(Request);
    expect(request.method).toBe('PATCH');
    expect(stepRequest({ method: 'post', url: 'http://localhost/', headers: {} }).method).toBe('POST');
    expect(request.url).toBe('http://localhost/customers/x%20y');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.bodyUsed).toBe(false);
    expect(request.body).not.toBeNull();
    expect(await request.clone().text()).toBe('{"a":1}');
    expect(await request.json()).toEqual({ a: 1 });
    expect(request.bodyUsed).toBe(true);
    await expect(request.text()).rejects.toThrow(TypeError);
    expect(stepRequest({ method: 'GET', url: 'http://localhost/', headers: {} }).body).toBeNull();
    expect(() => stepRequest({ method: 'GET', url: 'http://localhost/', headers: { 'bad name': 'x' } })).toThrow(TypeError);
  });

  it('read as a fetch Response: the head status and headers, the text as its body, also once a Response is made of it', async () => {
    const answer = stepResponse('{"id":"x"}', (body) => new NativeResponse(body, { status: 201, headers: { 'content-type': 'application/json' } }));
    expect(answer).toBeInstanceOf(NativeResponse);
    expect([answer.status, answer.ok, answer.headers.get('content-type')]).toEqual([201, true, 'application/json']);
    // Headers set on the way out (the warning, CORS) are the answer's.
    answer.headers.set('sandbox-warning', 'unknown body fields ignored: "a"');
    // What Hono does when a response replaces one already set: a Response of its body and its head.
    const rewrapped = new NativeResponse(answer.body, answer);
    expect(rewrapped).not.toBe(answer);
    expect([rewrapped.status, rewrapped.headers.get('sandbox-warning')]).toEqual([201, 'unknown body fields ignored: "a"']);
    expect(await rewrapped.text()).toBe('{"id":"x"}');
    const again = stepResponse('{"id":"y"}', (body) => new NativeResponse(body, { status: 404 }));
    expect([again.status, again.ok, await again.json()]).toEqual([404, false, { id: 'y' }]);
  });

  it('is no stand-in where the global Response is a subclass (the Node server\'s): the answer is one of its own', async () => {
    class LighterResponse extends NativeResponse {}
    const answer = stepResponse('{"id":"x"}', (body) => new LighterResponse(body, { status: 201 }));
    expect(Object.getPrototypeOf(answer)).toBe(LighterResponse.prototype);
    expect([answer.status, await answer.text()]).toEqual([201, '{"id":"x"}']);
  });
});

describe('a control-plane step of a named sandbox', () => {
  it('has its named codes put back to the neutral ones before anything reads its body, as a client request does', async () => {
    // From the environment: the fixture's own body was made neutral on its way in, what a step reads later was not.
    process.env.FIXTURE_FAULT_CODE = 'ACME_SWITCH_ERROR';
    try {
      const client = makeSandbox({ serviceName: 'Acme' }).client();
      const answer = await client.post('/__admin/fixtures', { fixtures: [{ request: 'POST /__admin/faults', body: { kind: 'ERROR', code: '${env.FIXTURE_FAULT_CODE}', method: 'GET', path: '/customers', count: 1 } }] });
      expect(answer.status).toBe(200);
      expect(answer.body.steps[0].status).toBe(201);
      expect(await client.get('/customers')).toMatchObject({ status: 500, body: { code: 'ACME_SWITCH_ERROR' } });
    } finally {
      delete process.env.FIXTURE_FAULT_CODE;
    }
  });
});
