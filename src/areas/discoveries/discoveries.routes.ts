import { createRoute } from '@hono/zod-openapi';
import { jsonResponse } from '../../core/schemas.js';
import { DiscoveryList, DiscoveryQuery } from './discoveries.schemas.js';
import { TAGS } from '../../core/tags.js';

export const listDiscoveriesRoute = createRoute({
  operationId: 'getDiscoveries',
  method: 'get',
  path: '/discoveries',
  tags: [TAGS.discoveries],
  summary: 'List receiving institutions',
  description: 'Banks and mobile-money providers that accept payouts, with their rails. Filter by `country` and `currency`; a combination with no match returns an empty list.',
  request: { query: DiscoveryQuery },
  responses: { 200: jsonResponse(DiscoveryList, 'The matching institutions') },
});
