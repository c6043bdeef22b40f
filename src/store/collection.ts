/**
 * A keyed set of records with insertion-ordered secondary indexes, so that a
 * filtered, newest-first page costs O(limit + log n) whatever the size of
 * the collection. The records are the tenant's persisted data; the numbers
 * and indexes are derived and rebuilt on load.
 */

import type { Page } from '../core/pagination.js';

export type IndexKey<T> = (record: T) => string | readonly string[] | undefined;

export interface PageQuery<T> {
  /** Name of an index plus the key to select, or neither for the whole collection. */
  index?: string | undefined;
  key?: string | undefined;
  /** Extra condition for filters no index covers; makes the page O(n). */
  where?: ((record: T) => boolean) | undefined;
  limit: number;
  /** Only records inserted before this sequence number (the cursor). */
  beforeSeq?: number | undefined;
}

export type { Page };

/**
 * Records still in the snapshot file they were loaded from: read and built on
 * first use, so a restart does not build the collections its first requests
 * never touch. `copy` is the collection's snapshot text, for a snapshot
 * written before anything read them.
 */
export interface UnreadRecords<T> {
  read(): T[];
  copy(): Iterable<Uint8Array>;
}

/** What a collection holds to begin with: records keyed by id, or records not yet read. */
export type CollectionRecords<T> = Record<string, T> | UnreadRecords<T>;

export function isUnread<T>(records: CollectionRecords<T>): records is UnreadRecords<T> {
  // Records keyed by id hold records (objects), never a function.
  return typeof (records as Partial<UnreadRecords<T>>).read === 'function';
}

const EMPTY: readonly number[] = [];
const NO_KEYS: readonly string[] = [];

