import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { TAGS } from '../../core/tags.js';
import { Quote } from '../quotes/quotes.schemas.js';
import {
  BeneficiaryTrustConfirm,
  BeneficiaryTrustConfirmRequest,
  BeneficiaryTrustStart,
  CustomerIdQuery,
  RecordSecurityEventRequest,
  RecordSecurityEventResponse,
  ScaAuthorization,
  ScaFactorConfirmRequest,
  ScaFactorConfirmResponse,
  ScaFactorEnrollRequest,
  ScaFactorEnrollStart,
  ScaFactorList,
  ScaLoginComplete,
  ScaLoginCompleteRequest,
  ScaLoginStart,
  ScaLoginStartRequest,
  TwoFactorResetCompleteRequest,
  TwoFactorResetStart,
  TwoFactorResetStartRequest,
  TwoFactorResetStatus,
} from './sca.schemas.js';

const tags = [TAGS.strongCustomerAuthentication];
const ONLY = 'Only for customers of an SCA region (scaRegions, the EEA by default); 409 CONFLICT for any other customer.';
const CODE = 'In the sandbox the SMS and TOTP code 123456 always works; a real TOTP code of the enrolled secret works too.';
const LOCK = 'A wrong proof counts as a failed login attempt (lockout ladder: 5 -> 15 min, 6 -> 30 min, 7 -> 1 h, 8 -> 24 h, 9+ suspended); while locked: 423 ACCOUNT_LOCKED.';

const pathParam = (name: string, example: string) => z.object({ [name]: z.string().min(1).max(200).openapi({ param: { name, in: 'path' }, example }) });
const CredentialIdParam = pathParam('credentialId', 'KEbWNCc7NgaYnUyrNeFGX9_3Y-8oJ3KwzjnaiD1d1LVTxR7v3CaKfCz2Vy_g_MHSh7yJ8yL0Pxg6jo_o0hYiew');
const ResetIdParam = pathParam('resetId', 'TwoFactorReset:019542f5-b3e7-1d02-0000-000000000009');
const ExternalAccountIdParam = pathParam('externalAccountId', 'ExternalAccount:019542f5-b3e7-1d02-0000-000000000003');
const QuoteIdParam = pathParam('quoteId', 'Quote:019542f5-b3e7-1d02-0000-00000000000a');

export const listFactorsRoute = createRoute({
  method: 'get',
  path: '/sca/factors',
  operationId: 'listScaFactors',
  tags,
  summary: 'List enrolled SCA factors',
  description: `SMS_OTP (the verified phone) needs no enrollment; TOTP and PASSKEY appear once confirmed. ${ONLY}`,
  request: { query: CustomerIdQuery },
  responses: { 200: jsonResponse(ScaFactorList, 'The factors') },
});

export const startEnrollmentRoute = createRoute({
  method: 'post',
  path: '/sca/factors',
  operationId: 'startScaFactorEnrollment',
  tags,
  summary: 'Start SCA factor enrollment',
  description: `TOTP: a new RFC 6238 secret and its otpauth:// URI. PASSKEY: WebAuthn creation options; one passkey per customer (409 PASSKEY_ALREADY_ENROLLED). A second TOTP is 409 until the first is reset. ${ONLY}`,
  request: { query: CustomerIdQuery, body: jsonBody(ScaFactorEnrollRequest) },
  responses: { 200: jsonResponse(ScaFactorEnrollStart, 'What the device needs to finish') },
});

export const confirmEnrollmentRoute = createRoute({
  method: 'post',
  path: '/sca/factors/confirm',
  operationId: 'confirmScaFactorEnrollment',
  tags,
  summary: 'Confirm SCA factor enrollment',
  description: `TOTP: the secret of the start and the current code (returns one-time recovery codes). PASSKEY: the WebAuthn credential and its origin, verified for real. ${CODE} ${ONLY}`,
  request: { query: CustomerIdQuery, body: jsonBody(ScaFactorConfirmRequest) },
  responses: { 200: jsonResponse(ScaFactorConfirmResponse, 'The enrolled factor') },
});

export const deleteFactorRoute = createRoute({
  method: 'delete',
  path: '/sca/factors/{credentialId}',
  operationId: 'deleteScaFactor',
  tags,
  summary: 'Delete an enrolled passkey',
  description: `Passkeys only (the only factor with a credentialId). ${ONLY}`,
  request: { query: CustomerIdQuery, params: CredentialIdParam },
  responses: { 204: { description: 'Deleted' } },
});

export const startLoginRoute = createRoute({
  method: 'post',
  path: '/sca/login/start',
  operationId: 'startScaLogin',
  tags,
  summary: 'Start an SCA login',
  description: `SMS_OTP: a challengeId and its expiry (5 minutes). TOTP: nothing to send back but the code. PASSKEY: WebAuthn request options. A factor the customer cannot use is 400. ${ONLY}`,
  request: { query: CustomerIdQuery, body: jsonBody(ScaLoginStartRequest) },
  responses: { 200: jsonResponse(ScaLoginStart, 'What the customer needs to complete') },
});

export const completeLoginRoute = createRoute({
  method: 'post',
  path: '/sca/login/complete',
  operationId: 'completeScaLogin',
  tags,
  summary: 'Complete an SCA login',
  description: `Opens an SCA session for 15 minutes of sandbox time (sessionExpiresAt) and clears the failed-attempt counter. ${CODE} TOTP recovery codes work once each. ${LOCK} ${ONLY}`,
  request: { query: CustomerIdQuery, body: jsonBody(ScaLoginCompleteRequest) },
  responses: { 200: jsonResponse(ScaLoginComplete, 'The session') },
});

