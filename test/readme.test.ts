/** The README's magic values must name every row of the rule tables, so the two cannot drift apart. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULES } from '../src/rules/index.js';

const readme = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'README.md'), 'utf8');

describe('README', () => {
  it('starts with the two commands', () => {
    const firstBlock = readme.slice(readme.indexOf('```sh'), readme.indexOf('```', readme.indexOf('```sh') + 5));
    expect(firstBlock).toContain('npm install && npm start');
    expect(firstBlock).toContain('npm test');
  });

  for (const [name, table] of Object.entries(RULES)) {
    it(`lists every magic value of ${name}`, () => {
      for (const row of table.rows) {
        if (row.key === null) continue;
        expect(readme, `${name} ${row.key}`).toContain(`\`${row.key}`);
      }
    });
  }
});
