/**
 * Uploaded file bytes (src/store/blobs.ts), in memory and on disk alike: what
 * is put comes back, a deleted or never-put id is absent, and retainOnly keeps
 * exactly the ids it is given (after a reset or a snapshot restore).
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BlobStore } from '../../src/store/blobs.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function onDisk(): { store: BlobStore; dir: string } {
  const root = mkdtempSync(join(tmpdir(), 'paysandbox-blobs-'));
  dirs.push(root);
  const dir = join(root, 'tenant.files');
  return { store: new BlobStore(dir), dir };
}

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe.each([
  ['in memory', () => ({ store: new BlobStore(undefined), dir: undefined })],
  ['on disk', onDisk],
])('BlobStore %s', (_where, make) => {
  it('gives back what was put, per id; nothing for an id never put or deleted', () => {
    const { store } = make();
    expect(store.get('Document:a')).toBeUndefined();
    store.put('Document:a', bytes('first €'));
    store.put('Document:b/with slash', bytes('second'));
    expect(store.get('Document:a')?.toString('utf8')).toBe('first €');
    expect(store.get('Document:b/with slash')?.toString('utf8')).toBe('second');
    store.put('Document:a', bytes('replaced'));
    expect(store.get('Document:a')?.toString('utf8')).toBe('replaced');
    store.delete('Document:a');
    expect(store.get('Document:a')).toBeUndefined();
    expect(store.get('Document:b/with slash')?.toString('utf8')).toBe('second');
    store.delete('Document:never');
  });

  it('retains exactly the ids it is told to keep', () => {
    const { store } = make();
    for (const id of ['Document:1', 'Document:2', 'Document:3 ü']) store.put(id, bytes(id));
    store.retainOnly(new Set(['Document:2', 'Document:3 ü', 'Document:absent']));
    expect(store.get('Document:1')).toBeUndefined();
    expect(store.get('Document:2')?.toString('utf8')).toBe('Document:2');
    expect(store.get('Document:3 ü')?.toString('utf8')).toBe('Document:3 ü');
    store.retainOnly(new Set());
    expect(store.get('Document:2')).toBeUndefined();
    expect(store.get('Document:3 ü')).toBeUndefined();
  });
});

describe('BlobStore on disk', () => {
  it('writes one private file per id, named so any id stays in its directory, and leaves no temporary file', () => {
    const { store, dir } = onDisk();
    store.put('../../escape', bytes('x'));
    store.put('Document:1', bytes('y'));
    expect(readdirSync(dir).sort()).toEqual([encodeURIComponent('../../escape'), encodeURIComponent('Document:1')].sort());
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
    store.retainOnly(new Set(['Document:1']));
    expect(readdirSync(dir)).toEqual([encodeURIComponent('Document:1')]);
  });

  it('retains nothing and throws nothing before its directory exists', () => {
    const { store, dir } = onDisk();
    expect(() => store.retainOnly(new Set(['Document:1']))).not.toThrow();
    expect(() => readdirSync(dir)).toThrow();
  });
});
