/** Embedded-wallet credentials, sessions and the challenges and signed requests between them. */
import { z } from '@hono/zod-openapi';
import { defineCollection } from '../../store/spec.js';
import {
  AuthMethod,
  AuthSession,
  type AuthMethodRecord,
  type OtpChallengeRecord,
  type PasskeyChallengeRecord,
  type PendingOperationRecord,
  type SessionRecord,
  type SignedRequestRecord,
} from './wallet-auth.schemas.js';

declare module '../../store/spec.js' {
  interface TenantRecords {
    authMethods: AuthMethodRecord;
    authSessions: SessionRecord;
    otpChallenges: OtpChallengeRecord;
    passkeyChallenges: PasskeyChallengeRecord;
    signedRequests: SignedRequestRecord;
    pendingOperations: PendingOperationRecord;
  }
}

export const authMethodsCollection = defineCollection('authMethods', {
  schema: AuthMethod.omit({ otpEncryptionTargetBundle: true }).extend({
    identity: z.object({ iss: z.string(), aud: z.string(), sub: z.string() }).optional(),
    passkey: z.object({ publicKey: z.string(), counter: z.number().int().min(0), transports: z.array(z.string()).optional(), rpId: z.string().optional() }).optional(),
  }),
  indexes: { account: (m) => m.accountId },
});

export const authSessionsCollection = defineCollection('authSessions', {
  schema: AuthSession.omit({ encryptedSessionSigningKey: true }).extend({ authMethodId: z.string(), publicKey: z.string(), revokedAt: z.string().optional() }),
  indexes: { account: (s) => s.accountId, key: (s) => s.publicKey, credential: (s) => s.authMethodId },
});

export const otpChallengesCollection = defineCollection('otpChallenges', {
  schema: z.object({
    id: z.string().min(1),
    targetPrivateKey: z.string(),
    targetPublicKey: z.string(),
    createdAt: z.string(),
    expiresAt: z.string(),
    consumedAt: z.string().optional(),
  }),
});

export const passkeyChallengesCollection = defineCollection('passkeyChallenges', {
  schema: z.object({
    id: z.string().min(1),
    authMethodId: z.string(),
    challenge: z.string(),
    clientPublicKey: z.string(),
    expiresAt: z.string(),
    usedAt: z.string().optional(),
  }),
});

export const signedRequestsCollection = defineCollection('signedRequests', {
  schema: z.object({
    id: z.string().min(1),
    accountId: z.string(),
    operation: z.string(),
    method: z.string(),
    path: z.string(),
    bodySha256: z.string(),
    payloadToSign: z.string(),
    signerKey: z.string().optional(),
    context: z.record(z.string(), z.unknown()),
    expiresAt: z.string(),
    usedAt: z.string().optional(),
    acceptedSignature: z.string().optional(),
  }),
});

export const pendingOperationsCollection = defineCollection('pendingOperations', {
  schema: z.object({
    id: z.string().min(1),
    operation: z.string(),
    bodySha256: z.string(),
    result: z.object({ status: z.number().int(), body: z.unknown().optional() }).optional(),
    expiresAt: z.string(),
  }),
});
