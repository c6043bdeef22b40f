import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import {
  CustomerExternalAccountCreate,
  CustomerExternalAccountListQuery,
  ExternalAccount,
  ExternalAccountList,
  OwnershipChallenge,
  OwnershipChallengeRequest,
  OwnershipVerifyRequest,
  PlatformExternalAccountCreate,
  PlatformExternalAccountListQuery,
} from './external-accounts.schemas.js';
import { TAGS } from '../../core/tags.js';

const tags = [TAGS.externalAccounts];
const IdParam = z.object({
  externalAccountId: z.string().min(1).max(200).openapi({ param: { name: 'externalAccountId', in: 'path' }, example: 'ExternalAccount:e85dcbd6-dced-4ec4-b756-3c3a9ea3d965' }),
});

export const listCustomerRoute = createRoute({
  operationId: 'listCustomerExternalAccounts',
  method: 'get',
  path: '/customers/external-accounts',
  tags,
  summary: "List customers' external accounts",
  description: 'Filter by `currency` and `customerId`; newest first, cursor-paginated (`limit` 1 to 100, default 20).',
  request: { query: CustomerExternalAccountListQuery },
  responses: { 200: jsonResponse(ExternalAccountList, 'A page of external accounts') },
});

export const createCustomerRoute = createRoute({
  operationId: 'createCustomerExternalAccount',
  method: 'post',
  path: '/customers/external-accounts',
  tags,
  summary: 'Create an external account for a customer',
  description: 'The last three digits of the primary identifier select the sandbox outcome (see the magic values in the README).',
  request: { body: jsonBody(CustomerExternalAccountCreate) },
  responses: { 201: jsonResponse(ExternalAccount, 'The new external account') },
});

export const getCustomerRoute = createRoute({
  operationId: 'getCustomerExternalAccountById',
  method: 'get',
  path: '/customers/external-accounts/{externalAccountId}',
  tags,
  summary: "Get a customer's external account",
  request: { params: IdParam },
  responses: { 200: jsonResponse(ExternalAccount, 'The external account') },
});

export const deleteCustomerRoute = createRoute({
  operationId: 'deleteCustomerExternalAccountById',
  method: 'delete',
  path: '/customers/external-accounts/{externalAccountId}',
  tags,
  summary: "Delete a customer's external account",
  description: 'A trusted SCA beneficiary cannot be deleted (409 BENEFICIARY_TRUSTED): untrust it first.',
  request: { params: IdParam },
  responses: { 204: { description: 'Deleted' } },
});

export const challengeCustomerRoute = createRoute({
  operationId: 'createExternalAccountOwnershipChallenge',
  method: 'post',
  path: '/customers/external-accounts/{externalAccountId}/challenge',
  tags,
  summary: 'Start an ownership verification challenge',
  description: 'For FIRST_PARTY self-custody wallets in PENDING_OWNERSHIP_VERIFICATION or UNVERIFIED. LIVENESS passes by itself after a few seconds of sandbox time.',
  request: { params: IdParam, body: jsonBody(OwnershipChallengeRequest) },
  responses: { 201: jsonResponse(OwnershipChallenge, 'The challenge') },
});

export const verifyCustomerRoute = createRoute({
  operationId: 'verifyExternalAccountOwnership',
  method: 'post',
  path: '/customers/external-accounts/{externalAccountId}/verify',
  tags,
  summary: 'Verify ownership with a wallet signature',
  description: 'A valid signature makes the account ACTIVE; an invalid or late one answers 400 and leaves it UNVERIFIED.',
  request: { params: IdParam, body: jsonBody(OwnershipVerifyRequest) },
  responses: { 200: jsonResponse(ExternalAccount, 'The verified account') },
});

export const listPlatformRoute = createRoute({
  operationId: 'listPlatformExternalAccounts',
  method: 'get',
  path: '/platform/external-accounts',
  tags,
  summary: "List the platform's external accounts",
  request: { query: PlatformExternalAccountListQuery },
  responses: { 200: jsonResponse(ExternalAccountList, 'A page of external accounts') },
});

export const createPlatformRoute = createRoute({
  operationId: 'createPlatformExternalAccount',
  method: 'post',
  path: '/platform/external-accounts',
  tags,
  summary: 'Create an external account for the platform',
  request: { body: jsonBody(PlatformExternalAccountCreate) },
  responses: { 201: jsonResponse(ExternalAccount, 'The new external account') },
});

export const getPlatformRoute = createRoute({
  operationId: 'getPlatformExternalAccountById',
  method: 'get',
  path: '/platform/external-accounts/{externalAccountId}',
  tags,
  summary: "Get a platform's external account",
  request: { params: IdParam },
  responses: { 200: jsonResponse(ExternalAccount, 'The external account') },
});

export const deletePlatformRoute = createRoute({
  operationId: 'deletePlatformExternalAccountById',
  method: 'delete',
  path: '/platform/external-accounts/{externalAccountId}',
  tags,
  summary: "Delete a platform's external account",
  request: { params: IdParam },
  responses: { 204: { description: 'Deleted' } },
});

export const challengePlatformRoute = createRoute({
  ...challengeCustomerRoute,
  operationId: 'createPlatformExternalAccountOwnershipChallenge',
  path: '/platform/external-accounts/{externalAccountId}/challenge',
});

export const verifyPlatformRoute = createRoute({
  ...verifyCustomerRoute,
  operationId: 'verifyPlatformExternalAccountOwnership',
  path: '/platform/external-accounts/{externalAccountId}/verify',
});
