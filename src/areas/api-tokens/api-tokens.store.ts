/** API tokens: further credentials of the tenant, each with its permissions. */
import { z } from '@hono/zod-openapi';
import { defineCollection } from '../../store/spec.js';
import { ApiToken, type ApiTokenRecord } from './api-tokens.schemas.js';

declare module '../../store/spec.js' {
  interface TenantRecords {
    apiTokens: ApiTokenRecord;
  }
}

export const apiTokensCollection = defineCollection('apiTokens', {
  schema: ApiToken.omit({ clientSecret: true }).extend({
    secret: z.object({ algorithm: z.literal('scrypt'), cost: z.number().int().min(1).max(20), salt: z.string(), hash: z.string() }),
  }),
  indexes: { clientId: (t) => t.clientId, name: (t) => t.name },
});
