/**
 * The generated blocks of the docs/ pages: every operation of the API
 * document (docs/operations.md) and every row of the rule tables
 * (docs/magic-values.md), between `<!-- generated:NAME -->` and
 * `<!-- /generated:NAME -->`. test/readme.test.ts keeps them current;
 * `UPDATE_DOCS=1 npx vitest run test/readme.test.ts` rewrites them.
 */
import { RULES } from '../../src/rules/index.js';
import { operationsOfDocument } from '../../src/control/coverage.service.js';

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function operationsBlock(document: Record<string, unknown>): string {
  const rows = operationsOfDocument(document).map((o) => `| ${cell(o.area)} | \`${o.method}\` | \`${cell(o.path)}\` | \`${o.operationId}\` |`);
  return ['| Area | Method | Path | operationId |', '|---|---|---|---|', ...rows].join('\n');
}

export function magicValuesBlock(): string {
  const rows = Object.entries(RULES).flatMap(([name, table]) =>
    table.rows.map((r) => `| ${cell(table.title)} (\`${name}\`) | ${cell(table.subject)} | ${r.key === null ? 'any other value' : `\`${cell(r.key)}\``} | ${cell(r.description)} |`),
  );
  return ['| Table | Decided by | Value | Outcome |', '|---|---|---|---|', ...rows].join('\n');
}

/** `text` with the block `name` replaced by `content` (appended, with its markers, when absent). */
export function withBlock(text: string, name: string, content: string): string {
  const open = `<!-- generated:${name} -->`;
  const close = `<!-- /generated:${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < 0) throw new Error(`no ${open} ... ${close} block`);
  return `${text.slice(0, start + open.length)}\n${content}\n${text.slice(end)}`;
}
