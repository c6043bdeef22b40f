/**
 * Start-up loads neither the docs UI nor the dashboard: each module is imported by the first request that
 * needs it (what `createSandbox()` users get from dist/). The command itself starts from the one-file bundle.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { killTree, processTree, startCommand } from './processes.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
let dir: string;
let tree: number[] = [];
afterEach(() => {
  killTree(tree);
  rmSync(dir, { recursive: true, force: true });
});

/** A module hook that notes every module node loads, in `dir`/loaded.txt. */
function moduleLog(): { register: string; loaded: () => string } {
  dir = mkdtempSync(join(tmpdir(), 'paysandbox-startup-'));
  const log = join(dir, 'loaded.txt');
  writeFileSync(log, '');
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(hooks, `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, context); }\n`);
  return { register: `data:text/javascript,import{register}from'node:module';register(${JSON.stringify(pathToFileURL(hooks).href)})`, loaded: () => readFileSync(log, 'utf8') };
}

it('bin/paysandbox starts from the bundle, not module by module, and serves', async () => {
  const { register, loaded } = moduleLog();
  const started = await startCommand(process.execPath, ['--import', register, join(ROOT, 'bin', 'paysandbox'), '--port', '0', '--memory'], { cwd: dir });
  tree = processTree(started.child.pid!);
  expect(loaded()).toContain('/bin/paysandbox');
  expect(loaded()).not.toContain('/dist/src/');
  const auth = { authorization: `Basic ${Buffer.from('startup:secret').toString('base64')}` };
  expect((await fetch(`${started.url}/customers`, { headers: auth })).status).toBe(200);
  const origin = new URL(started.url).origin;
  expect((await fetch(`${origin}/docs`)).status).toBe(200);
  expect((await fetch(`${origin}/docs/assets/swagger-ui.css`)).status).toBe(200);
  expect((await fetch(`${origin}/__admin`)).status).toBe(200);
  expect((await fetch(`${origin}/__admin/ui/app.js`)).status).toBe(200);
});

it('imports the docs and dashboard modules on their first request, not at start-up', async () => {
  const { register, loaded } = moduleLog();
  const started = await startCommand(process.execPath, ['--import', register, join(ROOT, 'dist', 'bin', 'paysandbox.js'), '--port', '0', '--memory'], { cwd: dir });
  tree = processTree(started.child.pid!);
  expect(loaded()).toContain('/dist/src/server.js');
  expect(loaded()).not.toContain('/dist/src/docs/swagger-ui.js');
  expect(loaded()).not.toContain('/dist/src/dashboard/dashboard.js');

  const origin = new URL(started.url).origin;
  expect((await fetch(`${origin}/docs`)).status).toBe(200);
  expect(loaded()).toContain('/dist/src/docs/swagger-ui.js');
  expect(loaded()).not.toContain('/dist/src/dashboard/dashboard.js');
  expect((await fetch(`${origin}/__admin`)).status).toBe(200);
  expect(loaded()).toContain('/dist/src/dashboard/dashboard.js');
});

it('answers --version, --help of a client command and a usage error without loading the sandbox', async () => {
  const { register, loaded } = moduleLog();
  const { execFile } = await import('node:child_process');
  const run = (args: string[]) =>
    new Promise<number | null>((resolve) => execFile(process.execPath, ['--import', register, join(ROOT, 'dist', 'bin', 'paysandbox.js'), ...args], { cwd: dir }, (err) => resolve(err ? (err as { code?: number }).code ?? null : 0)));
  expect(await run(['--version'])).toBe(0);
  expect(await run(['trigger', '--help'])).toBe(0);
  expect(await run(['--port', 'abc'])).toBe(2);
  expect(await run(['trigger', 'NOPE'])).toBe(2);
  expect(loaded()).toContain('/dist/bin/paysandbox.js');
  expect(loaded()).toContain('/dist/src/control/trigger-types.js');
  expect(loaded()).not.toContain('/dist/src/server.js');
  expect(loaded()).not.toContain('/dist/src/areas/');
  // The serving command does load it.
  expect(await run(['--port', '0', '--data', join(dir, 'loaded.txt')])).toBe(2);
  expect(loaded()).toContain('/dist/src/server.js');
});
