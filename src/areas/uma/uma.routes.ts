import { createRoute, z } from '@hono/zod-openapi';
import { jsonResponse } from '../../core/schemas.js';
import { LookupQuery, ReceiverAccountLookup, ReceiverUmaLookup } from './uma.schemas.js';
import { TAGS } from '../../core/tags.js';

const tags = [TAGS.crossCurrencyTransfers];

export const lookupUmaRoute = createRoute({
  operationId: 'lookupUma',
  method: 'get',
  path: '/receiver/uma/{receiverUmaAddress}',
  tags,
  summary: 'Look up a UMA receiver',
  description: 'Sandbox receivers live on the sandbox UMA domain ($success.usd@, $success.eur@, $success.mxn@, $pending.long.usd@, $fail.compliance.usd@); customers of your tenant answer at their own UMA address. The lookupId is needed to quote a UMA destination.',
  request: {
    params: z.object({ receiverUmaAddress: z.string().min(3).max(255).openapi({ param: { name: 'receiverUmaAddress', in: 'path' }, example: '$success.usd@sandbox.uma.local' }) }),
    query: LookupQuery,
  },
  responses: { 200: jsonResponse(ReceiverUmaLookup, 'What the receiver accepts') },
});

export const lookupAccountRoute = createRoute({
  operationId: 'lookupExternalAccount',
  method: 'get',
  path: '/receiver/external-account/{accountId}',
  tags,
  summary: 'Look up an external account receiver',
  request: {
    params: z.object({ accountId: z.string().min(1).max(200).openapi({ param: { name: 'accountId', in: 'path' }, example: 'ExternalAccount:e85dcbd6-dced-4ec4-b756-3c3a9ea3d965' }) }),
    query: LookupQuery,
  },
  responses: { 200: jsonResponse(ReceiverAccountLookup, 'What the receiver accepts') },
});
