/** Receivers looked up before they are quoted (GET /receiver/...). */
import { z } from '@hono/zod-openapi';
import { defineCollection } from '../../store/spec.js';

export interface LookupRecord {
  id: string;
  receiverUmaAddress?: string;
  accountId?: string;
  createdAt: string;
}

declare module '../../store/spec.js' {
  interface TenantRecords {
    lookups: LookupRecord;
  }
}

export const lookupsCollection = defineCollection('lookups', {
  schema: z.object({ id: z.string().min(1), receiverUmaAddress: z.string().optional(), accountId: z.string().optional(), createdAt: z.string() }),
});
