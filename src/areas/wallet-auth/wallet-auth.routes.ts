import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { InternalAccount } from '../internal-accounts/internal-accounts.schemas.js';
import {
  AccountIdQuery,
  AuthMethod,
  AuthMethodList,
  AuthSession,
  CredentialChallengeRequest,
  CredentialCreateRequest,
  CredentialVerifyRequest,
  ExportRequest,
  ExportResponse,
  IdParam,
  PasskeyAuthChallenge,
  PrivacyUpdateRequest,
  SessionList,
  SessionRefreshRequest,
  SignedRequestHeaders,
  SignedRetryChallenge,
  WalletOperationProcessing,
} from './wallet-auth.schemas.js';
import { TAGS } from '../../core/tags.js';

const tags = [TAGS.embeddedWalletAuth];
const challenge = jsonResponse(SignedRetryChallenge, 'Signed-retry challenge: stamp payloadToSign and repeat the identical request with Service-Wallet-Signature and Request-Id');
const processing = jsonResponse(WalletOperationProcessing, 'Still processing: re-send the identical request');

export const createCredentialRoute = createRoute({
  operationId: 'createAuthCredential',
  method: 'post',
  path: '/auth/credentials',
  tags,
  summary: 'Add a credential to an embedded wallet',
  description: "The wallet's first credential is added at once (201). Any later one needs a signed retry by an active session of the wallet.",
  request: { headers: SignedRequestHeaders, body: jsonBody(CredentialCreateRequest) },
  responses: { 201: jsonResponse(AuthMethod, 'The credential'), 202: challenge, 200: processing },
});

export const listCredentialsRoute = createRoute({
  operationId: 'listAuthCredentials',
  method: 'get',
  path: '/auth/credentials',
  tags,
  summary: "List a wallet's credentials",
  description: 'Not paginated.',
  request: { query: AccountIdQuery },
  responses: { 200: jsonResponse(AuthMethodList, 'The credentials') },
});

export const challengeCredentialRoute = createRoute({
  operationId: 'challengeAuthCredential',
  method: 'post',
  path: '/auth/credentials/{id}/challenge',
  tags,
  summary: 'Start signing in with a credential',
  description:
    'EMAIL_OTP and SMS_OTP: sends a new OTP (000000 in the sandbox) and returns the credential with otpEncryptionTargetBundle; re-issue within 30 seconds is 429 with Retry-After. PASSKEY: send clientPublicKey; returns the WebAuthn challenge.',
  request: { params: IdParam, body: { required: false, content: { 'application/json': { schema: CredentialChallengeRequest } } } },
  responses: { 200: jsonResponse(z.union([AuthMethod, PasskeyAuthChallenge, WalletOperationProcessing]), 'The challenge') },
});

export const verifyCredentialRoute = createRoute({
  operationId: 'verifyAuthCredential',
  method: 'post',
  path: '/auth/credentials/{id}/verify',
  tags,
  summary: 'Verify a credential and open a session',
  description: 'EMAIL_OTP/SMS_OTP: 202 signed retry, stamped with the key inside encryptedOtpBundle. OAUTH: a fresh OIDC token with nonce = SHA-256 hex of clientPublicKey. PASSKEY: the assertion, with the Request-Id of the challenge.',
  request: { params: IdParam, headers: SignedRequestHeaders, body: jsonBody(CredentialVerifyRequest) },
  responses: { 200: jsonResponse(z.union([AuthSession, WalletOperationProcessing]), 'The session'), 202: challenge },
});

export const revokeCredentialRoute = createRoute({
  operationId: 'revokeAuthCredential',
  method: 'delete',
  path: '/auth/credentials/{id}',
  tags,
  summary: 'Revoke a credential',
  description: 'Signed retry by a session of a different credential of the same wallet. The last credential cannot be revoked. Its sessions end with it.',
  request: { params: IdParam, headers: SignedRequestHeaders },
  responses: { 204: { description: 'Revoked' }, 202: challenge, 200: processing },
});

export const listSessionsRoute = createRoute({
  operationId: 'listAuthSessions',
  method: 'get',
  path: '/auth/sessions',
  tags,
  summary: "List a wallet's active sessions",
  request: { query: AccountIdQuery },
  responses: { 200: jsonResponse(SessionList, 'The active sessions') },
});

export const refreshSessionRoute = createRoute({
  operationId: 'refreshAuthSession',
  method: 'post',
  path: '/auth/sessions/{id}/refresh',
  tags,
  summary: 'Refresh a session',
  description: 'Signed retry. Opens a new session from the same credential and ends this one.',
  request: { params: IdParam, headers: SignedRequestHeaders, body: jsonBody(SessionRefreshRequest) },
  responses: { 201: jsonResponse(AuthSession, 'The new session'), 202: challenge, 200: processing },
});

export const revokeSessionRoute = createRoute({
  operationId: 'revokeAuthSession',
  method: 'delete',
  path: '/auth/sessions/{id}',
  tags,
  summary: 'Revoke a session',
  request: { params: IdParam, headers: SignedRequestHeaders },
  responses: { 204: { description: 'Revoked' }, 202: challenge, 200: processing },
});

export const exportWalletRoute = createRoute({
  operationId: 'exportInternalAccount',
  method: 'post',
  path: '/internal-accounts/{id}/export',
  tags: [TAGS.internalAccounts],
  summary: "Export an embedded wallet's recovery phrase",
  description: 'Signed retry. The mnemonic is sealed to clientPublicKey and never stored: a retry that answered PROCESSING seals it again when re-sent.',
  request: { params: IdParam, headers: SignedRequestHeaders, body: jsonBody(ExportRequest) },
  responses: { 200: jsonResponse(z.union([ExportResponse, WalletOperationProcessing]), 'The sealed credentials'), 202: challenge },
});

export const updateWalletRoute = createRoute({
  operationId: 'updateInternalAccount',
  method: 'patch',
  path: '/internal-accounts/{id}',
  tags: [TAGS.internalAccounts],
  summary: "Update an embedded wallet's privacy setting",
  description: 'Signed retry.',
  request: { params: IdParam, headers: SignedRequestHeaders, body: jsonBody(PrivacyUpdateRequest) },
  responses: { 200: jsonResponse(InternalAccount, 'The wallet'), 202: challenge },
});
