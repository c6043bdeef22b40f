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
 *
 * A second pass follows when the run covers a file that holds outcome tables
 * (STATIC_TABLES; every one of them on a run over the whole scope): Stryker
 * again over those files with static mutants included
 * (stryker.static.config.mjs), each run against the tests that pin the
 * file, writing reports/mutation-static.json (not committed), then the
 * table files' scores without and with static mutants and the static
 * mutants that survived. `--no-static` skips it; `--static-only` runs only it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packReports, unpackReports } from './mutation-reports.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const REPORTS = join(ROOT, 'reports');
const REPORT = join(REPORTS, 'mutation.json');
const STATIC_REPORT = join(ROOT, 'reports', 'mutation-static.json');

/** Files whose module-level code is an outcome table, with the tests that pin it row by row. */
export const STATIC_TABLES = {
  'src/areas/permissions.ts': ['test/pins/permissions.test.ts'],
  'src/areas/transactions/actions.service.ts': ['test/pins/cancellable-rails.test.ts'],
  'src/rules/tables.ts': ['test/pins/rules.test.ts', 'test/engine/rules.test.ts'],
  'src/core/errors.ts': ['test/pins/errors.test.ts', 'test/engine/errors.test.ts'],
};

const KILLED = new Set(['Killed', 'Timeout']);
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);

/** Killed (or timed out) over killed, timed out, survived and uncovered, as Stryker scores; null without mutants. */
function score(mutants) {
  const counted = mutants.filter((m) => COUNTED.has(m.status));
  return counted.length === 0 ? null : (100 * counted.filter((m) => KILLED.has(m.status)).length) / counted.length;
}

/** The table files' scores without static mutants (first pass) and with them (second pass added), and the static survivors. */
export function staticSummary(report, staticReport, files) {
  const lines = [];
  const pct = (value) => (value === null ? 'n/a' : `${value.toFixed(2)}%`);
  const all = { plain: [], statics: [] };
  for (const file of files) {
    const plain = (report?.files?.[file]?.mutants ?? []).filter((m) => !m.static);
    const statics = (staticReport?.files?.[file]?.mutants ?? []).filter((m) => m.static);
    all.plain.push(...plain);
    all.statics.push(...statics);
    lines.push(`${file}: without static ${pct(score(plain))} (${plain.length} mutants), with static ${pct(score([...plain, ...statics]))} (${statics.length} static)`);
    for (const m of statics.filter((x) => !KILLED.has(x.status) && COUNTED.has(x.status))) {
      lines.push(`  ${m.status} static ${m.mutatorName} at ${m.location.start.line}:${m.location.start.column}: ${JSON.stringify(m.replacement ?? '')}`);
    }
  }
  lines.push(`table files: without static ${pct(score(all.plain))}, with static ${pct(score([...all.plain, ...all.statics]))}`);
  return lines.join('\n');
}

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
  let staticPass = true;
  let staticOnly = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--no-static') staticPass = false;
    else if (arg === '--static-only') staticOnly = true;
    else if (arg.startsWith('-')) {
      passed.push(arg);
      // A flag's value follows it unless the flag is boolean (Stryker's are --force and the like, without values).
      if (!['--force', '--dryRunOnly', '--incremental'].includes(arg) && !arg.includes('=') && args[i + 1] !== undefined && !args[i + 1].startsWith('-')) passed.push(args[++i]);
    } else targets.push(arg);
  }
  const stryker = join(ROOT, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');
  let status = 0;
  unpackReports(REPORTS);
  if (!staticOnly) {
    const mutate = targets.length > 0 ? ['--mutate', (await scopeWith(targets)).join(',')] : [];
    const run = spawnSync(process.execPath, [stryker, 'run', ...mutate, ...passed], { cwd: ROOT, stdio: 'inherit' });
    if (existsSync(REPORT)) writeFileSync(REPORT, formatReport(JSON.parse(readFileSync(REPORT, 'utf8'))));
    status = run.status ?? 1;
  }
  // A target names a table file itself (globs are matched by Stryker, not here): a run over the whole scope takes them all.
  const tables = Object.keys(STATIC_TABLES).filter((file) => targets.length === 0 || targets.includes(file));
  if ((staticPass || staticOnly) && tables.length > 0 && status === 0) {
    // One Stryker run per table file: a static mutant reloads every module and runs every test the run names, so each
    // file's mutants run only that file's pins. The runs' reports are merged into reports/mutation-static.json.
    const merged = { files: {} };
    for (const file of tables) {
      const part = join(ROOT, 'reports', `mutation-static.part.json`);
      const env = {
        ...process.env,
        PAYSANDBOX_STATIC_TESTS: STATIC_TABLES[file].join(','),
        PAYSANDBOX_STATIC_REPORT: 'reports/mutation-static.part.json',
        PAYSANDBOX_STATIC_INCREMENTAL: `reports/stryker-static-incremental.${file.replace(/[^A-Za-z0-9]+/g, '-')}.json`,
      };
      const run = spawnSync(process.execPath, [stryker, 'run', 'stryker.static.config.mjs', '--mutate', file, ...passed], { cwd: ROOT, stdio: 'inherit', env });
      if ((run.status ?? 1) !== 0) status = run.status ?? 1;
      if (existsSync(part)) {
        const report = JSON.parse(readFileSync(part, 'utf8'));
        Object.assign(merged.files, report.files);
        for (const [key, value] of Object.entries(report)) if (key !== 'files' && key !== 'testFiles') merged[key] = value;
        rmSync(part);
      }
    }
    writeFileSync(STATIC_REPORT, formatReport(merged));
    const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
    console.log(staticSummary(read(REPORT), merged, tables));
  }
  packReports(REPORTS);
  process.exit(status);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
