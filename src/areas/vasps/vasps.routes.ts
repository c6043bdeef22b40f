import { createRoute } from '@hono/zod-openapi';
import { jsonResponse } from '../../core/schemas.js';
import { TAGS } from '../../core/tags.js';
import { VaspList, VaspListQuery } from './vasps.schemas.js';

export const listVaspsRoute = createRoute({
  method: 'get',
  operationId: 'listVasps',
  path: '/vasps',
  tags: [TAGS.vasps],
  summary: 'List VASPs',
  description: 'The directory of fictional sandbox exchanges and custodians, by name, cursor-paginated. vaspName is the value to give when declaring a VASP-hosted counterparty.',
  request: { query: VaspListQuery },
  responses: { 200: jsonResponse(VaspList, 'A page of VASPs') },
});
