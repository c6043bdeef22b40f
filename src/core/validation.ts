/**
 * Turns zod issues into the spec's field errors: one `{field, message,
 * constraint}` per invalid field, all in one 400 INVALID_INPUT. Also finds
 * the inputs an operation does not define: ignored, as the service ignores
 * them, but named in a Sandbox-Warning header and the request journal.
 */
import type { z } from 'zod';
import type { Context, MiddlewareHandler, ValidationTargets } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { serviceNameOf } from './service-name.js';
import { matchedRoutes } from 'hono/route';
import { invalidInput, type FieldConstraint, type FieldError } from './errors.js';
import { announcesNoBody } from './unread-body.js';

type Issue = z.core.$ZodIssue;

/** Patterns whose meaning has a name in the spec's FieldConstraint.format list. */
const NAMED_PATTERNS: Record<string, string> = {
  '^[A-Z]{2}$': 'iso3166-1-alpha-2',
  '^\\+[1-9]\\d{1,14}$': 'e.164',
  '^\\d{3}-\\d{2}-\\d{4}$': 'us-ssn',
  '^[A-Z]{3}$': 'iso4217',
};

/** zod's format names mapped to the HTML5 input-type names the spec uses. */
const FORMAT_NAMES: Record<string, string> = {
  email: 'email',
  url: 'url',
  date: 'date',
  datetime: 'date-time',
  e164: 'e.164',
  uuid: 'uuid',
};

function stripSlashes(pattern: string): string {
  // Stryker disable next-line LogicalOperator: zod's regex issues carry RegExp#toString(), which always starts with '/' and has a later '/'
  return pattern.startsWith('/') && pattern.lastIndexOf('/') > 0 ? pattern.slice(1, pattern.lastIndexOf('/')) : pattern;
}

export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}

function toFieldErrors(issue: Issue, prefix: readonly PropertyKey[]): FieldError[] {
  const path = [...prefix, ...issue.path];
  const field = fieldPath(path) || '(body)';
  switch (issue.code) {
    case 'invalid_type': {
      const missing = issue.message.endsWith('received undefined');
      return [{ field, message: missing ? 'Required' : `Expected ${issue.expected}` }];
    }
    case 'too_small': {
      if (issue.origin === 'string') {
        const n = Number(issue.minimum);
        return [{ field, message: n === 1 ? 'Must not be empty' : `Must be at least ${n} characters`, constraint: { minLength: n } }];
      }
      if (issue.origin === 'array') return [{ field, message: `Must contain at least ${issue.minimum} item(s)` }];
      return [{ field, message: `Must be ${issue.inclusive ? 'greater than or equal to' : 'greater than'} ${issue.minimum}` }];
    }
    case 'too_big': {
      if (issue.origin === 'string') {
        const n = Number(issue.maximum);
        return [{ field, message: `Must be at most ${n} characters`, constraint: { maxLength: n } }];
      }
      if (issue.origin === 'array') return [{ field, message: `Must contain at most ${issue.maximum} item(s)` }];
      return [{ field, message: `Must be ${issue.inclusive ? 'less than or equal to' : 'less than'} ${issue.maximum}` }];
    }
    case 'invalid_format': {
      if (issue.format === 'regex' && issue.pattern) {
        const pattern = stripSlashes(issue.pattern);
        const constraint: FieldConstraint = { pattern };
        const named = NAMED_PATTERNS[pattern];
        if (named) constraint.format = named;
        return [{ field, message: named ? `Must be a valid ${named} value` : `Must match ${pattern}`, constraint }];
      }
      const format = FORMAT_NAMES[issue.format] ?? issue.format;
      return [{ field, message: `Must be a valid ${format}`, constraint: { format } }];
    }
    case 'invalid_value': {
      const values = issue.values.map((v) => String(v));
      return [{ field, message: `Must be one of: ${values.join(', ')}`, constraint: { enum: values } }];
    }
    case 'invalid_union': {
      const { note, options } = issue as { note?: string; options?: unknown[] };
      if (note === 'No matching discriminator' && Array.isArray(options)) {
        const values = options.map((v) => String(v));
        return [{ field, message: `Must be one of: ${values.join(', ')}`, constraint: { enum: values } }];
      }
      // A plain union: report the branch that got furthest (fewest issues).
      // Stryker disable next-line MethodExpression: zod lists a failed union branch only with its issues, so no branch is empty
      const branches = issue.errors.filter((b) => b.length > 0);
      if (branches.length === 0) return [{ field, message: issue.message }];
      const best = branches.reduce((a, b) => (b.length < a.length ? b : a));
      return best.flatMap((i) => toFieldErrors(i, path));
    }
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({ field: fieldPath([...path, key]), message: 'Unknown field' }));
    case 'not_multiple_of':
      return [{ field, message: `Must be a multiple of ${issue.divisor}` }];
    case 'custom': {
      const constraint = (issue.params as { constraint?: FieldConstraint } | undefined)?.constraint;
      return [constraint ? { field, message: issue.message, constraint } : { field, message: issue.message }];
    }
    default:
      return [{ field, message: issue.message }];
  }
}

