/**
 * A fixture is checked whole before any step runs: its shape (a zod schema;
 * unknown keys refused), every reference (to a step named earlier, ${i}
 * inside a repeated step, a variable the environment has) and every route
 * (one the sandbox serves). The first problem is refused naming its step.
 */
import type { z } from '@hono/zod-openapi';
import { apiError, type ErrorCode } from '../core/errors.js';
import { AREA_ROUTES } from '../areas/routes.js';
import { CONTROL_ROUTES } from './routes.js';
import { referenceParts, referencesIn } from './fixtures.references.js';
import { AdvanceStepSchema, Fixture, RequestStepSchema, type FixtureDocument, type FixtureStep } from './fixtures.schemas.js';

const ADMIN_PREFIX = '/__admin';
/** Names a reference cannot mean: they are the run number and the environment. */
const RESERVED_NAMES = new Set(['i', 'env']);

/** `fixtures[2]` and, when it has one, its name: how an error names a step. */
function stepLabel(index: number, step?: unknown): string {
  const name = step && typeof step === 'object' && typeof (step as { name?: unknown }).name === 'string' ? (step as { name: string }).name : undefined;
  return name === undefined ? `fixtures[${index}]` : `fixtures[${index}] (${name})`;
}

function refuse(code: ErrorCode, index: number | undefined, step: unknown, field: string, message: string): never {
  const where = index === undefined ? 'The fixture' : `Step ${stepLabel(index, step)}`;
  throw apiError(code, `${where}: ${message}`, {
    ...(index !== undefined ? { step: stepLabel(index, step), index } : {}),
    errors: [{ field, message }],
  });
}

/** A zod issue's most specific fixture code: an unknown key, a bad repeat, or any other shape problem. */
function codeOfIssue(issue: z.core.$ZodIssue): ErrorCode {
  if (issue.code === 'unrecognized_keys') return 'FIXTURE_UNKNOWN_KEY';
  if (issue.path[0] === 'repeat') return 'FIXTURE_INVALID_REPEAT';
  return 'FIXTURE_INVALID';
}

function fieldOf(prefix: string, issue: z.core.$ZodIssue): string {
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const path = [...issue.path.map(String), ...(keys.length === 1 ? keys : [])];
  return [prefix, ...path].filter((p) => p !== '').join('.');
}

function messageOf(issue: z.core.$ZodIssue): string {
  return issue.code === 'unrecognized_keys' ? `Unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}` : issue.message;
}

function parseStep(raw: unknown, index: number): FixtureStep {
  const isObject = raw !== null && typeof raw === 'object' && !Array.isArray(raw);
  if (!isObject) refuse('FIXTURE_INVALID', index, raw, `fixtures[${index}]`, 'A step is an object with `request` (or `advance`)');
  const schema = 'advance' in raw ? AdvanceStepSchema : RequestStepSchema;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    refuse(codeOfIssue(issue), index, raw, fieldOf(`fixtures[${index}]`, issue), messageOf(issue));
  }
  return parsed.data;
}

/** Route patterns by method, then by segment count: `/customers/:customerId` as ['customers', ':customerId']. */
const routeTables = new Map<string, Map<string, Map<number, string[][]>>>();

function routesOf(admin: boolean): Map<string, Map<number, string[][]>> {
  const key = admin ? 'admin' : 'api';
  let table = routeTables.get(key);
  if (!table) {
    table = new Map();
    for (const route of admin ? CONTROL_ROUTES : Object.values(AREA_ROUTES).flat()) {
      const [method, path] = route.split(' ') as [string, string];
      const pattern = path.split('/').slice(1);
      const byLength = table.get(method) ?? new Map<number, string[][]>();
      byLength.set(pattern.length, [...(byLength.get(pattern.length) ?? []), pattern]);
      table.set(method, byLength);
    }
    routeTables.set(key, table);
  }
  return table;
}

/** Whether the sandbox serves `METHOD path`: a segment holding a reference matches a parameter or any word. */
export function routeExists(method: string, path: string): boolean {
  const bare = path.split('?')[0]!.replace(/\/+$/, '');
  const admin = bare === ADMIN_PREFIX || bare.startsWith(`${ADMIN_PREFIX}/`);
  const segments = (admin ? bare.slice(ADMIN_PREFIX.length) : bare).split('/').slice(1);
  const patterns = routesOf(admin).get(method)?.get(segments.length) ?? [];
  return patterns.some((pattern) => pattern.every((part, n) => part.startsWith(':') || segments[n]!.includes('${') || part === segments[n]));
}

function checkReferences(step: FixtureStep, index: number, defined: ReadonlySet<string>, env: Readonly<Record<string, string | undefined>>): void {
  const repeated = 'request' in step && step.repeat !== undefined;
  for (const reference of referencesIn(step)) {
    const [root, ...path] = referenceParts(reference);
    let problem: string | undefined;
    if (root === 'i') problem = repeated ? (path.length > 0 ? '${i} is a number: it has no members' : undefined) : '${i} is only defined in a repeated step';
    else if (root === 'env') problem = path.length !== 1 ? 'write ${env.NAME}' : env[path[0]!] === undefined ? `the environment has no ${path[0]}` : undefined;
    else if (!defined.has(root!)) problem = `no earlier step is named ${JSON.stringify(root)}`;
    if (problem) refuse('FIXTURE_UNDEFINED_REFERENCE', index, step, `fixtures[${index}]`, `\${${reference}}: ${problem}`);
  }
}

/**
 * The fixture, checked: FIXTURE_INVALID, FIXTURE_UNKNOWN_KEY,
 * FIXTURE_INVALID_REPEAT, FIXTURE_UNDEFINED_REFERENCE or
 * FIXTURE_UNKNOWN_ROUTE for the first step that has a problem.
 */
export function checkFixture(raw: unknown, env: Readonly<Record<string, string | undefined>> = process.env): FixtureDocument {
  const parsed = Fixture.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const hint = raw && typeof raw === 'object' && !('fixtures' in raw) ? ' (a fixture is {"fixtures": [steps]}; a snapshot goes to PUT /__admin/snapshot)' : '';
    refuse(codeOfIssue(issue) === 'FIXTURE_UNKNOWN_KEY' ? 'FIXTURE_UNKNOWN_KEY' : 'FIXTURE_INVALID', undefined, undefined, fieldOf('', issue) || '(body)', messageOf(issue) + hint);
  }
  const steps: FixtureStep[] = [];
  const defined = new Set<string>();
  for (const [index, rawStep] of parsed.data.fixtures.entries()) {
    const step = parseStep(rawStep, index);
    checkReferences(step, index, defined, env);
    if ('request' in step) {
      const [method, path] = step.request.split(' ') as [string, string];
      if (!routeExists(method, path)) refuse('FIXTURE_UNKNOWN_ROUTE', index, step, `fixtures[${index}].request`, `The sandbox has no route ${method} ${path.split('?')[0]}`);
    }
    if (step.name !== undefined) {
      if (RESERVED_NAMES.has(step.name)) refuse('FIXTURE_INVALID', index, step, `fixtures[${index}].name`, `${step.name} is reserved (\${i} is the run number, \${env.NAME} the environment)`);
      if (defined.has(step.name)) refuse('FIXTURE_INVALID', index, step, `fixtures[${index}].name`, `An earlier step is already named ${step.name}`);
      defined.add(step.name);
    }
    steps.push(step);
  }
  return { ...(parsed.data.description !== undefined ? { description: parsed.data.description } : {}), fixtures: steps };
}
