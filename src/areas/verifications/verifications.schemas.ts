import { z } from '@hono/zod-openapi';
import { ListQuery, Timestamp, listResponse } from '../../core/schemas.js';
import { DocumentType } from '../documents/documents.schemas.js';
import { defineWebhook } from '../../events/events.schemas.js';

export const VerificationStatus = z
  .enum(['RESOLVE_ERRORS', 'PENDING_MANUAL_REVIEW', 'IN_PROGRESS', 'APPROVED', 'REJECTED', 'READY_FOR_VERIFICATION'])
  .openapi('VerificationStatus');

export const VerificationErrorType = z
  .enum([
    'MISSING_FIELD', 'INVALID_FIELD', 'MISSING_LEGAL_PRESENCE_DOCUMENT', 'MISSING_CONTROL_STRUCTURE_DOCUMENT', 'MISSING_OWNERSHIP_STRUCTURE_DOCUMENT',
    'MISSING_PROOF_OF_ADDRESS_DOCUMENT', 'MISSING_IDENTITY_DOCUMENT', 'INVALID_DOCUMENT', 'EXPIRED_DOCUMENT', 'POOR_QUALITY_DOCUMENT', 'SUSPECTED_FRAUD_DOCUMENT',
    'WRONG_DOCUMENT_TYPE', 'INCOMPLETE_DOCUMENT', 'UNREADABLE_DOCUMENT', 'DOCUMENT_VERIFICATION_FAILED', 'APPLICANT_SANCTIONED', 'APPLICANT_FRAUD',
    'APPLICANT_CRIMINAL_RECORD', 'APPLICANT_REJECTED', 'MISSING_BENEFICIAL_OWNER', 'MISSING_CONTROL_PERSON', 'MISSING_GOOD_STANDING_DOCUMENT',
  ])
  .openapi('VerificationErrorType');

export const VerificationError = z
  .object({
    resourceId: z.string(),
    type: VerificationErrorType,
    field: z.string().optional(),
    acceptedDocumentTypes: z.array(DocumentType).optional(),
    reason: z.string(),
  })
  .openapi('VerificationError');

export const Verification = z
  .object({
    id: z.string().openapi({ example: 'Verification:019542f5-b3e7-1d02-0000-000000000007' }),
    customerId: z.string(),
    verificationStatus: VerificationStatus,
    errors: z.array(VerificationError),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Verification');

export const VerificationRequest = z.object({ customerId: z.string().min(1).max(200) }).openapi('VerificationRequest');

export const VerificationListQuery = ListQuery.extend({
  customerId: z.string().min(1).max(200).optional(),
  verificationStatus: VerificationStatus.optional(),
});
export const VerificationList = listResponse(Verification, 'VerificationListResponse');

export const KycLinkRequest = z.object({ redirectUri: z.url({ protocol: /^https?$/ }).max(2048).optional() }).openapi('KycLinkCreateRequest');
export const KycLink = z
  .object({ kycUrl: z.string(), expiresAt: Timestamp, provider: z.enum(['SUMSUB']), token: z.string().optional() })
  .openapi('KycLinkResponse');

export type Verification = z.infer<typeof Verification>;
export type VerificationError = z.infer<typeof VerificationError>;
export type VerificationStatus = z.infer<typeof VerificationStatus>;

/** A hosted verification link: single use, expires. Keyed by its token. */
export interface KycLinkRecord {
  id: string;
  customerId: string;
  redirectUri?: string;
  expiresAt: string;
  createdAt: string;
  completedAt?: string;
}

/** VERIFICATION.<status>: a submission was decided. */
export const VerificationWebhook = defineWebhook({
  key: 'verification-update',
  operationId: 'verificationStatusWebhook',
  name: 'VerificationWebhook',
  summary: 'A verification was submitted and decided',
  description: 'Sent for every submission, by POST /verifications or the hosted flow, with the verification as `data`.',
  types: ['VERIFICATION.APPROVED', 'VERIFICATION.REJECTED', 'VERIFICATION.RESOLVE_ERRORS', 'VERIFICATION.IN_PROGRESS', 'VERIFICATION.PENDING_MANUAL_REVIEW', 'VERIFICATION.READY_FOR_VERIFICATION'],
  data: Verification,
});
