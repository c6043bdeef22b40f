/** The contact-verification codes in flight. */
import { z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { defineCollection } from '../../store/spec.js';
import { ContactChannel, type ContactCodeRecord } from './contact-verification.schemas.js';

declare module '../../store/spec.js' {
  interface TenantRecords {
    contactCodes: ContactCodeRecord;
  }
}

export const contactCodesCollection = defineCollection('contactCodes', {
  schema: z.object({ id: z.string().min(1), customerId: z.string().min(1), channel: ContactChannel, sentTo: z.string(), sentAt: z.string() }) as ZodType<ContactCodeRecord>,
  references: (r, lookup) => (lookup.get('customers', r.customerId) ? [] : [{ field: 'customerId', message: `No customer ${r.customerId} in the snapshot` }]),
});
