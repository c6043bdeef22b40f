#!/usr/bin/env node
/**
 * `npm run mutation [-- <file or glob> ...]`: Stryker over the whole scope of
 * stryker.config.mjs, or over the files given (the scope's exclusions still
 * apply, so `src/areas/**` leaves out routes, schemas and handlers as the
 * whole run does). Stryker's own flags pass through (`--force`,
 * `--concurrency 1`, ...).
 *
 * Then reports/mutation.json is rewritten one mutant per line, in a fixed
 * order. Stryker writes it as one line: every commit of it was a diff of the
 * whole file twice over (old and new), several megabytes for a change of
 * one mutant. One line per mutant also compresses well: git holds the reports
 * gzipped (tools/mutation-reports.mjs), the plain files are ignored.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packReports, unpackReports } from './mutation-reports.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const REPORTS = join(ROOT, 'reports');
const REPORT = join(REPORTS, 'mutation.json');

/** The report as text: the top level, each file and each test file on lines of their own, one mutant or test per line. */
export function formatReport(report) {
  const { files = {}, testFiles, ...top } = report;
  const lines = ['{'];
  for (const [key, value] of Object.entries(top)) lines.push(`${JSON.stringify(key)}:${JSON.stringify(value)},`);
  const section = (name, entries, member, last) => {
    lines.push(`${JSON.stringify(name)}:{`);
    const names = Object.keys(entries).sort();
    names.forEach((file, i) => {
      const { [member]: items = [], ...rest } = entries[file];
      lines.push(`${JSON.stringify(file)}:{${Object.entries(rest).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)},`).join('')}${JSON.stringify(member)}:[`);
      items.forEach((item, j) => lines.push(`${JSON.stringify(item)}${j < items.length - 1 ? ',' : ''}`));
      lines.push(`]}${i < names.length - 1 ? ',' : ''}`);
    });
    lines.push(`}${last ? '' : ','}`);
  };
  section('files', files, 'mutants', testFiles === undefined);
  if (testFiles !== undefined) section('testFiles', testFiles, 'tests', true);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

function scopeWith(targets) {
  // Imported lazily: formatReport needs no config.
  return import(join(ROOT, 'stryker.config.mjs')).then(({ default: config }) => [...targets, ...config.mutate.filter((glob) => glob.startsWith('!'))]);
}

async function main() {
  const args = process.argv.slice(2);
  const targets = [];
  const passed = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg.startsWith('-')) {
      passed.push(arg);
      // A flag's value follows it unless the flag is boolean (Stryker's are --force and the like, without values).
      if (!['--force', '--dryRunOnly', '--incremental'].includes(arg) && !arg.includes('=') && args[i + 1] !== undefined && !args[i + 1].startsWith('-')) passed.push(args[++i]);
    } else targets.push(arg);
  }
  unpackReports(REPORTS);
  const mutate = targets.length > 0 ? ['--mutate', (await scopeWith(targets)).join(',')] : [];
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js'), 'run', ...mutate, ...passed], { cwd: ROOT, stdio: 'inherit' });
  if (existsSync(REPORT)) writeFileSync(REPORT, formatReport(JSON.parse(readFileSync(REPORT, 'utf8'))));
  packReports(REPORTS);
  process.exit(run.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
