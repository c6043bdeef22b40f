/**
 * What a tenant's commit writes (src/store/tenant.ts), seen through a storage
 * that records every call: one journal line holding exactly the records,
 * documents and secret that changed; nothing at all when nothing changed or
 * when the tenant lives in memory; a line whose write failed goes out first
 * with the next commit. Also the tenant's signals, derived values and the
 * test-time audit, and the indexes of a collection (src/store/collection.ts).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { manualTime } from '../../src/core/clock.js';
import { sequentialIds } from '../../src/core/ids.js';
import { BlobStore } from '../../src/store/blobs.js';
import { Collection } from '../../src/store/collection.js';
import { Hooks } from '../../src/store/hooks.js';
import { jobsCollection } from '../../src/store/jobs.js';
import type { SecretRecord } from '../../src/store/secrets.js';
import { StoreSchema, type StoredCollection, type StoredDocument } from '../../src/store/spec.js';
import type { PersistenceStats, SnapshotSource, TenantState, TenantStorage } from '../../src/store/storage.js';
import { AUDIT_SWEEP_EVERY, StoreAuditError, Tenant, clockDocument } from '../../src/store/tenant.js';
import { TEST_EPOCH_MS } from '../helpers.js';
import { auditError, recordingLog } from '../support/recording.js';

interface Thing {
  id: string;
  tag: string;
  n: number;
}

const things: StoredCollection = {
  kind: 'collection',
  name: 'things',
  schema: z.object({ id: z.string(), tag: z.string(), n: z.number(), meta: z.object({ size: z.number() }).optional() }),
  indexes: { byTag: (t: Thing) => t.tag } as never,
  ownsBlobs: false,
};
const files: StoredCollection = { kind: 'collection', name: 'files', schema: z.object({ id: z.string() }), indexes: {}, ownsBlobs: true };
const settingsDocument: StoredDocument = { kind: 'document', name: 'settings', schema: z.object({ mode: z.string() }), initial: () => ({ mode: 'a' }) };
const notesDocument: StoredDocument = { kind: 'document', name: 'notes', schema: z.object({ text: z.string() }), initial: () => ({ text: '' }) };
const schema = new StoreSchema([jobsCollection, things, files, clockDocument, settingsDocument, notesDocument]);

type Call = ['append', unknown[][]] | ['maybeCompact', boolean | undefined] | ['rewrite'] | ['close'];

/** A TenantStorage that records what the tenant asks of it; `failNext` makes the next append throw. */
class RecordingStorage implements TenantStorage {
  readonly coverage = undefined;
  readonly calls: Call[] = [];
  readonly sources: SnapshotSource[] = [];
  readonly blobs = new BlobStore(undefined);
  failNext = false;
  constructor(readonly persistent: boolean) {}
  append(lines: string): undefined {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('disk full');
    }
    this.calls.push(['append', lines.split('\n').slice(0, -1).map((line) => JSON.parse(line) as unknown[])]);
    // Every line ends with a newline.
    expect(lines.endsWith('\n')).toBe(true);
    return undefined;
  }
  maybeCompact(source: SnapshotSource, force?: boolean): Promise<void> {
    this.calls.push(['maybeCompact', force]);
    this.sources.push(source);
    return Promise.resolve();
  }
  rewrite(source: SnapshotSource): void {
    this.calls.push(['rewrite']);
    this.sources.push(source);
  }
  stats(): PersistenceStats {
    return { commits: 0, journalBytes: 0, compactions: 0, longestCompactionStepMs: 0, lastCompactionMs: 0 };
  }
  async close(): Promise<void> {
    this.calls.push(['close']);
  }
  /** The calls so far, forgotten. */
  take(): Call[] {
    return this.calls.splice(0);
  }
}


function freshState(): TenantState {
  return { tenantId: 'tenant-1', secret: null, documents: { clock: { clockOffsetMs: 0 }, settings: { mode: 'a' }, notes: { text: '' } }, collections: {} };
}

