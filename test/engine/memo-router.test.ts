/**
 * The router's memory (src/core/memo-router.ts) is bounded: at most
 * REMEMBERED_PATHS answers, none for paths longer than
 * LONGEST_REMEMBERED_PATH, forgotten when a route is added. What it answers is
 * what Hono's TrieRouter answers.
 */
import { describe, expect, it } from 'vitest';
import { TrieRouter } from 'hono/router/trie-router';
import { LONGEST_REMEMBERED_PATH, MemoRouter, REMEMBERED_PATHS } from '../../src/core/memo-router.js';

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
