#!/usr/bin/env node
/**
 * Forgets the results Stryker's incremental report keeps for some mutants,
 * so that the next `npm run mutation` tests them afresh.
 *
 * Why: in incremental mode Stryker reuses a mutant's result, and even when
 * forced to test it again it runs only the tests that covered it before. A
 * test added for code that did not change is therefore never run against that
 * code's mutants: they stay "survived" or "no coverage". Forget them, then
 * run the same range:
 *
 *   node tools/mutation-forget.mjs src/areas/quotes/quotes.service.ts:410-486
 *   npm run mutation -- src/areas/quotes/quotes.service.ts:410-486
 *
 * Arguments: files, each optionally with a line range (`file:from-to`); a
 * mutant is forgotten when it starts within the range (the whole file when
 * no range is given). With `--survivors`, only the mutants no test killed
 * (survived, no coverage) are forgotten: a rerun gives each its chance
 * against every test that reaches it now.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { packReports, unpackReports } from './mutation-reports.mjs';

const REPORT = 'reports/stryker-incremental.json';

function parseTarget(arg) {
  const match = /^(.+?)(?::(\d+)-(\d+))?$/.exec(arg);
  if (!match) throw new Error(`not a file or file:from-to: ${arg}`);
  const [, file, from, to] = match;
  return { file, from: from === undefined ? 1 : Number(from), to: to === undefined ? Infinity : Number(to) };
}

const args = process.argv.slice(2);
const survivorsOnly = args.includes('--survivors');
const targets = args.filter((a) => a !== '--survivors').map(parseTarget);
const unkilled = new Set(['Survived', 'NoCoverage']);
if (targets.length === 0) {
  process.stderr.write('usage: node tools/mutation-forget.mjs [--survivors] <file>[:<from>-<to>] ...\n');
  process.exit(2);
}

unpackReports('reports');
const report = JSON.parse(readFileSync(REPORT, 'utf8'));
for (const { file, from, to } of targets) {
  const entry = report.files[file];
  if (!entry) {
    process.stderr.write(`${file}: not in ${REPORT}, nothing to forget\n`);
    continue;
  }
  const before = entry.mutants.length;
  const inRange = (m) => m.location.start.line >= from && m.location.start.line <= to;
  entry.mutants = entry.mutants.filter((m) => !inRange(m) || (survivorsOnly && !unkilled.has(m.status)));
  process.stdout.write(`${file}: forgot ${before - entry.mutants.length} of ${before} mutants\n`);
}
writeFileSync(REPORT, `${JSON.stringify(report, null, 2)}\n`);
packReports('reports');
