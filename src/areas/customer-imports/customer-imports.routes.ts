import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { invalidInput } from '../../core/errors.js';
import { BULK_IMPORT_CHUNK_INTERVAL_MS, BULK_IMPORT_CHUNK_ROWS } from '../../rules/index.js';
import { jsonResponse } from '../../core/schemas.js';
import { TAGS } from '../../core/tags.js';
import { BulkCustomerImportJob, BulkCustomerImportJobAccepted, CustomerCsvUpload } from './customer-imports.schemas.js';
import { MAX_CSV_BYTES, MAX_CSV_ROWS } from './customer-imports.service.js';

const tags = [TAGS.customers];

const MAX_UPLOAD_BYTES = MAX_CSV_BYTES + 64 * 1024;
const tooLarge = () => invalidInput([{ field: 'file', message: `The file is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB` }]);
const meter = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES,
  onError: () => {
    throw tooLarge();
  },
});

/** Refuses an oversized upload before reading it. */
const uploadLimit: MiddlewareHandler = (c, next) => {
  const declared = c.req.header('content-length');
  if (declared === undefined) return meter(c, next);
  if (Number(declared) > MAX_UPLOAD_BYTES) throw tooLarge();
  return next();
};

export const uploadCsvRoute = createRoute({
  method: 'post',
  path: '/customers/bulk/csv',
  operationId: 'uploadCustomersCsv',
  tags,
  middleware: [uploadLimit],
  summary: 'Upload customers as CSV',
  description: `A header row, then one customer per row. Required columns: umaAddress (the $ may be left out), platformCustomerId, customerType (INDIVIDUAL or BUSINESS). An INDIVIDUAL row fills fullName, birthDate, addressLine1, city, state, postalCode and country; a BUSINESS row fills businessLegalName, the same address columns, businessTaxId and businessIncorporatedOn (YYYY-MM-DD). Optional: addressLine2, email, phoneNumber, region, nationality, businessRegistrationNumber, businessCountry (the address country when empty), platformAccountId and description (accepted, not stored). A file that is no CSV of customers (unknown or missing columns, broken quoting, no rows, more than ${MAX_CSV_ROWS} rows, over ${MAX_CSV_BYTES / 1024 / 1024} MB) is 400 at once; otherwise 202 with a job whose rows are created in steps of ${BULK_IMPORT_CHUNK_ROWS} every ${BULK_IMPORT_CHUNK_INTERVAL_MS} ms of sandbox time (so a large file never holds up other requests). Follow it with GET /customers/bulk/jobs/{jobId}; the BULK_UPLOAD.COMPLETED or BULK_UPLOAD.FAILED webhook tells the end.`,
  request: { body: { required: true, content: { 'multipart/form-data': { schema: CustomerCsvUpload } } } },
  responses: { 202: jsonResponse(BulkCustomerImportJobAccepted, 'The import job') },
});

export const getJobRoute = createRoute({
  method: 'get',
  path: '/customers/bulk/jobs/{jobId}',
  operationId: 'getBulkCustomerImportJob',
  tags,
  summary: 'Get a bulk import job',
  description: 'Progress counts and one error per failed row, naming the row, its line and the CSV columns at fault. COMPLETED when any customer was created, FAILED when none was.',
  request: { params: z.object({ jobId: z.string().min(1).max(200).openapi({ param: { name: 'jobId', in: 'path' }, example: 'Job:019542f5-b3e7-1d02-0000-000000000006' }) }) },
  responses: { 200: jsonResponse(BulkCustomerImportJob, 'The job') },
});