function makeTenant({ persistent = true, audit = false, state = freshState() } = {}) {
  const storage = new RecordingStorage(persistent);
  const log = recordingLog();
  const dirtied: string[] = [];
  const tenant = new Tenant(state, {
    schema,
    time: manualTime(TEST_EPOCH_MS),
    ids: sequentialIds(),
    jobHandlers: new Map(),
    hooks: new Hooks(),
    log,
    storage,
    onDirty: (t) => void dirtied.push(t.id),
    ...(audit ? { audit: true } : {}),
  });
  const t = tenant as unknown as { things: Collection<Thing>; files: Collection<{ id: string }>; settings: { mode: string }; notes: { text: string } };
  return { tenant, t, storage, log, dirtied };
}

const thing = (id: string, tag = 'x', n = 1): Thing => ({ id, tag, n });

describe('a tenant commit', () => {
  it('writes one journal line with exactly the records that changed, then offers a compaction', () => {
    const { tenant, t, storage } = makeTenant();
    t.things.insert(thing('a'));
    t.things.insert(thing('b', 'y', 2));
    t.things.update('a', (r) => {
      r.n = 5;
    });
    t.things.insert(thing('c'));
    t.things.remove('c');
    expect(tenant.uncommitted).toBe(true);
    expect(tenant.commit()).toBeUndefined();
    expect(tenant.uncommitted).toBe(false);
    expect(storage.take()).toEqual([
      [
        'append',
        [
          [
            ['c', 'things', 'a', { id: 'a', tag: 'x', n: 5 }],
            ['c', 'things', 'b', { id: 'b', tag: 'y', n: 2 }],
            ['c', 'things', 'c', null],
          ],
        ],
      ],
      ['maybeCompact', undefined],
    ]);
  });

  it('appends nothing when nothing changed, even when asked for a commit', () => {
    const { tenant, storage, dirtied } = makeTenant();
    expect(tenant.commit()).toBeUndefined();
    tenant.changed();
    expect(tenant.uncommitted).toBe(true);
    expect(dirtied).toEqual(['tenant-1']);
    expect(tenant.commit()).toBeUndefined();
    expect(tenant.uncommitted).toBe(false);
    expect(storage.take()).toEqual([]);
  });

  it('never appends for a tenant kept in memory', () => {
    const { tenant, t, storage } = makeTenant({ persistent: false });
    t.things.insert(thing('a'));
    tenant.secret = { algorithm: 'sha256', hash: 'ab' };
    t.notes = { text: 'changed' };
    expect(tenant.commit()).toBeUndefined();
    expect(tenant.uncommitted).toBe(false);
    expect(storage.take()).toEqual([]);
  });

  it('tells onDirty once per uncommitted stretch', () => {
    const { tenant, t, dirtied } = makeTenant();
    t.things.insert(thing('a'));
    t.things.insert(thing('b'));
    t.notes = { text: 'n' };
    tenant.changed();
    expect(dirtied).toEqual(['tenant-1']);
    tenant.commit();
    t.things.remove('a');
    expect(dirtied).toEqual(['tenant-1', 'tenant-1']);
    tenant.writeSnapshot();
    expect(tenant.uncommitted).toBe(false);
    tenant.changed();
    expect(dirtied).toEqual(['tenant-1', 'tenant-1', 'tenant-1']);
  });

  it('writes a failed line first with the next commit, alone or before the new changes', () => {
    const { tenant, t, storage } = makeTenant();
    t.things.insert(thing('a'));
    storage.failNext = true;
    expect(() => tenant.commit()).toThrow(new Error('disk full'));
    expect(tenant.uncommitted).toBe(false);
    expect(storage.take()).toEqual([]);
    // Nothing new: the next commit (here at close) writes the failed line as it was.
    expect(tenant.commit()).toBeUndefined();
    expect(storage.take()).toEqual([
      ['append', [[['c', 'things', 'a', { id: 'a', tag: 'x', n: 1 }]]]],
      ['maybeCompact', undefined],
    ]);
    expect(tenant.commit()).toBeUndefined();
    expect(storage.take()).toEqual([]);

    t.things.insert(thing('b'));
    storage.failNext = true;
    expect(() => tenant.commit()).toThrow(new Error('disk full'));
    t.things.insert(thing('c'));
    tenant.commit();
    expect(storage.take()).toEqual([
      ['append', [[['c', 'things', 'b', { id: 'b', tag: 'x', n: 1 }]], [['c', 'things', 'c', { id: 'c', tag: 'x', n: 1 }]]]],
      ['maybeCompact', undefined],
    ]);
  });

  it('writes the failed line when the tenant closes', async () => {
    const { tenant, t, storage } = makeTenant();
    t.things.insert(thing('a'));
    storage.failNext = true;
    expect(() => tenant.commit()).toThrow(new Error('disk full'));
    await tenant.close();
    expect(storage.take()).toEqual([['append', [[['c', 'things', 'a', { id: 'a', tag: 'x', n: 1 }]]]], ['maybeCompact', undefined], ['close']]);
  });

  it('writes a document only when it was assigned anew or the clock moved, and only when its value differs', () => {
    const { tenant, t, storage } = makeTenant();
    // Edited in place, not assigned: not a change the store sees.
    t.settings.mode = 'edited in place';
    t.things.insert(thing('a'));
    tenant.commit();
    expect(storage.take()).toEqual([['append', [[['c', 'things', 'a', { id: 'a', tag: 'x', n: 1 }]]]], ['maybeCompact', undefined]]);

    // Assigning one compares them all: the edit above goes out now.
    t.notes = { text: 'new' };
    tenant.commit();
    expect(storage.take()).toEqual([
      [
        'append',
        [
          [
            ['d', 'settings', { mode: 'edited in place' }],
            ['d', 'notes', { text: 'new' }],
          ],
        ],
      ],
      ['maybeCompact', undefined],
    ]);

    t.notes = { text: 'new' }; // the same value again: nothing to write
    t.things.insert(thing('b'));
    tenant.commit();
    expect(storage.take()).toEqual([['append', [[['c', 'things', 'b', { id: 'b', tag: 'x', n: 1 }]]]], ['maybeCompact', undefined]]);

    t.notes.text = 'in place again';
    t.things.insert(thing('c'));
    tenant.commit();
    expect(storage.take()).toEqual([['append', [[['c', 'things', 'c', { id: 'c', tag: 'x', n: 1 }]]]], ['maybeCompact', undefined]]);

    tenant.clock.moveTo(TEST_EPOCH_MS + 1000);
    tenant.commit();
    expect(storage.take()).toEqual([
      [
        'append',
        [
          [
            ['d', 'clock', { clockOffsetMs: 1000 }],
            ['d', 'notes', { text: 'in place again' }],
          ],
        ],
      ],
      ['maybeCompact', undefined],
    ]);
  });

  it('writes the secret with the commit that follows its change, and only that one', () => {
    const { tenant, t, storage } = makeTenant();
    const secret: SecretRecord = { algorithm: 'sha256', hash: 'ab' };
    tenant.secret = secret;
    tenant.commit();
    expect(storage.take()).toEqual([['append', [[['s', secret]]]], ['maybeCompact', undefined]]);
    t.things.insert(thing('a'));
    tenant.commit();
    expect(storage.take()).toEqual([['append', [[['c', 'things', 'a', { id: 'a', tag: 'x', n: 1 }]]]], ['maybeCompact', undefined]]);
  });

  it('writes nothing more after a snapshot that holds the changes', () => {
    const { tenant, t, storage } = makeTenant();
    tenant.secret = { algorithm: 'sha256', hash: 'ab' };
    t.things.insert(thing('a'));
    tenant.writeSnapshot();
    expect(tenant.uncommitted).toBe(false);
    expect(storage.take()).toEqual([['rewrite']]);
    expect(tenant.commit()).toBeUndefined();
    t.things.insert(thing('b'));
    tenant.commit();
    expect(storage.take()).toEqual([['append', [[['c', 'things', 'b', { id: 'b', tag: 'x', n: 1 }]]]], ['maybeCompact', undefined]]);
  });

  it('compacts on demand, forced, after committing', async () => {
    const { tenant, t, storage } = makeTenant();
    await tenant.compact();
    expect(storage.take()).toEqual([['maybeCompact', true]]);
    t.things.insert(thing('a'));
    await tenant.compact();
    expect(storage.take()).toEqual([['append', [[['c', 'things', 'a', { id: 'a', tag: 'x', n: 1 }]]]], ['maybeCompact', undefined], ['maybeCompact', true]]);
  });

  it('gives the snapshot writer each record, and nothing for a collection it does not have', () => {
    const { tenant, t, storage } = makeTenant();
    t.things.insert(thing('a'));
    tenant.writeSnapshot();
    const [source] = storage.sources;
    expect(source!.begin()).toEqual({
      tenantId: 'tenant-1',
      secret: null,
      documents: { clock: { clockOffsetMs: 0 }, settings: { mode: 'a' }, notes: { text: '' } },
      collections: [
        ['jobs', []],
        ['things', [0]],
        ['files', []],
      ],
    });
    expect(source!.record('things', 0)).toEqual({ id: 'a', tag: 'x', n: 1 });
    // By number: a record removed since is gone; one added since has a number begin did not give.
    t.things.insert(thing('b'));
    t.things.remove('a');
    expect(source!.record('things', 0)).toBeUndefined();
    expect(source!.record('things', 1)).toEqual(thing('b'));
    expect(source!.record('gone', 0)).toBeUndefined();
  });

  it('keeps its collections and documents out of its enumerable properties', () => {
    const { tenant } = makeTenant();
    expect(Object.getOwnPropertyDescriptor(tenant, 'things')?.enumerable).toBe(false);
    expect(Object.getOwnPropertyDescriptor(tenant, 'settings')?.enumerable).toBe(false);
  });
});

