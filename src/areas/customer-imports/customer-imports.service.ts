/**
 * Bulk customer import: a CSV becomes a job that creates its customers a
 * step at a time on the tenant clock (so a large file never blocks other
 * requests), counting progress and keeping an error per bad row. The job
 * ends COMPLETED when any customer was created, FAILED when none was, with
 * the BULK_UPLOAD.* webhook.
 */
import { ApiError, notFound, type FieldError } from '../../core/errors.js';
import { fieldErrorsOf } from '../../core/validation.js';
import { BULK_IMPORT_CHUNK_INTERVAL_MS, BULK_IMPORT_CHUNK_ROWS } from '../../rules/index.js';
import type { DueJob } from '../../store/jobs.js';
import type { Tenant } from '../../store/tenant.js';
import { emitEvent } from '../../events/outbox.js';
import { CustomerCreateRequest } from '../customers/customers.schemas.js';
import { createCustomer } from '../customers/customers.service.js';
import { BulkUploadWebhook, type BulkCustomerImportErrorEntry, type BulkCustomerImportJob, type CustomerImportJobRecord } from './customer-imports.schemas.js';
import { columnOf, parseCustomerCsv, requestOfRow, type CsvRow } from './csv.js';
import { IMPORT_STEP_JOB } from '../job-kinds.js';

export { IMPORT_STEP_JOB };
/** Largest file, and most rows in one. */
export const MAX_CSV_BYTES = 20 * 1024 * 1024;
export const MAX_CSV_ROWS = 50_000;

/** Parsed rows of running jobs, so each step does not parse the file again (rebuilt from the blob after a restart). */
function rowCache(tenant: Tenant): Map<string, CsvRow[]> {
  return tenant.derived('customerImportRows', () => new Map<string, CsvRow[]>());
}

/** POST /customers/bulk/csv: the file is checked now, its rows are created from one interval later on. */
export function uploadCustomerCsv(tenant: Tenant, file: { name: string; bytes: Buffer }): { jobId: string; status: 'PENDING' } {
  const rows = parseCustomerCsv(file.bytes.toString('utf8'), MAX_CSV_ROWS);
  const now = tenant.clock.nowIso();
  const job: CustomerImportJobRecord = { id: tenant.ids('Job'), status: 'PENDING', fileName: file.name, total: rows.length, processed: 0, successful: 0, failed: 0, createdAt: now, updatedAt: now };
  tenant.blobs.put(job.id, file.bytes);
  tenant.customerImportJobs.insert(job);
  rowCache(tenant).set(job.id, rows);
  tenant.scheduler.schedule(IMPORT_STEP_JOB, BULK_IMPORT_CHUNK_INTERVAL_MS, { jobId: job.id });
  tenant.changed();
  return { jobId: job.id, status: 'PENDING' };
}

function errorsOf(tenant: Tenant, jobId: string): BulkCustomerImportErrorEntry[] {
  return tenant.customerImportErrors.byIndex('job', jobId).flatMap((r) => r.errors);
}

function present(tenant: Tenant, job: CustomerImportJobRecord): BulkCustomerImportJob {
  return {
    id: job.id,
    status: job.status,
    progress: { total: job.total, processed: job.processed, successful: job.successful, failed: job.failed },
    errors: errorsOf(tenant, job.id),
    ...(job.completedAt ? { completedAt: job.completedAt } : {}),
  };
}

/** GET /customers/bulk/jobs/{jobId}. */
export function getImportJob(tenant: Tenant, jobId: string): BulkCustomerImportJob {
  const job = tenant.customerImportJobs.get(jobId);
  if (!job) throw notFound('BulkUploadJob', jobId);
  return present(tenant, job);
}

type StoredFieldError = BulkCustomerImportErrorEntry['details']['errors'][number];

