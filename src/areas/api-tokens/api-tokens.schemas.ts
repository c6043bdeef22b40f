import { z } from '@hono/zod-openapi';
import { ListQuery, Timestamp, listResponse } from '../../core/schemas.js';

/** What a token may do: VIEW reads, TRANSACT moves money, MANAGE administers (config, tokens, customers). */
export const Permission = z.enum(['VIEW', 'TRANSACT', 'MANAGE']).openapi('Permission');

export const ApiToken = z
  .object({
    id: z.string().openapi({ example: 'Token:019542f5-b3e7-1d02-0000-000000000001' }),
    name: z.string(),
    permissions: z.array(Permission),
    clientId: z.string().openapi({ description: 'The HTTP Basic user name of this token', example: 'tok_dGVzdC1jbGllbnQ.Zq3h0cLw4mXk1VbN8rYtP2sA' }),
    clientSecret: z.string().optional().openapi({ description: 'The HTTP Basic password: returned once, by POST /tokens, and never again' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('ApiToken');

export const ApiTokenCreateRequest = z
  .object({
    name: z.string().min(1).max(255),
    permissions: z
      .array(Permission)
      .min(1)
      .max(3)
      .refine((list) => new Set(list).size === list.length, { message: 'Each permission at most once' }),
  })
  .openapi('ApiTokenCreateRequest');

export const TokenListQuery = ListQuery.extend({
  name: z.string().min(1).max(255).optional().openapi({ description: 'Tokens with exactly this name' }),
  createdAfter: Timestamp.optional(),
  createdBefore: Timestamp.optional(),
  updatedAfter: Timestamp.optional(),
  updatedBefore: Timestamp.optional(),
});

export const TokenList = listResponse(ApiToken, 'TokenListResponse');

export const TokenIdParam = z.object({
  tokenId: z.string().min(1).max(200).openapi({ param: { name: 'tokenId', in: 'path' }, example: 'Token:019542f5-b3e7-1d02-0000-000000000001' }),
});

export type Permission = z.infer<typeof Permission>;
export type ApiToken = z.infer<typeof ApiToken>;
export type ApiTokenCreateRequest = z.infer<typeof ApiTokenCreateRequest>;
export type TokenListQuery = z.infer<typeof TokenListQuery>;

/** What the store keeps: the token without its secret, plus the secret's salted scrypt hash. */
export interface ApiTokenRecord extends Omit<ApiToken, 'clientSecret'> {
  secret: { algorithm: 'scrypt'; cost: number; salt: string; hash: string };
}