describe('a tenant’s signals, derived values and replaced state', () => {
  it('signals the clock to its listeners when its state is replaced, and drops the file bytes of records gone', () => {
    const { tenant, storage } = makeTenant({ state: { ...freshState(), collections: { files: { 'File:1': { id: 'File:1' } }, things: { 'File:2': thing('File:2') } } } });
    tenant.blobs.put('File:1', Buffer.from('one'));
    tenant.blobs.put('File:2', Buffer.from('two'));
    tenant.blobs.put('File:3', Buffer.from('three'));
    const heard: unknown[] = [];
    tenant.on('clock', (value) => void heard.push(value));
    // The file bytes kept are those of records in collections that own file bytes.
    tenant.replaceState({ ...freshState(), collections: { files: { 'File:3': { id: 'File:3' } }, things: { 'File:1': thing('File:1') } } });
    expect(heard).toEqual([undefined]);
    expect(tenant.blobs.get('File:1')).toBeUndefined();
    expect(tenant.blobs.get('File:2')).toBeUndefined();
    expect(tenant.blobs.get('File:3')?.toString()).toBe('three');
    expect(storage.take()).toEqual([['rewrite']]);
  });

  it('logs a listener that throws, and goes on with the others; says nothing with no listener', () => {
    const { tenant, log } = makeTenant();
    tenant.signal('clock', undefined);
    expect(log.entries).toEqual([]);
    const heard: string[] = [];
    tenant.on('clock', () => {
      throw new Error('listener broke');
    });
    tenant.on('clock', () => {
      throw 'not an error';
    });
    const off = tenant.on('clock', () => void heard.push('third'));
    tenant.signal('clock', undefined);
    expect(heard).toEqual(['third']);
    expect(log.entries).toEqual([
      ['error', 'tenant signal listener failed', { tenant: 'tenant-1', signal: 'clock', error: 'listener broke' }],
      ['error', 'tenant signal listener failed', { tenant: 'tenant-1', signal: 'clock', error: 'not an error' }],
    ]);
    off();
    log.entries.length = 0;
    tenant.signal('clock', undefined);
    expect(heard).toEqual(['third']);
  });

  it('builds a derived value once and again only after the state is replaced', () => {
    const { tenant } = makeTenant();
    let built = 0;
    const build = () => ({ n: ++built });
    const first = tenant.derived('k', build);
    expect(first).toEqual({ n: 1 });
    expect(tenant.derived('k', build)).toBe(first);
    tenant.replaceState(freshState());
    expect(tenant.derived('k', build)).toEqual({ n: 2 });
    expect(built).toBe(2);
  });
});


