/**
 * The router's memory and its shared tries at their limits
 * (src/core/memo-router.ts): an answer matched again when the memory is full
 * is read, not stored anew; a trie matched again when the shared tries are at
 * their limit is reused; route lists are told apart route by route.
 */
import { describe, expect, it } from 'vitest';
import { TrieRouter } from 'hono/router/trie-router';
import { MemoRouter, REMEMBERED_PATHS, SHARED_TRIES, forgetSharedTries, sharedTrieCount } from '../../src/core/memo-router.js';

describe('MemoRouter at its limits', () => {
  it('is named after the router it wraps', () => {
    expect(new MemoRouter<string>().name).toBe('MemoRouter(TrieRouter)');
  });

  it('a path it remembers, matched again when the memory is full, keeps the memory whole', () => {
    const memo = new MemoRouter<string>();
    memo.add('GET', '/v/customers/:customerId', 'get customer');
    for (let i = 0; i < REMEMBERED_PATHS; i++) memo.match('GET', `/v/customers/C${i}`);
    expect(memo.remembers).toBe(REMEMBERED_PATHS);
    expect(memo.match('GET', '/v/customers/C7')).toEqual([[['get customer', { customerId: 'C7' }]]]);
    expect(memo.remembers).toBe(REMEMBERED_PATHS);
  });

  it('a route list that already has a trie reuses it when the shared tries are at their limit', () => {
    forgetSharedTries();
    const routers = Array.from({ length: SHARED_TRIES }, (_, i) => {
      const router = new MemoRouter<string>();
      router.add('GET', `/limit-${i}/:id`, `r${i}`);
      router.match('GET', `/limit-${i}/x`);
      return router;
    });
    expect(sharedTrieCount()).toBe(SHARED_TRIES);
    const again = new MemoRouter<string>();
    again.add('GET', '/limit-3/:id', 'again');
    expect(again.match('GET', '/limit-3/y')).toEqual([[['again', { id: 'y' }]]]);
    expect(sharedTrieCount()).toBe(SHARED_TRIES);
    expect(routers).toHaveLength(SHARED_TRIES);
  });

  it('tells apart route lists whose routes, written one after the other, read the same', () => {
    const two = new MemoRouter<string>();
    two.add('GET', '/join-a', 'a');
    two.add('GET', '/join-b', 'b');
    expect(two.match('GET', '/join-a')).toEqual([[['a', {}]]]);
    // One route whose path is the other list's routes run together.
    const one = new MemoRouter<string>();
    const trie = new TrieRouter<string>();
    for (const r of [one, trie]) r.add('GET', '/join-aGET /join-b', 'joined');
    expect(one.match('GET', '/join-aGET /join-b')).toEqual(trie.match('GET', '/join-aGET /join-b'));
    expect(one.match('GET', '/join-aGET /join-b')).toEqual([[['joined', {}]]]);
  });
});