/**
 * Every field error of a failed parse: one entry per field, its messages and
 * constraints merged, so a value that breaks two rules is still one entry.
 */
export function fieldErrorsOf(issues: readonly Issue[], prefix: readonly PropertyKey[] = []): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const issue of issues) {
    for (const e of toFieldErrors(issue, prefix)) {
      const seen = byField.get(e.field);
      if (!seen) {
        byField.set(e.field, { ...e });
        continue;
      }
      // Stryker disable next-line OptionalChaining: every field error made here has a message string
      if (e.message && seen.message !== e.message && !seen.message?.split('; ').includes(e.message)) {
        seen.message = seen.message ? `${seen.message}; ${e.message}` : e.message;
      }
      if (e.constraint) seen.constraint = { ...seen.constraint, ...e.constraint };
    }
  }
  return [...byField.values()];
}

/** Query parameters and body members a request carried that its operation does not define, as dot paths. */
export interface UnknownInputs {
  query?: string[];
  body?: string[];
}

/** What the validators learnt about a request's inputs, for the response and the journal. */
interface InputCheck {
  queryChecked: boolean;
  bodyChecked: boolean;
  /** Some part was invalid: the parts after it were never looked at. */
  failed: boolean;
  query: string[];
  body: string[];
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Filled as each request part is validated; read once the request is answered. */
    inputCheck: InputCheck;
    /** Set on a request that carried inputs its operation does not define. */
    unknownInputs: UnknownInputs;
  }
}

/** Enough to point at the typo; a body of thousands of stray members is not listed in full. */
const MAX_UNKNOWN = 100;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/**
 * Members of `raw` that validation dropped: zod keeps what the schema
 * defines and strips the rest, so whatever the input has and the output
 * lacks, at any depth, is unknown to the operation.
 */
/** Parsed bodies some of whose members were given under another declared name (core/schemas.ts withAliases): those raw members are not unknown. */
const aliasedMembers = new WeakMap<object, ReadonlySet<string>>();

/** Notes that `parsed` read the raw members `names` under their declared other names. */
export function noteAliased(parsed: object, names: ReadonlySet<string>): void {
  aliasedMembers.set(parsed, names);
}

export function droppedPaths(raw: unknown, parsed: unknown, prefix: readonly PropertyKey[] = [], out: string[] = []): string[] {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the one push below checks the cap itself; this only stops walking the rest of a large input
  if (out.length >= MAX_UNKNOWN) return out;
  // What validation handed on as it came (z.unknown()) dropped nothing inside it.
  if (raw === parsed) return out;
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    raw.forEach((item, i) => droppedPaths(item, parsed[i], [...prefix, i], out));
  } else if (isPlainObject(raw) && isPlainObject(parsed)) {
    const aliased = aliasedMembers.get(parsed);
    for (const key of Object.keys(raw)) {
      if (out.length >= MAX_UNKNOWN) break;
      if (aliased?.has(key)) continue;
      if (Object.prototype.hasOwnProperty.call(parsed, key)) droppedPaths(raw[key], parsed[key], [...prefix, key], out);
      else out.push(fieldPath([...prefix, key]));
    }
  }
  return out;
}

function inputCheckOf(c: Context): InputCheck {
  let check = c.get('inputCheck');
  if (!check) c.set('inputCheck', (check = { queryChecked: false, bodyChecked: false, failed: false, query: [], body: [] }));
  return check;
}

