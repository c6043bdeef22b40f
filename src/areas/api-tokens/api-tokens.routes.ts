import { createRoute } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { TAGS } from '../../core/tags.js';
import { ApiToken, ApiTokenCreateRequest, TokenIdParam, TokenList, TokenListQuery } from './api-tokens.schemas.js';

const tags = [TAGS.apiTokens];

export const createTokenRoute = createRoute({
  method: 'post',
  operationId: 'createToken',
  path: '/tokens',
  tags,
  summary: 'Create an API token',
  description:
    'A further credential of this tenant (same data), limited to its permissions: VIEW reads, TRANSACT creates and executes quotes and moves money, MANAGE changes the configuration, tokens and customers. Use clientId as the Basic user name and clientSecret as the password; clientSecret is in this answer only.',
  request: { body: jsonBody(ApiTokenCreateRequest) },
  responses: { 201: jsonResponse(ApiToken, 'The token, with its clientSecret') },
});

export const listTokensRoute = createRoute({
  method: 'get',
  operationId: 'listTokens',
  path: '/tokens',
  tags,
  summary: 'List API tokens',
  description: 'Newest first, cursor-paginated; filter by name and by creation or update time (bounds inclusive). Secrets are never shown.',
  request: { query: TokenListQuery },
  responses: { 200: jsonResponse(TokenList, 'A page of tokens') },
});

export const getTokenRoute = createRoute({
  method: 'get',
  operationId: 'getTokenById',
  path: '/tokens/{tokenId}',
  tags,
  summary: 'Get an API token',
  request: { params: TokenIdParam },
  responses: { 200: jsonResponse(ApiToken, 'The token, without its secret') },
});

export const deleteTokenRoute = createRoute({
  method: 'delete',
  operationId: 'deleteTokenById',
  path: '/tokens/{tokenId}',
  tags,
  summary: 'Delete an API token',
  description: 'The token is revoked at once: its next request gets 401.',
  request: { params: TokenIdParam },
  responses: { 204: { description: 'Deleted' } },
});
