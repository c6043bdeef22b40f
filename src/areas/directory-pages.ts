/** Pages over a fixed data table (the directories served from data): the cursor is the position after the page. */
import { decodeCursor, encodeCursor, type ListResult } from '../core/pagination.js';

export function pageOfTable<T>(list: string, rows: readonly T[], query: { limit: number; cursor?: string | undefined }): ListResult<T> {
  const from = decodeCursor(list, query.cursor) ?? 0;
  const data = rows.slice(from, from + query.limit);
  const hasMore = from + query.limit < rows.length;
  return { data, hasMore, totalCount: rows.length, ...(hasMore ? { nextCursor: encodeCursor(list, from + query.limit) } : {}) };
}
