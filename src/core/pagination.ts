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
  return Buffer.from(`${list}:${seq}`, 'utf8').toString('base64url');
}

/** The position a cursor points at; 400 when it is not one of this list's cursors. */
export function decodeCursor(list: string, cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = /^([a-z-]+):(\d{1,15})$/.exec(text);
  if (!match || match[1] !== list) {
    throw invalidInput([{ field: 'cursor', message: 'Not a cursor returned by this list; pass nextCursor unchanged' }], 'Invalid cursor');
  }
  return Number(match[2]);
}

export function toListResult<R, T>(list: string, page: Page<R>, present: (record: R) => T): ListResult<T> {
  const result: ListResult<T> = { data: page.items.map(present), hasMore: page.hasMore, totalCount: page.total };
  if (page.hasMore && page.lastSeq !== undefined) result.nextCursor = encodeCursor(list, page.lastSeq);
  return result;
}

/** JSON text known to encode a T: a response body put together from JSON rendered ahead of time. */
export type JsonText<T> = string & { readonly __encodes?: T };

/**
 * A list page as JSON text, from each item's JSON (which a collection keeps
 * per record version, so a page is concatenation, not serialisation). The
 * same members, in the same order, as toListResult.
 */
export function renderListResult<R, T>(list: string, page: Page<R>, itemJson: (record: R) => string): JsonText<ListResult<T>> {
  let text = `{"data":[${page.items.map(itemJson).join(',')}],"hasMore":${page.hasMore},"totalCount":${page.total}`;
  if (page.hasMore && page.lastSeq !== undefined) text += `,"nextCursor":${JSON.stringify(encodeCursor(list, page.lastSeq))}`;
  return `${text}}` as JsonText<ListResult<T>>;
}
