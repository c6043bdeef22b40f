/**
 * The CLI tests run the compiled command (its bundle), so the build runs first: the tests always see the current
 * source. It is incremental (with nothing changed it only compares modification times), and asynchronous, so the
 * test server warms its modules meanwhile.
 */
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export default async function setup(): Promise<void> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(root, 'tools', 'build.mjs')], { cwd: root });
    process.stdout.write(stdout);
    process.stderr.write(stderr);
  } catch (err) {
    const { stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string };
    process.stdout.write(stdout);
    process.stderr.write(stderr);
    throw err;
  }
}
