import { createRoute } from '@hono/zod-openapi';
import { errorResponses, jsonResponse } from '../../core/schemas.js';
import { CustomerInternalAccountListQuery, InternalAccountList, PlatformInternalAccountList, PlatformInternalAccountListQuery } from './internal-accounts.schemas.js';

const tags = ['Internal Accounts'];

export const listCustomerInternalAccountsRoute = createRoute({
  method: 'get',
  path: '/customers/internal-accounts',
  tags,
  summary: "List customers' internal accounts",
  description: 'Newest first, cursor-paginated; balances are integer minor units.',
  request: { query: CustomerInternalAccountListQuery },
  responses: { 200: jsonResponse(InternalAccountList, 'A page of internal accounts'), ...errorResponses() },
});

export const listPlatformInternalAccountsRoute = createRoute({
  method: 'get',
  path: '/platform/internal-accounts',
  tags,
  summary: "List the platform's internal accounts",
  description: 'One per supported currency; not paginated.',
  request: { query: PlatformInternalAccountListQuery },
  responses: { 200: jsonResponse(PlatformInternalAccountList, 'The platform accounts'), ...errorResponses() },
});
