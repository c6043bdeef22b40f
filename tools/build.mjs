/**
 * The build (`npm run build`, prepack, the test suite's set-up): tsc into
 * dist/, then the one-file bundles (tools/bundle.mjs --if-stale). tsc is
 * skipped when no input is newer than its last build: even incremental, it
 * reads every source to find nothing changed (a second and a half of CPU);
 * the modification times answer in milliseconds.
 *
 *   node tools/build.mjs
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const BUILD_INFO = join(ROOT, 'dist', '.tsbuildinfo');
/** What tsc's output is made from: tsconfig.build.json's sources, its settings, and the dependencies' types (declarations infer them). */
const SOURCE_DIRS = ['src', 'bin', 'scenarios'];
const SETTINGS = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

/** The newest modification time among `files` and the files ending in `suffix` under `dirs` (those that exist). */
export function newestModified(files, dirs, suffix) {
  let newest = Math.max(...files.map((file) => statSync(file).mtimeMs));
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(suffix)) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of dirs) if (existsSync(dir)) walk(dir);
  return newest;
}

const newestInput = () => newestModified(SETTINGS.map((file) => join(ROOT, file)), SOURCE_DIRS.map((dir) => join(ROOT, dir)), '.ts');

export function build() {
  if (!existsSync(BUILD_INFO) || newestInput() > statSync(BUILD_INFO).mtimeMs) {
    // Stamped with the time tsc started, not ended: a source saved while it ran is newer, and is built next time.
    const started = new Date();
    execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--incremental', '--tsBuildInfoFile', BUILD_INFO], { stdio: 'inherit', cwd: ROOT });
    // tsc leaves its build info alone when nothing changed: stamped here, an input touched but unchanged is not read again.
    utimesSync(BUILD_INFO, started, started);
  }
  execFileSync(process.execPath, [join(ROOT, 'tools', 'bundle.mjs'), '--if-stale'], { stdio: 'inherit', cwd: ROOT });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) build();
