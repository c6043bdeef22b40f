/**
 * The snapshot file's format (version 3). One JSON object:
 *
 *   {"schemaVersion":3,"head":{tenantId, journal, secret, documents},
 *    "collections":{"<name>":{"rows":[[shape, value, ...], ...],"shapes":[["key", ...], ...]}, ...},
 *    "segments":{"head":[from, to], "<name>":[from, to], ...},
 *    "writer":"paysandbox <version> store 3","checksum":"<crc32 of every byte before it>"}
 *
 * A record is a row: the number of its shape (its keys, in order) and its values. Without the keys
 * repeated in every record the file is a third smaller and quicker to parse, and a record read
 * back has the keys it was written with, in the same order. `segments` gives where each part's
 * value is, in bytes, so a restart of the same version reads the head and the journal at once
 * and each collection only when it is first used (openTrustedSnapshot): at 100k customers with
 * their accounts, the first answer after a restart no longer waits for every collection to be
 * read and indexed.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { monotonicMs } from '../core/clock.js';
import { isJsonObject } from '../core/objects.js';
import { packageVersion } from '../core/package-files.js';
import { CorruptDataFileError, corruptDataFileError } from './files.js';
import type { UnreadRecords } from './collection.js';
import type { SecretRecord } from './secrets.js';

export const SCHEMA_VERSION = 3;

/** What a snapshot is written from. `begin` runs when the snapshot starts; records are read as they are written. */
export interface SnapshotSource {
  begin(): {
    tenantId: string;
    secret: SecretRecord | null;
    documents: Record<string, unknown>;
    /** The keys (ids or numbers) of each collection's records, oldest first, or its text in the previous snapshot when none of it was read since. */
    collections: Array<[string, ReadonlyArray<string | number> | Iterable<Uint8Array>]>;
  };
  /** The record under a key `begin` gave, as it is now; undefined once it is gone. */
  record(collection: string, key: string | number): object | undefined;
}

/** Who wrote a snapshot: records written by this package version fit this version's schemas. */
export function storeWriter(): string {
  return `paysandbox ${packageVersion()} store ${SCHEMA_VERSION}`;
}

const CHECKSUM_KEY = ',"checksum":';
/** Records per snapshot chunk at most: small enough that making one holds the event loop for well under a millisecond or two. */
const RECORDS_PER_CHUNK = 100;
/** And a chunk is cut once making it took this long: under load (and its garbage collections) 100 records took up to 20 ms. */
const CHUNK_BUDGET_MS = 2;
/** The unread text of a collection is copied into a new snapshot in pieces of this size. */
const COPY_BYTES = 1024 * 1024;

/**
 * The snapshot file, in chunks: the head as it was at `begin`, records as they are when their
 * chunk is made; it ends with the writer (this version) and a CRC-32 of every byte before the
 * checksum, so a restart of the same version can trust the records instead of checking each
 * against its schema again.
 */
export function* snapshotChunks(source: SnapshotSource, generation: number): Generator<string | Uint8Array> {
  let crc = 0;
  for (const chunk of snapshotBody(source, generation)) {
    crc = crc32(chunk, crc);
    yield chunk;
  }
  const writer = `,"writer":${JSON.stringify(storeWriter())}`;
  yield writer;
  yield `${CHECKSUM_KEY}"${crc32(writer, crc).toString(16).padStart(8, '0')}"}`;
}

function* snapshotBody(source: SnapshotSource, generation: number): Generator<string | Uint8Array> {
  const { tenantId, secret, documents, collections } = source.begin();
  const opening = `{"schemaVersion":${SCHEMA_VERSION},"head":`;
  const head = JSON.stringify({ tenantId, journal: generation, secret, documents });
  let at = Buffer.byteLength(opening);
  const segments: Record<string, [number, number]> = { head: [at, (at += Buffer.byteLength(head))] };
  yield opening + head;
  let separator = ',"collections":{';
  for (const [name, content] of collections) {
    const key = `${separator}${JSON.stringify(name)}:`;
    separator = ',';
    at += Buffer.byteLength(key);
    yield key;
    const from = at;
    for (const chunk of isKeyList(content) ? rowChunks(source, name, content) : content) {
      at += Buffer.byteLength(chunk);
      yield chunk;
    }
    segments[name] = [from, at];
  }
  yield `${separator === ',' ? '' : separator}},"segments":${JSON.stringify(segments)}`;
}

