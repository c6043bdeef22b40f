import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonResponse } from '../../core/schemas.js';
import { InternalAccount, SandboxFundRequest } from '../internal-accounts/internal-accounts.schemas.js';

export const fundInternalAccountRoute = createRoute({
  method: 'post',
  path: '/sandbox/internal-accounts/{accountId}/fund',
  tags: ['Sandbox'],
  summary: 'Fund an internal account',
  description: 'Credits the account at once with a ledger entry. `amount` is a positive integer in minor units.',
  request: {
    params: z.object({ accountId: z.string().min(1).max(200).openapi({ param: { name: 'accountId', in: 'path' }, example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' }) }),
    body: jsonBody(SandboxFundRequest),
  },
  responses: { 200: jsonResponse(InternalAccount, 'The funded account'), ...errorResponses(404, 409, 415) },
});
