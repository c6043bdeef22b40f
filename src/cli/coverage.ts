/**
 * `paysandbox coverage`: what a client's test run has exercised in a running
 * sandbox (GET /__admin/coverage), as text grouped by area, as JSON, as a
 * self-contained HTML page, and as a CI gate (--fail-under).
 */
import type { CoverageReportBody } from '../control/coverage.service.js';
import { callSandbox, type RemoteOptions } from './remote.js';

export type Report = CoverageReportBody;
export type CoverageArea = 'operations' | 'outcomes' | 'webhooks';
export const COVERAGE_AREAS: readonly CoverageArea[] = ['operations', 'outcomes', 'webhooks'];
export type Thresholds = Partial<Record<CoverageArea, number>>;

export function fetchCoverage(options: RemoteOptions): Promise<Report> {
  return callSandbox<Report>(options, 'GET', '/__admin/coverage');
}

/** Exercised items of an area, as a percentage of all (100 for an empty area). */
export function percentOf(report: Report, area: CoverageArea): number {
  const { total, exercised } = report[area];
  return total === 0 ? 100 : (exercised / total) * 100;
}

const pct = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)}%`;
const ratio = (exercised: number, total: number) => `${exercised}/${total} (${pct(total === 0 ? 100 : (exercised / total) * 100)})`;

/** `operations=60,outcomes=40,webhooks=50`: each a percentage from 0 to 100; an unknown area or a bad number is an error. */
export function parseFailUnder(text: string): Thresholds {
  const thresholds: Thresholds = {};
  for (const part of text.split(',')) {
    const match = /^\s*([a-z]+)\s*=\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!match || !(COVERAGE_AREAS as readonly string[]).includes(match[1]!) || Number(match[2]) > 100) {
      throw new Error(`--fail-under takes area=percent pairs with areas ${COVERAGE_AREAS.join(', ')} and percents 0-100, e.g. operations=60,outcomes=40,webhooks=50; got ${JSON.stringify(part)}`);
    }
    thresholds[match[1] as CoverageArea] = Number(match[2]);
  }
  return thresholds;
}

/** One line per area below its threshold; none when every area passes. */
export function shortfalls(report: Report, thresholds: Thresholds): string[] {
  return COVERAGE_AREAS.filter((area) => thresholds[area] !== undefined && percentOf(report, area) < thresholds[area]!).map(
    (area) => `${area} coverage ${pct(Math.floor(percentOf(report, area) * 10) / 10)} is below ${pct(thresholds[area]!)}`,
  );
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    let group = groups.get(k);
    if (!group) groups.set(k, (group = []));
    group.push(item);
  }
  return groups;
}

const counts = (record: Record<string, number>) =>
  Object.entries(record)
    .map(([k, n]) => `${k} x${n}`)
    .join(', ');

/** The report for a person: each area's share, then each group with what was and was not exercised. */
export function describeCoverage(report: Report): string[] {
  const lines = [`Integration coverage since ${report.since}`, ''];
  const mark = (used: boolean) => (used ? '[x]' : '[ ]');
  lines.push(`Operations  ${ratio(report.operations.exercised, report.operations.total)}`);
  for (const [area, items] of groupBy(report.operations.items, (i) => i.area)) {
    lines.push(`  ${area}  ${ratio(items.filter((i) => i.calls > 0).length, items.length)}`);
    for (const i of items) {
      const detail = i.calls > 0 ? `  ${i.calls} call${i.calls === 1 ? '' : 's'}: ${counts(i.statuses)}${Object.keys(i.errorCodes).length ? `; ${counts(i.errorCodes)}` : ''}` : '';
      lines.push(`    ${mark(i.calls > 0)} ${i.method} ${i.path}${detail}`);
    }
  }
  lines.push('', `Outcomes  ${ratio(report.outcomes.exercised, report.outcomes.total)}`);
  for (const [, items] of groupBy(report.outcomes.items, (i) => i.table)) {
    lines.push(`  ${items[0]!.title}  ${ratio(items.filter((i) => i.hits > 0).length, items.length)}`);
    for (const i of items) lines.push(`    ${mark(i.hits > 0)} ${i.magic}: ${i.description}${i.hits > 0 ? `  (${i.hits} hit${i.hits === 1 ? '' : 's'})` : ''}`);
  }
  const w = report.webhooks;
  lines.push('', `Webhooks  ${ratio(w.emitted, w.total)} emitted, ${w.delivered} delivered, ${w.acknowledged} acknowledged`);
  for (const [area, items] of groupBy(w.items, (i) => i.area)) {
    lines.push(`  ${area}  ${ratio(items.filter((i) => i.emitted > 0).length, items.length)}`);
    for (const i of items) {
      const detail = i.emitted > 0 ? `  emitted ${i.emitted}, delivered ${i.delivered}, acknowledged ${i.acknowledged}` : i.trigger ? `  (paysandbox trigger ${i.type})` : '';
      lines.push(`    ${mark(i.emitted > 0)} ${i.type}${detail}`);
    }
  }
  return lines;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export type Shade = 'none' | 'some' | 'full';

/** An operation: answered both with a 2xx and with an error is full; one of them, some. */
export function operationShade(statuses: Record<string, number>): Shade {
  const codes = Object.keys(statuses).map(Number);
  const ok = codes.some((c) => c < 400);
  const failed = codes.some((c) => c >= 400);
  return ok && failed ? 'full' : ok || failed ? 'some' : 'none';
}

/** An event type: acknowledged by an endpoint is full; emitted only, some. */
export function eventShade(emitted: number, acknowledged: number): Shade {
  return acknowledged > 0 ? 'full' : emitted > 0 ? 'some' : 'none';
}

function tile(label: string, title: string, shade: Shade): string {
  return `<li class="tile ${shade}" title="${escape(title)}">${escape(label)}</li>`;
}

/** A self-contained page (no script, no other file): the three areas as tiles, then what was never exercised. */
export function coverageHtml(report: Report): string {
  const section = (title: string, share: string, groups: Map<string, string[]>) =>
    `<section><h2>${escape(title)} <small>${escape(share)}</small></h2>${[...groups].map(([name, tiles]) => `<h3>${escape(name)}</h3><ul class="tiles">${tiles.join('')}</ul>`).join('')}</section>`;
  const ops = new Map([...groupBy(report.operations.items, (i) => i.area)].map(([area, items]) => [area, items.map((i) => tile(`${i.method} ${i.path}`, `${i.operationId}: ${i.calls} calls ${counts(i.statuses)} ${counts(i.errorCodes)}`, operationShade(i.statuses)))]));
  const rows = new Map([...groupBy(report.outcomes.items, (i) => i.title)].map(([title, items]) => [title, items.map((i) => tile(i.key ?? 'any other', `${i.magic}: ${i.description} (${i.hits} hits)`, i.hits > 0 ? 'full' : 'none'))]));
  const events = new Map([...groupBy(report.webhooks.items, (i) => i.area)].map(([area, items]) => [area, items.map((i) => tile(i.type, `emitted ${i.emitted}, delivered ${i.delivered}, acknowledged ${i.acknowledged}`, eventShade(i.emitted, i.acknowledged)))]));
  const missing = report.outcomes.items.filter((i) => i.hits === 0).map((i) => `<li><b>${escape(i.title)}</b>: ${escape(i.magic)} &rarr; ${escape(i.description)}</li>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>paysandbox integration coverage</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#1b1f24}h1{font-size:1.4rem}h2{margin-top:2rem}h3{font-size:.95rem;margin:.8rem 0 .3rem;color:#555}
