import { z } from '@hono/zod-openapi';
import { Timestamp, whenObject } from '../../core/schemas.js';

export const ScaFactor = z.enum(['SMS_OTP', 'TOTP', 'PASSKEY']).openapi('ScaFactor');
export type ScaFactor = z.infer<typeof ScaFactor>;

export const ScaPurpose = z.enum(['CURRENCY_CONVERSION', 'PAYOUT', 'TRANSFER']);
export type ScaPurpose = z.infer<typeof ScaPurpose>;

/** What a quote keeps of its authorization. */
export const QuoteSca = z.object({
  steps: z.array(ScaPurpose).min(1),
  /** Index of the step its current challenge authorizes; steps.length once all are authorized. */
  step: z.number().int().min(0),
  factor: z.enum(['SMS_OTP', 'PASSKEY']),
  challengeId: z.string(),
});
export type QuoteSca = z.infer<typeof QuoteSca>;

const CustomerId = z.string().min(1).max(200).openapi({ example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' });
export const CustomerIdQuery = z.object({ customerId: CustomerId.openapi({ param: { name: 'customerId', in: 'query' }, description: 'The customer (in an SCA region)' }) });

const Opaque = z.record(z.string(), z.unknown());

export const ScaFactorView = z
  .object({
    factor: ScaFactor,
    credentialId: z.string().optional().openapi({ description: 'PASSKEY only: the id DELETE /sca/factors/{credentialId} takes' }),
    name: z.string().optional(),
  })
  .openapi('ScaFactorView');
export type ScaFactorView = z.infer<typeof ScaFactorView>;

export const ScaFactorList = z.object({ factors: z.array(ScaFactorView) }).openapi('ScaFactorList');

export const ScaFactorEnrollRequest = z
  .discriminatedUnion('type', [z.object({ type: z.literal('TOTP') }).openapi('TotpFactorEnrollRequest'), z.object({ type: z.literal('PASSKEY') }).openapi('PasskeyFactorEnrollRequest')])
  .openapi('ScaFactorEnrollRequestOneOf');

export const TotpEnrollmentStart = z
  .object({
    type: z.literal('TOTP'),
    secret: z.string().openapi({ description: 'The raw shared secret, hex; send it back on the confirm call' }),
    secretBase32Encoded: z.string().openapi({ description: 'The same secret in Base32, for manual entry in an authenticator app' }),
    totpUri: z.string().openapi({ example: 'otpauth://totp/paysandbox:jane%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=paysandbox&algorithm=SHA1&digits=6&period=30' }),
  })
  .openapi('TotpEnrollmentStart');

export const PasskeyEnrollmentStart = z
  .object({
    type: z.literal('PASSKEY'),
    options: Opaque.openapi({ description: 'WebAuthn PublicKeyCredentialCreationOptions (JSON form: challenge and user.id are base64url)' }),
    allowedOrigins: z.array(z.string()),
    relyingPartyId: z.string(),
  })
  .openapi('PasskeyEnrollmentStart');

export const ScaFactorEnrollStart = z.discriminatedUnion('type', [TotpEnrollmentStart, PasskeyEnrollmentStart]).openapi('ScaFactorEnrollStartOneOf');

export const ScaFactorConfirmRequest = z
  .discriminatedUnion('type', [
    z
      .object({ type: z.literal('TOTP'), secret: z.string().min(1).max(128), code: z.string().min(1).max(64).openapi({ description: 'The current code of the authenticator app (123456 also works)' }) })
      .openapi('TotpEnrollmentConfirmRequest'),
    z
      .object({
        type: z.literal('PASSKEY'),
        origin: z.string().min(1).max(512).openapi({ description: 'The origin the credential was made on; one of allowedOrigins' }),
        credential: Opaque.openapi({ description: 'The WebAuthn credential (RegistrationResponseJSON: id, rawId, response.clientDataJSON, response.attestationObject)' }),
      })
      .openapi('PasskeyEnrollmentConfirmRequest'),
  ])
  .openapi('ScaFactorConfirmRequestOneOf');

export const ScaFactorConfirmResponse = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('TOTP'), recoveryCodes: z.array(z.string()).openapi({ description: 'Shown once; each works once in place of a TOTP code (login, trust)' }) }).openapi('TotpEnrollmentConfirmResponse'),
    z.object({ type: z.literal('PASSKEY'), factor: ScaFactorView }).openapi('PasskeyEnrollmentConfirmResponse'),
  ])
  .openapi('ScaFactorConfirmResponseOneOf');

/** The proof fields every SCA confirmation carries: a code, or a passkey assertion and its origin. */
const ProofFields = {
  code: z.string().min(1).max(64).nullable().optional().openapi({ description: 'SMS_OTP or TOTP code; in the sandbox 123456 always works', example: '123456' }),
  passkeyAssertion: Opaque.nullable().optional().openapi({ description: 'WebAuthn assertion (AuthenticationResponseJSON, or credentialId/clientDataJson/authenticatorData/signature)' }),
  origin: z.string().min(1).max(512).nullable().optional().openapi({ description: 'Required with passkeyAssertion: the origin it was made on' }),
};

type Proof = { code?: string | null | undefined; passkeyAssertion?: Record<string, unknown> | null | undefined; origin?: string | null | undefined };
const proofGiven: [(v: Proof) => boolean, z.core.$ZodCustomParams] = [
  (v) => (v.code ?? null) !== null || (v.passkeyAssertion ?? null) !== null,
  { ...whenObject, path: ['code'], message: 'Send code, or passkeyAssertion with origin' },
];
const originWithAssertion: [(v: Proof) => boolean, z.core.$ZodCustomParams] = [
  (v) => (v.passkeyAssertion ?? null) === null || (v.origin ?? null) !== null,
  { ...whenObject, path: ['origin'], message: 'Required with passkeyAssertion' },
];

