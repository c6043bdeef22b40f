import { createRoute } from '@hono/zod-openapi';
import { jsonResponse } from '../../core/schemas.js';
import { CustomerInternalAccountListQuery, InternalAccountList, PlatformInternalAccountList, PlatformInternalAccountListQuery } from './internal-accounts.schemas.js';
import { TAGS } from '../../core/tags.js';

const tags = [TAGS.internalAccounts];

export const listCustomerInternalAccountsRoute = createRoute({
  operationId: 'listCustomerInternalAccounts',
  method: 'get',
  path: '/customers/internal-accounts',
  tags,
  summary: "List customers' internal accounts",
  description: 'Newest first, cursor-paginated; balances are integer minor units.',
  request: { query: CustomerInternalAccountListQuery },
  responses: { 200: jsonResponse(InternalAccountList, 'A page of internal accounts') },
});

export const listPlatformInternalAccountsRoute = createRoute({
  operationId: 'listPlatformInternalAccounts',
  method: 'get',
  path: '/platform/internal-accounts',
  tags,
  summary: "List the platform's internal accounts",
  description: 'One per supported currency; not paginated.',
  request: { query: PlatformInternalAccountListQuery },
  responses: { 200: jsonResponse(PlatformInternalAccountList, 'The platform accounts') },
});
