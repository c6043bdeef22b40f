/** Armed faults (a collection of the control plane), and the area hooks they drive. */
import { defineCollection } from '../store/spec.js';
import type { Hooks } from '../store/hooks.js';
import { processingReplyHook } from '../areas/wallet-auth/processing.js';
import { Fault, type FaultRecord } from './faults.schemas.js';
import { spendFault } from './faults.service.js';

declare module '../store/spec.js' {
  interface TenantRecords {
    faults: FaultRecord;
  }
}

export const faultsCollection = defineCollection('faults', { schema: Fault });

/** Lets armed WALLET_PROCESSING faults answer the wallet area's still-processing hook. */
export function armFaultHooks(hooks: Hooks): void {
  hooks.arm(processingReplyHook, (tenant, operation) => spendFault(tenant, (f) => f.kind === 'WALLET_PROCESSING' && (f.operation === undefined || f.operation === operation)) !== undefined);
}
