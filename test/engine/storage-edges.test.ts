/**
 * The file storage (src/store/storage.ts) on its own: when a background
 * compaction runs, what it writes when a record vanishes meanwhile, how it
 * is cut into steps and timed (on a monotonic clock under the test's
 * control), what a rewrite during it means, what it removes and reports;
 * and how loading tells a damaged file apart, version 1 files included.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Logger } from '../../src/core/log.js';
import { CorruptDataFileError } from '../../src/store/files.js';
import { jobsCollection } from '../../src/store/jobs.js';
import { StoreSchema, type StoredCollection } from '../../src/store/spec.js';
import { FileStorage, loadTenantFiles, type SnapshotSource, type TenantState } from '../../src/store/storage.js';
import { clockDocument } from '../../src/store/tenant.js';
import { isUnread, type CollectionRecords } from '../../src/store/collection.js';
import { snapshotAsV2 } from '../support/snapshot-file.js';
import { crc32 } from 'node:zlib';

const pkgVersion = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

let dir: string;
const opened: FileStorage[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paysandbox-storage-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const s of opened.splice(0)) await s.close(emptySource);
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A snapshot's text without the segments, writer and checksum it ends with (the last two checked in 'a snapshot
 * the sandbox wrote itself'), once each segment was found to hold, byte for byte, its part: the head, then each collection.
 */
function body(text: string): string {
  const found = /,"segments":(\{[^{}]*\}),"writer":"paysandbox [^"]+ store 3","checksum":"[0-9a-f]{8}"}$/.exec(text);
  expect(found).not.toBeNull();
  const parsed = JSON.parse(text) as { head: unknown; collections: Record<string, unknown> };
  const segments = JSON.parse(found![1]!) as Record<string, [number, number]>;
  expect(Object.keys(segments)).toEqual(['head', ...Object.keys(parsed.collections)]);
  const bytes = Buffer.from(text);
  for (const [name, [from, to]] of Object.entries(segments)) expect(JSON.parse(bytes.subarray(from, to).toString('utf8'))).toEqual(name === 'head' ? parsed.head : parsed.collections[name]);
  return `${text.slice(0, found!.index)}}`;
}

/** A loaded collection's records by id (reading them, if the snapshot was opened rather than read). */
function recordsOf(records: CollectionRecords<{ id: string }> | undefined): Record<string, { id: string }> {
  if (records === undefined || !isUnread(records)) return records ?? {};
  return Object.fromEntries(records.read().map((r) => [r.id, r]));
}

const emptySource: SnapshotSource = { begin: () => ({ tenantId: 'tenant-1', secret: null, documents: {}, collections: [] }), record: () => undefined };

function capturingLog() {
  const errors: Array<[string, Record<string, unknown> | undefined]> = [];
  const log: Logger = { info() {}, warn() {}, error: (m, f) => void errors.push([m, f]) };
  return { log, errors };
}

function storage(compactionBytes = 1_000_000, log: Logger = capturingLog().log) {
  const files = { base: join(dir, 't'), snapshot: join(dir, 't.json') };
  const s = new FileStorage(files, 0, { fsync: false, log, compactionBytes });
  opened.push(s);
  return { s, files };
}

/** A source of one collection whose records cost `costMs` of monotonic time each to read (or vanish, when the cost is null). */
function source(records: Array<[string, number | null]>, clock?: { now: number }): SnapshotSource {
  return {
    begin: () => ({ tenantId: 'tenant-1', secret: null, documents: { clock: { clockOffsetMs: 0 } }, collections: [['things', records.map(([id]) => id)]] }),
    record: (_name, id) => {
      const cost = records.find(([r]) => r === id)![1];
      if (cost === null) return undefined;
      if (clock) clock.now += cost;
      return { id };
    },
  };
}

function fakeMonotonic() {
  const clock = { now: 1_000 };
  vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
  return clock;
}

const files = () => readdirSync(dir).sort();

