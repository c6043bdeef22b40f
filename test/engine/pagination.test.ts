import { beforeEach, describe, expect, it } from 'vitest';
import { individual, makeSandbox, usdAccount, type Client } from '../helpers.js';
import { encodeCursor, joinParts, renderListResult, toListResult, type Page } from '../../src/core/pagination.js';

let client: Client;
beforeEach(() => {
  client = makeSandbox().client();
});

async function walk(path: string, limit: number): Promise<{ ids: string[]; pages: any[] }> {
  const ids: string[] = [];
  const pages: any[] = [];
  let cursor: string | undefined;
  for (;;) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await client.get(`${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    ids.push(...res.body.data.map((r: any) => r.id));
    if (!res.body.hasMore) {
      expect(res.body).not.toHaveProperty('nextCursor');
      return { ids, pages };
    }
    expect(typeof res.body.nextCursor).toBe('string');
    cursor = res.body.nextCursor;
  }
}

describe('cursor pagination', () => {
  it('walks every record exactly once, newest first, with totalCount on each page', async () => {
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push((await client.post('/customers', individual({ fullName: `Person ${i}` }))).body.id);
    const { ids, pages } = await walk('/customers', 3);
    expect(ids).toEqual([...created].reverse());
    expect(pages.map((p) => p.data.length)).toEqual([3, 3, 1]);
    expect(pages.every((p) => p.totalCount === 7)).toBe(true);
  });

  it('defaults to 20 items', async () => {
    const customer = (await client.post('/customers', individual())).body;
    for (let i = 0; i < 25; i++) await client.post('/customers/external-accounts', usdAccount(customer.id, `1000000${String(i).padStart(3, '0')}`.replace(/00(\d)$/, '01$1')));
    const res = await client.get('/customers/external-accounts');
    expect(res.body.data).toHaveLength(20);
    expect(res.body).toMatchObject({ hasMore: true, totalCount: 25 });
  });

  it('stays stable when records are added between pages', async () => {
    for (let i = 0; i < 4; i++) await client.post('/customers', individual());
    const first = (await client.get('/customers?limit=2')).body;
    await client.post('/customers', individual({ fullName: 'Late Arrival' }));
    const second = (await client.get(`/customers?limit=2&cursor=${first.nextCursor}`)).body;
    expect(second.data.map((c: any) => c.fullName)).not.toContain('Late Arrival');
    expect(new Set([...first.data, ...second.data].map((c: any) => c.id)).size).toBe(4);
  });

  it.each(['0', '101', '-1', '1.5', 'abc', ''])('rejects limit=%s with 400 INVALID_INPUT on limit', async (limit) => {
    const res = await client.get(`/customers/external-accounts?limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(res.body.details.errors.map((e: any) => e.field)).toEqual(['limit']);
  });

  it('accepts limit 1 and 100', async () => {
    expect((await client.get('/customers/external-accounts?limit=1')).status).toBe(200);
    expect((await client.get('/customers/external-accounts?limit=100')).status).toBe(200);
  });

  it('rejects a forged cursor and a cursor of another list', async () => {
    for (let i = 0; i < 3; i++) await client.post('/customers', individual());
    const customersCursor = (await client.get('/customers?limit=1')).body.nextCursor;
    for (const cursor of ['garbage', Buffer.from('customers:abc').toString('base64url'), customersCursor]) {
      const res = await client.get(`/customers/external-accounts?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body.details.errors).toEqual([{ field: 'cursor', message: expect.stringContaining('nextCursor') }]);
    }
  });

  it('takes a cursor only whole: a stray character before or after it, or text around the list and position, is refused', async () => {
    for (let i = 0; i < 3; i++) await client.post('/customers', individual());
    const cursor = (await client.get('/customers?limit=1')).body.nextCursor as string;
    expect((await client.get(`/customers?limit=1&cursor=${cursor}`)).status).toBe(200);
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    for (const bad of [`.${cursor}`, `${cursor}.`, forged('9customers:2'), forged('customers:2x'), forged('customers:1234567890123456')]) {
      const res = await client.get(`/customers?limit=1&cursor=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('INVALID_INPUT');
      expect(res.body.reason, bad).toBe('Invalid cursor');
    }
  });

  it('points past the tenth record and beyond: a cursor carries its position in full', async () => {
    const created: string[] = [];
    for (let i = 0; i < 13; i++) created.push((await client.post('/customers', individual({ fullName: `Person ${i}` }))).body.id);
    const first = (await client.get('/customers?limit=1')).body;
    // Positions count from 0: the newest of 13 is at 12, two digits.
    expect(first.nextCursor).toBe(encodeCursor('customers', 12));
    const second = (await client.get(`/customers?limit=2&cursor=${first.nextCursor}`)).body;
    expect(second.data.map((c: { id: string }) => c.id)).toEqual([created[11], created[10]]);
    // The largest position a cursor may name (15 digits): every record comes before it.
    const far = (await client.get(`/customers?limit=20&cursor=${encodeCursor('customers', 999_999_999_999_999)}`)).body;
    expect(far.data).toHaveLength(13);
  });
});

