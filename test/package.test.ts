/**
 * The published package, as a user gets it: `npm pack`, the tarball
 * installed into an empty project (dependencies from the public registry,
 * the local npm cache first), then `npx paysandbox` and a user's Vitest
 * suite that imports it. Nothing is built at install, the packed manifest has
 * no install-time script (a clone's `prepare` is left out by prepack) and no
 * dependency runs one. Skipped, with a notice, only when the registry cannot
 * be reached.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGone, killTree, processTree, startCommand } from './processes.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const AUTH = `Basic ${Buffer.from('npx-test:secret').toString('base64')}`;
const exec = promisify(execFile);
const manifestText = readFileSync(join(ROOT, 'package.json'), 'utf8');
const pkg = JSON.parse(manifestText) as { name: string; version: string; dependencies: Record<string, string>; scripts: Record<string, string> };

/** A user's environment: none of the npm_* variables of the npm that runs this test suite. */
const userEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))) as Record<string, string>;
const NETWORK_ERROR = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|network/i;

let work: string;
let app: string;
let tarball: string;
let skipped: string | undefined;
let installWarnings = '';
const trees: number[][] = [];

/** Every package.json under node_modules, nested ones included. */
function installedPackages(dir: string): Array<{ name: string; scripts?: Record<string, string>; path: string }> {
  const found: Array<{ name: string; scripts?: Record<string, string>; path: string }> = [];
  const visit = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const path = join(modules, entry);
      if (entry.startsWith('@')) {
        visit(path);
        continue;
      }
      const manifest = join(path, 'package.json');
      if (!existsSync(manifest)) continue;
      const json = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; scripts?: Record<string, string> };
      found.push({ name: json.name, ...(json.scripts ? { scripts: json.scripts } : {}), path });
      visit(join(path, 'node_modules'));
    }
  };
  visit(join(dir, 'node_modules'));
  return found;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'paysandbox-pack-'));
  app = join(work, 'app');
  mkdirSync(app);
  // As a publish packs: prepack builds (incrementally: the suite's global set-up already did) and leaves the clone-only scripts out.
  const packed = await exec('npm', ['pack', '--silent', '--pack-destination', work], { cwd: ROOT, env: userEnv, timeout: 240_000 });
  tarball = join(work, packed.stdout.trim().split('\n').pop()!);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'pack-test-app', version: '1.0.0', private: true }));
  try {
    const installed = await exec('npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=warn'], { cwd: app, env: userEnv, timeout: 240_000 });
    installWarnings = installed.stderr;
  } catch (err) {
    const text = `${(err as { stderr?: string }).stderr ?? ''} ${(err as Error).message}`;
    if (!NETWORK_ERROR.test(text)) throw err;
    skipped = `package test skipped: the npm registry cannot be reached (${text.trim().split('\n')[0]})`;
    console.warn(skipped);
  }
}, 300_000);

