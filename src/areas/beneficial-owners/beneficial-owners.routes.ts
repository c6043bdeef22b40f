import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { BeneficialOwner, BeneficialOwnerCreate, BeneficialOwnerList, BeneficialOwnerListQuery, BeneficialOwnerUpdate } from './beneficial-owners.schemas.js';
import { TAGS } from '../../core/tags.js';

const tags = [TAGS.verifications];
const IdParam = z.object({
  beneficialOwnerId: z.string().min(1).max(200).openapi({ param: { name: 'beneficialOwnerId', in: 'path' }, example: 'BeneficialOwner:019542f5-b3e7-1d02-0000-000000000005' }),
});

export const createOwnerRoute = createRoute({
  operationId: 'createBeneficialOwner',
  method: 'post',
  path: '/beneficial-owners',
  tags,
  summary: 'Add a beneficial owner to a business',
  description: 'The owners of one business may hold at most 100% between them. The owner starts UNVERIFIED; the last three characters of lastName decide its KYC when the business resolves by its suffix.',
  request: { body: jsonBody(BeneficialOwnerCreate) },
  responses: { 201: jsonResponse(BeneficialOwner, 'The new owner') },
});

export const listRoute = createRoute({
  operationId: 'listBeneficialOwners',
  method: 'get',
  path: '/beneficial-owners',
  tags,
  summary: "List a business's beneficial owners",
  request: { query: BeneficialOwnerListQuery },
  responses: { 200: jsonResponse(BeneficialOwnerList, 'A page of owners') },
});

export const getRoute = createRoute({
  operationId: 'getBeneficialOwner',
  method: 'get',
  path: '/beneficial-owners/{beneficialOwnerId}',
  tags,
  summary: 'Get a beneficial owner',
  request: { params: IdParam },
  responses: { 200: jsonResponse(BeneficialOwner, 'The owner') },
});

export const updateRoute = createRoute({
  operationId: 'updateBeneficialOwner',
  method: 'patch',
  path: '/beneficial-owners/{beneficialOwnerId}',
  tags,
  summary: 'Update a beneficial owner',
  description: 'Only the fields sent change; personalInfo is merged field by field.',
  request: { params: IdParam, body: jsonBody(BeneficialOwnerUpdate) },
  responses: { 200: jsonResponse(BeneficialOwner, 'The updated owner') },
});

export const deleteRoute = createRoute({
  operationId: 'deleteBeneficialOwner',
  method: 'delete',
  path: '/beneficial-owners/{beneficialOwnerId}',
  tags,
  summary: 'Remove a beneficial owner',
  description: 'Removes the owner and its documents.',
  request: { params: IdParam },
  responses: { 204: { description: 'Removed' } },
});
