import { z } from '@hono/zod-openapi';
import { CountryCode, ListQuery, Timestamp, listResponse } from '../../core/schemas.js';

export const DOCUMENT_TYPES = [
  'PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID', 'PROOF_OF_ADDRESS', 'BANK_STATEMENT', 'TAX_RETURN', 'CERTIFICATE_OF_INCORPORATION', 'ARTICLES_OF_INCORPORATION',
  'ARTICLES_OF_ASSOCIATION', 'STATE_REGISTRY_EXCERPT', 'GOOD_STANDING_CERTIFICATE', 'INFORMATION_STATEMENT', 'INCUMBENCY_CERTIFICATE', 'BUSINESS_LICENSE',
  'SHAREHOLDER_REGISTER', 'POWER_OF_ATTORNEY', 'UTILITY_BILL', 'ELECTRICITY_BILL', 'RENT_OR_LEASE_AGREEMENT', 'DIRECTOR_REGISTRY', 'TRUST_AGREEMENT',
  'STATE_COMPANY_REGISTRY', 'PARTNERSHIP_CONTROL_AGREEMENT', 'PARTNERSHIP_AGREEMENT', 'SELFIE', 'OTHER',
] as const;

export const DocumentType = z.enum(DOCUMENT_TYPES).openapi('DocumentType');
export const DocumentSide = z.enum(['FRONT', 'BACK']);

/** Largest document file accepted, as the reference documents it. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

const FileField = z.custom<File>((v) => v instanceof File, { message: 'Attach the document as a file part named file' }).openapi({ type: 'string', format: 'binary' });

const metadata = {
  documentType: DocumentType,
  side: DocumentSide.optional(),
  country: CountryCode,
  documentNumber: z.string().min(1).max(64).optional(),
  issuingAuthority: z.string().min(1).max(255).optional(),
};

export const DocumentUpload = z
  .object({ file: FileField, documentHolder: z.string().min(1).max(200).openapi({ description: 'A customer or beneficial owner id' }), ...metadata })
  .openapi('DocumentUploadRequest');

export const DocumentReplace = z.object({ file: FileField, ...metadata }).openapi('DocumentReplaceRequest');

export const Document = z
  .object({
    id: z.string().openapi({ example: 'Document:019542f5-b3e7-1d02-0000-000000000006' }),
    documentHolder: z.string(),
    ...metadata,
    fileName: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Document');

export const DocumentListQuery = ListQuery.extend({ documentHolder: z.string().min(1).max(200).optional() });
export const DocumentList = listResponse(Document, 'DocumentListResponse');

export type Document = z.infer<typeof Document>;
export type DocumentType = z.infer<typeof DocumentType>;
export type DocumentUpload = z.infer<typeof DocumentUpload>;
export type DocumentReplace = z.infer<typeof DocumentReplace>;

/** What the store keeps: the document plus where its bytes are and what they are. */
export interface DocumentRecord extends Document {
  file: { contentType: 'image/jpeg' | 'image/png' | 'application/pdf'; size: number; sha256: string };
  /** When a verification that relied on it was decided; it can no longer be deleted. */
  submittedAt?: string;
}
