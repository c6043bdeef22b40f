/** A fixture's references resolved against earlier answers, and the partial match of `expect`, value by value. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { referencesIn, resolvedJson, resolveEnvReferences, resolveReferences, resolveText, UnresolvedReference, type ReferenceScope } from '../../src/control/fixtures.references.js';
import { jsonAnswer, mismatchOf, runFixture, type StepCall } from '../../src/control/fixtures.run.js';
import { checkFixture } from '../../src/control/fixtures.check.js';

const scope: ReferenceScope = {
  answers: new Map<string, unknown>([
    ['jane', { id: 'Customer:1', balance: { amount: 2500 }, tags: ['a', 'b'], nothing: null }],
    ['people', [{ id: 'Customer:2' }, { id: 'Customer:3' }]],
  ]),
  i: 7,
  env: { HOME_NAME: 'Home' },
};

describe('resolving references', () => {
  it('keeps the type of a whole-value reference and writes an embedded one as text (objects as JSON)', () => {
    expect(resolveReferences({ amount: '${jane.balance.amount}', label: 'n=${jane.balance.amount}', list: ['${people.1.id}'], same: 5, flag: true }, scope)).toEqual({ amount: 2500, label: 'n=2500', list: ['Customer:3'], same: 5, flag: true });
    expect(resolveReferences('${jane.balance}', scope)).toEqual({ amount: 2500 });
    expect(resolveText('b=${jane.balance}', scope)).toBe('b={"amount":2500}');
    expect(resolveText('${jane.balance.amount}', scope)).toBe('2500');
    expect(resolveText('${jane.balance}', scope)).toBe('{"amount":2500}');
    expect(resolveReferences('${i} and ${ i }', scope)).toBe('7 and 7');
    expect(resolveReferences('${env.HOME_NAME}', scope)).toBe('Home');
    expect(resolveReferences('${jane.nothing}', scope)).toBeNull();
    expect(resolveReferences('no reference', scope)).toBe('no reference');
  });

  it('writes a body as JSON text that is the resolved value serialised, run after run of the same value', () => {
    const reference = fc.constantFrom('${jane.id}', '${jane.balance}', '${jane.balance.amount}', '${jane.tags}', '${jane.nothing}', '${people.1.id}', '${i}', '${env.HOME_NAME}', 'x ${jane.balance} y', '${i}-${people.0.id}');
    // Strings with and without references, unicode and the characters JSON escapes, at any depth, keys with "${" left as they are.
    const text = fc.oneof(reference, fc.string({ unit: 'binary' }), fc.constantFrom('"\\\n', '\u0000paysandbox-reference\u0000', '${'));
    const value = fc.letrec((tie) => ({ node: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(fc.oneof(fc.string(), fc.constant('${jane.id}')), tie('node'), { maxKeys: 4 })) })).node;
    fc.assert(
      fc.property(value, (body) => {
        const expected = JSON.stringify(resolveReferences(body, scope));
        expect(resolvedJson(body, scope)).toBe(expected);
        // The second run reads the same value again (a checked fixture's steps are kept).
        expect(resolvedJson(body, scope)).toBe(expected);
      }),
      { numRuns: 300 },
    );
    expect(resolvedJson({ a: '${jane.balance}', b: ['${i}', 'k'] }, scope)).toBe('{"a":{"amount":2500},"b":[7,"k"]}');
    expect(() => resolvedJson({ a: { b: '${nobody.id}' } }, scope)).toThrow(UnresolvedReference);
  });

  it('says which reference reads nothing, and why', () => {
    const why = (text: string, s: ReferenceScope = scope) => {
      try {
        resolveReferences(text, s);
      } catch (err) {
        expect(err).toBeInstanceOf(UnresolvedReference);
        return (err as Error).message;
      }
      return 'resolved';
    };
    expect(why('${jane.tags.2}')).toBe('${jane.tags.2}: the answer of jane has nothing at jane.tags.2');
    expect(why('${jane.tags.x}')).toBe('${jane.tags.x}: the answer of jane has nothing at jane.tags.x');
    expect(why('${jane.balance.0}')).toBe('${jane.balance.0}: the answer of jane has nothing at jane.balance.0');
    expect(why('${jane.toString}')).toBe('${jane.toString}: the answer of jane has nothing at jane.toString');
    expect(why('${bob.id}')).toBe('${bob.id}: no earlier step is named "bob"');
    expect(why('${i}', { ...scope, i: undefined })).toBe('${i}: only a repeated step has ${i}');
    expect(why('${env.UNSET_NAME}')).toBe('${env.UNSET_NAME}: the environment has no UNSET_NAME');
    expect(why('${env.A.B}')).toBe('${env.A.B}: write ${env.NAME}');
  });

  it('finds every reference in strings anywhere inside a value', () => {
    expect(referencesIn({ a: '${x.id} ${y}', b: ['${z.0}', 3, null], c: { d: 'plain' } })).toEqual(['x.id', 'y', 'z.0']);
  });

  it('fills in only ${env.NAME} for a command, leaving the rest for the sandbox; an unset one is refused', () => {
    expect(resolveEnvReferences({ a: '${env.HOME_NAME}/${jane.id}', b: ['${ env.HOME_NAME }'], c: 1 }, scope.env)).toEqual({ a: 'Home/${jane.id}', b: ['Home'], c: 1 });
    expect(() => resolveEnvReferences(['${env.UNSET_NAME}'], scope.env)).toThrow('${env.UNSET_NAME}: the environment has no UNSET_NAME');
  });
});

describe('the partial match of expect', () => {
  it('matches when every member given is there and equal, arrays element by element', () => {
    expect(mismatchOf({ a: 1, b: { c: [1, { d: 'x' }] } }, { a: 1, extra: 2, b: { c: [1, { d: 'x', e: 3 }] } })).toBeUndefined();
    expect(mismatchOf([], [])).toBeUndefined();
    expect(mismatchOf(null, null)).toBeUndefined();
  });

  it('names the first member that differs', () => {
    expect(mismatchOf({ a: 1 }, { a: 2 })).toEqual({ field: 'body.a', expected: 1, actual: 2 });
    expect(mismatchOf({ a: { b: 1 } }, { a: null })).toEqual({ field: 'body.a', expected: { b: 1 }, actual: null });
    expect(mismatchOf({ a: { b: 1 } }, { a: 'text' })).toEqual({ field: 'body.a', expected: { b: 1 }, actual: 'text' });
    expect(mismatchOf({ a: { b: 1 } }, { a: [1] })).toEqual({ field: 'body.a', expected: { b: 1 }, actual: [1] });
    expect(mismatchOf({ a: [1, 2] }, { a: [1] })).toEqual({ field: 'body.a', expected: [1, 2], actual: [1] });
    expect(mismatchOf({ a: [1] }, { a: [1, 2] })).toEqual({ field: 'body.a', expected: [1], actual: [1, 2] });
    expect(mismatchOf({ a: [1] }, { a: { 0: 1, length: 1 } })).toEqual({ field: 'body.a', expected: [1], actual: { 0: 1, length: 1 } });
    expect(mismatchOf({ a: [1, 2] }, { a: [1, 3] })).toEqual({ field: 'body.a.1', expected: 2, actual: 3 });
    expect(mismatchOf({ a: null }, { a: {} })).toEqual({ field: 'body.a', expected: null, actual: {} });
    expect(mismatchOf({ a: 1 }, {}, 'answer')).toEqual({ field: 'answer.a', expected: 1, actual: undefined });
  });
});

describe("a step's JSON answer", () => {
  /** Runs one-step fixtures whose answers are the JSON texts given, in order. */
  const idsMade = async (request: string, ...texts: string[]) => {
    const calls: StepCall[] = [];
    const fixture = checkFixture({ fixtures: texts.map((_, n) => ({ name: `s${n}`, request })) });
    const answers = texts.map((text) => jsonAnswer(201, text));
    const result = await runFixture(fixture, async (call) => (calls.push(call), answers[calls.length - 1]!), { env: {}, now: () => 'now' });
    return result.steps.map((step) => step.ids);
  };

  it('reads the id a write made off the start of its text, parsing it when the id is escaped or not first', async () => {
    expect(await idsMade('POST /customers', '{"id":"Customer:1","fullName":"A"}', '{"id":"Cust\\"omer:2"}', '{"fullName":"B","id":"Customer:3"}', '{"id":"A\\u0042"}', '[{"id":"Customer:4"}]', '{"id":7}', '')).toEqual([
      ['Customer:1'],
      ['Cust"omer:2'],
      ['Customer:3'],
      ['AB'],
      [],
      [],
      [],
    ]);
    // A write to a path that names the id made nothing new; a read never does.
    expect(await idsMade('POST /sandbox/internal-accounts/InternalAccount:1/fund', '{"id":"InternalAccount:1"}')).toEqual([[]]);
    expect(await idsMade('GET /customers', '{"id":"Customer:1"}')).toEqual([[]]);
  });

  it('parses the text once, when the body is read', () => {
    const answer = jsonAnswer(200, '{"data":[{"id":"a"}]}');
    expect(answer.body).toEqual({ data: [{ id: 'a' }] });
    expect(answer.body).toBe(answer.body);
    expect(jsonAnswer(204, '').body).toBeUndefined();
  });
});
