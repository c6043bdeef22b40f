/**
 * Conformance as a test: the end-to-end flows (which call every operation
 * the sandbox serves) replayed through a response validator built from the
 * public reference description (test/reference/openapi.yaml). Every
 * deviation must be listed, with the spec line that wins, in
 * docs/deviations.md; an unlisted deviation fails, and so does a listed one
 * that no longer happens (so the list stays true).
 *
 * Run alone with `npm run conformance`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeSandbox } from '../helpers.js';
import { OpenApiResponseValidator } from '../support/openapi-validator.js';
import { agentsFlow, cardsFlow, customersFlow, moneyFlow, ownershipFlow, platformFlow, scaFlow, stablecoinsFlow, walletFlow, type FlowCall } from './flows.js';
import { referenceDocument } from '../support/reference-document.js';

const reference = await referenceDocument<Record<string, unknown>>();

export interface ListedDeviation {
  operation: string;
  status: string;
  problem: string;
  reason: string;
}

/** The rows of the table in docs/deviations.md: | operation | status | problem | reason |. */
export function listedDeviations(): ListedDeviation[] {
  const whole = readFileSync(new URL('../../docs/deviations.md', import.meta.url), 'utf8');
  // The first table; the error-code table below it has its own test.
  const text = whole.includes('## Error codes') ? whole.slice(0, whole.indexOf('## Error codes')) : whole;
  const rows: ListedDeviation[] = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 6 || !cells[1] || cells[1] === 'Operation' || /^-+$/.test(cells[1])) continue;
    const unquote = (s: string) => s.replace(/^`|`$/g, '');
    rows.push({ operation: unquote(cells[1]), status: unquote(cells[2]!), problem: unquote(cells[3]!), reason: cells[4]! });
  }
  return rows;
}

function matches(row: ListedDeviation, operation: string, status: number, problem: string): boolean {
  return (row.operation === '*' || row.operation === operation) && (row.status === '*' || row.status === String(status)) && row.problem === problem;
}

describe('conformance with the reference description', () => {
  it('every deviation of the flows is listed with its reason in docs/deviations.md, and every listed one still happens', async () => {
    const validator = new OpenApiResponseValidator(reference, '/2025-10-13', 'reference');
    const sandbox = makeSandbox();
    const observed = new Map<string, { operation: string; status: number; problem: string; example: string }>();
    const checked = new Set<string>();
    const flows = [customersFlow, moneyFlow, ownershipFlow, walletFlow, cardsFlow, platformFlow, scaFlow, stablecoinsFlow, agentsFlow];
    for (const [i, flow] of flows.entries()) {
      const client = sandbox.client(`reference-${i}`);
      const call: FlowCall = async (method, path, body, headers) => {
        const reply = await client.call(method, path, body, headers);
        // The control plane is the sandbox's own: the reference has nothing to say about it.
        if (path.startsWith('/__admin')) return reply;
        const result = validator.check({ method, path: `/2025-10-13${path.split('?')[0]}`, status: reply.status, contentType: reply.headers.get('content-type'), body: reply.body, headers: Object.fromEntries(reply.headers) });
        const operation = result.matched ? (result.operationId ?? `${method} ${result.pathTemplate}`) : `${method.toUpperCase()} ${path.split('?')[0]!.replace(/[A-Za-z]+:[0-9a-f-]{36}/g, '{id}')}`;
        checked.add(operation);
        const problems = !result.matched ? ['operation not in the reference'] : (result.violation?.keys ?? []);
        for (const problem of problems) {
          const key = `${operation} ${reply.status} ${problem}`;
          if (!observed.has(key)) observed.set(key, { operation, status: reply.status, problem, example: JSON.stringify(reply.body)?.slice(0, 300) ?? '' });
        }
        return reply;
      };
      await flow(call, async () => Date.parse((await client.get('/__admin/clock')).body.now));
    }
    const listed = listedDeviations();
    for (const row of listed) expect(row.reason.length, `${row.operation} ${row.problem} needs a reason`).toBeGreaterThan(10);
    const unlisted = [...observed.values()].filter((o) => !listed.some((row) => matches(row, o.operation, o.status, o.problem)));
    const stale = listed.filter((row) => ![...observed.values()].some((o) => matches(row, o.operation, o.status, o.problem)));
    if (process.env.PRINT_DEVIATIONS) for (const o of unlisted) console.log(`| \`${o.operation}\` | ${o.status} | \`${o.problem}\` | ${o.example} |`);
    expect(unlisted.map((o) => `${o.operation} ${o.status} ${o.problem}`), 'deviations not listed in docs/deviations.md').toEqual([]);
    expect(stale.map((row) => `${row.operation} ${row.status} ${row.problem}`), 'listed deviations that no longer happen: remove them from docs/deviations.md').toEqual([]);
    expect(checked.size).toBeGreaterThan(65);
  }, 120_000);
});
