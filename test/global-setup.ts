/** The CLI tests run the compiled command (its bundle), so compile first: the tests always see the current source (incrementally: a rerun with nothing changed takes a second, not fifteen). */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--incremental', '--tsBuildInfoFile', join(root, 'dist/.tsbuildinfo')], { stdio: 'inherit', cwd: root });
  // bin/paysandbox starts from the one-file bundle: remade when what it bundles changed.
  execFileSync(process.execPath, [join(root, 'tools/bundle.mjs'), '--if-stale'], { stdio: 'inherit', cwd: root });
}
