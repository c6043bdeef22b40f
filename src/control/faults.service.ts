/** Control-plane faults: deterministic still-processing replies of wallet operations, for client retry code to be tested. */
import type { Tenant } from '../store/tenant.js';
import type { ProcessingOperation } from '../areas/wallet-auth/processing.js';
import type { FaultRecord } from '../areas/wallet-auth/wallet-auth.schemas.js';

export function armFault(tenant: Tenant, request: { kind: 'WALLET_PROCESSING'; operation?: ProcessingOperation | undefined; count: number }): FaultRecord {
  const fault: FaultRecord = {
    id: tenant.ids('Fault'),
    kind: request.kind,
    ...(request.operation !== undefined ? { operation: request.operation } : {}),
    remaining: request.count,
    createdAt: tenant.clock.nowIso(),
  };
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
