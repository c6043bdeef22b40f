/** Start-up loads neither the docs UI nor the dashboard: each module is imported by the first request that needs it. */
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

it('imports the docs and dashboard modules on their first request, not at start-up', async () => {
  dir = mkdtempSync(join(tmpdir(), 'paysandbox-startup-'));
  const log = join(dir, 'loaded.txt');
  writeFileSync(log, '');
  // A module hook that notes every module node loads.
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(hooks, `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, context); }\n`);
  const register = `data:text/javascript,import{register}from'node:module';register(${JSON.stringify(pathToFileURL(hooks).href)})`;
  const started = await startCommand(process.execPath, ['--import', register, join(ROOT, 'bin', 'paysandbox'), '--port', '0', '--memory'], { cwd: dir });
  tree = processTree(started.child.pid!);
  const loaded = () => readFileSync(log, 'utf8');
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
