/**
 * Hono's TrieRouter with its answers remembered per method and path. The
 * API's routes mix static and parameter segments at the same depth
 * (`/customers/external-accounts` beside `/customers/{customerId}`), which
 * Hono's RegExpRouter refuses, so every request would walk the trie of
 * every route and sort what it collected. The routes never change once the
 * app serves, so the same path always matches the same way: a list or a
 * record asked for again costs one map lookup.
 */
import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** Paths remembered at most; the memory is forgotten whole when full (any id-bearing path is a new key). */
export const REMEMBERED_PATHS = 2_000;
/** Longer paths are matched every time: they are not worth a key. */
export const LONGEST_REMEMBERED_PATH = 256;

export class MemoRouter<T> implements Router<T> {
  readonly name = 'MemoRouter(TrieRouter)';
  private readonly trie = new TrieRouter<T>();
  private readonly remembered = new Map<string, Result<T>>();

  /** How many answers are remembered now. */
  get remembers(): number {
    return this.remembered.size;
  }

  add(method: string, path: string, handler: T): void {
    this.remembered.clear();
    this.trie.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > LONGEST_REMEMBERED_PATH) return this.trie.match(method, path);
    const key = `${method} ${path}`;
    let result = this.remembered.get(key);
    if (result === undefined) {
      result = this.trie.match(method, path);
      if (this.remembered.size >= REMEMBERED_PATHS) this.remembered.clear();
      this.remembered.set(key, result);
    }
    return result;
  }
}
