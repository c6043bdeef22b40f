/**
 * Still-processing replies. The wallet operations the spec lets answer
 * 200 {status: PROCESSING} do so only when the control plane armed a fault
 * (POST /__admin/faults), so tests are deterministic. The operation itself
 * runs at once and settles on its own (GET /auth/credentials and
 * GET /auth/sessions show it); the identical re-send returns its terminal
 * result, never a second operation.
 */
import { apiError } from '../../core/errors.js';
import { isoAt, parseInstant } from '../../core/clock.js';
import type { Tenant } from '../../store/tenant.js';
import { defineHook } from '../../store/hooks.js';
import { SIGNED_REQUEST_LIFETIME_SECONDS } from '../../rules/index.js';

/** The operations that may answer PROCESSING, by the name faults use. */
export const PROCESSING_OPERATIONS = [
  'ADD_CREDENTIAL',
  'CHALLENGE_CREDENTIAL',
  'VERIFY_CREDENTIAL',
  'REFRESH_SESSION',
  'REVOKE_CREDENTIAL',
  'REVOKE_SESSION',
  'EXPORT_WALLET',
] as const;
export type ProcessingOperation = (typeof PROCESSING_OPERATIONS)[number];

export const PROCESSING_REPLY = {
  status: 'PROCESSING' as const,
  message: 'The wallet provider accepted the operation and has not settled it yet; re-send the identical request',
};

export interface OperationResult {
  status: 200 | 201 | 202 | 204;
  body?: unknown;
}

const processing = (): OperationResult => ({ status: 200, body: PROCESSING_REPLY });

function isProcessingOperation(operation: string): operation is ProcessingOperation {
  return (PROCESSING_OPERATIONS as readonly string[]).includes(operation);
}

/**
 * Whether the next reply of `operation` says PROCESSING. On its own the
 * sandbox always settles at once; the control plane arms this hook with its
 * faults (POST /__admin/faults).
 */
export const processingReplyHook = defineHook<(tenant: Tenant, operation: ProcessingOperation) => boolean>('wallet.processingReply', () => false);

function takeFault(tenant: Tenant, operation: string): boolean {
  return isProcessingOperation(operation) && tenant.hooks.get(processingReplyHook)(tenant, operation);
}

export interface Correlation {
  /** Identifies the underlying operation across re-sends. */
  key: string;
  operation: string;
  bodySha256: string;
  /** False for wallet export: its result is never stored, so the re-send performs it. */
  storesResult?: boolean;
}

/** Whether an earlier reply for `key` said PROCESSING and the terminal result is still to be collected. */
export function hasPendingResult(tenant: Tenant, key: string): boolean {
  return tenant.pendingOperations.has(key);
}

/**
 * Runs `perform` once for the correlated operation: the first call performs
 * it (unless a fault defers an unstored operation), a re-send after a
 * PROCESSING reply returns the kept result (or another PROCESSING while
 * faults remain). Errors from `perform` are terminal and never deferred.
 */
export async function settleOnce(tenant: Tenant, correlation: Correlation, perform: () => Promise<OperationResult> | OperationResult): Promise<OperationResult> {
  const pending = tenant.pendingOperations.get(correlation.key);
  if (pending) {
    if (pending.bodySha256 !== correlation.bodySha256) {
      throw apiError('UNAUTHORIZED', 'This operation is still processing for a different request body; re-send the identical request');
    }
    if (takeFault(tenant, correlation.operation)) return processing();
    tenant.pendingOperations.remove(pending.id);
    tenant.changed();
    return pending.result ? { status: pending.result.status as OperationResult['status'], body: pending.result.body } : perform();
  }
  const storesResult = correlation.storesResult ?? true;
  const result = storesResult ? await perform() : undefined;
  if (!takeFault(tenant, correlation.operation)) return result ?? perform();
  // Drop results nobody came back for.
  const now = tenant.clock.nowMs();
  tenant.pendingOperations.removeOldestWhile((p) => (parseInstant(p.expiresAt) ?? 0) < now);
  const expiresAt = isoAt(now + SIGNED_REQUEST_LIFETIME_SECONDS * 1000);
  tenant.pendingOperations.insert({
    id: correlation.key,
    operation: correlation.operation,
    bodySha256: correlation.bodySha256,
    ...(result ? { result: { status: result.status, ...(result.body !== undefined ? { body: result.body } : {}) } } : {}),
    expiresAt,
  });
  tenant.changed();
  return processing();
}
