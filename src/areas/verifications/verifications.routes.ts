import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { KycLink, KycLinkRequest, Verification, VerificationList, VerificationListQuery, VerificationRequest } from './verifications.schemas.js';
import { TAGS } from '../../core/tags.js';

const tags = [TAGS.verifications];

export const submitRoute = createRoute({
  operationId: 'createVerification',
  method: 'post',
  path: '/verifications',
  tags,
  summary: 'Submit a customer for KYC or KYB',
  description:
    'Answers with what was decided: RESOLVE_ERRORS with one error per missing item, PENDING_MANUAL_REVIEW, APPROVED or REJECTED. A customer already APPROVED or REJECTED is final: 400. A customer whose contactVerification still has a PENDING channel cannot start KYC: 400.',
  request: { body: jsonBody(VerificationRequest) },
  responses: { 200: jsonResponse(Verification, 'The verification') },
});

export const listRoute = createRoute({
  operationId: 'listVerifications',
  method: 'get',
  path: '/verifications',
  tags,
  summary: 'List verifications',
  request: { query: VerificationListQuery },
  responses: { 200: jsonResponse(VerificationList, 'A page of verifications') },
});

export const getRoute = createRoute({
  operationId: 'getVerification',
  method: 'get',
  path: '/verifications/{verificationId}',
  tags,
  summary: 'Get a verification',
  request: {
    params: z.object({ verificationId: z.string().min(1).max(200).openapi({ param: { name: 'verificationId', in: 'path' }, example: 'Verification:019542f5-b3e7-1d02-0000-000000000007' }) }),
  },
  responses: { 200: jsonResponse(Verification, 'The verification') },
});

const CustomerIdParam = z.object({ customerId: z.string().min(1).max(200).openapi({ param: { name: 'customerId', in: 'path' }, example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' }) });
const KYC_LINK_NOTE =
  'A single-use link, valid for an hour of sandbox time, to a page served by the sandbox where a person completes the verification in a browser. 409 while a customer of a contact-verification region has not verified both e-mail and phone; 400 for a customer already APPROVED or REJECTED (final, as for POST /verifications).';

export const createKycLinkRoute = createRoute({
  operationId: 'createCustomerKycLink',
  method: 'post',
  path: '/customers/{customerId}/kyc-link',
  tags,
  summary: 'Create a hosted verification link',
  description: KYC_LINK_NOTE,
  request: { params: CustomerIdParam, body: { required: false, content: { 'application/json': { schema: KycLinkRequest } } } },
  responses: { 201: jsonResponse(KycLink, 'The link') },
});

export const getKycLinkRoute = createRoute({
  operationId: 'getCustomerKycLink',
  method: 'get',
  path: '/customers/{customerId}/kyc-link',
  tags,
  summary: 'Create a hosted verification link (GET form)',
  description: `${KYC_LINK_NOTE} The same as the POST form, for clients that fetch it.`,
  request: { params: CustomerIdParam, query: KycLinkRequest },
  responses: { 200: jsonResponse(KycLink, 'The link') },
});