/** Index of the first element >= seq in an ascending array. */
function lowerBound(list: readonly number[], seq: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insertSorted(list: number[], seq: number): void {
  // Stryker disable next-line LogicalOperator,ArithmeticOperator,ConditionalExpression,EqualityOperator: the splice at lowerBound puts seq where the push would (the end, or 0 in an empty list; numbers are never equal); the push is a shortcut
  if (list.length === 0 || list[list.length - 1]! < seq) list.push(seq);
  else list.splice(lowerBound(list, seq), 0, seq);
}

/** Removes the element at `at`. The first one (pruning oldest first, as a bounded outbox does on every insert) by shift: V8 moves the array's start instead of copying all the rest, which splice(0, 1) does. */
function removeAt<E>(list: E[], at: number): void {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: splice(0, 1) removes the same element, only slower
  if (at === 0) list.shift();
  else list.splice(at, 1);
}

function removeSorted(list: number[], seq: number): void {
  const at = lowerBound(list, seq);
  // Stryker disable next-line ConditionalExpression: a record's number is in the list of each of its keys, as often as the key is named; the check only guards
  if (list[at] === seq) removeAt(list, at);
}

function keysOf(value: string | readonly string[] | undefined): readonly string[] {
  if (value === undefined) return NO_KEYS;
  return typeof value === 'string' ? [value] : value;
}

/** Rendered JSON kept per view before the cache starts over: bounded memory however many records are read. */
const RENDERED_KEPT = 20_000;

export class Collection<T extends { id: string }> {
  /** Each view's JSON of each record, dropped when the record changes. */
  private readonly rendered = new Map<(record: T) => unknown, Map<string, Buffer>>();
  /** Each record's number by its id: built on the first lookup by id (a restart listing a page needs none), then kept. */
  private seqByIdBuilt: Map<string, number> | undefined;
  /**
   * The records' sequence numbers, ascending, and the records at the same
   * positions: two flat arrays rather than a second hash table (a record by
   * its number is a binary search), which at 100k records is ~9 MB less.
   */
  // Stryker disable next-line ArrayDeclaration: rebuild(), which the constructor calls, empties it before any use
  private readonly order: number[] = [];
  // Stryker disable next-line ArrayDeclaration: as order
  private readonly recordsInOrder: T[] = [];
  /** An index's lists are built when it is first used (as a restart builds only what its requests need), then kept up to date. */
  private indexMap: Map<string, { keyOf: IndexKey<T>; lists: Map<string, number[]> | undefined }> | undefined;
  private nextSeq = 0;
  private unread: UnreadRecords<T> | undefined;
  /** Set by every read; see takeReadMark. */
  private readSinceMark = false;

  /** Takes the records of `records` (as loaded: keyed by id, or still to be read); the object itself is not kept. */
  constructor(
    records: CollectionRecords<T>,
    /** Or a function that gives them on the first query (a collection's definition may load with its area). */
    private readonly indexDefs: Record<string, IndexKey<T>> | (() => Record<string, IndexKey<T>>) = {},
    /** Told the id of every record inserted, updated or removed, so the change can be persisted. */
    private readonly onChange: (id: string) => void = () => {},
  ) {
    this.rebuild(records);
  }

  /** Holds the records of `records` instead (after a reset or restore). */
  rebuild(records: CollectionRecords<T>): void {
    this.rendered.clear();
    this.seqByIdBuilt = undefined;
    this.order.length = 0;
    this.recordsInOrder.length = 0;
    for (const index of this.indexMap?.values() ?? []) index.lists = undefined;
    this.nextSeq = 0;
    this.unread = undefined;
    if (isUnread(records)) this.unread = records;
    else for (const record of Object.values(records)) this.track(record);
  }

  /** The snapshot text of records never read since they were loaded (to be copied as they are), if they have not been. */
  unreadCopy(): Iterable<Uint8Array> | undefined {
    return this.unread?.copy();
  }

  /**
   * Reads the records still in the snapshot file; every other method starts with it. A read that fails
   * leaves them unread (and copied as they are by the next snapshot): an empty collection would be written out.
   */
  private read(): void {
    this.readSinceMark = true;
    const unread = this.unread;
    if (unread === undefined) return;
    const records = unread.read();
    this.unread = undefined;
    for (const record of records) this.track(record);
  }

  /**
   * Whether any of the records was asked for since the last call (which clears it): the store audit checks for
   * changes made behind the collection's back only where code could have taken a record to change.
   */
  takeReadMark(): boolean {
    const read = this.readSinceMark;
    this.readSinceMark = false;
    return read;
  }

  get size(): number {
    this.read();
    return this.order.length;
  }

  get(id: string): T | undefined {
    this.read();
    const seq = this.seqById.get(id);
    return seq === undefined ? undefined : this.recordAt(seq);
  }

  /** The record numbered `seq`: one of the numbers this collection holds (the id map's and the index lists' are). */
  private recordAt(seq: number): T {
    return this.recordsInOrder[lowerBound(this.order, seq)]!;
  }

  has(id: string): boolean {
    this.read();
    return this.seqById.has(id);
  }

  insert(record: T): T {
    this.read();
    if (this.seqById.has(record.id)) throw new Error(`duplicate id ${record.id}`);
    this.track(record);
    this.changedRecord(record.id);
    return record;
  }

  /** Applies `change` to a stored record, keeping every index right. */
  update(id: string, change: (record: T) => void): T {
    this.read();
    const seq = this.seqById.get(id);
    if (seq === undefined) throw new Error(`no record ${id}`);
    const record = this.recordAt(seq);
    const built = this.builtIndexes();
    const before = built.map((index) => [...keysOf(index.keyOf(record))]);
    change(record);
    built.forEach((index, i) => {
      const old = before[i]!;
      const now = keysOf(index.keyOf(record));
      // Stryker disable next-line ArrowFunction,ConditionalExpression: the check only skips re-indexing unchanged keys; removing and re-inserting the same keys leaves the same lists
      if (old.length === now.length && old.every((k, j) => k === now[j])) return;
      for (const key of old) {
        const list = index.lists.get(key);
        if (list) removeSorted(list, seq);
      }
      for (const key of now) insertSorted(listFor(index.lists, key), seq);
    });
    this.changedRecord(id);
    return record;
  }

  remove(id: string): T | undefined {
    this.read();
    const seq = this.seqById.get(id);
    if (seq === undefined) return undefined;
    const record = this.recordAt(seq);
    for (const index of this.builtIndexes()) {
      for (const key of keysOf(index.keyOf(record))) {
        const list = index.lists.get(key);
        if (list) removeSorted(list, seq);
      }
    }
    const at = lowerBound(this.order, seq);
    removeAt(this.order, at);
    removeAt(this.recordsInOrder, at);
    this.seqByIdBuilt!.delete(id);
    this.changedRecord(id);
    return record;
  }

  /** Records under one index key, oldest first. */
  byIndex(index: string, key: string): T[] {
    return this.listOf(index, key).map((seq) => this.recordAt(seq));
  }

  /** First record under an index key, for unique lookups. */
  findOne(index: string, key: string): T | undefined {
    const list = this.listOf(index, key);
    return list.length > 0 ? this.recordAt(list[0]!) : undefined;
  }

  /** The record inserted first (of those still here). */
  oldest(): T | undefined {
    this.read();
    return this.recordsInOrder[0];
  }

  /** Removes records oldest first while `stale` holds: pruning of records that expire in insertion order. */
  removeOldestWhile(stale: (record: T) => boolean): number {
    let removed = 0;
    for (let record = this.oldest(); record && stale(record); record = this.oldest()) {
      this.remove(record.id);
      removed += 1;
    }
    return removed;
  }

  /**
   * The UTF-8 JSON of a record as `view` presents it, rendered once and kept
   * until the record changes (as bytes: off the JS heap, and written to a
   * socket without encoding). The view must depend on the record alone.
   */
  renderedJson(record: T, view: (record: T) => unknown): Buffer {
    let cache = this.rendered.get(view);
    if (!cache) this.rendered.set(view, (cache = new Map()));
    let bytes = cache.get(record.id);
    if (bytes === undefined) {
      if (cache.size >= RENDERED_KEPT) cache.clear();
      bytes = Buffer.from(JSON.stringify(view(record)));
      cache.set(record.id, bytes);
    }
    return bytes;
  }

  /** Every record's number, oldest first: what a snapshot being written asks for again (recordNumbered), without the id map. */
  numbers(): number[] {
    this.read();
    return [...this.order];
  }

  /** The record numbered `seq`, unless it was removed since. */
  recordNumbered(seq: number): T | undefined {
    this.read();
    const at = lowerBound(this.order, seq);
    return this.order[at] === seq ? this.recordsInOrder[at] : undefined;
  }

  /** Every id, oldest first. */
  ids(): string[] {
    this.read();
    return this.recordsInOrder.map((record) => record.id);
  }

  /** Every record, oldest first; like a Map's, the iteration goes on past records removed or added meanwhile. */
  *values(): Generator<T, void, undefined> {
    this.read();
    let at = 0;
    let next = 0;
    for (;;) {
      // Where the record numbered `next` or the one after it is: still `at` unless the arrays changed under the iteration.
      // Stryker disable next-line ConditionalExpression,ArithmeticOperator: searching every time finds the same place; this only skips the search
      if (this.order[at - 1] !== next - 1) at = lowerBound(this.order, next);
      if (at >= this.order.length) return;
      next = this.order[at]! + 1;
      // Stryker disable next-line UpdateOperator: a wrong guess of the next place is caught by the check above, which searches instead
      yield this.recordsInOrder[at++]!;
    }
  }

  seqOf(id: string): number | undefined {
    this.read();
    return this.seqById.get(id);
  }

  /** A newest-first page. */
  page(query: PageQuery<T>): Page<T> {
    this.read();
    const list = query.index !== undefined ? this.listOf(query.index, query.key ?? '') : this.order;
    const start = (query.beforeSeq === undefined ? list.length : lowerBound(list, query.beforeSeq)) - 1;
    // Positions in the whole collection's list are positions in recordsInOrder; an index's list holds numbers to look up.
    // Stryker disable next-line ConditionalExpression: looking up the whole list's numbers finds the same records; this only skips the searches
    const recordOf = list === this.order ? (i: number) => this.recordsInOrder[i]! : (i: number) => this.recordAt(list[i]!);
    const items: T[] = [];
    // The number of the last record taken: where the next page starts (the cursor).
    let lastSeq: number | undefined;
    if (!query.where) {
      for (let i = start; i >= 0 && items.length < query.limit; i--) {
        items.push(recordOf(i));
        lastSeq = list[i];
      }
      const hasMore = start - items.length >= 0;
      return { items, hasMore, lastSeq, total: list.length };
    }
    let total = 0;
    let hasMore = false;
    for (let i = list.length - 1; i >= 0; i--) {
      const record = recordOf(i);
      if (!query.where(record)) continue;
      total++;
      if (i > start) continue;
      if (items.length < query.limit) {
        items.push(record);
        lastSeq = list[i];
      } else hasMore = true;
    }
    return { items, hasMore, lastSeq, total };
  }

  /** Each record's number by its id (built from the records in order the first time). */
  private get seqById(): Map<string, number> {
    if (this.seqByIdBuilt) return this.seqByIdBuilt;
    const built = new Map<string, number>();
    for (let i = 0; i < this.order.length; i++) built.set(this.recordsInOrder[i]!.id, this.order[i]!);
    return (this.seqByIdBuilt = built);
  }

  /** The indexes, defined on the first query: until then no change has lists to keep up to date. */
  private get indexes(): Map<string, { keyOf: IndexKey<T>; lists: Map<string, number[]> | undefined }> {
    if (this.indexMap === undefined) {
      const defs = typeof this.indexDefs === 'function' ? this.indexDefs() : this.indexDefs;
      this.indexMap = new Map(Object.entries(defs).map(([name, keyOf]) => [name, { keyOf, lists: undefined }]));
    }
    return this.indexMap;
  }

  private listOf(index: string, key: string): readonly number[] {
    this.read();
    const found = this.indexes.get(index);
    if (!found) throw new Error(`no index ${index}`);
    return this.built(found).get(key) ?? EMPTY;
  }

  /** An index's lists, built from the records (in order, so each list is ascending) on its first use. */
  private built(index: { keyOf: IndexKey<T>; lists: Map<string, number[]> | undefined }): Map<string, number[]> {
    // Stryker disable next-line ConditionalExpression: building the lists again on every use gives the same lists; this keeps them
    if (index.lists) return index.lists;
    const lists = new Map<string, number[]>();
    for (let i = 0; i < this.order.length; i++) {
      for (const key of keysOf(index.keyOf(this.recordsInOrder[i]!))) listFor(lists, key).push(this.order[i]!);
    }
    return (index.lists = lists);
  }

  /** The indexes built so far: the ones a change must keep up to date. */
  private builtIndexes(): Array<{ keyOf: IndexKey<T>; lists: Map<string, number[]> }> {
    const built: Array<{ keyOf: IndexKey<T>; lists: Map<string, number[]> }> = [];
    // Stryker disable next-line ArrayDeclaration: with no index defined yet there is nothing to list; a stand-in without lists adds nothing
    for (const index of this.indexMap?.values() ?? []) if (index.lists) built.push(index as { keyOf: IndexKey<T>; lists: Map<string, number[]> });
    return built;
  }

  private changedRecord(id: string): void {
    for (const cache of this.rendered.values()) cache.delete(id);
    this.onChange(id);
  }

  private track(record: T): void {
    const seq = this.nextSeq++;
    this.seqByIdBuilt?.set(record.id, seq);
    this.order.push(seq);
    this.recordsInOrder.push(record);
    // Stryker disable next-line ArrayDeclaration: as in builtIndexes
    for (const index of this.indexMap?.values() ?? []) {
      if (index.lists) for (const key of keysOf(index.keyOf(record))) listFor(index.lists, key).push(seq);
    }
  }
}

/** The list under `key`, made empty when there is none. */
function listFor(lists: Map<string, number[]>, key: string): number[] {
  let list = lists.get(key);
  if (!list) {
    list = [];
    lists.set(key, list);
  }
  return list;
}
