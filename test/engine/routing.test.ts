/**
 * Routing answers are remembered per method and path (src/core/memo-router.ts):
 * each path must still reach its own route with its own parameters, whatever
 * was asked before, however many paths were asked, and however long.
 */
import { describe, expect, it } from 'vitest';
import { makeSandbox } from '../helpers.js';

const person = (fullName: string) => ({ customerType: 'INDIVIDUAL', fullName });

describe('remembered routing', () => {
  it('gives each path its own parameters, asked in turn and again', async () => {
    const client = makeSandbox().client();
    const a = (await client.post('/customers', person('Ada Lovelace'))).body.id as string;
    const b = (await client.post('/customers', person('Grace Hopper'))).body.id as string;
    for (const id of [a, b, a, b, a]) {
      const reply = await client.get(`/customers/${id}`);
      expect(reply.status).toBe(200);
      expect(reply.body.id).toBe(id);
    }
  });

  it('tells a static segment from a parameter at the same depth, in either order', async () => {
    const client = makeSandbox().client();
    const id = (await client.post('/customers', person('Alan Turing'))).body.id as string;
    expect((await client.get(`/customers/${id}`)).body.id).toBe(id);
    const list = await client.get('/customers/external-accounts');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ data: [], hasMore: false, totalCount: 0 });
    expect((await client.get(`/customers/${id}`)).body.id).toBe(id);
    expect((await client.get('/customers/external-accounts')).body.totalCount).toBe(0);
  });

  it('tells methods apart on the same path: a remembered GET is no answer to a PATCH', async () => {
    const client = makeSandbox().client();
    const id = (await client.post('/customers', person('Edsger Dijkstra'))).body.id as string;
    expect((await client.get(`/customers/${id}`)).body.fullName).toBe('Edsger Dijkstra');
    const patched = await client.patch(`/customers/${id}`, { customerType: 'INDIVIDUAL', fullName: 'Edsger W. Dijkstra' });
    expect(patched.status).toBe(200);
    expect(patched.body.fullName).toBe('Edsger W. Dijkstra');
    expect((await client.get(`/customers/${id}`)).body.fullName).toBe('Edsger W. Dijkstra');
  });

  it('still routes once far more paths were asked than it remembers (2,000)', async () => {
    const client = makeSandbox().client();
    const id = (await client.post('/customers', person('Barbara Liskov'))).body.id as string;
    for (let i = 0; i < 2_100; i++) {
      const reply = await client.get(`/customers/Customer:${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`);
      expect(reply.status).toBe(404);
      expect(reply.body.code).toBe('USER_NOT_FOUND');
    }
    expect((await client.get(`/customers/${id}`)).body.id).toBe(id);
  }, 60_000);

  it('routes a path longer than it remembers (256 characters) the same way, each time', async () => {
    const client = makeSandbox().client();
    const long = `/customers/Customer:${'x'.repeat(300)}`;
    const first = await client.get(long);
    expect(first.status).toBe(400);
    expect(first.body.code).toBe('INVALID_INPUT');
    expect((await client.get(long)).body).toEqual(first.body);
    // The same length of path on a route without that parameter's limit: matched, every time, as the route it is.
    const unknown = `/${'x'.repeat(300)}`;
    expect((await client.get(unknown)).status).toBe(404);
    expect((await client.get(unknown)).status).toBe(404);
  });
});
