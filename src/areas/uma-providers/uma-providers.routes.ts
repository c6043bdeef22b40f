import { createRoute } from '@hono/zod-openapi';
import { jsonResponse } from '../../core/schemas.js';
import { TAGS } from '../../core/tags.js';
import { UmaProviderList, UmaProviderListQuery } from './uma-providers.schemas.js';

export const listUmaProvidersRoute = createRoute({
  method: 'get',
  operationId: 'getAvailableUmaProviders',
  path: '/uma-providers',
  tags: [TAGS.umaProviders],
  summary: 'List the available UMA providers',
  description: 'Sandbox providers (fictional, plus the sandbox receivers on its UMA domain), sorted by name (desc by default), cursor-paginated; filter by countryCode, currencyCode, and hasBlockedProviders=false for allow-listed ones only.',
  request: { query: UmaProviderListQuery },
  responses: { 200: jsonResponse(UmaProviderList, 'A page of providers') },
});
