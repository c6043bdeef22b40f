/**
 * The request journal: each tenant's recent API requests, kept in memory
 * (never written to disk) for a test suite to verify, WireMock-style: list,
 * count by method, path pattern and status, clear, and see the requests that
 * matched no route.
 *
 * Recording is cheap: an entry holds references to what the request already
 * made (its raw header lines, the body text the handler read, the JSON text
 * the response was sent as) and nothing is parsed, copied or redacted until
 * someone reads the journal. Memory is bounded twice: the latest 1,000
 * entries per tenant, and a budget of body text per tenant beyond which the
 * oldest bodies are let go. Secrets, OTP bundles, tokens, signatures and
 * sealed keys never leave the sandbox, nor do card numbers in the fields that
 * carry them; other digits (account numbers, CLABEs, timestamps) show as sent.
 */
import type { JSONValue } from 'hono/utils/types';
import { isoAt } from '../core/clock.js';
import { API_BASE_PATH } from '../core/version.js';
import type { UnknownInputs } from '../core/validation.js';
import type { Tenant } from '../store/tenant.js';

const ENTRIES_KEPT = 1_000;
/** Body text kept per tenant, in characters; the oldest bodies go first. */
const BODY_CHARS_KEPT = 8 * 1024 * 1024;
/** A single body larger than this is not kept at all. */
const BODY_CHARS_MAX = 512 * 1024;
/** What a listed body shows at most. */
const BODY_CHARS_SHOWN = 16 * 1024;

/** A body as recorded: the text as sent, or a note saying why there is none. */
export type RecordedBody = { text: string } | { note: string };

/** What the app hands the journal about one answered request. */
export interface RequestObservation {
  requestId: string;
  /** Tenant clock, ms. */
  at: number;
  method: string;
  path: string;
  /** The full URL: only its query string is kept. */
  url: string;
  status: number;
  durationMs: number;
  /** A Headers object, or the raw name/value pairs as the HTTP server parsed them (read only when the entry is shown). */
  headers: Headers | readonly string[];
  requestBody?: RecordedBody | undefined;
  /** The JSON text the response was sent as, or the pieces of its UTF-8 bytes when it was sent as bytes. */
  responseText?: string | readonly Uint8Array[] | undefined;
  matched: boolean;
  /** Query parameters and body fields the operation does not define (ignored, and named in Sandbox-Warning). */
  unknownInputs?: UnknownInputs | undefined;
}

/** An entry as kept: the URL cut to its query string ('' for none). */
interface JournalEntry extends Omit<RequestObservation, 'url'> {
  id: number;
  query: string;
}

/** An entry as GET /__admin/requests shows it. */
export interface ShownEntry {
  id: number;
  requestId: string;
  at: string;
  method: string;
  path: string;
  query?: string;
  status: number;
  durationMs: number;
  matched: boolean;
  requestHeaders: Record<string, string>;
  requestBody?: JSONValue;
  responseBody?: JSONValue;
  unknownInputs?: UnknownInputs;
}

/** A clock advance made through the control plane, after the entry numbered `afterSeq`. */
export interface ClockAdvanceMark {
  afterSeq: number;
  seconds: number;
}

/** A kept API request as it was sent and answered, unredacted: what a fixture export replays. */
export interface RecordedRequest {
  id: number;
  method: string;
  path: string;
  /** '' or `?a=b`. */
  query: string;
  status: number;
  headers: Headers | readonly string[];
  requestBody: RecordedBody | undefined;
  responseText: string | undefined;
}

/** What the tenant did since its last reset, oldest first; `complete` is false when the journal let some of it go. */
export interface TenantHistory {
  complete: boolean;
  requests: RecordedRequest[];
  advances: ClockAdvanceMark[];
}

export interface JournalFilter {
  path?: string | undefined;
  method?: string | undefined;
  status?: number | undefined;
}

/** Member and header names whose values are never shown. */
const SECRET_KEY = /secret|password|token|signature|bundle|^encrypted|otp|^cvv$|^pan$|authorization$|^attestation$|^assertion$|cookie|api-?key|^identifier$/i;
/**
 * Members and headers that carry a card number (`cardNumber`, `card_number`,
 * `primaryAccountNumber`, `x-card-number`, anything inside a `card` object):
 * only their values are searched for one. Elsewhere a long digit run is an account number, a CLABE, an
 * IBAN's digits or a timestamp inside a signing payload, shown as sent
 * (`pan`, a secret outright, is never shown at all).
 */