describe('work before a commit', () => {
  it('prepares once per key, runs at the commit before the changes are listed, and what it changes goes into the same line', () => {
    const { tenant, t, storage, dirtied } = makeTenant();
    const prepared: string[] = [];
    const ran: string[] = [];
    const ask = (key: string) =>
      tenant.beforeCommit(key, () => {
        prepared.push(key);
        return () => {
          ran.push(key);
          t.things.insert(thing(`from-${key}`));
        };
      });
    ask('k');
    // Asking is a change waiting for a commit.
    expect(tenant.uncommitted).toBe(true);
    expect(dirtied).toEqual(['tenant-1']);
    ask('k');
    ask('j');
    expect(prepared).toEqual(['k', 'j']);
    expect(ran).toEqual([]);
    tenant.commit();
    expect(ran).toEqual(['k', 'j']);
    expect(storage.take()).toEqual([
      [
        'append',
        [
          [
            ['c', 'things', 'from-k', { id: 'from-k', tag: 'x', n: 1 }],
            ['c', 'things', 'from-j', { id: 'from-j', tag: 'x', n: 1 }],
          ],
        ],
      ],
      ['maybeCompact', undefined],
    ]);
    // Done: the next commit runs nothing, and the key can be asked for again.
    tenant.commit();
    expect(ran).toEqual(['k', 'j']);
    ask('k');
    expect(prepared).toEqual(['k', 'j', 'k']);
  });

  it('runs work added by work in the same commit; settle() runs it now; a failure is logged and the rest still runs', () => {
    const { tenant, log } = makeTenant();
    const ran: string[] = [];
    tenant.beforeCommit('first', () => () => {
      ran.push('first');
      tenant.beforeCommit('second', () => () => void ran.push('second'));
    });
    tenant.beforeCommit('broken', () => () => {
      throw new Error('boom');
    });
    tenant.settle();
    expect(ran).toEqual(['first', 'second']);
    expect(log.entries).toEqual([['error', 'before-commit work failed', { tenant: 'tenant-1', key: 'broken', error: 'boom' }]]);
    tenant.commit();
    expect(ran).toEqual(['first', 'second']);
  });

  it('drops the work waiting when the state is replaced', () => {
    const { tenant } = makeTenant();
    const ran: string[] = [];
    tenant.beforeCommit('k', () => () => void ran.push('k'));
    tenant.replaceState(freshState());
    tenant.commit();
    expect(ran).toEqual([]);
  });
});