function isKeyList(content: ReadonlyArray<string | number> | Iterable<Uint8Array>): content is ReadonlyArray<string | number> {
  return Array.isArray(content);
}

/** A collection's `{"rows":[...],"shapes":[...]}`, a bounded number of records per chunk. */
function* rowChunks(source: SnapshotSource, name: string, recordKeys: ReadonlyArray<string | number>): Generator<string> {
  const shapes = new Map<string, number>();
  const shapeKeys: string[][] = [];
  let opening = '{"rows":[';
  let parts: string[] = [];
  let first = true;
  let chunkStarted = monotonicMs();
  for (const recordKey of recordKeys) {
    const record = source.record(name, recordKey) as Record<string, unknown> | undefined;
    if (record === undefined) continue;
    const keys: string[] = [];
    const row: unknown[] = [0];
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (value === undefined) continue;
      keys.push(key);
      row.push(value);
    }
    const shapeKey = keys.join('\u0000');
    let shape = shapes.get(shapeKey);
    if (shape === undefined) {
      shape = shapeKeys.length;
      shapes.set(shapeKey, shape);
      shapeKeys.push(keys);
    }
    row[0] = shape;
    parts.push(`${first ? '' : ','}${JSON.stringify(row)}`);
    first = false;
    if (parts.length >= RECORDS_PER_CHUNK || monotonicMs() - chunkStarted >= CHUNK_BUDGET_MS) {
      yield opening + parts.join('');
      opening = '';
      parts = [];
      chunkStarted = monotonicMs();
    }
  }
  yield `${opening}${parts.join('')}],"shapes":${JSON.stringify(shapeKeys)}}`;
}


/**
 * A collection's records from its `{"rows", "shapes"}` value, oldest first; throws the reason
 * (for CorruptDataFileError) when the value is not one.
 */
export function recordsOfRows(name: string, value: unknown): Array<{ id: string }> {
  if (!isJsonObject(value) || !Array.isArray(value.rows) || !Array.isArray(value.shapes)) throw new Error(`collection ${name} is not an object with rows and shapes`);
  const shapes = value.shapes as unknown[];
  for (const [i, keys] of shapes.entries()) {
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string')) throw new Error(`collection ${name}: shape ${i} is not a list of keys`);
  }
  const makers = (shapes as string[][]).map(recordMaker);
  return (value.rows as unknown[]).map((row, i) => {
    const shape = Array.isArray(row) && Number.isInteger(row[0]) ? (row[0] as number) : -1;
    const keys = shapes[shape] as string[] | undefined;
    if (keys === undefined || keys.length !== (row as unknown[]).length - 1) throw new Error(`collection ${name}: row ${i} does not fit a shape`);
    return makers[shape]!(row as unknown[]);
  });
}

/**
 * What makes the record of a row of `keys`: an object literal of those keys in their order, each a JSON
 * string literal (so a key is never anything but a name). Made once per shape, it builds a record three to
 * five times faster than setting its keys one by one: a tenth of a restart with 100k customers.
 */
function recordMaker(keys: string[]): (row: unknown[]) => { id: string } {
  // In a literal, "__proto__": would set the prototype; a computed key is a member, as JSON.parse makes it.
  const members = keys.map((key, i) => `${key === '__proto__' ? `[${JSON.stringify(key)}]` : JSON.stringify(key)}: row[${i + 1}]`);
  return new Function('row', `return { ${members.join(', ')} };`) as (row: unknown[]) => { id: string };
}

export interface TrustedSnapshot {
  head: unknown;
  /** Each collection in the file, to be read when first used. */
  collections: Map<string, UnreadRecords<{ id: string }>>;
  /** Closes the file (once every collection was read, this has happened already). */
  close(): void;
}

/** How much of the file's end is read to find the segments, the writer and the checksum. */
const TAIL_BYTES = 64 * 1024;
const READ_BYTES = 8 * 1024 * 1024;