const CARD_KEY = /^card$|card[-_ ]?(number|num|no)$|primary[-_ ]?account[-_ ]?number/i;
/** 13 to 19 digits, possibly grouped by spaces or dashes: a card number when it passes the Luhn check. */
const DIGIT_RUN = /(?<!\d)(?:\d[ -]?){12,18}\d(?!\d)/g;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function redactPans(text: string): string {
  return text.replace(DIGIT_RUN, (run) => (luhnValid(run.replace(/[ -]/g, '')) ? '[redacted card number]' : run));
}

/** The value of a member named `key`: a secret's hidden; inside a card field, card numbers hidden; anything else as sent. */
function redactMember(key: string, value: unknown, inCard: boolean): unknown {
  if (SECRET_KEY.test(key)) return '[redacted]';
  return redactValue(value, inCard || CARD_KEY.test(key));
}

function redactValue(value: unknown, inCard = false): unknown {
  if (inCard && (typeof value === 'string' || typeof value === 'number')) {
    const shown = redactPans(String(value));
    return shown === String(value) ? value : shown;
  }
  if (Array.isArray(value)) return value.map((v) => redactValue(v, inCard));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactMember(k, v, inCard)]));
  return value;
}

/** A body as the journal shows it: parsed and redacted member by member, or (cut short, not JSON) its `"member": "value"` pairs redacted as text. */
export function redactBody(text: string): JSONValue {
  if (text.length > BODY_CHARS_SHOWN) text = `${text.slice(0, BODY_CHARS_SHOWN)}…[truncated]`;
  try {
    return redactValue(JSON.parse(text)) as JSONValue;
  } catch {
    return text.replace(/"([^"\\]+)"\s*:\s*("(?:[^"\\]|\\.)*"|\d+)/g, (member, key: string, value: string) =>
      SECRET_KEY.test(key) ? `"${key}":"[redacted]"` : CARD_KEY.test(key) ? member.replace(value, redactPans(value)) : member,
    );
  }
}

/** Raw pairs as a Headers object would hold them: names lower-cased, repeats joined, HTTP/2 pseudo-headers left out. */
function asHeaders(headers: Headers | readonly string[]): Headers {
  if (!Array.isArray(headers)) return headers as Headers;
  const built = new Headers();
  for (let i = 0; i + 1 < headers.length; i += 2) if (!headers[i]!.startsWith(':')) built.append(headers[i]!, headers[i + 1]!);
  return built;
}

function redactHeaders(headers: Headers | readonly string[]): Record<string, string> {
  const shown: Record<string, string> = {};
  asHeaders(headers).forEach((value, name) => {
    shown[name] = SECRET_KEY.test(name) ? '[redacted]' : CARD_KEY.test(name) ? redactPans(value) : value;
  });
  return shown;
}

const patterns = new Map<string, RegExp>();

/**
 * A path pattern relative to the API base (`/quotes/*\/execute`, `*` is one
 * segment), matched against the whole path; a pattern that already starts
 * with the base is taken as it is.
 */
export function pathPattern(path: string): RegExp {
  let pattern = patterns.get(path);
  if (!pattern) {
    const absolute = path.startsWith(`${API_BASE_PATH}/`) || path === API_BASE_PATH ? path : `${API_BASE_PATH}${path.startsWith('/') ? '' : '/'}${path}`;
    const body = absolute.replace(/(.)\/+$/, '$1').split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+');
    pattern = new RegExp(`^${body}/?$`);
    if (patterns.size > 1_000) patterns.clear();
    patterns.set(path, pattern);
  }
  return pattern;
}

/**
 * One tenant's entries: a ring of the latest ENTRIES_KEPT, and the body text
 * they hold. Kept as columns (a typed array per number, an array per
 * reference), not as an object per entry: an entry lives for a thousand
 * requests, through two scavenges, and each object it holds is copied and
 * promoted. An object per entry, its numbers boxed and a dozen strings and
 * arrays hanging off it, cost 2.8 us of scavenging a list request; this, 1.9.
 */