describe('the test-time audit of a commit', () => {
  it('names a record changed behind its collection’s back, and the fields that changed, added or dropped', () => {
    const { tenant, t } = makeTenant({ audit: true });
    t.things.insert(thing('a'));
    t.things.insert(thing('b'));
    tenant.commit();
    const record = t.things.get('b') as unknown as Record<string, unknown>;
    record.n = 9;
    record.extra = true;
    delete record.tag;
    t.things.insert(thing('c'));
    const error = auditError(() => tenant.commit());
    expect(error.name).toBe('StoreAuditError');
    expect(error.message).toBe('things["b"] was changed (tag, n, extra) without going through its collection (use update()); the change would not be persisted');
  });

  it('names a record that does not fit its schema, at a commit and at a snapshot', () => {
    const { tenant, t } = makeTenant({ audit: true });
    t.things.insert({ id: 'a', tag: 'x', n: 'one' } as never);
    const error = auditError(() => tenant.commit());
    expect(error.name).toBe('StoreAuditError');
    expect(error.message).toBe('things["a"] does not fit its schema: n: Invalid input: expected number, received string');
    expect(auditError(() => tenant.writeSnapshot()).message).toBe(error.message);
    t.things.remove('a');
    t.things.insert({ id: 'b', tag: 'x', n: 1, meta: { size: 'big' } } as never);
    expect(auditError(() => tenant.commit()).message).toBe('things["b"] does not fit its schema: meta.size: Invalid input: expected number, received string');
  });

  it('passes changes made through the collection, and checks only commits that have something to commit', () => {
    const { tenant, t } = makeTenant({ audit: true });
    t.things.insert(thing('a'));
    t.things.insert(thing('b'));
    tenant.commit();
    t.things.update('a', (r) => {
      r.n = 2;
    });
    t.things.remove('b');
    expect(() => tenant.commit()).not.toThrow();
    (t.things.get('a') as Thing).n = 3;
    expect(tenant.commit()).toBeUndefined();
    tenant.changed();
    expect(auditError(() => tenant.commit()).message).toBe('things["a"] was changed (n) without going through its collection (use update()); the change would not be persisted');
  });

  it('reads, at each commit, the collections read since the last one, and every collection at each AUDIT_SWEEP_EVERY-th', () => {
    const { tenant, t } = makeTenant({ audit: true });
    t.things.insert(thing('a'));
    tenant.commit(); // audit 1
    const kept = t.things.get('a') as Thing;
    tenant.changed();
    tenant.commit(); // audit 2: things was read, and is unchanged
    // Changed through a record kept from an earlier commit, with no read since: seen at the next full read.
    kept.n = 99;
    for (let audit = 3; audit < AUDIT_SWEEP_EVERY; audit++) {
      tenant.changed();
      expect(() => tenant.commit(), `audit ${audit}`).not.toThrow();
    }
    tenant.changed();
    expect(auditError(() => tenant.commit()).message).toBe('things["a"] was changed (n) without going through its collection (use update()); the change would not be persisted');
  });

  it('reads a collection at the first commit after any read of it, however the record was found', () => {
    const { tenant, t } = makeTenant({ audit: true });
    t.things.insert(thing('a'));
    t.things.insert(thing('b'));
    tenant.commit();
    for (const take of [() => t.things.byIndex('byTag', 'x')[0]!, () => [...t.things.values()][1]!, () => t.things.get('a')!]) {
      const record = take() as Thing;
      record.n += 1;
      tenant.changed();
      expect(() => tenant.commit()).toThrow(/without going through its collection/);
      record.n -= 1;
      tenant.changed();
      tenant.commit();
    }
  });

  it('is off unless asked for: a tenant without it commits and snapshots a record changed behind its back', () => {
    const { tenant, t, storage } = makeTenant();
    t.things.insert(thing('a'));
    tenant.commit();
    (t.things.get('a') as Thing).n = 3;
    t.things.insert(thing('b'));
    expect(() => tenant.commit()).not.toThrow();
    expect(() => tenant.writeSnapshot()).not.toThrow();
    expect(storage.take().map((call) => call[0])).toEqual(['append', 'maybeCompact', 'append', 'maybeCompact', 'rewrite']);
  });
});

