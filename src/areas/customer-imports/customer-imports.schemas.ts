import { z } from '@hono/zod-openapi';
import { Timestamp } from '../../core/schemas.js';
import { defineWebhook } from '../../events/events.schemas.js';

export const ImportStatus = z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED']);
export type ImportStatus = z.infer<typeof ImportStatus>;

const FileField = z.custom<File>((v) => v instanceof File, { message: 'Attach the CSV as a file part named file' }).openapi({ type: 'string', format: 'binary' });

export const CustomerCsvUpload = z.object({ file: FileField.openapi({ description: 'The CSV: a header row, then one customer per row' }) }).openapi('CustomerCsvUploadRequest');

export const BulkCustomerImportJobAccepted = z
  .object({ jobId: z.string().openapi({ example: 'Job:019542f5-b3e7-1d02-0000-000000000006' }), status: z.enum(['PENDING', 'PROCESSING']) })
  .openapi('BulkCustomerImportJobAccepted');

export const BulkCustomerImportErrorEntry = z
  .object({
    correlationId: z.string().openapi({ description: 'The platformCustomerId of the row, or "row N" when it has none', example: 'biz456' }),
    code: z.string().openapi({ example: 'INVALID_INPUT' }),
    message: z.string(),
    details: z
      .object({
        row: z.number().int().min(1).openapi({ description: 'The data row (1 is the first row after the header)' }),
        line: z.number().int().min(2).openapi({ description: 'The line of the file the row ends on' }),
        errors: z
          .array(
            z.object({
              field: z.string().openapi({ description: 'The CSV column, or (row) for the row as a whole' }),
              message: z.string().optional(),
              constraint: z
                .object({ format: z.string().optional(), pattern: z.string().optional(), enum: z.array(z.string()).optional(), minLength: z.number().int().optional(), maxLength: z.number().int().optional() })
                .optional(),
            }),
          )
          .openapi({ description: 'One entry per invalid field, named by its CSV column' }),
      })
      .catchall(z.unknown()),
  })
  .openapi('BulkCustomerImportErrorEntry');
export type BulkCustomerImportErrorEntry = z.infer<typeof BulkCustomerImportErrorEntry>;

export const BulkCustomerImportJob = z
  .object({
    id: z.string().openapi({ example: 'Job:019542f5-b3e7-1d02-0000-000000000006' }),
    status: ImportStatus,
    progress: z.object({ total: z.number().int(), processed: z.number().int(), successful: z.number().int(), failed: z.number().int() }),
    errors: z.array(BulkCustomerImportErrorEntry),
    completedAt: Timestamp.optional().openapi({ description: 'Once COMPLETED (at least one customer created) or FAILED (none)' }),
  })
  .openapi('BulkCustomerImportJob');
export type BulkCustomerImportJob = z.infer<typeof BulkCustomerImportJob>;

/** BULK_UPLOAD.COMPLETED and BULK_UPLOAD.FAILED: a bulk import job ended. */
export const BulkUploadWebhook = defineWebhook({
  key: 'bulk-upload',
  operationId: 'bulkUploadWebhook',
  name: 'BulkUploadWebhook',
  summary: 'A bulk customer import ended',
  description: 'Sent when a CSV import job ends: COMPLETED when any customer was created, FAILED when none was. `data` is the job with its counts and row errors.',
  types: ['BULK_UPLOAD.COMPLETED', 'BULK_UPLOAD.FAILED'],
  data: BulkCustomerImportJob,
});

/** A job as stored: its counts; the CSV is a blob under the job id, the row errors are stored per step. */
export interface CustomerImportJobRecord {
  id: string;
  status: ImportStatus;
  fileName: string;
  total: number;
  processed: number;
  successful: number;
  failed: number;
  createdAt: string;
  updatedAt: string;
  completedAt?: string;
}

/** The row errors of one step of a job. */
export interface CustomerImportErrorsRecord {
  id: string;
  jobId: string;
  errors: BulkCustomerImportErrorEntry[];
}
