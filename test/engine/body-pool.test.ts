/**
 * Rendered list bodies sent over a socket are joined into pooled buffers,
 * each used again only once the response that carried it has closed. A
 * buffer reused too early would send one response's bytes in another's.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { POOLED_BODY_BYTES, bodyOnSocket, pooledBuffers } from '../../src/core/body-pool.js';
import { createSandbox } from '../../src/index.js';
import { individual, usdAccount } from '../helpers.js';

const bytes = (text: string) => Buffer.from(text);
const text = (body: Uint8Array) => Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');

/** A response that closes when told to. */
const response = () => new EventEmitter();

/** Takes every pooled buffer, so a test starts with none free. */
function drainPool(): void {
  for (let free = pooledBuffers(); free > 0; free--) bodyOnSocket([bytes('x')], response());
  expect(pooledBuffers()).toBe(0);
}

describe('bodyOnSocket', () => {
  it('joins the parts in order, byte for byte, non-ASCII included', () => {
    expect(text(bodyOnSocket([bytes('{"data":['), bytes('{"name":"Zoë €"}'), bytes(','), bytes('{}'), bytes(']}')], response()))).toBe('{"data":[{"name":"Zoë €"},{}]}');
  });

  it('hands a buffer out again only after the response that carried it closed', () => {
    drainPool();
    const first = response();
    const second = response();
    const a = bodyOnSocket([bytes('first body')], first);
    const b = bodyOnSocket([bytes('second body')], second);
    expect(a.buffer).not.toBe(b.buffer);
    // Open responses keep their buffers: a third body gets one of its own.
    const c = bodyOnSocket([bytes('third')], response());
    expect(c.buffer).not.toBe(a.buffer);
    expect(c.buffer).not.toBe(b.buffer);
    expect(pooledBuffers()).toBe(0);

    first.emit('close');
    expect(pooledBuffers()).toBe(1);
    const d = bodyOnSocket([bytes('fourth, in the first one')], response());
    expect(d.buffer).toBe(a.buffer);
    expect(text(d)).toBe('fourth, in the first one');
    expect(text(b)).toBe('second body');
    expect(pooledBuffers()).toBe(0);

    // A response closes once: a second close gives nothing back twice.
    second.emit('close');
    second.emit('close');
    expect(pooledBuffers()).toBe(1);
  });

  it('pools a body of exactly 64 KiB; one byte more gets memory of its own, never pooled', () => {
    drainPool();
    const atLimit = response();
    const at = bodyOnSocket([bytes('a'.repeat(POOLED_BODY_BYTES - 1)), bytes('b')], atLimit);
    expect(at.byteLength).toBe(POOLED_BODY_BYTES);
    expect(at.buffer.byteLength).toBe(POOLED_BODY_BYTES);
    atLimit.emit('close');
    expect(pooledBuffers()).toBe(1);

    const overLimit = response();
    const over = bodyOnSocket([bytes('c'.repeat(POOLED_BODY_BYTES)), bytes('d')], overLimit);
    expect(over.byteLength).toBe(POOLED_BODY_BYTES + 1);
    expect(over.buffer).not.toBe(at.buffer);
    expect(text(over)).toBe(`${'c'.repeat(POOLED_BODY_BYTES)}d`);
    overLimit.emit('close');
    expect(pooledBuffers()).toBe(1);
  });

  it('keeps at most 64 buffers', () => {
    drainPool();
    const open = Array.from({ length: 70 }, () => response());
    open.forEach((r, i) => bodyOnSocket([bytes(`body ${i}`)], r));
    open.forEach((r) => r.emit('close'));
    expect(pooledBuffers()).toBe(64);
  });
});

describe('list pages over a socket', () => {
  it('are the same bytes as in process, sent many at a time and one after another', async () => {
    const sandbox = await createSandbox({ clientId: 'pool', clientSecret: 'secret' });
    try {
      const client = sandbox.client();
      const customer = (await client.post('/customers', individual({ fullName: 'Zoë Ångström' }))).body as { id: string };
      for (let i = 0; i < 30; i++) expect((await client.post('/customers/external-accounts', usdAccount(customer.id, `${String(i).padStart(9, '0')}000`))).status).toBe(201);
      const paths = Array.from({ length: 60 }, (_, i) => `/customers/external-accounts?limit=${(i % 30) + 1}`);
      const expected = await Promise.all(paths.map(async (path) => (await sandbox.app.request(`/2025-10-13${path}`, { headers: { authorization: `Basic ${Buffer.from('pool:secret').toString('base64')}` } })).text()));
      expect(JSON.parse(expected[29]!).data).toHaveLength(30);
      const get = async (path: string) => {
        const res = await fetch(`${sandbox.url}${path}`, { headers: { authorization: `Basic ${Buffer.from('pool:secret').toString('base64')}` } });
        expect(res.status).toBe(200);
        return res.text();
      };
      expect(await Promise.all(paths.map(get))).toEqual(expected);
      for (const [i, path] of paths.entries()) expect(await get(path)).toBe(expected[i]);
    } finally {
      await sandbox.close();
    }
  });
});