describe('FileStorage compaction', () => {
  it('runs once the journal is as big as the compaction size (with no snapshot yet, nothing bigger to wait for), not before', async () => {
    const { s } = storage(21);
    await s.append('0123456789\n');
    await s.maybeCompact(source([]));
    expect(s.stats()).toMatchObject({ compactions: 0, journalBytes: 11 });
    await s.append('012345678\n');
    await s.maybeCompact(source([['a', 0]]));
    expect(s.stats()).toMatchObject({ compactions: 1, journalBytes: 0, commits: 2 });
    expect(files()).toEqual(['t.json']);
  });

  it('waits, past the compaction size, for a journal twice as big as the snapshot', async () => {
    const { s, files: f } = storage(1);
    s.rewrite(source([['a', 0]]));
    const snapshotBytes = statSync(f.snapshot).size;
    await s.append(`${'x'.repeat(2 * snapshotBytes - 2)}\n`);
    await s.maybeCompact(source([['a', 0]]));
    expect(s.stats()).toMatchObject({ compactions: 0, journalBytes: 2 * snapshotBytes - 1 });
    await s.append('\n');
    await s.maybeCompact(source([['a', 0]]));
    expect(s.stats()).toMatchObject({ compactions: 1, journalBytes: 0 });
  });

  it('writes the snapshot without a record that went away, and removes the journals it covers', async () => {
    const { s, files: f } = storage(1);
    s.rewrite(source([]));
    await s.append('line\n');
    expect(files()).toEqual(['t.1.journal', 't.json']);
    await s.maybeCompact(source([['a', 0], ['gone', null], ['b', 0]]), true);
    expect(body(readFileSync(f.snapshot, 'utf8'))).toBe(
      '{"schemaVersion":3,"head":{"tenantId":"tenant-1","journal":2,"secret":null,"documents":{"clock":{"clockOffsetMs":0}}},"collections":{"things":{"rows":[[0,"a"],[0,"b"]],"shapes":[["id"]]}}}',
    );
    expect(files()).toEqual(['t.json']);
    // And again: a finished compaction leaves the way open for the next.
    await s.append('line\n');
    await s.maybeCompact(source([['a', 0]]), true);
    expect(s.stats().compactions).toBe(2);
    expect(files()).toEqual(['t.json']);
  });

  it('gives way to a rewrite made while it runs: the rewritten snapshot stays whole and the compaction leaves nothing behind', async () => {
    const { s, files: f } = storage(1);
    s.rewrite(source([]));
    await s.append('line\n');
    const many = Array.from({ length: 300 }, (_, i): [string, number] => [`r${String(i).padStart(3, '0')}`, 0]);
    const compaction = s.maybeCompact(source(many), true);
    s.rewrite(source([['kept', 0]]));
    const rewritten = readFileSync(f.snapshot, 'utf8');
    await compaction;
    expect(body(rewritten)).toBe(
      '{"schemaVersion":3,"head":{"tenantId":"tenant-1","journal":3,"secret":null,"documents":{"clock":{"clockOffsetMs":0}}},"collections":{"things":{"rows":[[0,"kept"]],"shapes":[["id"]]}}}',
    );
    expect(readFileSync(f.snapshot, 'utf8')).toBe(rewritten);
    expect(files()).toEqual(['t.json']);
    expect(s.stats().compactions).toBe(0);
  });

  it('is cut into a step at least every 2 ms of work; the longest step and the whole are reported', async () => {
    const clock = fakeMonotonic();
    const { s } = storage();
    s.rewrite(source([]));
    await s.maybeCompact(source([['a', 1.5], ['b', 0.5], ['c', 1.5], ['d', 0.5], ['e', 0.25]], clock), true);
    // Steps: a+b (2 ms, cut), c+d (2 ms, cut), e with the collection's end.
    expect(body(readFileSync(join(dir, 't.json'), 'utf8'))).toBe(
      '{"schemaVersion":3,"head":{"tenantId":"tenant-1","journal":2,"secret":null,"documents":{"clock":{"clockOffsetMs":0}}},"collections":{"things":{"rows":[[0,"a"],[0,"b"],[0,"c"],[0,"d"],[0,"e"]],"shapes":[["id"]]}}}',
    );
    expect(s.stats()).toEqual({ file: join(dir, 't.json'), journalBytes: 0, commits: 0, compactions: 1, longestCompactionStepMs: 2, lastCompactionMs: 4 });
  });

  it('is cut into a step at least every 100 records', async () => {
    const clock = fakeMonotonic();
    const { s } = storage();
    s.rewrite(source([]));
    const records: Array<[string, number]> = Array.from({ length: 102 }, (_, i) => [`r${i + 1}`, 0]);
    records[0]![1] = 0.5;
    records[100]![1] = 0.75;
    records[101]![1] = 0.75;
    await s.maybeCompact(source(records, clock), true);
    // Steps: r1..r100 (0.5 ms), r101..r102 (1.5 ms).
    expect(snapshotAsV2(join(dir, 't.json')).collections.things).toEqual(Object.fromEntries(records.map(([id]) => [id, { id }])));
    expect(s.stats()).toMatchObject({ compactions: 1, longestCompactionStepMs: 1.5, lastCompactionMs: 2 });
  });

  it('reports the longest step rounded to a tenth of a millisecond', async () => {
    const clock = fakeMonotonic();
    const { s } = storage();
    s.rewrite(source([]));
    await s.maybeCompact(source([['a', 1.23]], clock), true);
    expect(s.stats()).toMatchObject({ longestCompactionStepMs: 1.2 });
  });

  it('logs a compaction that fails; the journal is kept and the next one can run', async () => {
    const { log, errors } = capturingLog();
    const { s, files: f } = storage(1, log);
    s.rewrite(source([]));
    await s.append('line\n');
    const broken: SnapshotSource = {
      begin: () => {
        throw new Error('source broke');
      },
      record: () => undefined,
    };
    await s.maybeCompact(broken, true);
    expect(errors).toEqual([['could not compact tenant data; the journal keeps every change', { file: f.snapshot, error: 'source broke' }]]);
    await s.maybeCompact(source([]), true);
    expect(s.stats().compactions).toBe(1);
  });
});

