/** Bulk customer import jobs (each owns its uploaded CSV as a blob) and their row errors. */
import { z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { defineCollection } from '../../store/spec.js';
import { BulkCustomerImportErrorEntry, ImportStatus, type CustomerImportErrorsRecord, type CustomerImportJobRecord } from './customer-imports.schemas.js';

declare module '../../store/spec.js' {
  interface TenantRecords {
    customerImportJobs: CustomerImportJobRecord;
    customerImportErrors: CustomerImportErrorsRecord;
  }
}

const count = z.number().int().min(0);

export const customerImportJobsCollection = defineCollection('customerImportJobs', {
  schema: z.object({
    id: z.string().min(1),
    status: ImportStatus,
    fileName: z.string(),
    total: count,
    processed: count,
    successful: count,
    failed: count,
    createdAt: z.string(),
    updatedAt: z.string(),
    completedAt: z.string().optional(),
  }) as ZodType<CustomerImportJobRecord>,
  ownsBlobs: true,
});

export const customerImportErrorsCollection = defineCollection('customerImportErrors', {
  schema: z.object({ id: z.string().min(1), jobId: z.string().min(1), errors: z.array(BulkCustomerImportErrorEntry) }) as ZodType<CustomerImportErrorsRecord>,
  indexes: { job: (r) => r.jobId },
  references: (r, lookup) => (lookup.get('customerImportJobs', r.jobId) ? [] : [{ field: 'jobId', message: `No import job ${r.jobId} in the snapshot` }]),
});
