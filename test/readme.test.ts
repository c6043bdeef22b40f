/** The README's magic values must name every row of the rule tables, so the two cannot drift apart. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RULES } from '../src/rules/index.js';
import { createSandbox } from '../src/index.js';

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

  it('walks through EMAIL_OTP with commands that work as written', async () => {
    const section = readme.slice(readme.indexOf('### EMAIL_OTP, step by step'));
    const start = section.indexOf('```sh') + 5;
    const script = section.slice(start, section.indexOf('```', start));
    const sandbox = await createSandbox();
    try {
      const { stdout } = await promisify(execFile)('bash', ['-e', '-c', script.replace('http://127.0.0.1:4010/2025-10-13', sandbox.url)], { cwd: join(dirname(fileURLToPath(import.meta.url)), '..') });
      expect(stdout).toMatch(/^\{"id":"Session:[^"]+","accountId":"InternalAccount:[^"]+","type":"EMAIL_OTP"/);
      expect(stdout).toContain('"type":"EMBEDDED_WALLET"');
      expect(stdout).toContain('"privateEnabled":true');
    } finally {
      await sandbox.close();
    }
  }, 30_000);
});
