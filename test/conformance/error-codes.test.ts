/**
 * The error catalogue walked against the reference: for every code and every
 * operation the catalogue says raises it, the reference declares that status
 * on that operation with that code among its codes, or the difference is
 * listed with its reason in docs/deviations.md ("Error codes").
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, codesRaisedBy, type ErrorCode } from '../../src/core/errors.js';
import { operationsOf } from '../../src/docs/error-responses.js';
import { makeSandbox } from '../helpers.js';
import { referenceDocument } from '../support/reference-document.js';

type Json = Record<string, any>;
const reference = await referenceDocument<Json>();

function resolve(node: Json): Json {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((n: Json, t: string) => n[t.replace(/~1/g, '/').replace(/~0/g, '~')], reference);
  }
  return current;
}

/** The codes the reference lets an operation answer with at a status (none when it does not declare the status). */
function referenceCodes(operation: Json, status: number): string[] | undefined {
  const response = operation.responses?.[String(status)];
  if (!response) return undefined;
  const schema = resolve(resolve(response).content?.['application/json']?.schema ?? {});
  const code = resolve(schema.properties?.code ?? {});
  return code.enum ?? [];
}

/** The "Error codes" table of docs/deviations.md: | operation | status | code | reason |. */
function listedCodeDeviations(): Array<{ operation: string; status: string; code: string; reason: string }> {
  const text = readFileSync(new URL('../../docs/deviations.md', import.meta.url), 'utf8');
  const section = text.slice(text.indexOf('## Error codes'));
  const rows = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim().replace(/^`|`$/g, ''));
    if (cells.length < 6 || !cells[1] || cells[1] === 'Operation' || /^-+$/.test(cells[1])) continue;
    rows.push({ operation: cells[1], status: cells[2]!, code: cells[3]!, reason: cells[4]! });
  }
  return rows;
}

describe('the error catalogue against the reference', () => {
  it("every code an operation raises is one the reference gives that operation, or a listed deviation", () => {
    const api = makeSandbox().openApiDocument() as Json;
    const theirs = new Map<string, Json>();
    for (const { operation } of operationsOf(reference)) theirs.set(String(operation.operationId), operation);
    const found: string[] = [];
    for (const { shape } of operationsOf(api)) {
      const operation = theirs.get(shape.operationId);
      if (!operation) continue;
      for (const code of codesRaisedBy(shape) as ErrorCode[]) {
        const status = ERROR_CATALOGUE[code].status;
        const codes = referenceCodes(operation, status);
        if (codes?.includes(code)) continue;
        found.push(`${shape.operationId} ${status} ${code}`);
      }
    }
    const listed = listedCodeDeviations();
    const covers = (row: (typeof listed)[number], entry: string) => {
      const [operation, status, code] = entry.split(' ');
      return (row.operation === '*' || row.operation === operation) && (row.status === '*' || row.status === status) && row.code === code;
    };
    if (process.env.PRINT_DEVIATIONS) for (const f of found.filter((e) => !listed.some((row) => covers(row, e)))) console.log(f);
    expect(found.filter((entry) => !listed.some((row) => covers(row, entry))), 'codes the reference does not give the operation: list them in docs/deviations.md').toEqual([]);
    expect(listed.filter((row) => !found.some((entry) => covers(row, entry))).map((r) => `${r.operation} ${r.status} ${r.code}`), 'listed codes no longer raised').toEqual([]);
    for (const row of listed) expect(row.reason.length).toBeGreaterThan(10);
  });
});
