/**
 * The runner every state table shares. A table says, for each state a
 * resource can be in and each operation on it, what the service answers:
 * the exact status and the fields that tell the outcome (a refusal's `code`,
 * a success's key field). The expectations are written from the spec and the
 * reference in each table, never read from src.
 *
 * One world (sandbox, tenant, shared parties) per table, built once. The
 * cells of one state share one resource brought to that state, except a
 * cell where an operation the area names as `moving` (one that changes the
 * resource's state or uses it up) is expected to succeed: that cell gets a
 * fresh resource of its own. A refusal changes nothing, so the cells after a
 * refused one find the resource as it was (and would fail if it had
 * changed). Cells run in the table's order.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../helpers.js';

/** What one cell answers: the status, and fields the body must hold (a dotted path names a nested field). */
export interface Answer {
  status: number;
  fields: Record<string, unknown>;
}

/** A refusal: the reference's status and error code. */
export const refused = (status: number, code: string): Answer => ({ status, fields: { code } });

/** A success, and the field values that show it did what it says. */
export const passes = (status: number, fields: Record<string, unknown> = {}): Answer => ({ status, fields });

/** A table: for each state, what each operation answers. */
export type StateTable<S extends string, O extends string> = Record<S, Record<O, Answer>>;

export interface Area<W, R, S extends string, O extends string> {
  /** The sandbox and the parties every cell shares. */
  world: () => Promise<W>;
  /** Brings a fresh resource to state S. */
  reach: Record<S, (world: W) => Promise<R>>;
  /** Performs operation O on the resource. */
  perform: Record<O, (world: W, resource: R) => Promise<Reply>>;
  /** The operations that change the resource's state or use it up: each cell where one succeeds gets a fresh resource. */
  moving?: readonly O[];
}

const at = (body: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), body);

/** The cells of a table as [state, operation, answer]. */
export function cells<S extends string, O extends string>(table: StateTable<S, O>): Array<[S, O, Answer]> {
  return (Object.entries(table) as Array<[S, Record<O, Answer>]>).flatMap(([state, row]) => (Object.entries(row) as Array<[O, Answer]>).map(([op, answer]): [S, O, Answer] => [state, op, answer]));
}

/** One test per cell of `table`, each in a world built once for the table. */
export function stateMatrix<W, R, S extends string, O extends string>(name: string, table: StateTable<S, O>, area: Area<W, R, S, O>): void {
  describe(`${name}: state x operation`, () => {
    let world: W;
    const shared = new Map<S, Promise<R>>();
    const resourceFor = (state: S, op: O, answer: Answer): Promise<R> => {
      if (area.moving?.includes(op) && answer.status < 400) return area.reach[state](world);
      if (!shared.has(state)) shared.set(state, area.reach[state](world));
      return shared.get(state)!;
    };
    beforeAll(async () => {
      world = await area.world();
    });

    it('the table covers every state and operation the area defines, each exactly once', () => {
      expect(Object.keys(table).sort()).toEqual(Object.keys(area.reach).sort());
      for (const [state, row] of Object.entries(table)) expect([state, Object.keys(row as object).sort()]).toEqual([state, Object.keys(area.perform).sort()]);
    });

    for (const [state, op, answer] of cells(table)) {
      it(`${state} x ${op}: ${answer.status} ${JSON.stringify(answer.fields)}`, async () => {
        const resource = await resourceFor(state, op, answer);
        const res = await area.perform[op](world, resource);
        const seen = Object.fromEntries(Object.keys(answer.fields).map((path) => [path, at(res.body, path)]));
        expect({ status: res.status, fields: seen }, JSON.stringify(res.body)).toEqual({ status: answer.status, fields: answer.fields });
      });
    }
  });
}
