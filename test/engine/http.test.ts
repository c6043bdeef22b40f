import { describe, expect, it } from 'vitest';
import { OpenAPIHono } from '@hono/zod-openapi';
import { makeSandbox } from '../helpers.js';
import { errorHandler } from '../../src/core/http.js';
import { createLogger } from '../../src/core/log.js';

function expectErrorBody(body: any, status: number, code: string) {
  expect(body).toMatchObject({ code, status });
  expect(typeof body.reason).toBe('string');
  expect(body.message).toBe(body.reason);
}

describe('HTTP edges', () => {
  const sandbox = makeSandbox();
  const client = sandbox.client();

  it('answers an unknown route with 404 NOT_FOUND', async () => {
    const res = await client.get('/no-such-thing');
    expect(res.status).toBe(404);
    expectErrorBody(res.body, 404, 'NOT_FOUND');
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await client.call('PUT', '/customers', {});
    expect(res.status).toBe(405);
    expectErrorBody(res.body, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe('POST, GET, HEAD');
    expect(res.body.details.allowed).toEqual(['POST', 'GET']);
  });

  it('answers 405 on a parameterised path too', async () => {
    const res = await client.call('POST', '/customers/Customer:123');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('PATCH');
  });

  it('answers a trailing slash with 404, not 405', async () => {
    const res = await client.get('/customers/');
    expect(res.status).toBe(404);
  });

  it('answers malformed JSON with 400 INVALID_INPUT', async () => {
    const res = await client.post('/customers', '{"customerType": ');
    expect(res.status).toBe(400);
    expectErrorBody(res.body, 400, 'INVALID_INPUT');
    expect(res.body.reason).toBe('Malformed JSON in request body');
  });

  it('answers a non-JSON content type with 415', async () => {
    const res = await client.post('/customers', 'customerType=INDIVIDUAL', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
    expectErrorBody(res.body, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a missing body with field errors', async () => {
    const res = await client.call('POST', '/customers');
    expect(res.status).toBe(400);
    expect(res.body.details.errors).toEqual([{ field: 'customerType', message: 'Must be one of: INDIVIDUAL, BUSINESS', constraint: { enum: ['INDIVIDUAL', 'BUSINESS'] } }]);
  });

  it('refuses a JSON body over 1 MiB with 413', async () => {
    const res = await client.post('/customers', JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'x'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expectErrorBody(res.body, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('meters a JSON body of unknown length in bytes: 1 MiB is read, one byte more is 413; the body read is the one recorded', async () => {
    const MAX = 1024 * 1024;
    // A body exactly `bytes` long, in UTF-8 bytes (é is two): its length is not declared (in process, no Content-Length).
    const bodyOf = (bytes: number) => {
      const frame = JSON.stringify({ customerType: 'INDIVIDUAL', fullName: '' });
      return JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'é'.repeat(Math.floor((bytes - frame.length) / 2)) + 'x'.repeat((bytes - frame.length) % 2) });
    };
    expect(Buffer.byteLength(bodyOf(MAX))).toBe(MAX);
    const atLimit = await client.post('/customers', bodyOf(MAX));
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['fullName']);
    expectErrorBody((await client.post('/customers', bodyOf(MAX + 1))).body, 413, 'PAYLOAD_TOO_LARGE');
    const small = await client.post('/customers', JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'Zoë Doe' }));
    expect(small.status).toBe(201);
    expect(small.body.fullName).toBe('Zoë Doe');
    expect((await client.get('/__admin/requests?limit=1')).body.data[0].requestBody).toEqual({ customerType: 'INDIVIDUAL', fullName: 'Zoë Doe' });
  });

  it('turns an unexpected exception into 500 INTERNAL_ERROR without a stack trace', async () => {
    const lines: string[] = [];
    const app = new OpenAPIHono();
    app.onError(errorHandler(createLogger('json', (l) => lines.push(l))));
    app.get('/boom', () => {
      throw new TypeError('secret internals at /src/file.ts:12');
    });
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    const body = await res.json();
    expectErrorBody(body, 500, 'INTERNAL_ERROR');
    expect(JSON.stringify(body)).not.toContain('file.ts');
    expect(lines.join('\n')).toContain('secret internals');
  });

  it('serves a JSON index at /', async () => {
    const res = await sandbox.app.request('/');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: '2025-10-13', api: '/2025-10-13' });
  });
});

describe('bodies that are not objects', () => {
  const client = makeSandbox().client();
  it.each(['null', '[]', '"text"', '42', 'true'])('answers %s with 400, never 500', async (body) => {
    for (const path of ['/customers', '/customers/external-accounts', '/platform/external-accounts', '/config']) {
      const res = await client.call(path === '/config' ? 'PATCH' : 'POST', path, body);
      expect(res.status, `${path} ${body}`).toBe(400);
      expect(res.body.code).toBe('INVALID_INPUT');
    }
  });
});

describe('body size', () => {
  it('refuses a declared Content-Length over 1 MiB before reading the body', async () => {
    const { app } = makeSandbox();
    const res = await app.request('/2025-10-13/customers', {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}`, 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
      body: '{}',
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('never holds a GET or HEAD to the JSON limit: they have no body, whatever Content-Length says', async () => {
    const { app } = makeSandbox();
    const headers = { authorization: `Basic ${Buffer.from('a:b').toString('base64')}`, 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) };
    const get = await app.request('/2025-10-13/customers', { headers });
    expect(get.status).toBe(200);
    expect(((await get.json()) as { totalCount: number }).totalCount).toBe(0);
    const head = await app.request('/2025-10-13/customers', { method: 'HEAD', headers });
    expect(head.status).toBe(200);
  });
});