export const recordEventRoute = createRoute({
  method: 'post',
  path: '/sca/record-event',
  operationId: 'recordSecurityEvent',
  tags,
  summary: 'Record a security event',
  description: `FAILED_LOGIN_ATTEMPT adds one to the cumulative failed-login counter, also while the customer is locked, and answers the resulting lock: 5 attempts lock for 15 minutes, 6 for 30 minutes, 7 for 1 hour, 8 for 24 hours, 9 or more suspend. RESET_PASSWORD_COMPLETED revokes every SCA session and clears the counter and any lock. ${ONLY}`,
  request: { query: CustomerIdQuery, body: jsonBody(RecordSecurityEventRequest) },
  responses: { 200: jsonResponse(RecordSecurityEventResponse, "The customer's login security now") },
});

export const startResetRoute = createRoute({
  method: 'post',
  path: '/sca/factors/reset',
  operationId: 'startTwoFactorReset',
  tags,
  summary: 'Start a 2FA reset',
  description: `Recovers a lost factor through a liveness check that runs on the sandbox clock: INITIATED, PENDING_REVIEW after 20 s, LIVENESS_PASSED after 60 s (REJECTED for a customer whose name ends in 009), EXPIRED after 15 minutes. At most 5 starts per customer in 24 hours (429 RATE_LIMITED with Retry-After). ${ONLY}`,
  request: { query: CustomerIdQuery, body: jsonBody(TwoFactorResetStartRequest) },
  responses: { 201: jsonResponse(TwoFactorResetStart, 'The reset') },
});

export const getResetRoute = createRoute({
  method: 'get',
  path: '/sca/factors/reset/{resetId}',
  operationId: 'getTwoFactorResetStatus',
  tags,
  summary: 'Get a 2FA reset',
  description: ONLY,
  request: { query: CustomerIdQuery, params: ResetIdParam },
  responses: { 200: jsonResponse(TwoFactorResetStatus, 'The reset') },
});

export const completeResetRoute = createRoute({
  method: 'post',
  path: '/sca/factors/reset/{resetId}/complete',
  operationId: 'completeTwoFactorReset',
  tags,
  summary: 'Complete a 2FA reset',
  description: `Only at LIVENESS_PASSED (else 400). TOTP and PASSKEY: the factor is cleared for re-enrollment. SMS_OTP: mobile is required and becomes the customer's phoneNumber. ${ONLY}`,
  request: { query: CustomerIdQuery, params: ResetIdParam, body: { required: false, content: { 'application/json': { schema: TwoFactorResetCompleteRequest } } } },
  responses: { 204: { description: 'Completed' } },
});

function trustRoutes(change: 'trust' | 'untrust', startId: string, confirmId: string) {
  const word = change === 'trust' ? 'Trust' : 'Untrust';
  return {
    start: createRoute({
      method: 'post',
      path: `/customers/external-accounts/{externalAccountId}/${change}`,
      operationId: startId,
      tags,
      summary: `${word} a beneficiary: start`,
      description: `Issues the SCA challenge (PASSKEY when the customer has one, else SMS_OTP; availableFactors lists every factor that works). ${change === 'trust' ? 'Already trusted' : 'Not trusted'}: 409. A trusted beneficiary needs no payee step when paid, and cannot be deleted (409 BENEFICIARY_TRUSTED). ${ONLY}`,
      request: { params: ExternalAccountIdParam },
      responses: { 200: jsonResponse(BeneficiaryTrustStart, 'The challenge') },
    }),
    confirm: createRoute({
      method: 'post',
      path: `/customers/external-accounts/{externalAccountId}/${change}/confirm`,
      operationId: confirmId,
      tags,
      summary: `${word} a beneficiary: confirm`,
      description: `The proof for the challenge of the start (409 when none was started). ${CODE} ${LOCK} ${ONLY}`,
      request: { params: ExternalAccountIdParam, body: jsonBody(BeneficiaryTrustConfirmRequest) },
      responses: { 200: jsonResponse(BeneficiaryTrustConfirm, 'Whether the beneficiary is trusted now') },
    }),
  };
}

export const trust = trustRoutes('trust', 'startBeneficiaryTrust', 'confirmBeneficiaryTrust');
export const untrust = trustRoutes('untrust', 'startBeneficiaryUntrust', 'confirmBeneficiaryUntrust');

export const authorizeQuoteRoute = createRoute({
  method: 'post',
  path: '/quotes/{quoteId}/authorize',
  operationId: 'authorizeQuote',
  tags,
  summary: "Authorize a quote's SCA challenge",
  description: `Satisfies the quote's scaChallenge. While the quote stays PENDING_AUTHORIZATION it carries the next challenge (a cross-currency real-time-funded send takes two: CURRENCY_CONVERSION, then PAYOUT); after the last, an executed send starts its payment and a real-time-funded one gets its paymentInstructions. Needs a live SCA login session (409 SCA_SESSION_REQUIRED). Per-transaction challenges take SMS_OTP (123456) or a passkey assertion, never TOTP. ${LOCK} ${ONLY}`,
  request: { params: QuoteIdParam, body: jsonBody(ScaAuthorization) },
  responses: { 200: jsonResponse(Quote, 'The quote') },
});

export const resendQuoteCodeRoute = createRoute({
  method: 'post',
  path: '/quotes/{quoteId}/authorize/resend',
  operationId: 'resendQuoteScaCode',
  tags,
  summary: "Re-send a quote's SMS code",
  description: `SMS_OTP challenges only (a PASSKEY one is 409); the expiry is not extended (an expired challenge is 409). At most once every 30 seconds (429 RATE_LIMITED with Retry-After). ${ONLY}`,
  request: { params: QuoteIdParam },
  responses: { 204: { description: 'Re-sent' } },
});
