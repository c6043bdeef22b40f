import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { fileTooLarge } from './documents.service.js';
import { jsonResponse } from '../../core/schemas.js';
import { Document, DocumentList, DocumentListQuery, DocumentReplace, DocumentUpload, MAX_DOCUMENT_BYTES } from './documents.schemas.js';
import { TAGS } from '../../core/tags.js';

const tags = [TAGS.documents];
const IdParam = z.object({
  documentId: z.string().min(1).max(200).openapi({ param: { name: 'documentId', in: 'path' }, example: 'Document:019542f5-b3e7-1d02-0000-000000000006' }),
});

/** Room for the multipart envelope and metadata around the largest file. */
const MAX_UPLOAD_BYTES = MAX_DOCUMENT_BYTES + 64 * 1024;
const meter = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES,
  onError: () => {
    throw fileTooLarge();
  },
});

/** Refuses an oversized upload before reading it: 413, with a field error on file. */
const uploadLimit: MiddlewareHandler = (c, next) => {
  const declared = c.req.header('content-length');
  if (declared === undefined) return meter(c, next);
  if (Number(declared) > MAX_UPLOAD_BYTES) throw fileTooLarge();
  return next();
};

const multipart = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'multipart/form-data': { schema } } });
const UPLOAD_NOTE = `JPEG, PNG or PDF (checked by content), at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB. A documentNumber ending in 201 to 206 is rejected with LOW_QUALITY, DATA_MISMATCH, EXPIRED, SUSPECTED_FRAUD, UNSUITABLE_DOCUMENT or INCOMPLETE.`;

export const uploadRoute = createRoute({
  operationId: 'uploadDocument',
  method: 'post',
  path: '/documents',
  tags,
  middleware: [uploadLimit],
  summary: 'Upload a verification document',
  description: `Multipart upload for a customer or a beneficial owner. ${UPLOAD_NOTE}`,
  request: { body: multipart(DocumentUpload) },
  responses: { 201: jsonResponse(Document, 'The stored document') },
});

export const listRoute = createRoute({
  operationId: 'listDocuments',
  method: 'get',
  path: '/documents',
  tags,
  summary: 'List documents',
  request: { query: DocumentListQuery },
  responses: { 200: jsonResponse(DocumentList, 'A page of documents') },
});

export const getRoute = createRoute({
  operationId: 'getDocument',
  method: 'get',
  path: '/documents/{documentId}',
  tags,
  summary: 'Get a document',
  request: { params: IdParam },
  responses: { 200: jsonResponse(Document, 'The document') },
});

export const replaceRoute = createRoute({
  operationId: 'replaceDocument',
  method: 'put',
  path: '/documents/{documentId}',
  tags,
  middleware: [uploadLimit],
  summary: 'Replace a document',
  description: `Replaces the file and metadata, e.g. after a rejection. ${UPLOAD_NOTE}`,
  request: { params: IdParam, body: multipart(DocumentReplace) },
  responses: { 200: jsonResponse(Document, 'The replaced document') },
});

export const deleteRoute = createRoute({
  operationId: 'deleteDocument',
  method: 'delete',
  path: '/documents/{documentId}',
  tags,
  summary: 'Delete a document',
  description: 'A document a decided verification relied on cannot be deleted (409).',
  request: { params: IdParam },
  responses: { 204: { description: 'Deleted' } },
});
