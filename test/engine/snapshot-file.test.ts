/**
 * The snapshot file on its own (src/store/snapshot-file.ts): what openTrustedSnapshot opens, what it
 * refuses (then the file is read whole and checked), how a collection is read and copied.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptDataFileError, writeFileAtomicSync } from '../../src/store/files.js';
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
    expect(Object.getOwnPropertyDescriptor(record, '__proto__')).toEqual({ value: { polluted: true }, enumerable: true, writable: true, configurable: true });
    opened.close();
  });

  it('keeps keys of any characters as data', () => {
    const odd = JSON.parse('{"id":"P1","a\\"b":1,"back\\\\slash":2,"line\\nbreak":3,"sep\\u2028arator":4,"}; throw 1; //":5,"constructor":6,"":7}') as Rec;
    write({ people: [odd] });
    const opened = openTrustedSnapshot(file)!;
    const [record] = opened.collections.get('people')!.read();
    expect(record).toEqual(odd);
    expect(Object.keys(record!)).toEqual(Object.keys(odd));
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

/** Whether this process holds the snapshot file open (Linux: /proc/self/fd). */
const holdsFile = () =>
  readdirSync('/proc/self/fd').some((fd) => {
    try {
      return readlinkSync(join('/proc/self/fd', fd)) === file;
    } catch {
      return false;
    }
  });

describe('a snapshot of a tenant with no collections', () => {
  it('is JSON, opens, and is closed at once (nothing is left to read)', () => {
    const text = write({});
    expect(JSON.parse(text)).toMatchObject({ schemaVersion: 3, collections: {} });
    const opened = openTrustedSnapshot(file)!;
    expect(opened.collections.size).toBe(0);
    if (existsSync('/proc/self/fd')) expect(holdsFile()).toBe(false);
  });
});

describe('records as rows', () => {
  it('tells shapes apart whose keys would run together', () => {
    write({ people: [{ id: 'P1', ab: 1, c: 2 }, { id: 'P2', a: 3, bc: 4 }] });
    const text = readFileSync(file, 'utf8');
    expect(JSON.parse(text).collections.people.shapes).toEqual([['id', 'ab', 'c'], ['id', 'a', 'bc']]);
    const opened = openTrustedSnapshot(file)!;
    expect(opened.collections.get('people')!.read()).toEqual([{ id: 'P1', ab: 1, c: 2 }, { id: 'P2', a: 3, bc: 4 }]);
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'collection things is not an object with rows and shapes'],
    ['a list', [], 'collection things is not an object with rows and shapes'],
    ['without rows', { shapes: [] }, 'collection things is not an object with rows and shapes'],
    ['without shapes', { rows: [] }, 'collection things is not an object with rows and shapes'],
    ['with rows that are no list', { rows: {}, shapes: [] }, 'collection things is not an object with rows and shapes'],
    ['with a shape that is no list', { rows: [], shapes: ['id'] }, 'collection things: shape 0 is not a list of keys'],
    ['with a row one value short', { rows: [[0, 'T1']], shapes: [['id', 'n']] }, 'collection things: row 0 does not fit a shape'],
    ['with a row one value over', { rows: [[0, 'T1', 1, 2]], shapes: [['id', 'n']] }, 'collection things: row 0 does not fit a shape'],
    ['with a row of a shape past the last', { rows: [[1, 'T1']], shapes: [['id']] }, 'collection things: row 0 does not fit a shape'],
  ])('refuses a value %s', (_what, value, why) => {
    expect(() => recordsOfRows('things', value)).toThrow(new Error(why));
  });
});

describe('a snapshot opened only when it is what this version wrote', () => {
  it.runIf(existsSync('/proc/self/fd'))('is closed when not opened', () => {
    write({ people });
    rewritten((body) => body.replace(/,"segments":\{[^{}]*\}/, ''));
    expect(openTrustedSnapshot(file)).toBeUndefined();
    expect(holdsFile()).toBe(false);
  });

  it('opens with segments at the file\'s start or its checksum, empty ones too (their reading fails, not the opening)', () => {
    write({ people, others: [{ id: 'O1' }] });
    rewritten((body) => {
      // Where the checksum will be depends on the digits written: until they settle.
      let edited = body;
      for (let checksumAt = 0; checksumAt !== Buffer.byteLength(edited); ) {
        checksumAt = Buffer.byteLength(edited);
        edited = body.replace(/"people":\[\d+,\d+\]/, '"people":[0,0]').replace(/"others":\[(\d+),\d+\]/, `"others":[$1,${checksumAt}]`);
      }
      return edited;
    });
    const opened = openTrustedSnapshot(file)!;
    expect([...opened.collections.get('people')!.copy()]).toEqual([]);
    expect(() => opened.collections.get('people')!.read()).toThrow(CorruptDataFileError);
    expect(() => opened.collections.get('others')!.read()).toThrow(CorruptDataFileError);
    opened.close();
  });

  it('fails a read of a file cut after it was opened, naming the file', () => {
    write({ people });
    const opened = openTrustedSnapshot(file)!;
    truncateSync(file, 40);
    let error: unknown;
    try {
      opened.collections.get('people')!.read();
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(CorruptDataFileError);
    expect(error).toMatchObject({ file, why: 'the snapshot is shorter than its segments say' });
    opened.close();
  });

  it.each<[string, (body: string) => string]>([
    ['another writer', (body) => body.replace(`"writer":${JSON.stringify(storeWriter())}`, '"writer":"paysandbox 0.0.0 store 3"')],
    ['no segments', (body) => body.replace(/,"segments":\{[^{}]*\}/, '')],
    ['a head segment past the checksum', (body) => body.replace(/"head":\[\d+,\d+\]/, '"head":[26,99999999]')],
    ['a head segment that ends before it starts', (body) => body.replace(/"head":\[\d+,\d+\]/, '"head":[60,26]')],
    ['a head segment that is no list', (body) => body.replace(/"head":\[\d+,\d+\]/, '"head":26')],
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
    // Nor with anything but white space after its end.
    writeFileSync(file, `${text}x`);
    expect(openTrustedSnapshot(file)).toBeUndefined();
  });

  it('finds its end in a file far larger than the tail it reads, and checks it in 8 MiB reads', () => {
    const many = Array.from({ length: 9_000 }, (_, i): Rec => ({ id: `P${i}`, text: 'x'.repeat(1_000) }));
    const text = write({ people: many });
    expect(text.length).toBeGreaterThan(8 * 1024 * 1024);
    const opened = openTrustedSnapshot(file)!;
    expect(opened.collections.get('people')!.read()).toHaveLength(9_000);
    opened.close();
    // A byte changed past the first read is found as well.
    writeFileSync(file, text.replace('"P8999"', '"Q8999"'));
    expect(openTrustedSnapshot(file)).toBeUndefined();
  });

  it('opens with white space after its end (an editor\'s last newline)', () => {
    const text = write({ people });
    writeFileSync(file, `${text}\n`);
    const opened = openTrustedSnapshot(file)!;
    expect(opened.collections.get('people')!.read()).toEqual(people);
  });
});
