/** Identity enums shared by customers and beneficial owners. */
import { z } from '@hono/zod-openapi';
import { whenObject } from '../../core/schemas.js';

export const KycStatus = z.enum(['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED']).openapi('KycStatus');
export const IdType = z.enum(['SSN', 'ITIN', 'EIN', 'NON_US_TAX_ID']);

/** `identifier` must look like an SSN when idType says it is one; checked even when other fields fail. */
const SSN = /^\d{3}-\d{2}-\d{4}$/;
export const ssnShape: [(v: { idType?: unknown; identifier?: unknown }) => boolean, z.core.$ZodCustomParams] = [
  (v) => !(v.idType === 'SSN' && typeof v.identifier === 'string' && !SSN.test(v.identifier)),
  { ...whenObject, path: ['identifier'], message: 'An SSN has the form ###-##-####', params: { constraint: { format: 'us-ssn', pattern: SSN.source } } },
];

