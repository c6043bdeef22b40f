/**
 * Hono's TrieRouter with its answers remembered per method and path. The
 * API's routes mix static and parameter segments at the same depth
 * (`/customers/external-accounts` beside `/customers/{customerId}`), which
 * Hono's RegExpRouter refuses, so every request would walk the trie of
 * every route and sort what it collected. The routes never change once the
 * app serves, so the same path always matches the same way: a list or a
 * record asked for again costs one map lookup.
 *
 * The trie is built on the first match, not route by route: a mounted
 * router (whose routes the outer app copies) never matches, so it never
 * builds one. And every app of a process registers the same routes in the
 * same order, each with handlers of its own: the trie holds each route's
 * position rather than its handler, so apps with the same routes share one
 * trie, built once, and each reads its own handlers out of it.
 */
import type { Params, Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** Paths remembered at most; the memory is forgotten whole when full (any id-bearing path is a new key). */
export const REMEMBERED_PATHS = 2_000;
/** Longer paths are matched every time: they are not worth a key. */
export const LONGEST_REMEMBERED_PATH = 256;
/** Route lists whose trie is kept for other routers to share; forgotten whole when full. */
export const SHARED_TRIES = 16;

/** Tries by the routes they hold (each route's method and path, in order): the handler of a route is its position. */
const sharedTries = new Map<string, TrieRouter<number>>();

/** How many route lists have a shared trie now (for tests). */
export function sharedTrieCount(): number {
  return sharedTries.size;
}

/**
 * Forgets every shared trie. For mutation runs: a trie built while one
 * mutant was active would otherwise serve every later mutant's tests.
 */
export function forgetSharedTries(): void {
  sharedTries.clear();
}

function trieFor(routes: readonly (readonly [string, string])[]): TrieRouter<number> {
  const key = routes.map(([method, path]) => `${method} ${path}`).join('\n');
  let trie = sharedTries.get(key);
  if (trie === undefined) {
    trie = new TrieRouter<number>();
    for (let i = 0; i < routes.length; i++) trie.add(routes[i]![0], routes[i]![1], i);
    if (sharedTries.size >= SHARED_TRIES) sharedTries.clear();
    sharedTries.set(key, trie);
  }
  return trie;
}

export class MemoRouter<T> implements Router<T> {
  readonly name = 'MemoRouter(TrieRouter)';
  private readonly routes: (readonly [string, string])[] = [];
  private readonly handlers: T[] = [];
  private trie: TrieRouter<number> | undefined;
  private readonly remembered = new Map<string, Result<T>>();

  /** How many answers are remembered now. */
  get remembers(): number {
    return this.remembered.size;
  }

  add(method: string, path: string, handler: T): void {
    this.remembered.clear();
    this.trie = undefined;
    this.routes.push([method, path]);
    this.handlers.push(handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > LONGEST_REMEMBERED_PATH) return this.find(method, path);
    const key = `${method} ${path}`;
    let result = this.remembered.get(key);
    if (result === undefined) {
      result = this.find(method, path);
      if (this.remembered.size >= REMEMBERED_PATHS) this.remembered.clear();
      this.remembered.set(key, result);
    }
    return result;
  }

  /** The trie's answer with this router's handlers in place of the routes' positions. */
  private find(method: string, path: string): Result<T> {
    this.trie ??= trieFor(this.routes);
    // A TrieRouter answers with each handler's own parameters, never with the index-map form.
    const [matches] = this.trie.match(method, path) as [[number, Params][]];
    return [matches.map(([position, params]): [T, Params] => [this.handlers[position]!, params])];
  }
}
