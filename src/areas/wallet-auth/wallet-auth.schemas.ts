import { z } from '@hono/zod-openapi';
import { Timestamp } from '../../core/schemas.js';
import { AuthType } from './signed-request.schemas.js';

export { AuthType, SignedRequestHeaders, SignedRetryChallenge } from './signed-request.schemas.js';
const HexPublicKey = z
  .string()
  .regex(/^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/)
  .openapi({ description: 'P-256 public key, hex: compressed (the client keeps its key) or uncompressed (a session key is sealed to it)' });
const Base64Url = z.string().min(1).max(65_536).regex(/^[A-Za-z0-9_-]+={0,2}$/);

export const AuthMethod = z
  .object({
    id: z.string().openapi({ example: 'AuthMethod:019542f5-b3e7-1d02-0000-00000000000b' }),
    accountId: z.string(),
    type: AuthType,
    credentialId: z.string().optional(),
    nickname: z.string(),
    otpEncryptionTargetBundle: z.string().optional(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('AuthMethod');

export const AuthSession = z
  .object({
    id: z.string().openapi({ example: 'Session:019542f5-b3e7-1d02-0000-00000000000c' }),
    accountId: z.string(),
    type: AuthType,
    credentialId: z.string().optional().openapi({ description: 'PASSKEY: the WebAuthn credential id of the credential that issued it' }),
    nickname: z.string(),
    encryptedSessionSigningKey: z.string().optional().openapi({ description: 'Sealed to an uncompressed clientPublicKey (base58check)' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    expiresAt: Timestamp,
  })
  .openapi('AuthSession');

export const PasskeyAuthChallenge = z
  .object({ challenge: z.string().openapi({ description: 'Lowercase hex; its UTF-8 bytes are the WebAuthn challenge' }), requestId: z.string(), expiresAt: Timestamp })
  .openapi('PasskeyAuthChallenge');

export const WalletOperationProcessing = z
  .object({ status: z.literal('PROCESSING'), message: z.string() })
  .openapi('WalletOperationProcessing');

const Attestation = z
  .object({
    credentialId: Base64Url,
    clientDataJson: Base64Url,
    attestationObject: Base64Url,
    transports: z.array(z.enum(['usb', 'nfc', 'ble', 'internal', 'hybrid'])).max(5).optional(),
  })
  .openapi('PasskeyAttestation');

export const Assertion = z
  .object({
    credentialId: Base64Url,
    clientDataJson: Base64Url,
    authenticatorData: Base64Url,
    signature: z.string().min(1).max(1024),
    userHandle: z.string().max(512).nullable().optional(),
  })
  .openapi('PasskeyAssertion');

const accountId = z.string().min(1).max(200);
const OidcToken = z.string().min(1).max(16_384);

export const CredentialCreateRequest = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('EMAIL_OTP'), accountId }),
    z.object({ type: z.literal('SMS_OTP'), accountId }),
    z.object({ type: z.literal('OAUTH'), accountId, oidcToken: OidcToken }),
    z.object({ type: z.literal('PASSKEY'), accountId, nickname: z.string().min(1).max(100), challenge: z.string().min(1).max(1024), attestation: Attestation }),
  ])
  .openapi('AuthCredentialCreateRequest');

export const CredentialVerifyRequest = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('EMAIL_OTP'), encryptedOtpBundle: z.string().min(1).max(8192) }),
    z.object({ type: z.literal('SMS_OTP'), encryptedOtpBundle: z.string().min(1).max(8192) }),
    z.object({ type: z.literal('OAUTH'), oidcToken: OidcToken, clientPublicKey: HexPublicKey }),
    z.object({ type: z.literal('PASSKEY'), assertion: Assertion }),
  ])
  .openapi('AuthCredentialVerifyRequest');

export const CredentialChallengeRequest = z.object({ clientPublicKey: HexPublicKey.optional() }).openapi('AuthCredentialChallengeRequest');
export const SessionRefreshRequest = z.object({ clientPublicKey: HexPublicKey }).openapi('AuthSessionRefreshRequest');
export const ExportRequest = z
  .object({ clientPublicKey: z.string().regex(/^04[0-9a-fA-F]{128}$/).openapi({ description: 'Uncompressed P-256 public key, hex' }) })
  .openapi('InternalAccountExportRequest');
