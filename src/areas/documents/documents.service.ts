/**
 * Verification documents of customers and beneficial owners. Files are
 * checked by their content, reviewed by the sandbox rule on documentNumber,
 * and kept beside the tenant's data.
 */
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { ApiError, apiError, invalidInput, notFound } from '../../core/errors.js';
import { decodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import { outcomeFor } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';
import { requireLiveCustomer } from '../customers/customers.service.js';
import { verificationInputsChanged } from '../customers/verification-inputs.js';
import { MAX_DOCUMENT_BYTES, type Document, type DocumentRecord, type DocumentReplace } from './documents.schemas.js';
import { sniffDocumentType } from './file-type.js';

const LIST = 'documents';

/** An uploaded file as the handler read it. */
export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

export type DocumentMetadata = Omit<DocumentReplace, 'file'>;

export function presentDocument(record: DocumentRecord): Document {
  const { file: _file, submittedAt: _submitted, ...document } = record;
  return document;
}

export function requireDocument(tenant: Tenant, id: string): DocumentRecord {
  const document = tenant.documents.get(id);
  if (!document) throw notFound('Document', id);
  return document;
}

/** A document holder is a live customer or a beneficial owner of one: 404 with the code of what it names. */
function requireHolder(tenant: Tenant, holderId: string): void {
  if (holderId.startsWith('BeneficialOwner:')) {
    const owner = tenant.beneficialOwners.get(holderId);
    if (!owner) throw notFound('BeneficialOwner', holderId);
    requireLiveCustomer(tenant, owner.customerId);
    return;
  }
  requireLiveCustomer(tenant, holderId);
}

/** 413 with a field error on file: the upload, or the file in it, is over the limit. */
export function fileTooLarge(): ApiError {
  const message = `The file is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`;
  return apiError('PAYLOAD_TOO_LARGE', message, { errors: [{ field: 'file', message }] });
}

function checkFile(file: UploadedFile): NonNullable<ReturnType<typeof sniffDocumentType>> {
  if (file.bytes.length === 0) throw invalidInput([{ field: 'file', message: 'The file is empty' }]);
  if (file.bytes.length > MAX_DOCUMENT_BYTES) throw fileTooLarge();
  const kind = sniffDocumentType(file.bytes);
  if (!kind) throw invalidInput([{ field: 'file', message: 'The file must be a JPEG, PNG or PDF (checked by its content, not its name)' }]);
  return kind;
}

/** The sandbox's document review: a documentNumber suffix can reject the document with its 400 code. */
function review(tenant: Tenant, metadata: DocumentMetadata): void {
  const { result } = outcomeFor('documentReview', metadata.documentNumber ?? '', tenant.coverage);
  if (result !== 'ACCEPTED') throw apiError(result, undefined, { field: 'documentNumber' });
}

function fileNameOf(file: UploadedFile, metadata: DocumentMetadata, extension: string): string {
  const name = basename(file.name.replace(/\\/g, '/')).replace(/[\u0000-\u001f]/g, '').slice(0, 255);
  return name && name !== 'blob' ? name : `${metadata.documentType.toLowerCase()}.${extension}`;
}

function store(tenant: Tenant, id: string, file: UploadedFile, metadata: DocumentMetadata): Pick<DocumentRecord, 'file' | 'fileName'> {
  const kind = checkFile(file);
  review(tenant, metadata);
  tenant.blobs.put(id, file.bytes);
  return {
    fileName: fileNameOf(file, metadata, kind.extension),
    file: { contentType: kind.type, size: file.bytes.length, sha256: createHash('sha256').update(file.bytes).digest('hex') },
  };
}

export function uploadDocument(tenant: Tenant, holderId: string, metadata: DocumentMetadata, file: UploadedFile): Document {
  requireHolder(tenant, holderId);
  const id = tenant.ids('Document');
  const stored = store(tenant, id, file, metadata);
  const now = tenant.clock.nowIso();
  const record: DocumentRecord = { id, documentHolder: holderId, ...metadata, ...stored, createdAt: now, updatedAt: now };
  tenant.documents.insert(record);
  tenant.changed();
  verificationInputsChanged(tenant, holderId, 'document');
  return presentDocument(record);
}

/** Replaces a document's file and metadata, e.g. after a rejection. */
export function replaceDocument(tenant: Tenant, id: string, metadata: DocumentMetadata, file: UploadedFile): Document {
  const existing = requireDocument(tenant, id);
  requireHolder(tenant, existing.documentHolder);
  const stored = store(tenant, id, file, metadata);
  const updated = tenant.documents.update(id, (d) => {
    for (const key of ['side', 'documentNumber', 'issuingAuthority'] as const) delete d[key];
    Object.assign(d, metadata, stored, { updatedAt: tenant.clock.nowIso() });
    delete d.submittedAt;
  });
  tenant.changed();
  verificationInputsChanged(tenant, existing.documentHolder, 'document');
  return presentDocument(updated);
}

export function listDocuments(tenant: Tenant, query: { documentHolder?: string | undefined; limit: number; cursor?: string | undefined }): ListResult<Document> {
  const beforeSeq = decodeCursor(LIST, query.cursor);
  const page = tenant.documents.page({
    ...(query.documentHolder !== undefined ? { index: 'holder', key: query.documentHolder } : {}),
    limit: query.limit,
    ...(beforeSeq !== undefined ? { beforeSeq } : {}),
  });
  return toListResult(LIST, page, presentDocument);
}

export function documentsOf(tenant: Tenant, holderId: string): DocumentRecord[] {
  return tenant.documents.byIndex('holder', holderId);
}

/** Documents a decided verification relied on cannot be deleted. */
export function deleteDocument(tenant: Tenant, id: string): void {
  const document = requireDocument(tenant, id);
  if (document.submittedAt) {
    throw apiError('CONFLICT', `Document ${id} was submitted for verification on ${document.submittedAt} and can no longer be deleted`, { documentId: id });
  }
  tenant.documents.remove(id);
  tenant.blobs.delete(id);
  tenant.changed();
}

export function deleteDocumentsOf(tenant: Tenant, holderId: string): void {
  for (const document of documentsOf(tenant, holderId)) {
    tenant.documents.remove(document.id);
    tenant.blobs.delete(document.id);
  }
  tenant.changed();
}

/** Marks documents as relied on by a verification. */
export function markSubmitted(tenant: Tenant, ids: readonly string[]): void {
  const now = tenant.clock.nowIso();
  for (const id of ids) {
    tenant.documents.update(id, (d) => {
      d.submittedAt ??= now;
    });
  }
  tenant.changed();
}
