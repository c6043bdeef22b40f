/** Uploaded documents: the records here, their bytes in the tenant's blob store under the same id. */
import { z } from '@hono/zod-openapi';
import { defineCollection } from '../../store/spec.js';
import { Document, type DocumentRecord } from './documents.schemas.js';

declare module '../../store/spec.js' {
  interface TenantRecords {
    documents: DocumentRecord;
  }
}

export const documentsCollection = defineCollection('documents', {
  schema: Document.extend({
    file: z.object({ contentType: z.enum(['image/jpeg', 'image/png', 'application/pdf']), size: z.number().int().min(0), sha256: z.string() }),
    submittedAt: z.string().optional(),
  }),
  indexes: { holder: (d) => d.documentHolder },
  ownsBlobs: true,
});