describe('renderListResult: a page from rendered items', () => {
  const json = (parts: readonly Uint8Array[]) => JSON.parse(Buffer.concat(parts).toString('utf8'));
  const items = [{ id: 'a', name: 'Zoë' }, { id: 'b' }];
  const render = (page: Page<{ id: string }>) => renderListResult('things', page, (item) => Buffer.from(JSON.stringify(item)));

  it('is the same JSON as toListResult, with a cursor only while more follow', () => {
    for (const page of [
      { items, hasMore: true, lastSeq: 7, total: 9 },
      { items, hasMore: false, lastSeq: 7, total: 2 },
      { items: [], hasMore: false, lastSeq: undefined, total: 0 },
    ]) {
      expect(json(render(page))).toEqual(toListResult('things', page, (item) => item));
    }
    expect(json(render({ items, hasMore: false, lastSeq: 7, total: 2 }))).not.toHaveProperty('nextCursor');
    expect(json(render({ items, hasMore: true, lastSeq: 7, total: 9 })).nextCursor).toBe(encodeCursor('things', 7));
  });
});

describe('joinParts: response bodies cut from slabs', () => {
  const bytes = (text: string) => Buffer.from(text);
  const text = (body: Uint8Array) => Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');

  it('joins the parts in order, byte for byte, non-ASCII included', () => {
    expect(text(joinParts([bytes('{"data":['), bytes('{"name":"Zoë €"}'), bytes(','), bytes('{}'), bytes(']}')]))).toBe('{"data":[{"name":"Zoë €"},{}]}');
  });

  it('never hands out bytes it handed out before: every body keeps its content while later ones are cut', () => {
    const bodies = Array.from({ length: 200 }, (_, i) => joinParts([bytes(`${i}:`), bytes('x'.repeat(20_000 + (i % 7)))]));
    bodies.forEach((body, i) => expect(text(body)).toBe(`${i}:${'x'.repeat(20_000 + (i % 7))}`));
    // 200 bodies of ~20 KB need several 1 MB slabs: they are cut from shared ArrayBuffers, 8-byte aligned.
    const slabs = new Set(bodies.map((b) => b.buffer));
    expect(slabs.size).toBeGreaterThan(1);
    expect(slabs.size).toBeLessThan(10);
    for (const body of bodies) {
      expect(body.buffer.byteLength).toBe(1024 * 1024);
      expect(body.byteOffset % 8).toBe(0);
    }
  });

  it('gives a body above an eighth of a slab (128 KiB) its own buffer, and one at it a piece of a slab', () => {
    const over = joinParts([bytes('y'.repeat(128 * 1024 + 1))]);
    expect(over.buffer.byteLength).toBe(128 * 1024 + 1);
    const at = joinParts([bytes('z'.repeat(128 * 1024))]);
    expect(at.buffer.byteLength).toBe(1024 * 1024);
  });

  it('starts a new slab only when the next body does not fit: one that fits exactly stays in the slab', () => {
    const first = joinParts([bytes('a')]);
    const used = first.byteOffset + 8;
    const rest = 1024 * 1024 - used;
    // Fill the slab with pieces of at most 128 KiB, the last one ending exactly at the slab's end.
    const fill: Uint8Array[] = [];
    for (let left = rest; left > 0; ) {
      const size = Math.min(128 * 1024, left);
      fill.push(joinParts([bytes('f'.repeat(size))]));
      left -= (size + 7) & ~7;
    }
    for (const piece of fill) expect(piece.buffer).toBe(first.buffer);
    const next = joinParts([bytes('n')]);
    expect(next.buffer).not.toBe(first.buffer);
    expect(text(first)).toBe('a');
  });
});
