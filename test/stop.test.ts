/**
 * Clean stops with real processes: SIGTERM or SIGINT to node itself or to
 * `npm start` stops the sandbox within 2 s, with every change on disk and no
 * process left behind. (npx is covered by the package test, which installs
 * the packed tarball.)
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { allGone, killTree, processTree, startCommand, type Started } from './processes.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const AUTH = `Basic ${Buffer.from('stop-test:secret').toString('base64')}`;
/** The bar. */
const STOP_LIMIT_MS = 2_000;

let dir: string;
const trees: number[][] = [];
afterEach(() => {
  for (const tree of trees.splice(0)) killTree(tree);
  rmSync(dir, { recursive: true, force: true });
});

/** Creates a customer, sends the signal to the process we started, and checks the stop. */
async function stopsCleanly(started: Started, signal: NodeJS.Signals): Promise<number> {
  const created = await fetch(`${started.url}/customers`, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: `Kept on ${signal}` }) });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const tree = processTree(started.child.pid!);
  trees.push(tree);
  expect(tree.length).toBeGreaterThanOrEqual(1);
  started.child.kill(signal);
  const tookMs = await allGone(tree, STOP_LIMIT_MS);
  // The port is free again.
  await expect(fetch(started.url)).rejects.toThrow();
  // And the customer is there after a restart on the same data.
  const again = await startCommand(process.execPath, [join(ROOT, 'bin', 'paysandbox'), '--port', '0', '--data', dir, '--quiet'], { cwd: dir });
  trees.push(processTree(again.child.pid!));
  const kept = await fetch(`${again.url}/customers/${id}`, { headers: { authorization: AUTH } });
  expect(((await kept.json()) as { fullName: string }).fullName).toBe(`Kept on ${signal}`);
  return tookMs;
}

describe('stopping', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('node bin/paysandbox stops on %s with its data written', async (signal) => {
    dir = mkdtempSync(join(tmpdir(), 'paysandbox-stop-'));
    const started = await startCommand(process.execPath, [join(ROOT, 'bin', 'paysandbox'), '--port', '0', '--data', dir], { cwd: dir });
    await stopsCleanly(started, signal);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('npm start stops on %s sent to npm, leaving no node behind', async (signal) => {
    dir = mkdtempSync(join(tmpdir(), 'paysandbox-stop-'));
    const started = await startCommand('npm', ['start', '--', '--port', '0', '--data', dir], { cwd: ROOT });
    // npm -> sh -> node: the signal goes to npm alone, as a process manager or a test runner sends it.
    expect(processTree(started.child.pid!).length).toBeGreaterThanOrEqual(2);
    await stopsCleanly(started, signal);
  });

  it('keeps running when started by npm in the background of a script that has already exited', async () => {
    dir = mkdtempSync(join(tmpdir(), 'paysandbox-stop-'));
    // An npm-style environment, a shell that backgrounds the sandbox and exits at once.
    const shell = await startCommand('sh', ['-c', `node ${join(ROOT, 'bin', 'paysandbox')} --port 0 --data ${dir} & sleep 0.01`], { cwd: dir, env: { npm_lifecycle_event: 'sandbox', npm_command: 'run-script' } });
    const url = shell.url;
    await new Promise((r) => setTimeout(r, 600));
    const res = await fetch(`${url}/customers`, { headers: { authorization: AUTH } });
    expect(res.status).toBe(200);
    // Find it by the data directory in its command line, and stop it.
    for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
      try {
        if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(dir)) trees.push([Number(name)]);
      } catch {
        // gone
      }
    }
    expect(trees.length).toBe(1);
    process.kill(trees[0]![0]!, 'SIGTERM');
    await allGone(trees[0]!, STOP_LIMIT_MS);
  });
});
