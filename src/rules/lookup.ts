/**
 * Pure lookups into the rule tables. This is the only code that reduces a
 * value to its magic suffix.
 */
import { RULES, type OutcomeOf, type RuleTableName, type SuffixRow, type SuffixTable } from './tables.js';

/** Last three characters of a value. */
export function last3(value: string): string {
  return value.slice(-3);
}

/**
 * Last three characters of an account identifier. For identifiers with a
 * domain part (`name002@bank`, `$alice002@domain`) the digits belong to the
 * user part, so the domain is dropped first.
 */
export function identifierLast3(identifier: string): string {
  const at = identifier.lastIndexOf('@');
  return last3(at > 0 ? identifier.slice(0, at) : identifier);
}

/** The user part of a UMA address (`$success.usd` of `$success.usd@example.com`). */
export function umaUser(address: string): string {
  const at = address.lastIndexOf('@');
  return (at > 0 ? address.slice(0, at) : address).toLowerCase();
}

function reduce(table: SuffixTable<unknown>, value: string): string {
  switch (table.match) {
    case 'last3':
      return last3(value);
    case 'identifierLast3':
      return identifierLast3(value);
    case 'umaUser':
      return umaUser(value);
    case 'exact':
    case 'atLeast':
      return value;
  }
}

/** The row with the greatest whole-number key not above `value`, else the "any other" row. */
function atLeastRow<O>(table: SuffixTable<O>, value: string): SuffixRow<O> {
  const n = Number(value);
  let best: SuffixRow<O> | undefined;
  if (Number.isFinite(n)) {
    for (const row of table.rows) if (row.key !== null && Number(row.key) <= n && (!best || Number(row.key) > Number(best.key))) best = row;
  }
  return best ?? table.rows[table.rows.length - 1]!;
}

/**
 * Who is told which row decided an outcome: the tenant's integration
 * coverage. Every decision a service makes for a tenant passes it.
 */
export interface RuleHits {
  ruleHit(table: RuleTableName, key: string | null): void;
}

function rowOf<O>(table: SuffixTable<O>, value: string): SuffixRow<O> {
  if (table.match === 'atLeast') return atLeastRow(table, value);
  const key = reduce(table as SuffixTable<unknown>, value);
  return table.rows.find((row) => row.key === key) ?? table.rows[table.rows.length - 1]!;
}

/** The row of `table` that `value` selects; `seen` (the tenant's coverage) is told it decided. */
export function ruleFor<K extends RuleTableName>(name: K, value: string, seen?: RuleHits): SuffixRow<OutcomeOf<K>> {
  const row = rowOf(RULES[name] as unknown as SuffixTable<OutcomeOf<K>>, value);
  seen?.ruleHit(name, row.key);
  return row;
}

/** The smallest key of an `atLeast` table whose outcome satisfies `test`: e.g. the seconds after which something lapses. */
export function thresholdWhere<K extends RuleTableName>(name: K, test: (outcome: OutcomeOf<K>) => boolean): number {
  const table = RULES[name] as unknown as SuffixTable<OutcomeOf<K>>;
  const keys = table.rows.filter((r) => r.key !== null && test(r.outcome)).map((r) => Number(r.key));
  if (keys.length === 0) throw new Error(`${table.title}: no row satisfies the test`);
  return Math.min(...keys);
}

/** The outcome `value` selects in `table`. */
export function outcomeFor<K extends RuleTableName>(name: K, value: string, seen?: RuleHits): OutcomeOf<K> {
  return ruleFor(name, value, seen).outcome;
}
