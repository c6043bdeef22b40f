/**
 * Query parameters reach an operation decoded as Hono decodes them, whether
 * the query is split in one pass (nothing encoded) or decoded (`%`, `+`):
 * repeated names, empty names and values, encoded names of unknown
 * parameters. Path parameters are checked before the body.
 */
import { describe, expect, it } from 'vitest';
import { individual, makeSandbox } from '../helpers.js';

const WARNING = 'sandbox-warning';

async function seeded() {
  const client = makeSandbox().client();
  for (const platformCustomerId of ['a b', 'café', 'x', 'a+b']) await client.post('/customers', individual({ platformCustomerId }));
  return client;
}

const ids = (body: { data: Array<{ platformCustomerId: string }> }) => body.data.map((c) => c.platformCustomerId);

describe('query values', () => {
  it('are decoded: + is a space, %XX a UTF-8 byte, %2B a plus', async () => {
    const client = await seeded();
    expect(ids((await client.get('/customers?platformCustomerId=a+b')).body)).toEqual(['a b']);
    expect(ids((await client.get('/customers?platformCustomerId=a%20b')).body)).toEqual(['a b']);
    expect(ids((await client.get('/customers?platformCustomerId=caf%C3%A9')).body)).toEqual(['café']);
    expect(ids((await client.get('/customers?platformCustomerId=a%2Bb')).body)).toEqual(['a+b']);
    expect(ids((await client.get('/customers?platformCustomerId=x')).body)).toEqual(['x']);
  });

  it('given twice are a list, refused where one value is defined, encoded or not', async () => {
    const client = await seeded();
    for (const query of ['platformCustomerId=x&platformCustomerId=y', 'platformCustomerId=x&platformCustomerId=%79', 'limit=1&limit=2']) {
      const res = await client.get(`/customers?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('INVALID_INPUT');
      expect(res.body.details.errors.map((e: { field: string }) => e.field)).toEqual([query.slice(0, query.indexOf('='))]);
    }
  });

  it('without a value are empty, and an empty name is no parameter', async () => {
    const client = await seeded();
    const empty = await client.get('/customers?platformCustomerId');
    expect(empty.status).toBe(400);
    expect(empty.body.details.errors).toEqual([{ field: 'platformCustomerId', message: 'Must not be empty', constraint: { minLength: 1 } }]);
    const nameless = await client.get('/customers?=x&limit=2&&');
    expect(nameless.status).toBe(200);
    expect(nameless.body.data).toHaveLength(2);
    expect(nameless.headers.get(WARNING)).toBeNull();
  });

  it('of unknown parameters are named decoded', async () => {
    const client = await seeded();
    const res = await client.get('/customers?my%20filter=1&a+b=2&limit=1&plain=3');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.headers.get(WARNING)).toBe('unknown query parameters ignored: "my filter", "a b", "plain"');
    const plain = await client.get('/customers?plain=3&other&limit=1');
    expect(plain.headers.get(WARNING)).toBe('unknown query parameters ignored: "plain", "other"');
  });

  it('end at a fragment; a request without a query has none, and a ? after the fragment starts none', async () => {
    const client = await seeded();
    const cut = await client.get('/customers?limit=1#frag&x=1');
    expect(cut.status).toBe(200);
    expect(cut.body.data).toHaveLength(1);
    expect(cut.headers.get(WARNING)).toBeNull();
    for (const path of ['/customers', '/customers#frag?limit=1']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.body.data, path).toHaveLength(4);
      expect(res.headers.get(WARNING), path).toBeNull();
    }
  });

  it('named __proto__ are one more unknown parameter, given once or twice, encoded or not', async () => {
    const client = await seeded();
    for (const query of ['__proto__=x&limit=1', '__proto__=x&__proto__=y&limit=1', '__proto__=%78&limit=1', 'limit=1&constructor=1&__proto__']) {
      const res = await client.get(`/customers?${query}`);
      expect(res.status, query).toBe(200);
      expect(res.body.data, query).toHaveLength(1);
      expect(res.headers.get(WARNING), query).toBe(query.includes('constructor') ? 'unknown query parameters ignored: "constructor", "__proto__"' : 'unknown query parameters ignored: "__proto__"');
    }
  });
});

describe('path parameters', () => {
  it('are checked before the body: a bad one is the only field error (at and above the length limit)', async () => {
    const client = makeSandbox().client();
    const tooLong = 'x'.repeat(201);
    const res = await client.call('POST', `/sandbox/internal-accounts/${tooLong}/fund?limit=1`, { amount: -1 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(res.body.details.errors).toEqual([{ field: 'accountId', message: 'Must be at most 200 characters', constraint: { maxLength: 200 } }]);
    // The operation defines no query: its parameters are unknown whatever else was wrong.
    expect(res.headers.get(WARNING)).toBe('unknown query parameters ignored: "limit"');
    const atLimit = await client.call('POST', `/sandbox/internal-accounts/${'x'.repeat(200)}/fund`, { amount: -1 });
    expect(atLimit.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['amount']);
  });
});
