/**
 * Opaque cursors and list responses. A cursor names the list it belongs to
 * and the position after which the next page starts.
 */
import { invalidInput } from './errors.js';

/** One newest-first page of records, as a store collection returns it. */
export interface Page<T> {
  items: T[];
  hasMore: boolean;
  /** Sequence number of the last item, to build the next cursor. */
  lastSeq: number | undefined;
  total: number;
}

export interface ListResult<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
  totalCount: number;
}

export function encodeCursor(list: string, seq: number): string {
  return Buffer.from(`${list}:${seq}`).toString('base64url');
}

/** The position a cursor points at; 400 when it is not one of this list's cursors. */
export function decodeCursor(list: string, cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  // Stryker disable next-line StringLiteral: any text that is no cursor is refused alike
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^([a-z-]+):(\d{1,15})$/.exec(text);
  if (!match || match[1] !== list) {
    throw invalidInput([{ field: 'cursor', message: 'Not a cursor returned by this list; pass nextCursor unchanged' }], 'Invalid cursor');
  }
  return Number(match[2]);
}

/** Where the next page starts: none when nothing more follows (a page with more after it is never empty). */
const nextPosition = (page: Page<unknown>): number | undefined => (page.hasMore ? page.lastSeq : undefined);

export function toListResult<R, T>(list: string, page: Page<R>, present: (record: R) => T): ListResult<T> {
  const result: ListResult<T> = { data: page.items.map(present), hasMore: page.hasMore, totalCount: page.total };
  const after = nextPosition(page);
  if (after !== undefined) result.nextCursor = encodeCursor(list, after);
  return result;
}

/**
 * UTF-8 JSON known to encode a T, as the pieces it is made of: the JSON of
 * each item, rendered once per record version and kept by its collection,
 * and the few bytes around them. Whoever keeps a response (the request
 * journal) keeps these references, not a copy of the whole body.
 */
export type JsonParts<T> = readonly Uint8Array[] & { readonly __encodes?: T };

const DATA_OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

/**
 * A list page as UTF-8 JSON, from each item's JSON, so a page is one copy of
 * bytes, not serialisation: no string is built, flattened or encoded on the
 * way to the socket. The same members, in the same order, as toListResult.
 */
export function renderListResult<R, T>(list: string, page: Page<R>, itemJson: (record: R) => Uint8Array): JsonParts<ListResult<T>> {
  const parts: Uint8Array[] = [DATA_OPEN];
  page.items.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(itemJson(item));
  });
  let tail = `],"hasMore":${page.hasMore},"totalCount":${page.total}`;
  const after = nextPosition(page);
  if (after !== undefined) tail += `,"nextCursor":${JSON.stringify(encodeCursor(list, after))}`;
  parts.push(Buffer.from(`${tail}}`));
  return parts as JsonParts<ListResult<T>>;
}

/** Bodies are cut from slabs, as Node cuts small Buffers from its pool: one ArrayBuffer for many responses, not one each. */
const SLAB_BYTES = 1024 * 1024;
/** A body larger than this gets an ArrayBuffer of its own. */
const SLAB_MAX_PIECE = SLAB_BYTES / 8;
/** Cut on first use: a sandbox that never serves a rendered list holds no slab. */
let slab: Uint8Array<ArrayBuffer> = Buffer.allocUnsafeSlow(0);
let slabUsed = SLAB_BYTES;

/** Bytes in all the parts. */
export function partsSize(parts: readonly Uint8Array[]): number {
  let size = 0;
  for (const part of parts) size += part.byteLength;
  return size;
}

/** Copies the parts, in order, to the start of `out` (at least partsSize bytes); returns `out` cut to their size. */
export function copyParts<B extends ArrayBufferLike>(parts: readonly Uint8Array[], out: Uint8Array<B>): Uint8Array<B> {
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out.subarray(0, offset);
}

/** The parts as one body. Never reused: a slab lives as long as a body cut from it. */
export function joinParts(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const size = partsSize(parts);
  let out: Uint8Array<ArrayBuffer>;
  if (size > SLAB_MAX_PIECE) {
    out = Buffer.allocUnsafeSlow(size);
  } else {
    if (slabUsed + size > SLAB_BYTES) {
      // Not zero-filled: every byte of a body is written before it is sent.
      slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
      slabUsed = 0;
    }
    out = slab.subarray(slabUsed, slabUsed + size);
    slabUsed += (size + 7) & ~7;
  }
  return copyParts(parts, out);
}
