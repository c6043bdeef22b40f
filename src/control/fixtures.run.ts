/**
 * Runs a checked fixture, step by step, through the API: each request goes
 * to the app as a client's would (the composition root says how), so every
 * rule, magic value and webhook applies. A step that answers what it should
 * not stops the run, naming the step, the request and the API's answer.
 */
import { apiError } from '../core/errors.js';
import type { Tenant } from '../store/tenant.js';
import { API_BASE_PATH } from '../core/version.js';
import { resolvedJson, resolveReferences, resolveText, UnresolvedReference, type ReferenceScope } from './fixtures.references.js';
import type { FixtureDocument, FixtureResult, RequestStep } from './fixtures.schemas.js';

import { leadingId, type StepAnswer, type StepCall } from './fixtures.answer.js';

export { jsonAnswer, type StepAnswer, type StepCall } from './fixtures.answer.js';

/** Sends a step's request to the sandbox, as the tenant's platform credentials would. */
export type StepDispatch = (call: StepCall) => Promise<StepAnswer>;

/** `setUp`: the steps are the sandbox's own set-up (a scenario preset's), left out of the request journal and the request log. */
export interface StepOptions {
  setUp?: boolean;
}

/** A tenant's dispatch, as the composition root makes it. */
export type StepDispatcher = (tenant: Tenant, options?: StepOptions) => StepDispatch;

export const ADVANCE_PATH = '/__admin/clock/advance';

type StepResult = FixtureResult['steps'][number];

/** The first place `actual` differs from the partial `expected`, or undefined when it matches. */
export function mismatchOf(expected: unknown, actual: unknown, at = 'body'): { field: string; expected: unknown; actual: unknown } | undefined {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return { field: at, expected, actual };
    for (const [n, e] of expected.entries()) {
      const found = mismatchOf(e, actual[n], `${at}.${n}`);
      if (found) return found;
    }
    return undefined;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return { field: at, expected, actual };
    for (const [key, e] of Object.entries(expected)) {
      const found = mismatchOf(e, (actual as Record<string, unknown>)[key], `${at}.${key}`);
      if (found) return found;
    }
    return undefined;
  }
  return Object.is(expected, actual) ? undefined : { field: at, expected, actual };
}

function fullPath(path: string): string {
  return path === '/__admin' || path.startsWith('/__admin/') ? path : `${API_BASE_PATH}${path}`;
}

function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  if (!query || Object.keys(query).length === 0) return path;
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return `${path}${path.includes('?') ? '&' : '?'}${search.toString()}`;
}

/** The call a run of a request step makes; a reference that resolves to nothing stops the run. */
function callOf(step: RequestStep, scope: ReferenceScope): { call: StepCall; shown: string } {
  const [method, rawPath] = step.request.split(' ') as [string, string];
  const path = resolveText(rawPath, scope);
  const headers = Object.fromEntries(Object.entries(step.headers ?? {}).map(([k, v]) => [k.toLowerCase(), resolveText(v, scope)]));
  const query = step.query && (resolveReferences(step.query, scope) as Record<string, unknown>);
  const call: StepCall = { method, path: withQuery(fullPath(path), query), headers };
  if (step.body !== undefined) call.body = resolvedJson(step.body, scope);
  return { call, shown: `${method} ${withQuery(path, query)}` };
}

/** The id a run made: the answer's own id, for a write to a path that does not already name it (an execute, a fund). */
function madeId(call: StepCall, answer: StepAnswer): string | undefined {
  if (call.method === 'GET') return undefined;
  let id: unknown = answer.text === undefined ? undefined : leadingId(answer.text);
  if (id === undefined) {
    const body = answer.body;
    if (!body || typeof body !== 'object') return undefined;
    id = (body as { id?: unknown }).id;
  }
  return typeof id === 'string' && !call.path.includes(id) && !call.path.includes(encodeURIComponent(id)) ? id : undefined;
}

