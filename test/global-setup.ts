/** The CLI tests run the compiled command (its bundle), so compile first: the tests always see the current source (incrementally: a rerun with nothing changed takes a second, not fifteen). */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs a node script, showing what it printed; asynchronous, so the test server warms its modules meanwhile. */
async function node(root: string, args: string[]): Promise<void> {
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: root });
    process.stdout.write(stdout);
    process.stderr.write(stderr);
  } catch (err) {
    const { stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string };
    process.stdout.write(stdout);
    process.stderr.write(stderr);
    throw err;
  }
}

export default async function setup(): Promise<void> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  await node(root, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--incremental', '--tsBuildInfoFile', join(root, 'dist/.tsbuildinfo')]);
  // bin/paysandbox starts from the one-file bundle: remade when what it bundles changed.
  await node(root, [join(root, 'tools/bundle.mjs'), '--if-stale']);
}
