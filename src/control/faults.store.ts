/** Armed faults: a collection of the control plane (the hooks they drive are armed by faults.service.ts). */
import { defineCollection } from '../store/spec.js';
import { Fault, type FaultRecord } from './faults.schemas.js';

declare module '../store/spec.js' {
  interface TenantRecords {
    faults: FaultRecord;
  }
}

export const faultsCollection = defineCollection('faults', { schema: Fault });

