/**
 * Required Idempotency-Keys of the stablecoin endpoints. A key names one
 * request: the same key with the same operation and body answers with what
 * that request created (as it is now), the same key with anything else is
 * 409. One namespace for every stablecoin endpoint, so a key reused on
 * another endpoint is a conflict too. Only successes are remembered: a
 * request refused with an error (a 503 from the provider included) may be
 * retried with its key.
 */
import { isoAt, parseInstant } from '../../core/clock.js';
import { apiError } from '../../core/errors.js';
import { sha256Hex } from '../../crypto/digest.js';
import { STABLECOIN_IDEMPOTENCY_KEY_SECONDS } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';

/** JSON with object keys sorted, so the same body always gives the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export interface IdempotentRequest {
  key: string;
  /** The operationId and its path parameters: what the key was used for. */
  operation: string;
  body: unknown;
}

function fingerprintOf(request: IdempotentRequest): string {
  return sha256Hex(`${request.operation}\n${canonical(request.body)}`);
}

function forget(tenant: Tenant): void {
  const cutoff = tenant.clock.nowMs() - STABLECOIN_IDEMPOTENCY_KEY_SECONDS * 1000;
  tenant.stablecoinIdempotencyKeys.removeOldestWhile((k) => (parseInstant(k.createdAt) ?? 0) <= cutoff);
}

/**
 * What an earlier request with this key created (then the caller answers
 * with it and does nothing else), or undefined for a fresh key. 409 CONFLICT
 * when the key was used for another request.
 */
export function replayed(tenant: Tenant, request: IdempotentRequest): string | undefined {
  forget(tenant);
  const seen = tenant.stablecoinIdempotencyKeys.get(request.key);
  if (!seen) return undefined;
  if (seen.fingerprint !== fingerprintOf(request)) {
    throw apiError('CONFLICT', `Idempotency-Key ${request.key} was already used for a different request; use a new key for a new request`, {
      idempotencyKey: request.key,
      resourceId: seen.resourceId,
    });
  }
  return seen.resourceId;
}

/** Records that the request with this key created `resourceId`. */
export function remember(tenant: Tenant, request: IdempotentRequest, resourceId: string): void {
  tenant.stablecoinIdempotencyKeys.insert({ id: request.key, fingerprint: fingerprintOf(request), resourceId, createdAt: isoAt(tenant.clock.nowMs()) });
  tenant.changed();
}
