/**
 * The snapshot file on its own (src/store/snapshot-file.ts): what openTrustedSnapshot opens, what it
 * refuses (then the file is read whole and checked), how a collection is read and copied.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomicSync } from '../../src/store/files.js';
import { openTrustedSnapshot, recordsOfRows, snapshotChunks, storeWriter, type SnapshotSource } from '../../src/store/snapshot-file.js';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paysandbox-snapshot-file-'));
  file = join(dir, 't.json');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

type Rec = { id: string } & Record<string, unknown>;

function write(collections: Record<string, Rec[]>): string {
  const source: SnapshotSource = {
    begin: () => ({ tenantId: 'tenant-1', secret: null, documents: { note: 'ünï' }, collections: Object.entries(collections).map(([name, list]) => [name, list.map((r) => r.id)]) }),
    record: (name, id) => collections[name]!.find((r) => r.id === id),
  };
  writeFileAtomicSync(file, snapshotChunks(source, 4), false);
  return readFileSync(file, 'utf8');
}

/** The file with its text before the checksum changed by `edit`, and the checksum made again. */
function rewritten(edit: (body: string) => string): void {
  const text = readFileSync(file, 'utf8');
  const body = edit(text.slice(0, text.lastIndexOf(',"checksum":')));
  writeFileSync(file, `${body},"checksum":"${crc32(body).toString(16).padStart(8, '0')}"}`);
}

const people: Rec[] = [
  { id: 'P1', name: 'Zoë 李', tags: ['a'] },
  { id: 'P2', name: 'Ann', age: 7 },
  { id: 'P3', name: 'Bob', tags: [] },
];

describe('a snapshot this version wrote', () => {
  it('opens: the head now, each collection when read, records with their keys in their order', () => {
    write({ people, empty: [] });
    const opened = openTrustedSnapshot(file)!;
    expect(opened.head).toEqual({ tenantId: 'tenant-1', journal: 4, secret: null, documents: { note: 'ünï' } });
    expect([...opened.collections.keys()]).toEqual(['people', 'empty']);
    const read = opened.collections.get('people')!.read();
    expect(read).toEqual(people);
    expect(read.map((r) => Object.keys(r))).toEqual(people.map((r) => Object.keys(r)));
    expect(opened.collections.get('empty')!.read()).toEqual([]);
    opened.close();
  });

  it('leaves out keys whose value is undefined, as JSON does', () => {
    write({ people: [{ id: 'P1', gone: undefined, kept: null }] });
    const opened = openTrustedSnapshot(file)!;
    const read = opened.collections.get('people')!.read();
    expect(read).toEqual([{ id: 'P1', kept: null }]);
    expect(Object.keys(read[0]!)).toEqual(['id', 'kept']);
    opened.close();
  });

  it('keeps a key named __proto__ as data', () => {
    write({ people: [JSON.parse('{"id":"P1","__proto__":{"polluted":true}}') as Rec] });
    const opened = openTrustedSnapshot(file)!;
    const [record] = opened.collections.get('people')!.read();
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.keys(record!)).toEqual(['id', '__proto__']);
    expect((record as Record<string, unknown>).polluted).toBeUndefined();
    opened.close();
  });

  it('copies a collection as its bytes, in pieces of 1 MiB at most', () => {
    const big = Array.from({ length: 3_000 }, (_, i): Rec => ({ id: `P${i}`, text: 'é'.repeat(300) }));
    const text = write({ people: big });
    const opened = openTrustedSnapshot(file)!;
    const pieces = [...opened.collections.get('people')!.copy()].map((p) => Buffer.from(p));
    const [from, to] = JSON.parse(/,"segments":(\{[^{}]*\})/.exec(text)![1]!).people as [number, number];
    expect(to - from).toBeGreaterThan(1024 * 1024);
    expect(pieces.map((p) => p.length)).toEqual([1024 * 1024, to - from - 1024 * 1024]);
    expect(Buffer.concat(pieces).equals(Buffer.from(text).subarray(from, to))).toBe(true);
    expect(recordsOfRows('people', JSON.parse(Buffer.concat(pieces).toString('utf8')))).toEqual(big);
    opened.close();
  });

  it('closes the file once every collection was read, not before (a second read of one counts once)', () => {
    write({ people, others: [{ id: 'O1' }] });
    const opened = openTrustedSnapshot(file)!;
    const people1 = opened.collections.get('people')!;
    people1.read();
    people1.read();
    expect(opened.collections.get('others')!.read()).toEqual([{ id: 'O1' }]);
    expect(() => people1.read()).toThrow();
  });
});

describe('a snapshot opened only when it is what this version wrote', () => {
  it.each<[string, (body: string) => string]>([
    ['another writer', (body) => body.replace(`"writer":${JSON.stringify(storeWriter())}`, '"writer":"paysandbox 0.0.0 store 3"')],
    ['no segments', (body) => body.replace(/,"segments":\{[^{}]*\}/, '')],
    ['a head segment past the checksum', (body) => body.replace(/"head":\[\d+,\d+\]/, '"head":[26,99999999]')],
    ['a head segment that ends before it starts', (body) => body.replace(/"head":\[\d+,\d+\]/, '"head":[60,26]')],
    ['a collection segment past the checksum', (body) => body.replace(/"people":\[(\d+),\d+\]/, '"people":[$1,99999999]')],
    ['a collection segment that starts before the file', (body) => body.replace(/"people":\[\d+,(\d+)\]/, '"people":[-1,$1]')],
    ['a collection segment of fractions', (body) => body.replace(/"people":\[\d+,(\d+)\]/, '"people":[1.5,$1]')],
    ['a collection segment of one number', (body) => body.replace(/"people":\[\d+,(\d+)\]/, '"people":[$1]')],
  ])('not with %s (its checksum made again)', (_what, edit) => {
    write({ people });
    rewritten(edit);
    expect(openTrustedSnapshot(file)).toBeUndefined();
  });

  it('not once a byte before the checksum changed', () => {
    const text = write({ people });
    writeFileSync(file, text.replace('"Bob"', '"Bib"'));
    expect(openTrustedSnapshot(file)).toBeUndefined();
  });

  it('not when cut short, nor when empty', () => {
    const text = write({ people });
    writeFileSync(file, text.slice(0, -1));
    expect(openTrustedSnapshot(file)).toBeUndefined();
    writeFileSync(file, '');
    expect(openTrustedSnapshot(file)).toBeUndefined();
  });

  it('finds its end in a file far larger than the tail it reads', () => {
    const many = Array.from({ length: 2_000 }, (_, i): Rec => ({ id: `P${i}`, text: 'x'.repeat(100) }));
    const text = write({ people: many });
    expect(text.length).toBeGreaterThan(200 * 1024);
    const opened = openTrustedSnapshot(file)!;
    expect(opened.collections.get('people')!.read()).toHaveLength(2_000);
    opened.close();
  });
});
