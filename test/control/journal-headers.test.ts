/**
 * The request journal of a listening sandbox keeps each request's raw header
 * lines and shows them as a Headers object would: names lower-cased, a
 * repeated header joined with ", ", secrets redacted. In process
 * (app.request) it keeps the Headers object itself: both show the same.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/index.js';

const AUTH = `Basic ${Buffer.from('suite:secret').toString('base64')}`;
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await createSandbox({ clientId: 'suite', clientSecret: 'secret' });
});
afterAll(() => sandbox.close());

/** A GET with headers set line by line (a repeated name is sent twice). */
function rawGet(path: string, lines: Array<[string, string | string[]]>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${sandbox.url}${path}`, { method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    for (const [name, value] of lines) req.setHeader(name, value);
    req.on('error', reject);
    req.end();
  });
}

async function lastEntryHeaders(): Promise<Record<string, string>> {
  const res = await fetch(`${sandbox.origin}/__admin/requests?limit=1`, { headers: { authorization: AUTH } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: Array<{ requestHeaders: Record<string, string> }> };
  return body.data[0]!.requestHeaders;
}

describe('journal headers of a listening sandbox', () => {
  it('are shown lower-cased, repeats joined, credentials and signatures redacted', async () => {
    const status = await rawGet('/customers?limit=1', [
      ['Authorization', AUTH],
      ['X-Trace', ['first', 'second']],
      ['Service-Wallet-Signature', 'abc.def'],
      ['X-Card-Number', '4111 1111 1111 1111'],
      ['X-Correlation', '4111111111111111'],
    ]);
    expect(status).toBe(200);
    const shown = await lastEntryHeaders();
    expect(shown).toMatchObject({ authorization: '[redacted]', 'x-trace': 'first, second', 'service-wallet-signature': '[redacted]', 'x-card-number': '[redacted card number]', 'x-correlation': '4111111111111111' });
    expect(Object.keys(shown).every((name) => name === name.toLowerCase())).toBe(true);
  });

  it('show the same as the in-process journal for the same request', async () => {
    const headers = { authorization: AUTH, 'x-trace': 'one', 'x-other': 'two' };
    await rawGet('/customers?limit=2', Object.entries(headers));
    const overHttp = await lastEntryHeaders();
    await sandbox.app.request('/2025-10-13/customers?limit=2', { headers });
    const inProcess = await lastEntryHeaders();
    for (const name of ['authorization', 'x-trace', 'x-other']) expect(overHttp[name]).toBe(inProcess[name]);
  });
});
