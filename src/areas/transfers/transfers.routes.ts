import { createRoute } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { SignedRequestHeaders, SignedRetryChallenge } from '../wallet-auth/signed-request.schemas.js';
import { Transaction } from '../transactions/transactions.schemas.js';
import { TransferInRequest, TransferOutRequest } from './transfers.schemas.js';
import { TAGS } from '../../core/tags.js';

const tags = [TAGS.sameCurrencyTransfers];

export const transferInRoute = createRoute({
  operationId: 'createTransferIn',
  method: 'post',
  path: '/transfer-in',
  tags,
  deprecated: true,
  summary: 'Pull from an external account (deprecated: use a quote)',
  description: 'The source account suffix decides the outcome: 002, 003, 004 fail at once, 005 fails after about 30 seconds, anything else succeeds.',
  request: { body: jsonBody(TransferInRequest) },
  responses: { 201: jsonResponse(Transaction, 'The incoming transaction') },
});

export const transferOutRoute = createRoute({
  operationId: 'createTransferOut',
  method: 'post',
  path: '/transfer-out',
  tags,
  deprecated: true,
  summary: 'Pay an external account (deprecated: use a quote)',
  description:
    'The destination account suffix decides the outcome, as for transfer-in. From an embedded wallet it is a signed retry (202 first).',
  request: { headers: SignedRequestHeaders, body: jsonBody(TransferOutRequest) },
  responses: {
    201: jsonResponse(Transaction, 'The outgoing transaction'),
    202: jsonResponse(SignedRetryChallenge, 'The source is an embedded wallet: stamp payloadToSign and repeat with Service-Wallet-Signature and Request-Id'),
  },
});