describe('a collection', () => {
  const byTag = { byTag: (r: Thing) => r.tag };

  it('refuses a second record with the same id, and counts its records', () => {
    const c = new Collection<Thing>({}, byTag);
    c.insert(thing('a'));
    expect(() => c.insert(thing('a', 'y'))).toThrow(new Error('duplicate id a'));
    expect(c.size).toBe(1);
    expect(c.byIndex('byTag', 'y')).toEqual([]);
  });

  it('refuses to update a record it does not hold, and removes nothing for one', () => {
    const changed: string[] = [];
    const c = new Collection<Thing>({}, byTag, (id) => void changed.push(id));
    expect(() => c.update('nope', () => {})).toThrow(new Error('no record nope'));
    expect(c.remove('nope')).toBeUndefined();
    expect(changed).toEqual([]);
  });

  it('holds a record under its id, whatever key it was given under, and no longer reads the records object it was given', () => {
    const changed: string[] = [];
    const records: Record<string, Thing> = { key: thing('other'), b: thing('b') };
    const c = new Collection<Thing>(records, byTag, (id) => void changed.push(id));
    expect(c.get('key')).toBeUndefined();
    expect(() => c.update('key', () => {})).toThrow(new Error('no record key'));
    expect(c.remove('key')).toBeUndefined();
    expect(changed).toEqual([]);
    delete records.b;
    expect(c.get('b')).toEqual(thing('b'));
    expect(c.get('other')).toEqual(thing('other'));
    expect(c.size).toBe(2);
    expect(c.byIndex('byTag', 'x').map((r) => r?.id)).toEqual(['other', 'b']);
    c.insert(thing('c'));
    expect(records).toEqual({ key: thing('other') });
  });

  it('keeps index lists oldest first when an update moves an older record under a key', () => {
    const c = new Collection<Thing>({}, byTag);
    c.insert(thing('a', 'x'));
    c.insert(thing('b', 'y'));
    c.insert(thing('c', 'y'));
    c.update('a', (r) => {
      r.tag = 'y';
    });
    expect(c.byIndex('byTag', 'y').map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(c.byIndex('byTag', 'x')).toEqual([]);
    c.update('b', (r) => {
      r.tag = 'x';
    });
    c.update('c', (r) => {
      r.tag = 'x';
    });
    expect(c.byIndex('byTag', 'x').map((r) => r.id)).toEqual(['b', 'c']);
    expect(c.page({ index: 'byTag', key: 'y', limit: 10 }).items.map((r) => r.id)).toEqual(['a']);
  });

  it('re-indexes a record whose list of keys changed in part', () => {
    const c = new Collection<{ id: string; tags: string[] }>({}, { byTags: (r) => r.tags });
    c.insert({ id: 'a', tags: ['p', 'q'] });
    c.update('a', (r) => {
      r.tags = ['p', 'r'];
    });
    expect(c.byIndex('byTags', 'p').map((r) => r.id)).toEqual(['a']);
    expect(c.byIndex('byTags', 'q')).toEqual([]);
    expect(c.byIndex('byTags', 'r').map((r) => r.id)).toEqual(['a']);
  });

  it('leaves the index entries of other records alone when a record was changed in place behind its back', () => {
    const c = new Collection<Thing>({}, byTag);
    c.insert(thing('a', 'x'));
    c.insert(thing('b', 'y'));
    c.insert(thing('d', 'x'));
    c.get('a')!.tag = 'y';
    expect(c.remove('a')?.id).toBe('a');
    expect(c.byIndex('byTag', 'y').map((r) => r.id)).toEqual(['b']);
    c.get('d')!.tag = 'z';
    c.update('d', (r) => {
      r.tag = 'w';
    });
    expect(c.byIndex('byTag', 'w').map((r) => r.id)).toEqual(['d']);
    c.get('b')!.tag = 'v';
    expect(c.remove('b')?.id).toBe('b');
  });

  it('finds each record by id, by index and by page after removals at the start, in the middle and at the end', () => {
    const c = new Collection<Thing>({}, byTag);
    for (const [id, tag] of [['a', 'x'], ['b', 'y'], ['c', 'x'], ['d', 'y'], ['e', 'x'], ['f', 'y']] as const) c.insert(thing(id, tag));
    c.remove('a');
    c.remove('d');
    c.remove('f');
    expect(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => c.get(id)?.id)).toEqual([undefined, 'b', 'c', undefined, 'e', undefined]);
    expect(c.oldest()?.id).toBe('b');
    expect(c.findOne('byTag', 'y')?.id).toBe('b');
    expect(c.findOne('byTag', 'z')).toBeUndefined();
    expect(c.byIndex('byTag', 'x').map((r) => r.id)).toEqual(['c', 'e']);
    const page = c.page({ limit: 2 });
    expect(page.items.map((r) => r.id)).toEqual(['e', 'c']);
    expect(c.page({ limit: 2, beforeSeq: page.lastSeq }).items.map((r) => r.id)).toEqual(['b']);
    expect(c.page({ index: 'byTag', key: 'x', limit: 1, beforeSeq: c.seqOf('e') }).items.map((r) => r.id)).toEqual(['c']);
    expect(c.page({ limit: 5, where: (r) => r.id !== 'c' }).items.map((r) => r.id)).toEqual(['e', 'b']);
    expect([...c.values()].map((r) => r.id)).toEqual(['b', 'c', 'e']);
    expect(c.ids()).toEqual(['b', 'c', 'e']);
  });

  it('goes on iterating its records, as a Map does, when records are removed or added meanwhile', () => {
    const c = new Collection<Thing>({}, byTag);
    for (const id of ['a', 'b', 'c', 'd', 'e']) c.insert(thing(id));
    const seen: string[] = [];
    for (const record of c.values()) {
      seen.push(record.id);
      if (record.id === 'a') c.remove('a');
      if (record.id === 'b') c.remove('d');
      if (record.id === 'c') {
        c.remove('c');
        c.insert(thing('f'));
      }
    }
    expect(seen).toEqual(['a', 'b', 'c', 'e', 'f']);
    expect([...c.values()].map((r) => r.id)).toEqual(['b', 'e', 'f']);
    const none = new Collection<Thing>({}, byTag);
    expect([...none.values()]).toEqual([]);
  });

  it('pages an index with no key given as the empty key', () => {
    const c = new Collection<Thing>({}, byTag);
    c.insert(thing('a', ''));
    c.insert(thing('b', 'x'));
    expect(c.page({ index: 'byTag', limit: 10 }).items.map((r) => r.id)).toEqual(['a']);
  });

  it('refuses an index it does not have', () => {
    const c = new Collection<Thing>({}, byTag);
    expect(() => c.byIndex('nope', 'x')).toThrow(new Error('no index nope'));
  });

  it('renders a record once per view until it changes', () => {
    const c = new Collection<Thing>({}, byTag);
    c.insert(thing('a'));
    c.insert(thing('b'));
    const rendered: string[] = [];
    const view = (r: Thing) => {
      rendered.push(r.id);
      return { id: r.id, n: r.n };
    };
    const first = c.renderedJson(c.get('a')!, view);
    expect(first.toString()).toBe('{"id":"a","n":1}');
    expect(c.renderedJson(c.get('a')!, view)).toBe(first);
    c.renderedJson(c.get('b')!, view);
    c.renderedJson(c.get('a')!, view);
    expect(rendered).toEqual(['a', 'b']);
    c.update('a', (r) => {
      r.n = 2;
    });
    expect(c.renderedJson(c.get('a')!, view).toString()).toBe('{"id":"a","n":2}');
    expect(rendered).toEqual(['a', 'b', 'a']);
  });

  it('starts its rendered cache over once it holds 20,000 records of a view', () => {
    const c = new Collection<{ id: string }>({});
    let renders = 0;
    const view = () => {
      renders++;
      return 0;
    };
    const records = Array.from({ length: 20_001 }, (_, i) => ({ id: String(i) }));
    for (let i = 0; i < 20_000; i++) c.renderedJson(records[i]!, view);
    c.renderedJson(records[0]!, view);
    expect(renders).toBe(20_000);
    c.renderedJson(records[20_000]!, view);
    c.renderedJson(records[0]!, view);
    expect(renders).toBe(20_002);
  });
});