/** Runs every step in order; answers each step's name, what it sent and the ids it made. */
export async function runFixture(fixture: FixtureDocument, dispatch: StepDispatch, options: { env: Readonly<Record<string, string | undefined>>; now: () => string }): Promise<FixtureResult> {
  const answers = new Map<string, unknown>();
  const results: StepResult[] = [];
  for (const [index, step] of fixture.fixtures.entries()) {
    const label = step.name === undefined ? `fixtures[${index}]` : `fixtures[${index}] (${step.name})`;
    if ('advance' in step) {
      const answer = await dispatch({ method: 'POST', path: ADVANCE_PATH, body: JSON.stringify({ seconds: step.advance }), headers: {} });
      if (answer.status !== 200) throw stepFailed(label, index, `advance ${step.advance}`, answer);
      if (step.name !== undefined) answers.set(step.name, answer.body);
      results.push({ ...(step.name !== undefined ? { name: step.name } : {}), request: `advance ${step.advance}`, status: answer.status, ids: [] });
      continue;
    }
    const runs = step.repeat ?? 1;
    const bodies: unknown[] = [];
    const ids: string[] = [];
    let last: { shown: string; status: number } | undefined;
    for (let i = 1; i <= runs; i++) {
      const scope: ReferenceScope = { answers, env: options.env, ...(step.repeat !== undefined ? { i } : {}) };
      let call: StepCall;
      let shown: string;
      try {
        ({ call, shown } = callOf(step, scope));
      } catch (err) {
        if (err instanceof UnresolvedReference) throw apiError('FIXTURE_UNDEFINED_REFERENCE', `Step ${label}: ${err.message}`, { step: label, index, errors: [{ field: `fixtures[${index}]`, message: err.message }] });
        throw err;
      }
      const answer = await dispatch(call);
      checkAnswer(step, scope, label, index, shown, answer);
      // Only a named step's answers are read again (by reference).
      if (step.name !== undefined) bodies.push(answer.body);
      const id = madeId(call, answer);
      if (id !== undefined) ids.push(id);
      last = { shown, status: answer.status };
    }
    if (step.name !== undefined) answers.set(step.name, step.repeat === undefined ? bodies[0] : bodies);
    const { shown: request, status } = last!;
    results.push(step.name !== undefined ? { name: step.name, request, status, ids } : { request, status, ids });
  }
  return { steps: results, now: options.now() };
}

function stepFailed(label: string, index: number, request: string, answer: StepAnswer) {
  const body = answer.body as { code?: unknown; reason?: unknown } | undefined;
  const why = body && typeof body === 'object' && typeof body.code === 'string' ? ` ${body.code}: ${String(body.reason)}` : '';
  return apiError('FIXTURE_STEP_FAILED', `Step ${label}: ${request} answered ${answer.status}${why}`, { step: label, index, request, status: answer.status, body: answer.body });
}

function checkAnswer(step: RequestStep, scope: ReferenceScope, label: string, index: number, request: string, answer: StepAnswer): void {
  const expect = step.expect;
  if (expect?.status === undefined && (answer.status < 200 || answer.status > 299)) throw stepFailed(label, index, request, answer);
  if (expect === undefined) return;
  const expected = { ...(expect.status !== undefined ? { status: expect.status } : {}), ...(expect.body !== undefined ? { body: resolveReferences(expect.body, scope) } : {}) };
  const mismatch = mismatchOf(expected, { status: answer.status, body: answer.body }, 'answer');
  if (mismatch) {
    throw apiError('FIXTURE_EXPECTATION_FAILED', `Step ${label}: ${request} answered ${answer.status}; ${mismatch.field} is ${JSON.stringify(mismatch.actual) ?? 'absent'}, expected ${JSON.stringify(mismatch.expected)}`, {
      step: label,
      index,
      request,
      status: answer.status,
      body: answer.body,
      mismatch,
    });
  }
}
