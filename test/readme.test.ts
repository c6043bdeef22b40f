/**
 * The README is the front door and the docs/ pages the reference: what they
 * show runs as written, they name every magic value and every operation (the
 * generated blocks are kept current here), and every page the README links
 * exists.
 */
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RULES } from '../src/rules/index.js';
import { createSandbox } from '../src/index.js';
import { makeSandbox } from './helpers.js';
import { magicValuesBlock, operationsBlock, withBlock } from './support/docs-blocks.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const doc = (name: string) => readFileSync(join(ROOT, 'docs', name), 'utf8');

/** Checks a generated block of a docs page is current; with UPDATE_DOCS=1, rewrites it. */
function keepsBlock(page: string, name: string, content: string) {
  const file = join(ROOT, 'docs', page);
  const text = readFileSync(file, 'utf8');
  const current = withBlock(text, name, content);
  if (process.env.UPDATE_DOCS && current !== text) writeFileSync(file, current);
  expect(process.env.UPDATE_DOCS ? current : text, `docs/${page} is out of date: run UPDATE_DOCS=1 npx vitest run test/readme.test.ts`).toBe(current);
}

describe('README', () => {
  it('starts with the two commands', () => {
    const firstBlock = readme.slice(readme.indexOf('```sh'), readme.indexOf('```', readme.indexOf('```sh') + 5));
    expect(firstBlock).toContain('npm install && npm start');
    expect(firstBlock).toContain('npm test');
  });

  it('is a front door: under 300 lines, and every page it links exists', () => {
    expect(readme.split('\n').length).toBeLessThan(300);
    const links = [...readme.matchAll(/\]\((docs\/[^)#]*)(#[^)]*)?\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThanOrEqual(10);
    for (const link of links) expect(existsSync(join(ROOT, link)), link).toBe(true);
    for (const page of ['test-suites.md', 'command-line.md', 'operations.md', 'magic-values.md', 'embedded-wallets.md', 'tenants-and-errors.md', 'control-plane.md', 'deviations.md', 'limitations.md', 'contributing.md']) {
      expect(links, page).toContain(`docs/${page}`);
    }
  });

  for (const [name, table] of Object.entries(RULES)) {
    it(`docs/magic-values.md describes every magic value of ${name}`, () => {
      const page = doc('magic-values.md');
      const prose = page.slice(0, page.indexOf('<!-- generated:magic-values -->'));
      for (const row of table.rows) {
        if (row.key === null) continue;
        expect(prose, `${name} ${row.key}`).toContain(`\`${row.key}`);
      }
    });
  }

  it('docs/magic-values.md lists every row of every rule table (generated)', () => {
    keepsBlock('magic-values.md', 'magic-values', magicValuesBlock());
  });

  it('docs/operations.md lists every operation of the API document (generated)', () => {
    keepsBlock('operations.md', 'operations', operationsBlock(makeSandbox().openApiDocument()));
  });

  it('walks through EMAIL_OTP with commands that work as written', async () => {
    const embedded = doc('embedded-wallets.md');
    const section = embedded.slice(embedded.indexOf('### EMAIL_OTP, step by step'));
    const start = section.indexOf('```sh') + 5;
    const script = section.slice(start, section.indexOf('```', start));
    const sandbox = await createSandbox();
    try {
      const { stdout } = await promisify(execFile)('bash', ['-e', '-c', script.replace('http://127.0.0.1:4010/2025-10-13', sandbox.url)], { cwd: join(dirname(fileURLToPath(import.meta.url)), '..') });
      expect(stdout).toMatch(/^\{"id":"Session:[^"]+","accountId":"InternalAccount:[^"]+","type":"EMAIL_OTP"/);
      expect(stdout).toContain('"type":"EMBEDDED_WALLET"');
      expect(stdout).toContain('"privateEnabled":true');
      // The payout stamped over the quote's own payloadToSign, executed at once.
      expect(stdout).toMatch(/\{"id":"Quote:[^"]+","createdAt":"[^"]+","expiresAt":"[^"]+","source":\{"sourceType":"ACCOUNT".*"status":"COMPLETED"/);
    } finally {
      await sandbox.close();
    }
  }, 30_000);

  it('shows a fixture of about ten lines that makes a funded customer, a bank account ending 003 and a completed payout', async () => {
    const fixture = readmeFixture();
    expect(fixture.split('\n').length).toBeLessThanOrEqual(12);
    const client = makeSandbox().client();
    const loaded = await client.post('/__admin/fixtures', JSON.parse(fixture));
    expect(loaded.status).toBe(200);
    const jane = (await client.get('/customers')).body.data[0];
    const account = (await client.get(`/customers/internal-accounts?customerId=${jane.id}`)).body.data[0];
    expect(account.balance.amount).toBe(90_000);
    const bank = (await client.get(`/customers/external-accounts?customerId=${jane.id}`)).body.data[0];
    expect(bank.accountInfo.accountNumber).toMatch(/003$/);
    const [payout] = (await client.get('/transactions')).body.data;
    expect(payout).toMatchObject({ type: 'OUTGOING', status: 'COMPLETED', destination: { accountId: bank.id } });
    expect((await client.get('/__admin/events?type=OUTGOING_PAYMENT.COMPLETED')).body.data).toHaveLength(1);
  });

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

/** A free port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The first sh block after `heading`. */
function shBlock(text: string, heading: string): string {
  const section = text.slice(text.indexOf(heading));
  const start = section.indexOf('```sh') + 5;
  return section.slice(start, section.indexOf('```', start));
}

describe('README coverage', () => {
  /** The CI example as written, the sandbox command and the port being this checkout's, and the tour as the suite. */
  async function runCiExample(script: string, suite = 'bash -e -o pipefail suite.sh > suite.log'): Promise<{ code: number; stdout: string; stderr: string; dir: string }> {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'paysandbox-ci-'));
    const tour = shBlock(readme, '## A five-minute tour').replace('B=http://127.0.0.1:4010/2025-10-13', `B=http://127.0.0.1:${port}/2025-10-13`);
    writeFileSync(join(dir, 'suite.sh'), tour);
    const ci = script
      .replaceAll('npx paysandbox', `node ${join(ROOT, 'bin', 'paysandbox')}`)
      .replaceAll('4010', String(port))
      .replace('npm test', suite);
    return new Promise((resolve) => {
      execFile('bash', ['-c', ci], { cwd: dir, timeout: 60_000 }, (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr, dir }));
    });
  }

  it('runs the CI example as written: the suite, then the gate passes and writes the page; a gate set too high fails it', async () => {
    const script = shBlock(readme, '## Coverage');
    expect(script).toContain('--fail-under operations=');
    const passing = await runCiExample(script);
    try {
      // The sandbox says it stops; the gate says nothing.
      expect(passing.stderr).not.toContain('paysandbox:');
      expect(passing.code).toBe(0);
      expect(passing.stdout).toMatch(/(^|\n)Integration coverage since /);
      expect(passing.stdout).toMatch(/\n {4}\[x\] POST \/quotes\/\{quoteId\}\/execute {2}1 call: 200 x1\n/);
      expect(readFileSync(join(passing.dir, 'coverage.html'), 'utf8')).toMatch(/^<!doctype html>/);
    } finally {
      rmSync(passing.dir, { recursive: true, force: true });
    }
    // No suite this time (`true`): the operations gate alone, set above what any run reaches.
    const failing = await runCiExample(script.replace(/--fail-under \S+/, '--fail-under operations=100'), 'true');
    try {
      expect(failing.code).toBe(1);
      expect(failing.stderr.split('\n').filter((line) => line.startsWith('paysandbox:'))).toEqual([expect.stringMatching(/^paysandbox: operations coverage [\d.]+% is below 100%$/)]);
    } finally {
      rmSync(failing.dir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** The README's fixture: its JSON block under "Fixtures". */
function readmeFixture(): string {
  const section = readme.slice(readme.indexOf('## Fixtures'));
  const start = section.indexOf('```json') + 7;
  return section.slice(start, section.indexOf('```', start)).trim();
}

/** A project outside this repository that depends on paysandbox (a link to it) and has vitest and jest. */
function exampleProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paysandbox-readme-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules', 'paysandbox'), 'dir');
  for (const name of ['vitest', 'jest']) symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'readme-example', private: true, type: 'module' }));
  return dir;
}

/** The code block that starts with `// name`, in the README, docs/test-suites.md or docs/fixtures.md. */
function example(name: string): string {
  const text = [readme, doc('test-suites.md'), doc('fixtures.md')].find((t) => t.includes(`// ${name}\n`)) ?? readme;
  const start = text.indexOf(`// ${name}\n`);
  expect(start, name).toBeGreaterThan(0);
  return text.slice(start, text.indexOf('```', start));
}

/** Runs Vitest in an example project holding `files`; answers its output. */
async function vitestIn(files: Record<string, string>): Promise<string> {
  const dir = exampleProject();
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', dir], { cwd: dir, env: { ...process.env, CI: '1' } });
    return stdout.replace(/\u001b\[\d+m/g, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs Jest (ESM) in an example project holding `files`; answers its report (stderr). */
async function jestIn(files: Record<string, string>): Promise<string> {
  const dir = exampleProject();
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const config = JSON.stringify({ rootDir: dir, testMatch: ['**/*.test.mjs'], transform: {} });
    const { stderr } = await promisify(execFile)(process.execPath, ['--experimental-vm-modules', join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), '--config', config, '--ci'], { cwd: dir, env: { ...process.env, NODE_NO_WARNINGS: '1' } });
    return stderr;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('README test-helper examples', () => {
  // One Vitest run and one Jest run hold every example file: each file's own line in the report says it passed.
  it('runs the Vitest files as written: the README one, and the one of docs/fixtures.md loading the README fixture from a file in beforeEach', async () => {
    const report = await vitestIn({ 'payouts.test.ts': example('payouts.test.ts'), 'payout.json': readmeFixture(), 'fixtures.test.ts': example('fixtures.test.ts') });
    expect(report).toMatch(/✓ payouts\.test\.ts \(2 tests\)/);
    expect(report).toMatch(/✓ fixtures\.test\.ts \(2 tests\)/);
    expect(report).toMatch(/Tests\s+4 passed \(4\)/);
  }, 120_000);

  it('runs the Jest files as written: the README one, and the one of docs/fixtures.md loading the README fixture from a file in beforeEach', async () => {
    const report = await jestIn({ 'customers.test.mjs': example('customers.test.mjs'), 'payout.json': readmeFixture(), 'fixtures.test.mjs': example('fixtures.test.mjs') });
    expect(report).toMatch(/PASS \.?\/?customers\.test\.mjs/);
    expect(report).toMatch(/PASS \.?\/?fixtures\.test\.mjs/);
    expect(report).toMatch(/Tests:\s+4 passed, 4 total/);
  }, 120_000);
});
