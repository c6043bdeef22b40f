import { createRoute } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { TAGS } from '../../core/tags.js';
import { SignedRequestHeaders } from '../wallet-auth/signed-request.schemas.js';
import { DelegatedKey, DelegatedKeyChallenge, DelegatedKeyCreateRequest, DelegatedKeyIdParam, DelegatedKeyList, DelegatedKeyListQuery } from './delegated-keys.schemas.js';

const tags = [TAGS.embeddedWalletAuth];

export const createDelegatedKeyRoute = createRoute({
  method: 'post',
  operationId: 'createDelegatedKey',
  path: '/auth/delegated-keys',
  tags,
  summary: "Delegate signing for a card's embedded-wallet funding source",
  description:
    'Three legs of the identical request: without signature headers, 202 with payloadToSign and requestId; stamped by an active session of the wallet, a second 202 (the key now exists, PENDING); stamped again over the new payloadToSign, 201 with the key ACTIVE. At most one ACTIVE key per card funding source (409 CONFLICT). Cards funded by an embedded wallet are declined (CARD_PAUSED) without one.',
  request: { headers: SignedRequestHeaders, body: jsonBody(DelegatedKeyCreateRequest) },
  responses: {
    201: jsonResponse(DelegatedKey, 'The key, ACTIVE'),
    202: jsonResponse(DelegatedKeyChallenge, 'The challenge of the next leg: stamp payloadToSign and repeat the identical request with Service-Wallet-Signature and Request-Id'),
  },
});

export const listDelegatedKeysRoute = createRoute({
  method: 'get',
  operationId: 'listDelegatedKeys',
  path: '/auth/delegated-keys',
  tags,
  summary: 'List delegated keys',
  description: 'Of an embedded wallet (accountId), a card funding source (fundingSourceId) or both; at least one is required. PENDING and REVOKED keys included, newest first; not paginated.',
  request: { query: DelegatedKeyListQuery },
  responses: { 200: jsonResponse(DelegatedKeyList, 'The keys') },
});

export const getDelegatedKeyRoute = createRoute({
  method: 'get',
  operationId: 'getDelegatedKeyById',
  path: '/auth/delegated-keys/{id}',
  tags,
  summary: 'Get a delegated key',
  request: { params: DelegatedKeyIdParam },
  responses: { 200: jsonResponse(DelegatedKey, 'The key') },
});

export const revokeDelegatedKeyRoute = createRoute({
  method: 'delete',
  operationId: 'revokeDelegatedKey',
  path: '/auth/delegated-keys/{id}',
  tags,
  summary: 'Revoke a delegated key',
  description: 'An ACTIVE key becomes REVOKED at once (400 when it is not ACTIVE); cards it signed for are declined until another key is active.',
  request: { params: DelegatedKeyIdParam },
  responses: { 204: { description: 'Revoked' } },
});