describe('FileStorage on close', () => {
  it.each([
    [256 * 1024 - 1, ['t.1.journal', 't.json']],
    [256 * 1024, ['t.json']],
    [256 * 1024 + 1, ['t.json']],
  ])('with a journal of %i bytes leaves %j: a journal of 256 KiB or more is folded into the snapshot first', async (bytes, left) => {
    const { s } = storage();
    s.rewrite(source([]));
    await s.append(`${'x'.repeat(bytes - 1)}\n`);
    await s.close(source([['a', 0]]));
    expect(files()).toEqual(left);
  });

  it('counts the journals the last run left, not yet appended to, as the journal', async () => {
    const first = storage();
    first.s.rewrite(source([]));
    await first.s.append(`${'x'.repeat(200 * 1024)}\n`);
    await first.s.close(emptySource);
    // A restart: the journal of generation 1 is where it appends next; nothing appended yet.
    const again = new FileStorage(first.files, 1, { fsync: false, log: capturingLog().log, compactionBytes: 1_000_000 });
    opened.push(again);
    expect(again.stats().journalBytes).toBe(200 * 1024 + 1);
    await again.append(`${'y'.repeat(100 * 1024)}\n`);
    expect(again.stats().journalBytes).toBe(300 * 1024 + 2);
    await again.close(source([['a', 0]]));
    expect(files()).toEqual(['t.json']);
  });
});

