import { createRoute } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonResponse } from '../../core/schemas.js';
import { PlatformConfig, PlatformConfigUpdate } from './config.schemas.js';

const tags = ['Platform Configuration'];

export const getConfigRoute = createRoute({
  method: 'get',
  path: '/config',
  tags,
  summary: 'Get the platform configuration',
  responses: { 200: jsonResponse(PlatformConfig, 'The configuration'), ...errorResponses() },
});

export const updateConfigRoute = createRoute({
  method: 'patch',
  path: '/config',
  tags,
  summary: 'Update the platform configuration',
  description: 'Only the fields sent change. New supported currencies open platform internal accounts.',
  request: { body: jsonBody(PlatformConfigUpdate) },
  responses: { 200: jsonResponse(PlatformConfig, 'The updated configuration'), ...errorResponses(415) },
});