export const ExportResponse = z.object({ id: z.string(), encryptedWalletCredentials: z.string() }).openapi('InternalAccountExportResponse');
export const PrivacyUpdateRequest = z.object({ privateEnabled: z.boolean() }).openapi('InternalAccountUpdateRequest');
/** The lists need a well-formed `InternalAccount:<uuid>` (400 otherwise); an unknown one simply has nothing. */
export const AccountIdQuery = z.object({
  accountId: z
    .string()
    .regex(/^InternalAccount:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/)
    .openapi({ example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' }),
});

export type AuthMethod = z.infer<typeof AuthMethod>;
export type AuthSession = z.infer<typeof AuthSession>;
export type PasskeyAuthChallenge = z.infer<typeof PasskeyAuthChallenge>;
export type CredentialCreateRequest = z.infer<typeof CredentialCreateRequest>;
export type CredentialVerifyRequest = z.infer<typeof CredentialVerifyRequest>;
export type Assertion = z.infer<typeof Assertion>;

/** What the store keeps about a credential beyond what the API shows. */
export interface AuthMethodRecord extends Omit<AuthMethod, 'otpEncryptionTargetBundle'> {
  /** OAUTH: the registered identity. */
  identity?: { iss: string; aud: string; sub: string };
  /** PASSKEY: the COSE public key (base64url), signature counter and transports. */
  passkey?: { publicKey: string; counter: number; transports?: string[] };
}

export interface SessionRecord extends Omit<AuthSession, 'encryptedSessionSigningKey'> {
  /** The AuthMethod that issued it: revoking that credential revokes the session. */
  authMethodId: string;
  /** The session's public key, compressed hex: signed requests are stamped with its private half. */
  publicKey: string;
  revokedAt?: string;
}

/** The OTP challenge of a credential: the HPKE target the client seals the code to. Keyed by the AuthMethod id. */
export interface OtpChallengeRecord {
  id: string;
  targetPrivateKey: string;
  targetPublicKey: string;
  createdAt: string;
  expiresAt: string;
  /** Set once a bundle with the right code was accepted: the OTP is spent (the re-issue window still counts from createdAt). */
  consumedAt?: string;
}

/** A passkey authentication challenge, keyed by its requestId. */
export interface PasskeyChallengeRecord {
  id: string;
  authMethodId: string;
  challenge: string;
  clientPublicKey: string;
  expiresAt: string;
  usedAt?: string;
}

/** A signed-retry challenge, keyed by its requestId. */
export interface SignedRequestRecord {
  id: string;
  accountId: string;
  operation: string;
  method: string;
  path: string;
  bodySha256: string;
  payloadToSign: string;
  /** Only this key may sign (OTP verification); otherwise any active session of the wallet. */
  signerKey?: string;
  /** What the first leg established, for the retry to act on. */
  context: Record<string, unknown>;
  expiresAt: string;
  /** Set when a retry was accepted: the requestId is spent, and only the identical re-send may follow. */
  usedAt?: string;
  acceptedSignature?: string;
}

/** An operation that answered PROCESSING: the identical re-send gets its terminal result. */
export interface PendingOperationRecord {
  /** The correlation key: a requestId, or the credential and request digest of an unsigned call. */
  id: string;
  operation: string;
  bodySha256: string;
  /** Absent when the result is never stored (wallet export): the re-send performs it. */
  result?: { status: number; body?: unknown };
  expiresAt: string;
}

/** The two headers of a signed retry (names matched case-insensitively). */
export const IdParam = z.object({ id: z.string().min(1).max(200) });
export const AuthMethodList = z.object({ data: z.array(AuthMethod) }).openapi('AuthCredentialListResponse');
export const SessionList = z.object({ data: z.array(AuthSession) }).openapi('SessionListResponse');
