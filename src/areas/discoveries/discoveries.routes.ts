import { createRoute } from '@hono/zod-openapi';
import { errorResponses, jsonResponse } from '../../core/schemas.js';
import { DiscoveryList, DiscoveryQuery } from './discoveries.schemas.js';

export const listDiscoveriesRoute = createRoute({
  method: 'get',
  path: '/discoveries',
  tags: ['Discoveries'],
  summary: 'List receiving institutions',
  description: 'Banks and mobile-money providers that accept payouts, with their rails. Filter by `country` and `currency`; a combination with no match returns an empty list.',
  request: { query: DiscoveryQuery },
  responses: { 200: jsonResponse(DiscoveryList, 'The matching institutions'), ...errorResponses() },
});
