/**
 * The router's memory (src/core/memo-router.ts) is bounded: at most
 * REMEMBERED_PATHS answers, none for paths longer than
 * LONGEST_REMEMBERED_PATH, forgotten when a route is added. What it answers is
 * what Hono's TrieRouter answers. Routers holding the same routes share one
 * trie, built on the first match.
 */
import { describe, expect, it } from 'vitest';
import { TrieRouter } from 'hono/router/trie-router';
import { LONGEST_REMEMBERED_PATH, MemoRouter, REMEMBERED_PATHS, SHARED_TRIES, forgetSharedTries, sharedTrieCount } from '../../src/core/memo-router.js';

function routers() {
  const memo = new MemoRouter<string>();
  const trie = new TrieRouter<string>();
  for (const r of [memo, trie]) {
    r.add('ALL', '/v/*', 'middleware');
    r.add('GET', '/v/customers/external-accounts', 'list accounts');
    r.add('GET', '/v/customers/:customerId', 'get customer');
    r.add('PATCH', '/v/customers/:customerId', 'update customer');
  }
  return { memo, trie };
}

describe('MemoRouter', () => {
  it('answers as the TrieRouter does, the first time and when remembered', () => {
    const { memo, trie } = routers();
    for (const [method, path] of [['GET', '/v/customers/external-accounts'], ['GET', '/v/customers/C1'], ['PATCH', '/v/customers/C1'], ['GET', '/v/customers/C2'], ['DELETE', '/v/customers/C1'], ['GET', '/v/customers/C1']] as const) {
      expect(memo.match(method, path)).toEqual(trie.match(method, path));
      expect(memo.match(method, path)).toEqual(trie.match(method, path));
    }
  });

  it('remembers each method and path once, up to its limit, then starts over', () => {
    const { memo } = routers();
    memo.match('GET', '/v/customers/C1');
    memo.match('GET', '/v/customers/C1');
    memo.match('PATCH', '/v/customers/C1');
    expect(memo.remembers).toBe(2);
    for (let i = 2; i < REMEMBERED_PATHS; i++) memo.match('GET', `/v/customers/C${i + 1}`);
    expect(memo.remembers).toBe(REMEMBERED_PATHS);
    memo.match('GET', '/v/customers/one-more');
    expect(memo.remembers).toBe(1);
  });

  it('does not remember a path longer than its limit, and does remember one at it', () => {
    const { memo, trie } = routers();
    const at = `/v/customers/${'x'.repeat(LONGEST_REMEMBERED_PATH - '/v/customers/'.length)}`;
    expect(at).toHaveLength(LONGEST_REMEMBERED_PATH);
    memo.match('GET', at);
    expect(memo.remembers).toBe(1);
    const over = `${at}y`;
    expect(memo.match('GET', over)).toEqual(trie.match('GET', over));
    expect(memo.remembers).toBe(1);
  });

  it('forgets what it remembered when a route is added', () => {
    const { memo } = routers();
    memo.match('GET', '/v/customers/C1');
    expect(memo.remembers).toBe(1);
    memo.add('GET', '/v/customers/C1', 'a static route added later');
    expect(memo.remembers).toBe(0);
    expect(memo.match('GET', '/v/customers/C1')[0].map(([handler]) => handler)).toContain('a static route added later');
  });
});

