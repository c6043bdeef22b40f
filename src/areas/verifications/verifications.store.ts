/** Verifications and hosted verification links. */
import { z } from '@hono/zod-openapi';
import { defineCollection } from '../../store/spec.js';
import { Verification, type KycLinkRecord } from './verifications.schemas.js';

declare module '../../store/spec.js' {
  interface TenantRecords {
    verifications: Verification;
    kycLinks: KycLinkRecord;
  }
}

export const verificationsCollection = defineCollection('verifications', {
  schema: Verification,
  indexes: { customer: (v) => v.customerId, status: (v) => v.verificationStatus },
});

export const kycLinksCollection = defineCollection('kycLinks', {
  schema: z.object({
    id: z.string().min(1),
    customerId: z.string(),
    redirectUri: z.string().optional(),
    expiresAt: z.string(),
    createdAt: z.string(),
    completedAt: z.string().optional(),
  }),
});