.summary span{display:inline-block;margin-right:1.5rem;font-weight:600}.tiles{display:flex;flex-wrap:wrap;gap:4px;list-style:none;padding:0;margin:0}
.tile{padding:3px 6px;border-radius:3px;font:12px ui-monospace,monospace;border:1px solid #ccc}.tile.none{background:#fff;color:#888}.tile.some{background:#b7e4c7}.tile.full{background:#40916c;color:#fff}
</style></head><body>
<h1>Integration coverage</h1><p>Since ${escape(report.since)}. Shading: white never exercised; light an operation answered only with successes or only with errors, an event emitted but never acknowledged; dark an operation answered both ways, a rule row that decided an outcome, an event your endpoint acknowledged.</p>
<p class="summary"><span>Operations ${escape(ratio(report.operations.exercised, report.operations.total))}</span><span>Outcomes ${escape(ratio(report.outcomes.exercised, report.outcomes.total))}</span><span>Webhooks ${escape(ratio(report.webhooks.emitted, report.webhooks.total))} emitted, ${report.webhooks.acknowledged} acknowledged</span></p>
${section('Operations', ratio(report.operations.exercised, report.operations.total), ops)}
${section('Outcomes', ratio(report.outcomes.exercised, report.outcomes.total), rows)}
${section('Webhooks', ratio(report.webhooks.emitted, report.webhooks.total), events)}
<section><h2>Outcomes never exercised <small>${missing.length}</small></h2><ul>${missing.join('')}</ul></section>
</body></html>
`;
}
