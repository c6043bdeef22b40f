import { createRoute } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { PlatformConfig, PlatformConfigUpdate } from './config.schemas.js';
import { TAGS } from '../../core/tags.js';

const tags = [TAGS.platformConfiguration];

export const getConfigRoute = createRoute({
  operationId: 'getPlatformConfig',
  method: 'get',
  path: '/config',
  tags,
  summary: 'Get the platform configuration',
  responses: { 200: jsonResponse(PlatformConfig, 'The configuration') },
});

export const updateConfigRoute = createRoute({
  operationId: 'updatePlatformConfig',
  method: 'patch',
  path: '/config',
  tags,
  summary: 'Update the platform configuration',
  description: 'Only the fields sent change. New supported currencies open platform internal accounts.',
  request: { body: jsonBody(PlatformConfigUpdate) },
  responses: { 200: jsonResponse(PlatformConfig, 'The updated configuration') },
});