/**
 * The request's JSON body parsed once: the body validator and the search for
 * unknown members (rawInput) both read it, and Hono parses the text again on
 * every c.req.json(). Neither changes what it reads.
 */
export const jsonParsedOnce: MiddlewareHandler = (c, next) => {
  if (mayHaveBody(c.req.method)) {
    const parse = c.req.json.bind(c.req);
    let parsed: Promise<unknown> | undefined;
    c.req.json = (() => (parsed ??= parse())) as typeof c.req.json;
  }
  return next();
};

/** The body exactly as it arrived (the validator already read and cached it); undefined when it cannot be read. */
async function rawInput(c: Context, target: 'json' | 'form'): Promise<unknown> {
  try {
    if (target === 'json') return await c.req.json();
    // Stryker disable next-line BooleanLiteral: only the member names are compared; the values are never read
    return Object.fromEntries([...(await c.req.formData()).keys()].map((k) => [k, true]));
  // Stryker disable next-line BlockStatement: without its return the function still returns undefined
  } catch {
    return undefined;
  }
}

/** A check that knows what the caller meant gives the refusal its reason (`params.reason` of a custom issue). */
function reasonOf(issues: readonly Issue[]): string | undefined {
  for (const issue of issues) {
    const reason = issue.code === 'custom' ? (issue.params as { reason?: unknown } | undefined)?.reason : undefined;
    if (typeof reason === 'string') return reason;
  }
  return undefined;
}

/** A request part failed: its field errors say what is wrong with it, and nothing after it is looked at. */
function refuse(check: InputCheck, issues: readonly Issue[]): never {
  check.failed = true;
  throw invalidInput(fieldErrorsOf(issues), reasonOf(issues));
}

type HookResult = ({ success: true; data: unknown } | { success: false; error: z.ZodError }) & { target: keyof ValidationTargets };

/**
 * The hook @hono/zod-openapi calls after validating a body or the headers
 * (the query and path parameters are checked by checkParameters): bad input
 * is a 400, an unknown body member is noted.
 */
export async function validationHook(result: HookResult, c: Context): Promise<void> {
  const check = inputCheckOf(c);
  if (!result.success) {
    refuse(check, result.error.issues);
  }
  const { target } = result;
  if (target !== 'json' && target !== 'form') return;
  const raw = await rawInput(c, target);
  check.bodyChecked = true;
  // A form's values are files and strings: only its member names can be unknown.
  // Stryker disable next-line StringLiteral,BooleanLiteral,ConditionalExpression: a form's parsed values are strings and files, never objects, so comparing with them or with true names the same dropped members
  check.body.push(...(target === 'form' ? droppedPaths(raw, Object.fromEntries(Object.keys(result.data as object).map((k) => [k, true]))) : droppedPaths(raw, result.data)));
}

/** zod-openapi's media-type gate: a Content-Type a JSON body may have (Hono's JSON validator reads every one of them). */
const JSON_REQUEST = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;

/** Whether a request without Content-Type carries body bytes anyway (zod-openapi's gate refuses those). Nothing has read its body yet. */
async function hasRequestBody(c: Context): Promise<boolean> {
  const raw = c.req.raw;
  // Stryker disable next-line ConditionalExpression: a request without a body stream reads as zero bytes; this only skips the clone
  if (raw.body === null) return false;
  return (await raw.clone().arrayBuffer()).byteLength > 0;
}

/**
 * An operation's JSON body, checked as zod-openapi's media-type gate, Hono's
 * JSON validator and validationHook together check it (the same answers: 415
 * for another media type, 400 for malformed JSON or a bad field, unknown
 * members noted), in one frame with a synchronous parse: theirs is an async
 * parse and four awaited frames on every request that has a body.
 */
