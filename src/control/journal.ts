/**
 * The request journal: each tenant's recent API requests, kept in memory
 * (a bounded ring, never written to disk). Bodies are stored as sent and
 * redacted when read: secrets, OTP bundles, tokens, signatures, sealed keys
 * and anything that looks like a card number never leave the sandbox.
 */
import type { MiddlewareHandler } from 'hono';
import type { JSONValue } from 'hono/utils/types';
import { isoAt, monotonicMs } from '../core/clock.js';
import type { AppEnv } from '../core/env.js';
import type { UnknownInputs } from '../core/validation.js';
import type { Tenant } from '../store/tenant.js';

const ENTRIES_KEPT = 1_000;
const BODY_BYTES_KEPT = 16 * 1024;

export interface JournalEntry {
  id: number;
  /** Tenant clock, ms: formatted only when read. */
  at: number;
  method: string;
  path: string;
  query?: string;
  status: number;
  durationMs: number;
  requestBody?: string;
  responseBody?: string;
  /** Query parameters and body fields the operation does not define (ignored, and named in Sandbox-Warning). */
  unknownInputs?: UnknownInputs;
}

/** Member names whose values are never shown. */
const SECRET_KEY = /secret|password|token|signature|bundle|^encrypted|otp|^cvv$|^pan$|^authorization$|^attestation$|^assertion$/i;
/** 13 to 19 digits, possibly grouped by spaces, even inside a word (a slug made from a name): a card number when it passes the Luhn check. */
const DIGIT_RUN = /(?<!\d)(?:\d ?){12,18}\d(?!\d)/g;

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
  return text.replace(DIGIT_RUN, (run) => (luhnValid(run.replace(/ /g, '')) ? '[redacted card number]' : run));
}

/** An entry as GET /__admin/requests shows it. */
export type ShownEntry = Omit<JournalEntry, 'at' | 'requestBody' | 'responseBody'> & { at: string; requestBody?: JSONValue; responseBody?: JSONValue };

function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactPans(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[redacted]' : redactValue(v)]));
  }
  return value;
}

/** A body as the journal shows it: parsed and redacted member by member, or (truncated, not JSON) redacted as text. */
export function redactBody(text: string): JSONValue {
  try {
    return redactValue(JSON.parse(text)) as JSONValue;
  } catch {
    return redactPans(text.replace(/"([^"\\]+)"\s*:\s*"(?:[^"\\]|\\.)*"/g, (member, key: string) => (SECRET_KEY.test(key) ? `"${key}":"[redacted]"` : member)));
  }
}

function kept(text: string): string {
  return text.length > BODY_BYTES_KEPT ? `${text.slice(0, BODY_BYTES_KEPT)}…[truncated]` : text;
}

export class RequestJournal {
  private readonly entries = new WeakMap<Tenant, JournalEntry[]>();
  private seq = 0;

  record(tenant: Tenant, entry: Omit<JournalEntry, 'id'>): void {
    let list = this.entries.get(tenant);
    if (!list) this.entries.set(tenant, (list = []));
    list.push({ id: ++this.seq, ...entry });
    if (list.length > ENTRIES_KEPT) list.splice(0, list.length - ENTRIES_KEPT);
  }

  /** Newest first, filtered, redacted. */
  list(tenant: Tenant, filter: { path?: string | undefined; method?: string | undefined; status?: number | undefined; limit: number }): { data: ShownEntry[]; total: number } {
    const all = this.entries.get(tenant) ?? [];
    const matched: ShownEntry[] = [];
    for (let i = all.length - 1; i >= 0 && matched.length < filter.limit; i--) {
      const e = all[i]!;
      if (filter.path !== undefined && !e.path.includes(filter.path)) continue;
      if (filter.method !== undefined && e.method !== filter.method.toUpperCase()) continue;
      if (filter.status !== undefined && e.status !== filter.status) continue;
      const { at, requestBody, responseBody, ...rest } = e;
      matched.push({ ...rest, at: isoAt(at), ...(requestBody !== undefined ? { requestBody: redactBody(requestBody) } : {}), ...(responseBody !== undefined ? { responseBody: redactBody(responseBody) } : {}) });
    }
    return { data: matched, total: all.length };
  }

  clear(tenant: Tenant): void {
    this.entries.delete(tenant);
  }

  /** Records every API request of the authenticated tenant, after it is answered. */
  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      const started = monotonicMs();
      // Keep the JSON text the handler answers with as it is made: reading a finished response back costs a copy of it.
      let responseBody: string | undefined;
      c.json = ((object: unknown, arg?: Parameters<typeof c.body>[1], headers?: Record<string, string>) => {
        responseBody = JSON.stringify(object);
        return c.body(responseBody, arg as never, { 'content-type': 'application/json', ...headers });
      }) as unknown as typeof c.json;
      await next();
      const tenant = c.var.tenant;
      if (!tenant) return;
      const requestType = c.req.header('content-type') ?? '';
      const url = c.req.url;
      const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
      let requestBody: string | undefined;
      if (requestType.startsWith('multipart/')) requestBody = '[multipart form]';
      else if (c.req.raw.body) requestBody = kept(await c.req.text().catch(() => ''));
      if (responseBody !== undefined) responseBody = kept(responseBody);
      this.record(tenant, {
        at: tenant.clock.nowMs(),
        method: c.req.method,
        path: c.req.path,
        ...(query ? { query } : {}),
        status: c.res.status,
        durationMs: Math.round((monotonicMs() - started) * 100) / 100,
        ...(requestBody ? { requestBody } : {}),
        ...(responseBody !== undefined ? { responseBody } : {}),
        ...(c.var.unknownInputs ? { unknownInputs: c.var.unknownInputs } : {}),
      });
    };
  }
}
