/**
 * Records a fixture: the tenant's successful API writes since its last
 * reset (the request journal holds them), in order, with the clock advances
 * between them. Every id an earlier step made becomes a reference to that
 * step's answer; a read whose answer first showed an id a later write uses
 * (the list that revealed a customer's account) is kept as a step too.
 * Replaying the export into an empty tenant rebuilds the same resources.
 */
import { apiError } from '../core/errors.js';
import { API_BASE_PATH } from '../core/version.js';
import type { RecordedRequest, TenantHistory } from './journal.js';
import type { FixtureDocument, FixtureStep, RequestStep } from './fixtures.schemas.js';

/** An id the sandbox makes: `Kind:` and a UUID. */
const ID = /[A-Z][A-Za-z]*:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const WHOLE_ID = new RegExp(`^${ID.source}$`);
/** Request headers a step keeps: the rest are the client's own (user agent, content type) or credentials. */
const KEPT_HEADERS = new Set(['idempotency-key']);

interface Candidate {
  request: RecordedRequest;
  method: string;
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  answer: unknown;
  /** Why it cannot be a step (a multipart upload, a wallet-signed or an agent's request), when it cannot. */
  unreplayable?: string;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function headerMap(headers: Headers | readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) map.set(headers[i]!.toLowerCase(), headers[i + 1]!);
  else (headers as Headers).forEach((value, name) => map.set(name, value));
  return map;
}

function candidateOf(request: RecordedRequest): Candidate {
  const headers = headerMap(request.headers);
  const kept = Object.fromEntries([...headers].filter(([name]) => KEPT_HEADERS.has(name)));
  const path = request.path.slice(API_BASE_PATH.length).split('/').map((s) => decodeURIComponent(s)).join('/');
  const query = request.query === '' ? undefined : Object.fromEntries(new URLSearchParams(request.query));
  const candidate: Candidate = { request, method: request.method, path, answer: parseJson(request.responseText), ...(query ? { query } : {}), ...(Object.keys(kept).length > 0 ? { headers: kept } : {}) };
  const body = request.requestBody;
  if (body && 'note' in body) candidate.unreplayable = body.note.startsWith('[not kept') ? 'its body is no longer in the journal' : `its body is not JSON (${body.note})`;
  else if (body) candidate.body = parseJson(body.text) ?? (candidate.unreplayable = 'its body is not JSON');
  if ([...headers.keys()].some((name) => name.endsWith('-wallet-signature'))) candidate.unreplayable = 'it is signed by a wallet key, for a challenge only that session had';
  if (/^bearer /i.test(headers.get('authorization') ?? '')) candidate.unreplayable = "it is an agent's, with an access token the replay will not have";
  return candidate;
}

/** Every id string in a value with where it is (`data.0.id`), the shallowest first. */
function idsIn(value: unknown): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const queue: Array<[unknown, string[]]> = [[value, []]];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const [v, path] = next;
    if (typeof v === 'string') {
      if (WHOLE_ID.test(v) && !found.has(v)) found.set(v, path);
    } else if (Array.isArray(v)) v.forEach((item, n) => queue.push([item, [...path, String(n)]]));
    else if (v && typeof v === 'object') for (const [k, item] of Object.entries(v)) queue.push([item, [...path, k]]);
  }
  return found;
}

/** The ids a request uses, anywhere in its path, query or body. */
function idsUsed(c: Candidate): Set<string> {
  const text = JSON.stringify([c.path, c.query ?? {}, c.body ?? null]);
  return new Set(text.match(ID) ?? []);
}

/** A step's name from what it made (`customer1`) or, for a read, from its path (`internalAccounts1`). */
function nameBase(c: Candidate): string {
  const id = c.method === 'GET' ? undefined : (c.answer as { id?: unknown } | undefined)?.id;
  if (typeof id === 'string' && WHOLE_ID.test(id)) {
    const kind = id.slice(0, id.indexOf(':'));
    return kind[0]!.toLowerCase() + kind.slice(1);
  }
  const last = c.path.split('/').filter((s) => s !== '' && !WHOLE_ID.test(s)).pop() ?? 'step';
  return last.replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ?? '').toUpperCase()).replace(/^[^A-Za-z_]/, '_$&');
}

function replaceIds<T>(value: T, references: ReadonlyMap<string, string>): T {
  if (typeof value === 'string') return value.replace(ID, (id) => references.get(id) ?? id) as T;
  if (Array.isArray(value)) return value.map((v) => replaceIds(v, references)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceIds(v, references)])) as T;
  return value;
}

export function exportFixture(history: TenantHistory): FixtureDocument {
  if (!history.complete) throw apiError('FIXTURE_EXPORT_INCOMPLETE', 'The request journal keeps the latest 1,000 requests; more were made since the last reset, so the oldest writes are gone. Reset, do it again, and export sooner.');
  const candidates = history.requests.filter((r) => r.status >= 200 && r.status < 300).map(candidateOf);
  // Where each id first showed: the step whose answer holds it, and where in that answer.
  const origins = new Map<string, { index: number; path: string[] }>();
  candidates.forEach((c, index) => {
    for (const [id, path] of idsIn(c.answer)) if (!origins.has(id)) origins.set(id, { index, path });
  });
  // Every write is a step; a read only when a later step uses an id it revealed.
  const kept = new Set<number>();
  const referenced = new Set<number>();
  for (let index = candidates.length - 1; index >= 0; index--) {
    const c = candidates[index]!;
    if (c.method !== 'GET' && c.unreplayable === undefined) kept.add(index);
    if (!kept.has(index)) continue;
    for (const id of idsUsed(c)) {
      const origin = origins.get(id);
      if (origin === undefined || origin.index >= index) continue;
      kept.add(origin.index);
      referenced.add(origin.index);
    }
  }
  const names = new Map<number, string>();
  const counts = new Map<string, number>();
  for (const index of [...referenced].sort((a, b) => a - b)) {
    const base = nameBase(candidates[index]!);
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
    names.set(index, `${base}${n}`);
  }
  const references = new Map<string, string>();
  const steps: FixtureStep[] = [];
  const advances = [...history.advances];
  const left: string[] = [];
  candidates.forEach((c, index) => {
    while (advances.length > 0 && advances[0]!.afterSeq < c.request.id) steps.push({ advance: advances.shift()!.seconds });
    if (c.unreplayable !== undefined && c.method !== 'GET') left.push(`${c.method} ${c.path}: ${c.unreplayable}`);
    if (!kept.has(index)) return;
    const name = names.get(index);
    const step: RequestStep = {
      ...(name !== undefined ? { name } : {}),
      request: `${c.method} ${replaceIds(c.path, references)}`,
      ...(c.query ? { query: replaceIds(c.query, references) } : {}),
      ...(c.headers ? { headers: c.headers } : {}),
      ...(c.body !== undefined ? { body: replaceIds(c.body, references) } : {}),
    };
    steps.push(step);
    // The ids this step revealed first are referred to through it from now on.
    if (name !== undefined) for (const [id, origin] of origins) if (origin.index === index) references.set(id, `\${${[name, ...origin.path].join('.')}}`);
  });
  for (const advance of advances) steps.push({ advance: advance.seconds });
  return {
    description: left.length === 0 ? 'Recorded from the request journal (GET /__admin/fixtures/export)' : `Recorded from the request journal; left out, as a fixture cannot replay them: ${left.join('; ')}`,
    fixtures: steps,
  };
}