export async function checkJsonBody(c: Context, schema: z.ZodType, required: boolean): Promise<void> {
  const contentType = c.req.header('content-type');
  let value: unknown = {};
  if (contentType) {
    if (!JSON_REQUEST.test(contentType)) throw new HTTPException(415);
    try {
      value = await c.req.json();
    } catch {
      throw new HTTPException(400, { message: 'Malformed JSON in request body' });
    }
  } else {
    if (await hasRequestBody(c)) throw new HTTPException(415);
    // Without a Content-Type an optional body was not sent (zod-openapi's rule); a required one is checked as {}.
    // Stryker disable next-line ConditionalExpression,BlockStatement: every optional body's schema takes {} and gives {}, so checking {} answers the same (docs/pins.md)
    if (!required) {
      c.req.addValidatedData('json', {});
      return;
    }
  }
  const check = inputCheckOf(c);
  // Synchronous: an asynchronous check in a body schema (there is none) would throw here, a 500 in the first test of it.
  const result = schema.safeParse(value);
  if (!result.success) refuse(check, result.error.issues);
  check.bodyChecked = true;
  check.body.push(...droppedPaths(value, result.data));
  c.req.addValidatedData('json', result.data as object);
}

/**
 * A query string with nothing encoded, as Hono's validators hand it on:
 * each name's value, or its values in order when it is given more than
 * once; empty names skipped. One pass into a plain object (a null-prototype
 * object or an entries round trip costs more than the rest of the check).
 */
function splitQuery(query: string): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  // Stryker disable next-line EqualityOperator: at the end of the query the segment is empty, and empty names are skipped
  for (let from = 0; from < query.length; ) {
    let to = query.indexOf('&', from);
    if (to === -1) to = query.length;
    const eq = query.indexOf('=', from);
    // Stryker disable next-line EqualityOperator: '=' and '&' are never at the same index
    const nameEnd = eq === -1 || eq > to ? to : eq;
    if (nameEnd > from) {
      const name = query.slice(from, nameEnd);
      // Without '=' the slice starts past its end: an empty value.
      const value = query.slice(nameEnd + 1, to);
      const seen = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined;
      values[name] = seen === undefined ? value : typeof seen === 'string' ? [seen, value] : [...seen, value];
    }
    from = to + 1;
  }
  return values;
}

/**
 * The query as Hono's validators hand it on: a parameter given once is a
 * string, one given more than once an array. A query with nothing encoded
 * is split here in one pass; any other (`%`, `+`), or one that names
 * `__proto__` (an own member, not the object's prototype), is decoded by Hono.
 */
function queryValues(c: Context): Record<string, string | string[]> {
  const url = c.req.url;
  const hash = url.indexOf('#', 8);
  const end = hash === -1 ? url.length : hash;
  const start = url.indexOf('?', 8);
  if (start === -1) return {};
  // A '?' after the fragment starts no query: the slice is empty.
  const query = url.slice(start + 1, end);
  // Stryker disable next-line ConditionalExpression,Regex: the split is the decoder's fast path; both give the same values
  if (!/[%+]|__proto__/.test(query)) return splitQuery(query);
  return Object.fromEntries(Object.entries(c.req.queries()).map(([name, list]) => [name, list.length === 1 ? list[0]! : list]));
}

/** The parsed part, or a 400 naming its every bad field. */
function parsePart(check: InputCheck, schema: z.ZodType, raw: unknown): unknown {
  const result = schema.safeParse(raw);
  return result.success ? result.data : refuse(check, result.error.issues);
}

/**
 * Checks an operation's query and path parameters, synchronously, before
 * its body: the query first, as zod-openapi orders its validators. A query
 * parameter the operation does not define is noted.
 */
export function checkParameters(c: Context, query: z.ZodType | undefined, params: z.ZodType | undefined): void {
  const check = inputCheckOf(c);
  if (query) {
    const raw = queryValues(c);
    check.queryChecked = true;
    const names = serviceNameOf(c);
    const data = parsePart(check, query, names.neutralMembers(raw));
    // What is unknown is said in the names the client sent.
    check.query.push(...droppedPaths(raw, names.namedMembers(data as object)));
    c.req.addValidatedData('query', data as object);
  }
  if (params) c.req.addValidatedData('param', parsePart(check, params, c.req.param()) as object);
}

