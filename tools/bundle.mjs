/**
 * Build step after tsc: the CLI as one CommonJS file (dist/bundle/paysandbox.cjs)
 * and V8's code cache for it (paysandbox.cjs.cache). Starting from one file
 * skips resolving, reading and linking the ~480 modules the CLI imports, and
 * the code cache skips compiling what start-up runs; bin/paysandbox loads
 * both, and falls back to dist/bin/paysandbox.js when they are not there.
 * (Node 22's module.enableCompileCache() does the second part natively; the
 * engines field still allows Node 20.)
 *
 * The cache is made by starting the bundled CLI once, in memory, answering one
 * authenticated request, and stopping it: the loader writes the cache of
 * everything compiled by then when the process exits.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const OUT = join(ROOT, 'dist', 'bundle', 'paysandbox.cjs');
const CACHE = `${OUT}.cache`;

/** The newest modification time of the compiled JavaScript the bundle is made from. */
function newestCompiled() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of ['bin', 'src', 'scenarios']) if (existsSync(join(ROOT, 'dist', dir))) walk(join(ROOT, 'dist', dir));
  return newest;
}

// --if-stale (the test suite's set-up): nothing to do when the bundle and its cache are newer than what they are made from.
if (process.argv.includes('--if-stale') && existsSync(CACHE) && existsSync(OUT) && statSync(OUT).mtimeMs >= newestCompiled()) process.exit(0);

await build({
  entryPoints: [join(ROOT, 'dist', 'bin', 'paysandbox.js')],
  outfile: OUT,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // Identifiers are not renamed, so every function and class keeps its name (as in dist/) without
  // the start-up cost of esbuild's keepNames; white space and syntax are minified.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
  // import.meta.url of every bundled module is the bundle's own URL (package-files.ts looks up from there).
  define: { 'import.meta.url': '__bundle_url' },
  banner: { js: "var __bundle_url=require('url').pathToFileURL(__filename).href;" },
});
rmSync(CACHE, { force: true });

/** One start of the bundled CLI with one request, so the loader writes the code cache as it exits. */
function warm() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'paysandbox'), '--port', '0', '--memory', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let asked = false;
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.on('data', (d) => {
      stdout += d;
      const api = /^\s*API\s+(http\S+)/m.exec(stdout);
      if (!api || asked) return;
      asked = true;
      get(`${api[1]}/customers`).then((status) => {
        if (status !== 200) stderr += `GET /customers answered ${status}`;
        child.kill('SIGTERM');
      });
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0 && existsSync(CACHE)) resolve();
      else reject(new Error(`the bundled CLI did not start, answer and stop cleanly (exit ${code}): ${stderr.trim()}`));
    });
  });
}

function get(url) {
  return new Promise((resolve) => {
    const req = request(url, { headers: { authorization: `Basic ${Buffer.from('warm:up').toString('base64')}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

await warm();
