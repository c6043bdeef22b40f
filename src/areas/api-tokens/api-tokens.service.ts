/**
 * API tokens: further credentials of the tenant (same data), each limited to
 * its permissions. The secret is returned by create only; the store keeps a
 * salted scrypt hash. Deleting a token revokes it at once.
 */
import { parseInstant } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import { decodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import { DISK_SECRET_COST, hashSecret, verifySecret } from '../../store/secrets.js';
import type { Tenant } from '../../store/tenant.js';
import type { ApiToken, ApiTokenCreateRequest, ApiTokenRecord, Permission, TokenListQuery } from './api-tokens.schemas.js';
import { newTokenClientId, newTokenSecret } from './token-credentials.js';

const LIST = 'tokens';

export function presentToken(record: ApiTokenRecord): ApiToken {
  const { secret: _secret, ...token } = record;
  return token;
}

export function requireToken(tenant: Tenant, id: string): ApiTokenRecord {
  const token = tenant.apiTokens.get(id);
  if (!token) throw notFound('ApiToken', id);
  return token;
}

/**
 * A memory-only tenant's token hash is written nowhere, but unlike its client
 * secret it leaves in a snapshot export with the token: cheaper than on disk
 * (test suites create many), not as cheap as the client secret's.
 */
const MEMORY_TOKEN_SECRET_COST = 10;

/** POST /tokens: the only answer that carries clientSecret. */
export async function createToken(tenant: Tenant, input: ApiTokenCreateRequest): Promise<ApiToken> {
  const clientSecret = newTokenSecret();
  const secret = await hashSecret(clientSecret, tenant.persistent ? DISK_SECRET_COST : MEMORY_TOKEN_SECRET_COST);
  const now = tenant.clock.nowIso();
  const record: ApiTokenRecord = {
    id: tenant.ids('Token'),
    name: input.name,
    permissions: [...input.permissions],
    clientId: newTokenClientId(tenant.id),
    createdAt: now,
    updatedAt: now,
    secret: { algorithm: 'scrypt', cost: secret.cost, salt: secret.salt, hash: secret.hash },
  };
  tenant.apiTokens.insert(record);
  tenant.changed();
  return { ...presentToken(record), clientSecret };
}

export function getToken(tenant: Tenant, id: string): ApiToken {
  return presentToken(requireToken(tenant, id));
}

export function listTokens(tenant: Tenant, query: TokenListQuery): ListResult<ApiToken> {
  const bounds = {
    createdAfter: query.createdAfter !== undefined ? parseInstant(query.createdAfter) : undefined,
    createdBefore: query.createdBefore !== undefined ? parseInstant(query.createdBefore) : undefined,
    updatedAfter: query.updatedAfter !== undefined ? parseInstant(query.updatedAfter) : undefined,
    updatedBefore: query.updatedBefore !== undefined ? parseInstant(query.updatedBefore) : undefined,
  };
  const conditions: Array<(t: ApiTokenRecord) => boolean> = [];
  if (bounds.createdAfter !== undefined) conditions.push((t) => Date.parse(t.createdAt) >= bounds.createdAfter!);
  if (bounds.createdBefore !== undefined) conditions.push((t) => Date.parse(t.createdAt) <= bounds.createdBefore!);
  if (bounds.updatedAfter !== undefined) conditions.push((t) => Date.parse(t.updatedAt) >= bounds.updatedAfter!);
  if (bounds.updatedBefore !== undefined) conditions.push((t) => Date.parse(t.updatedAt) <= bounds.updatedBefore!);
  const beforeSeq = decodeCursor(LIST, query.cursor);
  const page = tenant.apiTokens.page({
    ...(query.name !== undefined ? { index: 'name', key: query.name } : {}),
    limit: query.limit,
    ...(beforeSeq !== undefined ? { beforeSeq } : {}),
    ...(conditions.length > 0 ? { where: (t: ApiTokenRecord) => conditions.every((f) => f(t)) } : {}),
  });
  return toListResult(LIST, page, presentToken);
}

/** DELETE /tokens/{id}: the token stops working with its next request. */
export function deleteToken(tenant: Tenant, id: string): void {
  requireToken(tenant, id);
  tenant.apiTokens.remove(id);
  tenant.changed();
}

export interface TokenCredential {
  id: string;
  permissions: readonly Permission[];
}

/** The token these credentials open in `tenant`, or undefined when the client id is unknown there or the secret is wrong. */
export async function checkTokenCredentials(tenant: Tenant, clientId: string, clientSecret: string): Promise<TokenCredential | undefined> {
  const token = tenant.apiTokens.findOne('clientId', clientId);
  if (!token || !(await verifySecret(clientSecret, token.secret))) return undefined;
  return { id: token.id, permissions: token.permissions };
}