class TenantJournal {
  /** How many entries were ever recorded: the next one goes to `count % ENTRIES_KEPT`. */
  count = 0;
  /** Entries recorded since the tenant's last reset (more than are kept: the oldest writes are gone). */
  sinceReset = 0;
  /** The journal's sequence number at the tenant's last reset: later entries are what the tenant did since. */
  resetSeq = 0;
  /** Clock advances since the last reset, each after the entry numbered `afterSeq`. */
  advances: ClockAdvanceMark[] = [];
  bodyChars = 0;
  /** The oldest entry that may still hold body text. */
  oldestWithBody = 0;
  private readonly ids = new Float64Array(ENTRIES_KEPT);
  private readonly at = new Float64Array(ENTRIES_KEPT);
  private readonly durationMs = new Float64Array(ENTRIES_KEPT);
  private readonly status = new Uint16Array(ENTRIES_KEPT);
  private readonly matched = new Uint8Array(ENTRIES_KEPT);
  private readonly bodyCharsOf = new Uint32Array(ENTRIES_KEPT);
  /**
   * The request id, method, path, query and raw header lines, joined by NULs
   * (which none of them can hold): one string, where each separately was a
   * dozen objects for the collector to move.
   */
  private readonly text: string[] = new Array<string>(ENTRIES_KEPT);
  /** The headers when they came as a Headers object (not from the Node server: app.request). */
  private readonly headerObject: Array<Headers | undefined> = new Array<Headers | undefined>(ENTRIES_KEPT);
  private readonly requestBody: Array<RecordedBody | undefined> = new Array<RecordedBody | undefined>(ENTRIES_KEPT);
  private readonly responseText: Array<string | readonly Uint8Array[] | undefined> = new Array<string | readonly Uint8Array[] | undefined>(ENTRIES_KEPT);
  private readonly unknownInputs: Array<UnknownInputs | undefined> = new Array<UnknownInputs | undefined>(ENTRIES_KEPT);

  get size(): number {
    return Math.min(this.count, ENTRIES_KEPT);
  }

  add(id: number, o: RequestObservation, bodyChars: number): void {
    const slot = this.count % ENTRIES_KEPT;
    // The entry this one replaces gives its body text back (a slot never used holds 0).
    this.bodyChars -= this.bodyCharsOf[slot]!;
    this.ids[slot] = id;
    this.at[slot] = o.at;
    this.durationMs[slot] = o.durationMs;
    this.status[slot] = o.status;
    this.matched[slot] = o.matched ? 1 : 0;
    this.bodyCharsOf[slot] = bodyChars;
    const q = o.url.indexOf('?');
    const fields = [o.requestId, o.method, o.path, q >= 0 ? o.url.slice(q) : ''];
    const raw = Array.isArray(o.headers);
    if (raw) for (const part of o.headers as readonly string[]) fields.push(part);
    this.text[slot] = fields.join('\0');
    this.headerObject[slot] = raw ? undefined : (o.headers as Headers);
    this.requestBody[slot] = o.requestBody;
    this.responseText[slot] = o.responseText;
    this.unknownInputs[slot] = o.unknownInputs;
    this.count++;
    this.sinceReset++;
    this.bodyChars += bodyChars;
    this.oldestWithBody = Math.max(this.oldestWithBody, this.count - ENTRIES_KEPT);
    while (this.bodyChars > BODY_CHARS_KEPT && this.oldestWithBody < this.count - 1) {
      const old = this.oldestWithBody % ENTRIES_KEPT;
      this.oldestWithBody++;
      if (this.bodyCharsOf[old] === 0) continue;
      this.bodyChars -= this.bodyCharsOf[old]!;
      this.bodyCharsOf[old] = 0;
      const body = this.requestBody[old];
      if (body && 'text' in body) this.requestBody[old] = { note: '[not kept: the journal keeps the newest bodies]' };
      this.responseText[old] = undefined;
    }
  }

  /** Newest first, each entry made from its columns as it is read. */
  *newestFirst(): Generator<JournalEntry> {
    for (let i = this.count - 1; i >= this.count - this.size; i--) {
      const slot = i % ENTRIES_KEPT;
      const [requestId, method, path, query, ...rawHeaders] = this.text[slot]!.split('\0');
      yield {
        id: this.ids[slot]!,
        requestId: requestId!,
        at: this.at[slot]!,
        method: method!,
        path: path!,
        query: query!,
        status: this.status[slot]!,
        durationMs: this.durationMs[slot]!,
        headers: this.headerObject[slot] ?? rawHeaders,
        requestBody: this.requestBody[slot],
        responseText: this.responseText[slot],
        matched: this.matched[slot] === 1,
        unknownInputs: this.unknownInputs[slot],
      };
    }
  }
}

function sizeOf(body: RecordedBody | undefined): number {
  return body && 'text' in body ? body.text.length : 0;
}

function show(e: JournalEntry): ShownEntry {
  const requestBody = e.requestBody === undefined ? undefined : 'text' in e.requestBody ? redactBody(e.requestBody.text) : e.requestBody.note;
  return {
    id: e.id,
    requestId: e.requestId,
    at: isoAt(e.at),
    method: e.method,
    path: e.path,
    ...(e.query !== '' ? { query: e.query } : {}),
    status: e.status,
    durationMs: e.durationMs,
    matched: e.matched,
    requestHeaders: redactHeaders(e.headers),
    ...(requestBody !== undefined ? { requestBody } : {}),
    ...(e.responseText !== undefined ? { responseBody: redactBody(typeof e.responseText === 'string' ? e.responseText : Buffer.concat(e.responseText).toString('utf8')) } : {}),
    ...(e.unknownInputs ? { unknownInputs: e.unknownInputs } : {}),
  };
}