describe('loading tenant files', () => {
  const nested: StoredCollection = { kind: 'collection', name: 'nested', schema: z.object({ id: z.string(), inner: z.object({ n: z.number() }) }), indexes: {}, ownsBlobs: false };
  const schema = new StoreSchema([clockDocument, jobsCollection, nested]);
  const fresh = (tenantId: string): TenantState => ({ tenantId, secret: null, documents: { clock: { clockOffsetMs: 0 } }, collections: { jobs: {}, nested: {} } });
  const job = { id: 'Job:1', kind: 'ping', dueAtMs: 5, payload: {}, createdAt: '2026-03-02T10:00:00.000Z' };

  function load(snapshot: unknown, journal?: unknown[]) {
    const file = join(dir, 't.json');
    writeFileSync(file, JSON.stringify(snapshot));
    const journals = [];
    if (journal) {
      const journalFile = join(dir, 't.1.journal');
      writeFileSync(journalFile, journal.map((line) => `${JSON.stringify(line)}\n`).join(''));
      journals.push({ generation: 1, file: journalFile });
    }
    return loadTenantFiles({ base: join(dir, 't'), snapshot: file, journals }, schema, fresh);
  }
  const v2 = (overrides: Record<string, unknown> = {}) => ({ schemaVersion: 2, tenantId: 'tenant-1', journal: 1, secret: null, documents: {}, collections: {}, ...overrides });
  const why = (run: () => unknown) => {
    try {
      run();
    } catch (err) {
      expect(err).toBeInstanceOf(CorruptDataFileError);
      return (err as CorruptDataFileError).why;
    }
    throw new Error('loaded');
  };

  it('names the field of a record that does not fit its schema, and a document that is not an object', () => {
    expect(why(() => load(v2({ collections: { jobs: { 'Job:1': { ...job, dueAtMs: 'soon' } } } })))).toBe('jobs["Job:1"]: dueAtMs: Invalid input: expected number, received string');
    expect(why(() => load(v2({ collections: { nested: { N1: { id: 'N1', inner: { n: 'one' } } } } })))).toBe('nested["N1"]: inner.n: Invalid input: expected number, received string');
    expect(why(() => load(v2({ documents: { clock: 5 } })))).toBe('document clock: Invalid input: expected object, received number');
    expect(why(() => load(v2({ collections: { jobs: { 'Job:1': null } } })))).toBe(`jobs["Job:1"]: the record's id does not match its key`);
  });

  it('accepts only well-formed scrypt secrets', () => {
    const scrypt = { algorithm: 'scrypt', hash: 'h', salt: 's', cost: 16384 };
    expect(load(v2({ secret: scrypt })).state.secret).toEqual(scrypt);
    for (const secret of [{ ...scrypt, algorithm: 'md5' }, { algorithm: 'scrypt', salt: 's', cost: 16384 }]) {
      expect(why(() => load(v2({ secret })))).toBe('the client secret record is malformed');
    }
  });

  it('upgrades a version 1 file: documents, collections and the unsalted secret hash', () => {
    const loaded = load({ schemaVersion: 1, tenantId: 'tenant-1', secretSha256: 'abc', clock: { clockOffsetMs: 7 }, jobs: { 'Job:1': job } });
    expect(loaded.state).toEqual({ tenantId: 'tenant-1', secret: { algorithm: 'sha256', hash: 'abc' }, documents: { clock: { clockOffsetMs: 7 } }, collections: { jobs: { 'Job:1': job }, nested: {} } });
    expect(load({ schemaVersion: 1, tenantId: 'tenant-1' }).state.secret).toBeNull();
  });

  describe('a snapshot the sandbox wrote itself', () => {
    const unfit = { id: 'N1', inner: { n: 'one' } };
    const written = () => {
      const { s, files } = storage();
      s.rewrite({ begin: () => ({ tenantId: 'tenant-1', secret: null, documents: { clock: { clockOffsetMs: 0 } }, collections: [['nested', ['N1']]] }), record: () => unfit });
      return files.snapshot;
    };
    const loadFile = (file: string, trust: boolean) => loadTenantFiles({ base: join(dir, 't'), snapshot: file, journals: [] }, schema, fresh, { trust });

    it('ends with its writer and a checksum; trusted, its records are not checked again, else they are', () => {
      const file = written();
      const text = readFileSync(file, 'utf8');
      expect(text).toMatch(new RegExp(`,"writer":"paysandbox ${pkgVersion.replace(/\./g, '\\.')} store 3","checksum":"[0-9a-f]{8}"}$`));
      expect(recordsOf(loadFile(file, true).state.collections.nested)).toEqual({ N1: unfit });
      expect(why(() => loadFile(file, false))).toBe('nested["N1"]: inner.n: Invalid input: expected number, received string');
    });

    it('checks every record again once a byte changed, or when another version wrote it', () => {
      const file = written();
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, text.replace('"one"', '"two"'));
      expect(why(() => loadFile(file, true))).toBe('nested["N1"]: inner.n: Invalid input: expected number, received string');
      // Another version's snapshot, its checksum right.
      const body = text.slice(0, text.indexOf(',"writer":')) + ',"writer":"paysandbox 0.0.0-other store 3"';
      writeFileSync(file, `${body},"checksum":"${crc32(body).toString(16).padStart(8, '0')}"}`);
      expect(why(() => loadFile(file, true))).toBe('nested["N1"]: inner.n: Invalid input: expected number, received string');
      // The same with this version's name is trusted: the writer, not the edit, decided.
      const ours = text.slice(0, text.indexOf(',"checksum":'));
      writeFileSync(file, `${ours},"checksum":"${crc32(ours).toString(16).padStart(8, '0')}"}`);
      expect(recordsOf(loadFile(file, true).state.collections.nested)).toEqual({ N1: unfit });
    });
  });

  it('reads a journal of several MiB line by line across its read chunks, and cuts a last line left unfinished', () => {
    const lines = Array.from({ length: 5_000 }, (_, i) => [['c', 'jobs', `Job:${i}`, { ...job, id: `Job:${i}`, payload: { text: 'é'.repeat(300 + (i % 7)) } }]]);
    const file = join(dir, 't.json');
    writeFileSync(file, JSON.stringify(v2()));
    const journalFile = join(dir, 't.1.journal');
    const whole = lines.map((line) => `${JSON.stringify(line)}\n`).join('');
    expect(Buffer.byteLength(whole)).toBeGreaterThan(3 * 1024 * 1024);
    writeFileSync(journalFile, `${whole}[["c","jobs","Job:x"`);
    const loaded = loadTenantFiles({ base: join(dir, 't'), snapshot: file, journals: [{ generation: 1, file: journalFile }] }, schema, fresh);
    expect(Object.keys(recordsOf(loaded.state.collections.jobs))).toHaveLength(5_000);
    expect((recordsOf(loaded.state.collections.jobs)['Job:4999'] as unknown as { payload: { text: string } }).payload.text).toBe('é'.repeat(300 + (4999 % 7)));
    expect(loaded.droppedTail).toBe(true);
    expect(readFileSync(journalFile, 'utf8')).toBe(whole);
    // A bad line past the first chunk is named by its number.
    writeFileSync(journalFile, `${whole}not json\n`);
    expect(why(() => loadTenantFiles({ base: join(dir, 't'), snapshot: file, journals: [{ generation: 1, file: journalFile }] }, schema, fresh))).toBe('line 5001 is not a journal entry');
  });

  it('refuses a journal change of an unknown kind, or a record change without a string id', () => {
    expect(why(() => load(v2(), [[['x', 'jobs', 'Job:1', null]]]))).toBe('line 1: unknown change "x"');
    expect(why(() => load(v2(), [[['c', 'jobs', 7, job]]]))).toBe('line 1: unknown change "c"');
    expect(load(v2(), [[['c', 'jobs', 'Job:1', job]], [['d', 'clock', { clockOffsetMs: 9 }]]]).state).toMatchObject({ documents: { clock: { clockOffsetMs: 9 } }, collections: { jobs: { 'Job:1': job } } });
  });
});