/** A field error named by its CSV column, as plain data (first one per column). */
function byColumn(errors: readonly FieldError[]): StoredFieldError[] {
  const byField = new Map<string, StoredFieldError>();
  for (const e of errors) {
    const field = columnOf(e.field);
    if (byField.has(field)) continue;
    const { enum: values, ...constraint } = e.constraint ?? {};
    byField.set(field, {
      field,
      ...(e.message !== undefined ? { message: e.message } : {}),
      ...(e.constraint ? { constraint: { ...constraint, ...(values ? { enum: [...values] } : {}) } } : {}),
    });
  }
  return [...byField.values()];
}

/** Creates the customer of one row, or says why not. */
function importRow(tenant: Tenant, row: CsvRow): BulkCustomerImportErrorEntry | undefined {
  const { request, errors } = requestOfRow(row);
  const correlationId = row.cells.platformCustomerId || `row ${row.row}`;
  const entry = (code: string, message: string, fieldErrors: StoredFieldError[]): BulkCustomerImportErrorEntry => ({ correlationId, code, message, details: { row: row.row, line: row.line, errors: fieldErrors } });
  const parsed = CustomerCreateRequest.safeParse(request);
  const invalid = byColumn([...errors, ...(parsed.success ? [] : fieldErrorsOf(parsed.error.issues))]);
  if (invalid.length > 0 || !parsed.success) return entry('INVALID_INPUT', `Row ${row.row}: ${invalid.map((e) => e.field).join(', ')} invalid`, invalid);
  try {
    createCustomer(tenant, parsed.data);
    return undefined;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fields = byColumn(error.details?.errors ?? []);
    const field = typeof error.details?.field === 'string' ? error.details.field : undefined;
    return entry(error.code, `Row ${row.row}: ${error.message}`, fields.length > 0 ? fields : field ? byColumn([{ field, message: error.message }]) : []);
  }
}

function finish(tenant: Tenant, jobId: string): void {
  const job = tenant.customerImportJobs.update(jobId, (j) => {
    j.status = j.successful > 0 ? 'COMPLETED' : 'FAILED';
    j.completedAt = tenant.clock.nowIso();
    j.updatedAt = j.completedAt;
  });
  rowCache(tenant).delete(jobId);
  tenant.changed();
  emitEvent(tenant, BulkUploadWebhook, job.status === 'COMPLETED' ? 'BULK_UPLOAD.COMPLETED' : 'BULK_UPLOAD.FAILED', present(tenant, job));
}

/** Due job: the next rows of an import. */
export function runImportStep(tenant: Tenant, due: DueJob): void {
  const jobId = String(due.payload.jobId);
  const job = tenant.customerImportJobs.get(jobId);
  if (!job || job.status === 'COMPLETED' || job.status === 'FAILED') return;
  const cache = rowCache(tenant);
  let rows = cache.get(jobId);
  if (!rows) {
    const bytes = tenant.blobs.get(jobId);
    if (!bytes) {
      // The file went away (e.g. a restored snapshot without it): nothing more can be imported.
      tenant.customerImportJobs.update(jobId, (j) => (j.failed = j.total - j.successful));
      finish(tenant, jobId);
      return;
    }
    rows = parseCustomerCsv(bytes.toString('utf8'), MAX_CSV_ROWS);
    cache.set(jobId, rows);
  }
  const slice = rows.slice(job.processed, job.processed + BULK_IMPORT_CHUNK_ROWS);
  const errors: BulkCustomerImportErrorEntry[] = [];
  for (const row of slice) {
    const error = importRow(tenant, row);
    if (error) errors.push(error);
  }
  if (errors.length > 0) tenant.customerImportErrors.insert({ id: `${jobId}#${job.processed}`, jobId, errors });
  const updated = tenant.customerImportJobs.update(jobId, (j) => {
    j.status = 'PROCESSING';
    j.processed += slice.length;
    j.failed += errors.length;
    j.successful += slice.length - errors.length;
    j.updatedAt = tenant.clock.nowIso();
  });
  tenant.changed();
  if (updated.processed >= updated.total) finish(tenant, jobId);
  else tenant.scheduler.schedule(IMPORT_STEP_JOB, BULK_IMPORT_CHUNK_INTERVAL_MS, { jobId });
}