export class RequestJournal {
  private readonly journals = new WeakMap<Tenant, TenantJournal>();
  private seq = 0;

  /** May change `observation`, a fresh object its caller is done with. */
  record(tenant: Tenant, observation: RequestObservation): void {
    const journal = this.journalOf(tenant);
    const requestChars = sizeOf(observation.requestBody);
    if (requestChars > BODY_CHARS_MAX) observation.requestBody = { note: `[not kept: ${requestChars} characters]` };
    // Pieces are references to JSON kept elsewhere anyway (a collection's rendered records): they cost the budget nothing.
    const responseChars = typeof observation.responseText === 'string' ? observation.responseText.length : 0;
    if (responseChars > BODY_CHARS_MAX) observation.responseText = undefined;
    journal.add(++this.seq, observation, sizeOf(observation.requestBody) + (responseChars > BODY_CHARS_MAX ? 0 : responseChars));
  }

  /** Newest first; `path` is any part of the path. */
  list(tenant: Tenant, filter: JournalFilter & { limit: number; unmatchedOnly?: boolean }): { data: ShownEntry[]; total: number } {
    const journal = this.journals.get(tenant);
    if (!journal) return { data: [], total: 0 };
    const method = filter.method?.toUpperCase();
    const data: ShownEntry[] = [];
    // The total is of the requests kept (unmatched ones only, for that list), whatever the filter.
    let total = filter.unmatchedOnly ? 0 : journal.size;
    for (const e of journal.newestFirst()) {
      if (filter.unmatchedOnly) {
        if (e.matched) continue;
        total++;
      }
      if (data.length >= filter.limit) {
        if (filter.unmatchedOnly) continue;
        break;
      }
      if (filter.path !== undefined && !e.path.includes(filter.path)) continue;
      if (method !== undefined && e.method !== method) continue;
      if (filter.status !== undefined && e.status !== filter.status) continue;
      data.push(show(e));
    }
    return { data, total };
  }

  /** How many kept requests match: `path` is a pattern relative to the API base, `*` for one segment. */
  count(tenant: Tenant, filter: JournalFilter): number {
    const journal = this.journals.get(tenant);
    if (!journal) return 0;
    const method = filter.method?.toUpperCase();
    const path = filter.path === undefined ? undefined : pathPattern(filter.path);
    let count = 0;
    for (const e of journal.newestFirst()) {
      if (method !== undefined && e.method !== method) continue;
      if (filter.status !== undefined && e.status !== filter.status) continue;
      if (path !== undefined && !path.test(e.path)) continue;
      count++;
    }
    return count;
  }

  private journalOf(tenant: Tenant): TenantJournal {
    let journal = this.journals.get(tenant);
    if (!journal) this.journals.set(tenant, (journal = new TenantJournal()));
    return journal;
  }

  /** The tenant starts over (reset, scenario, snapshot restore): what it did before is no longer its history. */
  markReset(tenant: Tenant): void {
    const journal = this.journalOf(tenant);
    journal.resetSeq = this.seq;
    journal.sinceReset = 0;
    journal.advances = [];
  }

  /** The tenant's clock was moved forward by the control plane. */
  markAdvance(tenant: Tenant, seconds: number): void {
    this.journalOf(tenant).advances.push({ afterSeq: this.seq, seconds });
  }

  /** The tenant's matched API requests since its last reset, oldest first, as sent (no redaction: for the tenant's own export). */
  history(tenant: Tenant): TenantHistory {
    const journal = this.journals.get(tenant);
    if (!journal) return { complete: true, requests: [], advances: [] };
    const requests: RecordedRequest[] = [];
    for (const e of journal.newestFirst()) {
      if (e.id <= journal.resetSeq) break;
      if (!e.matched) continue;
      const responseText = e.responseText === undefined || typeof e.responseText === 'string' ? e.responseText : Buffer.concat(e.responseText).toString('utf8');
      requests.push({ id: e.id, method: e.method, path: e.path, query: e.query, status: e.status, headers: e.headers, requestBody: e.requestBody, responseText });
    }
    return { complete: journal.sinceReset <= journal.size, requests: requests.reverse(), advances: [...journal.advances] };
  }

  /** Forgets the tenant's requests; answers how many there were. */
  clear(tenant: Tenant): number {
    const removed = this.journals.get(tenant)?.size ?? 0;
    this.journals.delete(tenant);
    return removed;
  }
}