describe('MemoRouter: one trie for routers with the same routes', () => {
  let unique = 0;
  /** A router over a route list no other test uses, with handlers named after `owner`. */
  function routerOf(owner: string, base = `/shared-${++unique}`) {
    const router = new MemoRouter<string>();
    router.add('ALL', `${base}/*`, `${owner} middleware`);
    router.add('GET', `${base}/customers/external-accounts`, `${owner} list`);
    router.add('GET', `${base}/customers/:customerId`, `${owner} get`);
    return { router, base };
  }
  const handlers = (router: MemoRouter<string>, path: string) => router.match('GET', path)[0].map(([handler, params]) => [handler, params]);

  it('builds no trie until the first match: a mounted router, which never matches, costs no trie', () => {
    const before = sharedTrieCount();
    const { router, base } = routerOf('mounted');
    expect(sharedTrieCount()).toBe(before);
    router.match('GET', `${base}/customers/C1`);
    expect(sharedTrieCount()).toBe(before + 1);
  });

  it('a second router with the same routes reuses the trie and answers with its own handlers and parameters', () => {
    const first = routerOf('first');
    const second = routerOf('second', first.base);
    expect(handlers(first.router, `${first.base}/customers/C1`)).toEqual([['first middleware', {}], ['first get', { customerId: 'C1' }]]);
    const built = sharedTrieCount();
    expect(handlers(second.router, `${first.base}/customers/C2`)).toEqual([['second middleware', {}], ['second get', { customerId: 'C2' }]]);
    // As in a TrieRouter, the static route comes first and the parameter route matches too.
    expect(handlers(second.router, `${first.base}/customers/external-accounts`)).toEqual([['second middleware', {}], ['second list', {}], ['second get', { customerId: 'external-accounts' }]]);
    expect(sharedTrieCount()).toBe(built);
  });

  it('routers whose routes differ in a path, a method or the order get tries of their own, each answering as a TrieRouter', () => {
    const { router: one, base } = routerOf('one');
    one.match('GET', `${base}/customers/C1`);
    const variants = [
      (r: MemoRouter<string>) => r.add('GET', `${base}/customers/:id`, 'other path'),
      (r: MemoRouter<string>) => r.add('PATCH', `${base}/customers/:customerId`, 'other method'),
    ];
    for (const variant of variants) {
      const router = new MemoRouter<string>();
      const trie = new TrieRouter<string>();
      for (const r of [router, trie]) {
        r.add('ALL', `${base}/*`, 'middleware');
        variant(r as MemoRouter<string>);
      }
      const before = sharedTrieCount();
      expect(router.match('GET', `${base}/customers/C9`)).toEqual(trie.match('GET', `${base}/customers/C9`));
      expect(router.match('PATCH', `${base}/customers/C9`)).toEqual(trie.match('PATCH', `${base}/customers/C9`));
      expect(sharedTrieCount()).toBe(before + 1);
    }
    const reordered = new MemoRouter<string>();
    reordered.add('GET', `${base}/customers/:customerId`, 'get first');
    reordered.add('ALL', `${base}/*`, 'middleware second');
    reordered.add('GET', `${base}/customers/external-accounts`, 'list');
    const before = sharedTrieCount();
    expect(handlers(reordered, `${base}/customers/C1`)).toEqual([['get first', { customerId: 'C1' }], ['middleware second', {}]]);
    expect(sharedTrieCount()).toBe(before + 1);
  });

  it('a route added after the first match is matched (its trie is built anew)', () => {
    const { router, base } = routerOf('late');
    router.match('GET', `${base}/customers/C1`);
    router.add('GET', `${base}/customers/C1`, 'static, added later');
    expect(handlers(router, `${base}/customers/C1`)).toEqual([['late middleware', {}], ['late get', { customerId: 'C1' }], ['static, added later', {}]]);
  });

  it(`keeps at most ${SHARED_TRIES} tries, then starts over`, () => {
    forgetSharedTries();
    expect(sharedTrieCount()).toBe(0);
    for (let i = 0; i < SHARED_TRIES; i++) {
      const { router, base } = routerOf(`r${i}`);
      router.match('GET', `${base}/customers/C1`);
    }
    expect(sharedTrieCount()).toBe(SHARED_TRIES);
    const { router, base } = routerOf('one more');
    expect(handlers(router, `${base}/customers/C1`)).toEqual([['one more middleware', {}], ['one more get', { customerId: 'C1' }]]);
    expect(sharedTrieCount()).toBe(1);
  });
});
