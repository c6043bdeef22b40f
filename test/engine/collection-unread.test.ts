/**
 * A collection loaded from a snapshot reads its records on first use, and builds each index on the
 * first query by it: whatever comes first, it answers as a collection given every record and every
 * index at once would.
 */
import { describe, expect, it } from 'vitest';
import { Collection, type UnreadRecords } from '../../src/store/collection.js';

interface Thing {
  id: string;
  tag: string;
  tags: string[];
}
const thing = (id: string, tag = 'x', tags: string[] = [tag]): Thing => ({ id, tag, tags });
const indexes = { byTag: (r: Thing) => r.tag, byTags: (r: Thing) => r.tags, tagged: (r: Thing) => (r.tag === 'none' ? undefined : 'all') };

/** Records still to be read, counting the reads. */
function unread(records: Thing[]): UnreadRecords<Thing> & { reads: number } {
  return {
    reads: 0,
    read() {
      this.reads++;
      return records.map((r) => ({ ...r, tags: [...r.tags] }));
    },
    *copy() {
      yield Buffer.from('{"rows":[],"shapes":[]}');
    },
  };
}

const seed = () => [thing('a', 'x', ['p', 'q']), thing('b', 'y', ['q']), thing('c', 'x', []), thing('d', 'none', ['p', 'p'])];

/** Every index's lists, key by key, as ids oldest first. */
function everyIndex(c: Collection<Thing>, keys: string[]) {
  return Object.fromEntries(Object.keys(indexes).map((index) => [index, Object.fromEntries(keys.map((k) => [k, c.byIndex(index, k).map((r) => r.id)]))]));
}
const KEYS = ['x', 'y', 'z', 'none', 'p', 'q', 'r', 'all'];