/** Printable ASCII only, quoted: a header value can carry any member name a client sent. */
function quoted(name: string): string {
  return JSON.stringify(name).replace(/[^\x20-\x7e]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const SHOWN_PER_PART = 20;

function listed(names: readonly string[]): string {
  const shown = names.slice(0, SHOWN_PER_PART).map(quoted).join(', ');
  return names.length > SHOWN_PER_PART ? `${shown} and ${names.length - SHOWN_PER_PART} more` : shown;
}

/** The Sandbox-Warning text for a request's unknown inputs. */
export function unknownInputsWarning(unknown: UnknownInputs): string {
  const parts: string[] = [];
  if (unknown.query?.length) parts.push(`unknown query parameters ignored: ${listed(unknown.query)}`);
  if (unknown.body?.length) parts.push(`unknown body fields ignored: ${listed(unknown.body)}`);
  return parts.join('; ');
}

export const SANDBOX_WARNING_HEADER = 'Sandbox-Warning';

/**
 * Whether the request got as far as its operation's own handlers (its
 * validators come first, query before body), rather than being answered by
 * a middleware on the way (a fault, a limit) or by no route at all.
 */
function reachedOperation(c: Context): boolean {
  const route = matchedRoutes(c)[c.req.routeIndex];
  return route !== undefined && route.method !== 'ALL';
}

/** GET and HEAD have no body; asking the request for one would build the whole fetch Request. */
export const mayHaveBody = (method: string): boolean => method !== 'GET' && method !== 'HEAD';

const JSON_MEDIA_TYPE = /^application\/([a-z.+-]+\+)?json/i;

export function isJson(c: Context): boolean {
  const type = c.req.header('content-type');
  // Stryker disable next-line StringLiteral: with no Content-Type, any text the pattern does not match reads as not JSON alike
  return JSON_MEDIA_TYPE.test(type ?? '');
}

/**
 * Once a request is answered: every query parameter and body member its
 * operation does not define (all of them, when it defines no query or no
 * body) goes into a Sandbox-Warning header and `c.get('unknownInputs')`.
 */
export function unknownInputWarnings(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const check = c.get('inputCheck');
    // A part no validator looked at is all unknown only when the operation defines no such part: it ran its
    // validators (the query's first), and for the body, none of the earlier parts stopped it.
    const reached = reachedOperation(c);
    let query = check?.query ?? [];
    if (!check?.queryChecked && reached) query = Object.keys(c.req.queries()).slice(0, MAX_UNKNOWN);
    let body = check?.body ?? [];
    if (!check?.bodyChecked && reached && !check?.failed && mayHaveBody(c.req.method) && isJson(c) && c.req.raw.body) {
      const raw = await rawInput(c, 'json');
      if (isPlainObject(raw)) body = Object.keys(raw).slice(0, MAX_UNKNOWN);
    }
    if (query.length === 0 && body.length === 0) return;
    const unknown: UnknownInputs = { ...(query.length > 0 ? { query } : {}), ...(body.length > 0 ? { body } : {}) };
    c.set('unknownInputs', unknown);
    c.res.headers.set(SANDBOX_WARNING_HEADER, unknownInputsWarning(unknown));
  };
}

/**
 * For an operation whose body is optional: a JSON Content-Type with an empty
 * (or blank) body is no body, as many fetch wrappers send that header on
 * every POST. The request goes on without the header, so the operation sees
 * what an absent body gives it instead of "Malformed JSON".
 */
export const emptyJsonIsNoBody: MiddlewareHandler = async (c, next) => {
  if (isJson(c) && c.req.raw.body !== null && (await c.req.text()).trim() === '') {
    const headers = new Headers(c.req.raw.headers);
    headers.delete('content-type');
    headers.delete('content-length');
    c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers });
  } else if (!c.req.header('content-type') && mayHaveBody(c.req.method) && announcesNoBody(c) === true) {
    // zod-openapi's media-type gate looks into a request without Content-Type for body bytes: asking the Node
    // server's request for its body stream builds the whole fetch Request, which the gate then clones. This
    // request has none to give; reading it (text(), json()) still goes straight to the Node request.
    Object.defineProperty(c.req.raw, 'body', { value: null });
    bodylessStandIns.add(c.req.raw);
  }
  return next();
};

/** Node requests whose headers announced no body, told by emptyJsonIsNoBody to have no body stream (the journal tells them as before). */
export const bodylessStandIns = new WeakSet<Request>();