/**
 * A snapshot this same version wrote, checksum intact, opened for reading its parts when they are
 * needed; undefined when the file is not one (then it is read whole and every record checked).
 * The file stays open until every collection was read: a compaction renames a new snapshot over
 * it, and this still reads the old one.
 */
export function openTrustedSnapshot(file: string): TrustedSnapshot | undefined {
  const fd = openSync(file, 'r');
  let open = true;
  const close = () => {
    if (open) closeSync(fd);
    open = false;
  };
  try {
    const segments = trustedSegments(fd);
    if (!segments) {
      close();
      return undefined;
    }
    const readRange = ([from, to]: [number, number]): Buffer => {
      const bytes = Buffer.allocUnsafe(to - from);
      // A regular file is read whole in one call, unless it is shorter (cut since it was opened).
      if (readSync(fd, bytes, 0, bytes.length, from) !== bytes.length) throw new CorruptDataFileError(file, 'the snapshot is shorter than its segments say');
      return bytes;
    };
    const head: unknown = JSON.parse(readRange(segments.head).toString('utf8'));
    const collections = new Map<string, UnreadRecords<{ id: string }>>();
    let unread = 0;
    for (const [name, range] of Object.entries(segments)) {
      if (name === 'head') continue;
      unread++;
      let done = false;
      collections.set(name, {
        read() {
          let records: Array<{ id: string }>;
          try {
            records = recordsOfRows(name, JSON.parse(readRange(range).toString('utf8')));
          } catch (err) {
            throw corruptDataFileError(file, err);
          }
          if (!done && --unread === 0) close();
          done = true;
          return records;
        },
        *copy() {
          for (let from = range[0]; from < range[1]; from += COPY_BYTES) yield readRange([from, Math.min(range[1], from + COPY_BYTES)]);
        },
      });
    }
    if (unread === 0) close();
    return { head, collections, close };
  } catch (err) {
    close();
    throw err;
  }
}

/** Where each part of a snapshot whose writer is this version and whose checksum holds is, every part within the file. */
function trustedSegments(fd: number): Record<string, [number, number]> & { head: [number, number] } | undefined {
  const size = fstatSync(fd).size;
  const tailBytes = Math.min(size, TAIL_BYTES);
  const tailBuffer = Buffer.allocUnsafe(tailBytes);
  readSync(fd, tailBuffer, 0, tailBytes, size - tailBytes);
  const tail = tailBuffer.toString('latin1');
  const found = /,"segments":(\{[^{}]*\}),"writer":("[^"\\]*"),"checksum":"([0-9a-f]{8})"\}\s*$/.exec(tail);
  if (!found || JSON.parse(found[2]!) !== storeWriter()) return undefined;
  // latin1: one character per byte, so the checksum's place in the tail is its place in bytes.
  const checksumAt = size - tailBytes + tail.lastIndexOf(CHECKSUM_KEY);
  let crc = 0;
  const buffer = Buffer.allocUnsafe(READ_BYTES);
  for (let at = 0; at < checksumAt; ) {
    const n = readSync(fd, buffer, 0, Math.min(buffer.length, checksumAt - at), at);
    // Stryker disable next-line ConditionalExpression: the file is at least checksumAt bytes long (its size was read just before); this only ends the loop if it was cut meanwhile
    if (n === 0) return undefined;
    crc = crc32(buffer.subarray(0, n), crc);
    at += n;
  }
  if (crc !== Number.parseInt(found[3]!, 16)) return undefined;
  const segments = JSON.parse(found[1]!) as Record<string, unknown>;
  const inFile = (range: unknown): range is [number, number] =>
    // Stryker disable next-line ConditionalExpression,LogicalOperator: no other value has two members that are integers; the check narrows the type
    Array.isArray(range) && range.length === 2 && Number.isSafeInteger(range[0]) && Number.isSafeInteger(range[1]) && range[0] >= 0 && range[0] <= range[1] && range[1] <= checksumAt;
  if (segments.head === undefined || !Object.values(segments).every(inFile)) return undefined;
  return segments as Record<string, [number, number]> & { head: [number, number] };
}