afterAll(() => {
  for (const tree of trees.splice(0)) killTree(tree);
  rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds the compiled code, the docs UI and the dashboard, and no TypeScript sources', async ({ skip }) => {
    const { stdout } = await exec('tar', ['-tzf', tarball]);
    const files = stdout.trim().split('\n').map((f) => f.replace(/^package\//, ''));
    for (const needed of ['package.json', 'README.md', 'LICENSE', 'bin/paysandbox', 'dist/bin/paysandbox.js', 'dist/bundle/paysandbox.cjs', 'dist/bundle/paysandbox.cjs.cache', 'dist/bundle/index.mjs', 'dist/bundle/index.cjs', 'dist/bundle/index.cjs.cache', 'bin/load-bundle.mjs', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/client/index.js', 'dist/scenarios/index.js', 'src/dashboard/assets/app.js', 'src/dashboard/assets/index.html', 'vendor/swagger-ui/swagger-ui-bundle.js', 'vendor/swagger-ui/swagger-ui.css', 'vendor/swagger-ui/LICENSE', 'fixtures/passport.png', 'scenarios/starter.yaml', 'scenarios/payouts.yaml', 'scenarios/wallet.yaml', 'scenarios/cards.yaml']) {
      expect(files, needed).toContain(needed);
    }
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(files.some((f) => f.startsWith('test/') || f.startsWith('dist/test/'))).toBe(false);
    const manifest = JSON.parse((await exec('tar', ['-xzOf', tarball, 'package/package.json'])).stdout) as Record<string, unknown>;
    expect(manifest.private).toBeUndefined();
    expect(Object.keys(manifest.dependencies as object)).not.toContain('swagger-ui-dist');
    // What the clone has, the tarball has not: no script npm would run when installing it.
    const scripts = manifest.scripts as Record<string, string>;
    expect(scripts.build).toBeDefined();
    for (const script of ['preinstall', 'install', 'postinstall', 'preprepare', 'prepare', 'postprepare', 'prepublish']) expect(scripts[script], script).toBeUndefined();
    expect(pkg.scripts.prepare).toBe('npm run build');
    // Packing left the clone's manifest as it was.
    expect(readFileSync(join(ROOT, 'package.json'), 'utf8')).toBe(manifestText);
    expect(existsSync(join(ROOT, '.package.json.unpacked'))).toBe(false);
    if (skipped) skip();
  });

  it('installs from the tarball with no install script anywhere in its dependencies', ({ skip }) => {
    if (skipped) return skip();
    const installed = installedPackages(app);
    expect(installed.map((p) => p.name)).toContain('paysandbox');
    for (const dependency of Object.keys(pkg.dependencies)) expect(installed.map((p) => p.name)).toContain(dependency);
    const withScripts = installed.filter((p) => ['preinstall', 'install', 'postinstall'].some((s) => p.scripts?.[s]) || existsSync(join(p.path, 'binding.gyp')));
    expect(withScripts.map((p) => p.name)).toEqual([]);
    expect(installed.some((p) => p.name === '@scarf/scarf')).toBe(false);
    // npm's install-scripts check has nothing to say about us.
    expect(installWarnings).not.toMatch(/paysandbox@/);
    // Nothing was built at install: what runs is what was packed.
    expect(statSync(join(app, 'node_modules', 'paysandbox', 'dist', 'bin', 'paysandbox.js')).isFile()).toBe(true);
  });

  it('exports the same names from the installed entry (its one-file bundle) as the sources do', async ({ skip }) => {
    if (skipped) return skip();
    const script = `import('paysandbox').then((m) => console.log(JSON.stringify(Object.keys(m).sort())))`;
    const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', script], { cwd: app, env: userEnv });
    const sources = Object.keys(await import('../src/index.js')).sort();
    expect(JSON.parse(stdout)).toEqual(sources);
    expect(sources).toContain('createSandbox');
    // The entry is the bundle, with its code cache.
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules', 'paysandbox', 'package.json'), 'utf8')) as { exports: Record<string, { default: string }> };
    expect(manifest.exports['.']!.default).toBe('./dist/bundle/index.mjs');
    for (const file of ['index.mjs', 'index.cjs', 'index.cjs.cache']) expect(existsSync(join(app, 'node_modules', 'paysandbox', 'dist', 'bundle', file)), file).toBe(true);
    // A fixture preset's file is found from the installed bundle: its seven accounts ending 000 and 002-007.
    const seeded = `import('paysandbox').then(async ({ createSandbox }) => { const s = await createSandbox({ scenario: 'payouts' }); const r = await s.get('/customers/external-accounts?limit=100'); console.log(r.body.data.map((a) => a.accountInfo.accountNumber.slice(-3)).sort().join()); await s.close(); })`;
    expect((await exec(process.execPath, ['--input-type=module', '-e', seeded], { cwd: app, env: userEnv })).stdout).toBe('000,002,003,004,005,006,007\n');
  });

  it("runs a user's three-file Vitest suite that imports the installed package", async ({ skip }) => {
    if (skipped) return skip();
    const suite = join(work, 'suite');
    mkdirSync(suite);
    // The suite's own project: the installed package, and this repository's vitest (globals, so no import of it).
    symlinkSync(join(app, 'node_modules'), join(suite, 'node_modules'), 'dir');
    writeFileSync(join(suite, 'package.json'), JSON.stringify({ name: 'suite', private: true, type: 'module' }));
    for (const n of [1, 2, 3]) {
      writeFileSync(
        join(suite, `customers-${n}.test.mjs`),
        `import { createSandbox } from 'paysandbox';
let sandbox;
beforeAll(async () => { sandbox = await createSandbox(); });
afterAll(() => sandbox.close());
test('creates and lists customer ${n}', async () => {
  const created = await sandbox.post('/customers', { customerType: 'INDIVIDUAL', fullName: 'Suite ${n}' });
  expect(created.status).toBe(201);
  const listed = await sandbox.get('/customers');
  expect(listed.status).toBe(200);
  expect(listed.body.data.map((c) => c.fullName)).toEqual(['Suite ${n}']);
});
`,
      );
    }
    const { stdout } = await exec(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', suite, '--globals'], { cwd: suite, env: { ...userEnv, CI: '1' } });
    const text = stdout.replace(/\u001b\[\d+m/g, '');
    expect(text).toMatch(/Test Files\s+3 passed \(3\)/);
    expect(text).toMatch(/Tests\s+3 passed \(3\)/);
  }, 120_000);

  it('answers npx paysandbox --version with the package and API versions', async ({ skip }) => {
    if (skipped) return skip();
    const { stdout } = await exec('npx', ['paysandbox', '--version'], { cwd: app, env: userEnv });
    expect(stdout).toBe(`paysandbox ${pkg.version} (API 2025-10-13)\n`);
    const help = await exec('npx', ['paysandbox', '--help'], { cwd: app, env: userEnv });
    expect(help.stdout).toContain('--cors-origins LIST');
  });

  it('serves with npx paysandbox: the API, the docs offline and the dashboard; SIGTERM to npx stops it all with the data written', async ({ skip }) => {
    if (skipped) return skip();
    const data = join(work, 'data');
    const started = await startCommand('npx', ['paysandbox', '--port', '0', '--data', data], { cwd: app, env: userEnv });
    const tree = processTree(started.child.pid!);
    trees.push(tree);
    const origin = new URL(started.url).origin;
    const created = await fetch(`${started.url}/customers`, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'From npx' }) });
    expect(created.status).toBe(201);
    const docs = await fetch(`${origin}/docs`);
    expect(await docs.text()).toContain('/docs/assets/swagger-ui-bundle.js');
    const bundle = await fetch(`${origin}/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(1_000_000);
    expect((await fetch(`${origin}/docs/assets/swagger-ui.css`)).status).toBe(200);
    expect((await fetch(`${origin}/openapi.json`)).status).toBe(200);
    const dashboard = await fetch(`${origin}/__admin`);
    expect(await dashboard.text()).toContain('paysandbox dashboard');
    expect((await fetch(`${origin}/__admin/ui/app.js`)).status).toBe(200);

    const { id } = (await created.json()) as { id: string };
    started.child.kill('SIGTERM');
    await allGone(tree, 2_000);
    // Written before it stopped: the installed command finds it again.
    const again = await startCommand(process.execPath, [join(app, 'node_modules', 'paysandbox', 'bin', 'paysandbox'), '--port', '0', '--data', data, '--quiet'], { cwd: app, env: userEnv });
    trees.push(processTree(again.child.pid!));
    const kept = await fetch(`${again.url}/customers/${id}`, { headers: { authorization: AUTH } });
    expect(((await kept.json()) as { fullName: string }).fullName).toBe('From npx');
  }, 60_000);

  it('stops on Ctrl-C (SIGINT to the whole foreground process group), leaving nothing behind', async ({ skip }) => {
    if (skipped) return skip();
    const child = spawn('npx', ['paysandbox', '--port', '0', '--memory'], { cwd: app, env: userEnv, detached: true });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    await expect.poll(() => /API\s+http/.test(out), { timeout: 30_000 }).toBe(true);
    const tree = processTree(child.pid!);
    trees.push(tree);
    process.kill(-child.pid!, 'SIGINT');
    await allGone(tree, 2_000);
  }, 60_000);
});
