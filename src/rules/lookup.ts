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
      return value;
  }
}

/** The row of `table` that `value` selects. */
export function ruleFor<K extends RuleTableName>(name: K, value: string): SuffixRow<OutcomeOf<K>> {
  const table = RULES[name] as unknown as SuffixTable<OutcomeOf<K>>;
  const key = reduce(table as SuffixTable<unknown>, value);
  return table.rows.find((row) => row.key === key) ?? table.rows[table.rows.length - 1]!;
}

/** The outcome `value` selects in `table`. */
export function outcomeFor<K extends RuleTableName>(name: K, value: string): OutcomeOf<K> {
  return ruleFor(name, value).outcome;
}