export interface ScaProof {
  code?: string | null | undefined;
  passkeyAssertion?: Record<string, unknown> | null | undefined;
  origin?: string | null | undefined;
}

export const ScaLoginStartRequest = z.object({ factor: ScaFactor }).openapi('ScaLoginStartRequest');

export const ScaLoginStart = z
  .object({
    factor: ScaFactor,
    challengeId: z.string().optional().openapi({ description: 'SMS_OTP only: send it back on complete' }),
    expiresAt: Timestamp.optional().openapi({ description: 'SMS_OTP only: when the code expires' }),
    passkeyOptions: Opaque.optional().openapi({ description: 'PASSKEY only: WebAuthn PublicKeyCredentialRequestOptions (JSON form)' }),
    allowedOrigins: z.array(z.string()).optional(),
    relyingPartyId: z.string().optional(),
  })
  .openapi('ScaLoginStart');

export const ScaLoginCompleteRequest = z
  .object({
    factor: ScaFactor,
    endUserIpAddress: z.union([z.ipv4(), z.ipv6()]).openapi({ type: 'string', description: "The end user's IP address", example: '203.0.113.42' }),
    challengeId: z.string().min(1).max(200).nullable().optional().openapi({ description: 'SMS_OTP: the challengeId of the login start' }),
    ...ProofFields,
  })
  .refine(...proofGiven)
  .refine(...originWithAssertion)
  .openapi('ScaLoginCompleteRequest');

export const ScaLoginComplete = z
  .object({ status: z.literal('SUCCESS'), sessionExpiresAt: Timestamp.openapi({ description: 'After this, authorizing money movement is 409 SCA_SESSION_REQUIRED' }) })
  .openapi('ScaLoginComplete');

const SecurityEventType = z.enum(['RESET_PASSWORD_COMPLETED', 'FAILED_LOGIN_ATTEMPT']);
export type SecurityEventType = z.infer<typeof SecurityEventType>;

export const RecordSecurityEventRequest = z.object({ eventType: SecurityEventType }).openapi('RecordSecurityEventRequest');

export const RecordSecurityEventResponse = z
  .object({ eventType: SecurityEventType, suspended: z.boolean(), lockedUntil: Timestamp.nullable(), failedAttempts: z.number().int().min(0) })
  .openapi('RecordSecurityEventResponse');
export type RecordSecurityEventResponse = z.infer<typeof RecordSecurityEventResponse>;

export const TwoFactorResetStartRequest = z.object({ factor: ScaFactor }).openapi('TwoFactorResetStartRequest');

export const TwoFactorResetStart = z
  .object({ resetId: z.string(), expiresAt: Timestamp.openapi({ description: 'The end of the reset window' }) })
  .openapi('TwoFactorResetStart');

export const TwoFactorResetStatusValue = z.enum(['INITIATED', 'PENDING_REVIEW', 'LIVENESS_PASSED', 'COMPLETED', 'REJECTED', 'EXPIRED']);

export const TwoFactorResetStatus = z
  .object({
    status: TwoFactorResetStatusValue,
    factor: ScaFactor,
    enrollmentStatus: z.enum(['PENDING', 'COMPLETED']).nullable().openapi({ description: 'TOTP and PASSKEY resets: PENDING until the replacement is enrolled; null for SMS_OTP' }),
    expiresAt: Timestamp,
    completedAt: Timestamp.nullable(),
  })
  .openapi('TwoFactorResetStatus');
export type TwoFactorResetStatus = z.infer<typeof TwoFactorResetStatus>;

export const TwoFactorResetCompleteRequest = z
  .object({
    mobile: z
      .object({
        countryCode: z.string().regex(/^\+[1-9]\d{0,3}$/).openapi({ example: '+49' }),
        number: z.string().regex(/^\d{4,14}$/).openapi({ example: '15123456789' }),
      })
      .optional()
      .openapi({ description: 'SMS_OTP resets: the new mobile number (E.164 once joined)' }),
  })
  .openapi('TwoFactorResetCompleteRequest');

export const ScaChallenge = z
  .object({
    id: z.string().openapi({ example: 'ScaChallenge:019542f5-b3e7-1d02-0000-000000000007' }),
    expiresAt: Timestamp,
    factor: ScaFactor,
    availableFactors: z.array(ScaFactor),
    purpose: ScaPurpose.optional().openapi({ description: 'Which step of the sequence this authorizes' }),
    passkeyAssertionOptions: Opaque.optional().openapi({ description: 'PASSKEY: WebAuthn PublicKeyCredentialRequestOptions (JSON form)' }),
    passkeyAllowedOrigins: z.array(z.string()).optional(),
  })
  .openapi('ScaChallenge');
export type ScaChallenge = z.infer<typeof ScaChallenge>;

export const BeneficiaryTrustStart = z.object({ scaChallenge: ScaChallenge.optional() }).openapi('BeneficiaryTrustStart');

export const BeneficiaryTrustConfirmRequest = z
  .object({ challengeId: z.string().min(1).max(200).nullable().optional(), ...ProofFields })
  .refine(...proofGiven)
  .refine(...originWithAssertion)
  .openapi('BeneficiaryTrustConfirmRequest');

export const BeneficiaryTrustConfirm = z.object({ trusted: z.boolean() }).openapi('BeneficiaryTrustConfirm');

export const ScaAuthorization = z
  .object({ ...ProofFields, endUserIpAddress: z.union([z.ipv4(), z.ipv6()]).nullable().optional().openapi({ type: 'string', example: '203.0.113.42' }) })
  .refine(...proofGiven)
  .refine(...originWithAssertion)
  .openapi('ScaAuthorization');
