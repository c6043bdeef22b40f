/** The README's magic values must name every row of the rule tables, so the two cannot drift apart. */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RULES } from '../src/rules/index.js';
import { createSandbox } from '../src/index.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

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

  it('takes the tour with commands that work as written: a quote executed, completed by the clock, its webhook shown', async () => {
    const section = readme.slice(readme.indexOf('## A five-minute tour'));
    const start = section.indexOf('```sh') + 5;
    const script = section.slice(start, section.indexOf('```', start));
    const sandbox = await createSandbox();
    try {
      const { stdout } = await promisify(execFile)('bash', ['-e', '-o', 'pipefail', '-c', script.replace('B=http://127.0.0.1:4010/2025-10-13', `B=${sandbox.url}`)], { cwd: ROOT });
      const lines = stdout.trim().split('\n');
      expect(lines.slice(0, 2)).toEqual(['150000', '1']);
      expect(stdout).toMatch(/\nPROCESSING\npayment\.resolve\nCOMPLETED\n/);
      expect(stdout).toMatch(/type: 'OUTGOING_PAYMENT\.COMPLETED'/);
      expect(stdout).toMatch(/status: 'COMPLETED'/);
      expect(lines.slice(-4)).toEqual(['1', '0', expect.stringMatching(/^Card:[0-9a-f-]{36}$/), 'true']);
    } finally {
      await sandbox.close();
    }
  }, 60_000);
});

/** A project outside this repository that depends on paysandbox (a link to it) and has vitest and jest. */
function exampleProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paysandbox-readme-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules', 'paysandbox'), 'dir');
  for (const name of ['vitest', 'jest']) symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'readme-example', private: true, type: 'module' }));
  return dir;
}

/** The README code block that starts with `// name`. */
function example(name: string): string {
  const start = readme.indexOf(`// ${name}\n`);
  expect(start, name).toBeGreaterThan(0);
  return readme.slice(start, readme.indexOf('```', start));
}

describe('README test-helper examples', () => {
  it('runs the Vitest file as written', async () => {
    const dir = exampleProject();
    try {
      writeFileSync(join(dir, 'payouts.test.ts'), example('payouts.test.ts'));
      const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', dir], { cwd: dir, env: { ...process.env, CI: '1' } });
      expect(stdout.replace(/\u001b\[\d+m/g, '')).toMatch(/Tests\s+2 passed \(2\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('runs the Jest file as written', async () => {
    const dir = exampleProject();
    try {
      writeFileSync(join(dir, 'customers.test.mjs'), example('customers.test.mjs'));
      const config = JSON.stringify({ rootDir: dir, testMatch: ['**/*.test.mjs'], transform: {} });
      const { stderr } = await promisify(execFile)(process.execPath, ['--experimental-vm-modules', join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), '--config', config, '--ci'], { cwd: dir, env: { ...process.env, NODE_NO_WARNINGS: '1' } });
      expect(stderr).toMatch(/Tests:\s+2 passed, 2 total/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
