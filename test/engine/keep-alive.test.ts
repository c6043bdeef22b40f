/** Answers sent before the request body is read leave a pooled keep-alive connection usable: the next requests are all answered. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest, Agent as HttpAgent } from 'node:http';
import { startServer, type RunningSandbox } from '../../src/server.js';

const AUTH = `Basic ${Buffer.from('client:secret').toString('base64')}`;
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startServer({ port: 0 });
});
afterAll(() => sandbox.close());

describe('an early answer on a keep-alive connection', () => {
  it('fetch (undici, pooled keep-alive): a 2 MB body is refused with 413 and Connection: close, then three requests on the same pool are answered', async () => {
    const big = JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'x'.repeat(2 * 1024 * 1024) });
    const refused = await fetch(`${sandbox.url}/customers`, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: big });
    expect(refused.status).toBe(413);
    expect(refused.headers.get('connection')).toBe('close');
    expect(((await refused.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
    for (let n = 0; n < 3; n++) {
      const res = await fetch(`${sandbox.url}/customers`, { headers: { authorization: AUTH } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
  });

  it('a body that was read keeps the connection open: a POST just under the limit is answered keep-alive', async () => {
    const res = await fetch(`${sandbox.url}/customers`, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'Keep Alive' }) });
    expect(res.status).toBe(201);
    expect(res.headers.get('connection')).toBe('keep-alive');
    await res.arrayBuffer();
  });

  it('a refusal before the body is read (401) closes too; node:http keep-alive agent: the next three requests are answered', async () => {
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
      new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
        const req = httpRequest(`${sandbox.url}${path}`, { method, agent, headers }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, text }));
        });
        req.on('error', reject);
        req.end(body);
      });
    const big = JSON.stringify({ fullName: 'y'.repeat(2 * 1024 * 1024) });
    const unauthorised = await send('POST', '/customers', { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) }, big);
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.connection).toBe('close');
    const tooLarge = await send('POST', '/customers', { authorization: AUTH, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) }, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.connection).toBe('close');
    for (let n = 0; n < 3; n++) {
      const res = await send('GET', '/customers', { authorization: AUTH });
      expect(res.status).toBe(200);
      expect(res.connection).toBe('keep-alive');
    }
    agent.destroy();
  });
});
