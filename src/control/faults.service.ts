/**
 * Control-plane faults: injected latency and errors on matching API
 * requests, and the still-processing replies of wallet operations, for a
 * test suite's retry and timeout code. Each fault applies to a number of
 * requests, or until cleared.
 */
import type { MiddlewareHandler } from 'hono';
import { apiError } from '../core/errors.js';
import type { AppEnv } from '../core/env.js';
import { API_BASE_PATH } from '../core/version.js';
import type { Tenant } from '../store/tenant.js';
import type { Hooks } from '../store/hooks.js';
import { processingReplyHook } from '../areas/wallet-auth/processing.js';
import type { FaultRecord, FaultRequest } from './faults.schemas.js';

export function armFault(tenant: Tenant, request: FaultRequest): FaultRecord {
  const { count, ...rest } = request;
  const fault: FaultRecord = { id: tenant.ids('Fault'), ...rest, ...(count !== undefined ? { remaining: count } : {}), createdAt: tenant.clock.nowIso() };
  tenant.faults.insert(fault);
  tenant.changed();
  return fault;
}

export function listFaults(tenant: Tenant): { data: FaultRecord[] } {
  return { data: [...tenant.faults.values()] };
}

export function clearFaults(tenant: Tenant): { removed: number } {
  const removed = tenant.faults.removeOldestWhile(() => true);
  tenant.changed();
  return { removed };
}

/** Uses up one application of the first fault `matches` accepts. */
export function spendFault(tenant: Tenant, matches: (fault: FaultRecord) => boolean): FaultRecord | undefined {
  for (const fault of tenant.faults.values()) {
    if (!matches(fault)) continue;
    if (fault.remaining !== undefined) {
      if (fault.remaining <= 1) tenant.faults.remove(fault.id);
      else tenant.faults.update(fault.id, (f) => void (f.remaining = f.remaining! - 1));
    }
    tenant.changed();
    return fault;
  }
  return undefined;
}

const patterns = new Map<string, RegExp>();

/** `/quotes/*\/execute`: `*` is one path segment; the pattern also matches everything below it. */
function pathPattern(path: string): RegExp {
  let pattern = patterns.get(path);
  if (!pattern) {
    const body = path.replace(/\/+$/, '').split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+');
    pattern = new RegExp(`^${body}(?:/.*)?$`);
    patterns.set(path, pattern);
  }
  return pattern;
}

function matchesRequest(fault: FaultRecord, method: string, path: string): boolean {
  return (fault.method === undefined || fault.method === method) && (fault.path === undefined || pathPattern(fault.path).test(path));
}

/** Applies LATENCY and ERROR faults to the tenant's API requests before they are handled. */
export function requestFaults(): MiddlewareHandler<AppEnv> {
  const applyFaults: MiddlewareHandler<AppEnv> = async (c, next) => {
    const tenant = c.get('tenant');
    const path = c.req.path.startsWith(API_BASE_PATH) ? c.req.path.slice(API_BASE_PATH.length) || '/' : c.req.path;
    const latency = spendFault(tenant, (f) => f.kind === 'LATENCY' && matchesRequest(f, c.req.method, path));
    if (latency?.latencyMs) await new Promise((resolve) => setTimeout(resolve, latency.latencyMs));
    const error = spendFault(tenant, (f) => f.kind === 'ERROR' && matchesRequest(f, c.req.method, path));
    if (error?.code) throw apiError(error.code, `Injected by control-plane fault ${error.id}`, { faultId: error.id });
    return next();
  };
  // No work for faults while none is armed.
  return (c, next) => (c.get('tenant').faults.size === 0 ? next() : applyFaults(c, next));
}

/** Lets armed WALLET_PROCESSING faults answer the wallet area's still-processing hook. */
export function armFaultHooks(hooks: Hooks): void {
  hooks.arm(processingReplyHook, (tenant, operation) => spendFault(tenant, (f) => f.kind === 'WALLET_PROCESSING' && (f.operation === undefined || f.operation === operation)) !== undefined);
}
