/**
 * docs/limitations.md says what is true: every item names the tests that
 * show it, and every test file or folder it names exists (a renamed or
 * deleted test shows up here, not as a silently stale document).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const page = (name: string) => readFileSync(join(ROOT, 'docs', name), 'utf8');
const items = (text: string) => text.split(/\n(?=- )/).filter((block) => block.startsWith('- '));
const namedTests = (text: string) => [...text.matchAll(/`(test\/[^`\s]+)`/g)].map((m) => m[1]!);

describe('docs/limitations.md', () => {
  const text = page('limitations.md');

  it('names, for every item, at least one test that shows it', () => {
    const list = items(text);
    expect(list.length).toBeGreaterThan(10);
    for (const item of list) expect(namedTests(item), item.slice(0, 80)).not.toEqual([]);
  });

  it('names only tests that exist', () => {
    for (const name of namedTests(text)) expect(existsSync(join(ROOT, name)), name).toBe(true);
  });

  it('no longer says what stopped being true (issue 39)', () => {
    expect(text).not.toMatch(/balances are unlimited/i);
    expect(text).not.toMatch(/no spending limits/i);
  });
});

describe('docs/deviations.md', () => {
  it('names only tests that exist', () => {
    for (const name of namedTests(page('deviations.md'))) expect(existsSync(join(ROOT, name)), name).toBe(true);
  });
});