describe('a collection of records still to be read', () => {
  it.each<[string, (c: Collection<Thing>) => unknown, unknown]>([
    ['size', (c) => c.size, 4],
    ['get', (c) => c.get('b')?.tag, 'y'],
    ['has', (c) => c.has('c'), true],
    ['ids', (c) => c.ids(), ['a', 'b', 'c', 'd']],
    ['values', (c) => [...c.values()].map((r) => r.id), ['a', 'b', 'c', 'd']],
    ['seqOf', (c) => c.seqOf('c'), 2],
    ['oldest', (c) => c.oldest()?.id, 'a'],
    ['byIndex', (c) => c.byIndex('byTag', 'x').map((r) => r.id), ['a', 'c']],
    ['findOne', (c) => c.findOne('byTags', 'p')?.id, 'a'],
    ['page', (c) => c.page({ limit: 2 }).items.map((r) => r.id), ['d', 'c']],
    ['a page by an index', (c) => c.page({ index: 'tagged', key: 'all', limit: 5 }).items.map((r) => r.id), ['c', 'b', 'a']],
    ['update', (c) => c.update('a', (r) => void (r.tag = 'z')).tag, 'z'],
    ['remove', (c) => c.remove('b')?.id, 'b'],
    ['insert', (c) => (c.insert(thing('e')), c.size), 5],
    ['removeOldestWhile', (c) => c.removeOldestWhile((r) => r.id < 'c'), 2],
  ])('reads them, once, on the first %s', (_what, use, expected) => {
    const records = unread(seed());
    const c = new Collection<Thing>(records, indexes);
    expect(records.reads).toBe(0);
    expect(c.unreadCopy()).toBeDefined();
    expect(use(c)).toEqual(expected);
    expect(records.reads).toBe(1);
    expect(c.unreadCopy()).toBeUndefined();
    c.size;
    c.get('a');
    expect(records.reads).toBe(1);
  });

  it('copies the snapshot text while unread, and never once read or rebuilt', () => {
    const c = new Collection<Thing>(unread(seed()), indexes);
    expect([...c.unreadCopy()!].map((b) => Buffer.from(b).toString())).toEqual(['{"rows":[],"shapes":[]}']);
    c.rebuild({ z: thing('z') });
    expect(c.unreadCopy()).toBeUndefined();
    expect(c.ids()).toEqual(['z']);
    c.rebuild(unread(seed()));
    expect(c.unreadCopy()).toBeDefined();
    expect(c.ids()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('stays unread when reading fails: the error each time, the snapshot text still there to copy', () => {
    let fail = true;
    const records: UnreadRecords<Thing> = {
      read: () => {
        if (fail) throw new Error('disk gone');
        return seed();
      },
      copy: () => [Buffer.from('{"rows":[],"shapes":[]}')],
    };
    const c = new Collection<Thing>(records, indexes);
    expect(() => c.size).toThrow(new Error('disk gone'));
    expect(() => c.get('a')).toThrow(new Error('disk gone'));
    expect(c.unreadCopy()).toBeDefined();
    fail = false;
    expect(c.size).toBe(4);
  });

  it('tells of no change when it reads them', () => {
    const changed: string[] = [];
    const c = new Collection<Thing>(unread(seed()), indexes, (id) => void changed.push(id));
    expect(c.size).toBe(4);
    expect(changed).toEqual([]);
  });
});

describe('indexes built on their first use', () => {
  /** The same changes on a collection whose indexes were all built first and on one whose indexes were never used. */
  function both(change: (c: Collection<Thing>) => void) {
    const eager = new Collection<Thing>(unread(seed()), indexes);
    everyIndex(eager, KEYS);
    const lazy = new Collection<Thing>(unread(seed()), indexes);
    change(eager);
    change(lazy);
    return { eager: everyIndex(eager, KEYS), lazy: everyIndex(lazy, KEYS) };
  }

  it.each<[string, (c: Collection<Thing>) => void]>([
    ['nothing', () => {}],
    ['an insert', (c) => void c.insert(thing('e', 'y', ['r', 'p']))],
    ['an update that moves a record to other keys', (c) => void c.update('a', (r) => Object.assign(r, { tag: 'y', tags: ['r'] }))],
    ['an update that leaves a record out of an index', (c) => void c.update('b', (r) => void (r.tag = 'none'))],
    ['a removal', (c) => void c.remove('a')],
    ['a removal, then an insert', (c) => (c.remove('c'), void c.insert(thing('c', 'x', ['q'])))],
    ['removals of the oldest', (c) => void c.removeOldestWhile((r) => r.id <= 'b')],
  ])('answer as indexes kept from the start after %s', (_what, change) => {
    const { eager, lazy } = both(change);
    expect(lazy).toEqual(eager);
  });

  it('are kept up to date once built: a query after a change sees it', () => {
    const c = new Collection<Thing>(unread(seed()), indexes);
    expect(c.byIndex('byTag', 'x').map((r) => r.id)).toEqual(['a', 'c']);
    c.update('b', (r) => void (r.tag = 'x'));
    c.insert(thing('e', 'x'));
    c.remove('a');
    expect(c.byIndex('byTag', 'x').map((r) => r.id)).toEqual(['b', 'c', 'e']);
    expect(c.byIndex('byTag', 'y')).toEqual([]);
    // An index first used after those changes is built from the records as they are now.
    expect(c.byIndex('byTags', 'x').map((r) => r.id)).toEqual(['e']);
    expect(c.byIndex('byTags', 'q').map((r) => r.id)).toEqual(['b']);
    expect(c.byIndex('byTags', 'p').map((r) => r.id)).toEqual(['d', 'd']);
  });

  it('re-indexes an update once built: a key named twice, a second key changed alone', () => {
    const c = new Collection<Thing>(unread(seed()), indexes);
    expect(c.byIndex('byTags', 'p').map((r) => r.id)).toEqual(['a', 'd', 'd']);
    // d is under p twice; once its keys change, p holds a alone (no other number is taken out with it).
    c.update('d', (r) => void (r.tags = ['q']));
    expect(c.byIndex('byTags', 'p').map((r) => r.id)).toEqual(['a']);
    expect(c.byIndex('byTags', 'q').map((r) => r.id)).toEqual(['a', 'b', 'd']);
    // a's first key stays, its second changes.
    c.update('a', (r) => void (r.tags = ['p', 'r']));
    expect(c.byIndex('byTags', 'q').map((r) => r.id)).toEqual(['b', 'd']);
    expect(c.byIndex('byTags', 'r').map((r) => r.id)).toEqual(['a']);
  });

  it('pages newest first by a built index, before and after a cursor', () => {
    const c = new Collection<Thing>({}, indexes);
    for (let i = 0; i < 7; i++) c.insert(thing(`t${i}`, i % 2 === 0 ? 'even' : 'odd'));
    const first = c.page({ index: 'byTag', key: 'even', limit: 2 });
    expect(first.items.map((r) => r.id)).toEqual(['t6', 't4']);
    expect(first).toMatchObject({ hasMore: true, total: 4 });
    const next = c.page({ index: 'byTag', key: 'even', limit: 2, beforeSeq: first.lastSeq });
    expect(next.items.map((r) => r.id)).toEqual(['t2', 't0']);
    expect(next.hasMore).toBe(false);
  });

  it.each<[string, (c: Collection<Thing>, before?: number) => ReturnType<Collection<Thing>['page']>, string[]]>([
    ['the whole collection', (c, before) => c.page({ limit: 2, beforeSeq: before }), ['e', 'd', 'b', 'a']],
    ['an index', (c, before) => c.page({ index: 'tagged', key: 'all', limit: 2, beforeSeq: before }), ['e', 'b', 'a']],
    ['a condition', (c, before) => c.page({ where: (r) => r.tag !== 'y', limit: 2, beforeSeq: before }), ['e', 'd', 'a']],
  ])('gives as the cursor of a page of %s the number of its last record, before any lookup by id', (_what, pageOf, all) => {
    const c = new Collection<Thing>(unread(seed()), indexes);
    c.insert(thing('e', 'x'));
    c.remove('c');
    const first = pageOf(c);
    const rest = pageOf(c, first.lastSeq);
    expect([...first.items, ...rest.items].map((r) => r.id)).toEqual(all);
    expect(first.lastSeq).toBe(c.seqOf(first.items[1]!.id));
    expect(rest.lastSeq).toBe(c.seqOf(rest.items[rest.items.length - 1]!.id));
    expect(c.ids()).toEqual(['a', 'b', 'd', 'e']);
  });

  it('numbers records read from the snapshot before any lookup by id as a lookup does afterwards', () => {
    const c = new Collection<Thing>(unread(seed()), indexes);
    const page = c.page({ limit: 4 });
    expect(page.lastSeq).toBe(0);
    expect(['a', 'b', 'c', 'd'].map((id) => c.seqOf(id))).toEqual([0, 1, 2, 3]);
    c.remove('b');
    expect(c.insert(thing('b')).id).toBe('b');
    expect(c.seqOf('b')).toBe(4);
    expect(c.ids()).toEqual(['a', 'c', 'd', 'b']);
    expect(() => c.insert(thing('a'))).toThrow(new Error('duplicate id a'));
  });

  it('gives a snapshot writer its records by number: the ones still there, as they are now', () => {
    const c = new Collection<Thing>(unread(seed()), indexes);
    expect(c.numbers()).toEqual([0, 1, 2, 3]);
    c.remove('c');
    c.update('b', (r) => void (r.tag = 'z'));
    expect([0, 1, 2, 3, 4].map((n) => c.recordNumbered(n)?.id)).toEqual(['a', 'b', undefined, 'd', undefined]);
    expect(c.recordNumbered(1)?.tag).toBe('z');
    expect(c.recordNumbered(-1)).toBeUndefined();
  });

  it('refuses an index it does not have', () => {
    const c = new Collection<Thing>(unread(seed()), indexes);
    expect(() => c.byIndex('byColour', 'red')).toThrow(new Error('no index byColour'));
  });
});
