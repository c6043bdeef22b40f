import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../core/env.js';
import { serviceNameOf } from '../../core/service-name.js';
import type { Stablecoin } from './stablecoins.schemas.js';
import type * as routes from './stablecoins.routes.js';
import { createBurn, createMint, fundOperation, getOperation, listOperations } from './operations.service.js';
import { getProviderAccount, linkProviderAccount, listProviderAccounts } from './provider-accounts.service.js';
import { getStablecoin, listStablecoins, registerStablecoin } from './stablecoins.service.js';

export const linkAccount: RouteHandler<typeof routes.linkProviderAccountRoute, AppEnv> = (c) =>
  c.json(linkProviderAccount(c.get('tenant'), c.req.valid('header')['idempotency-key'], c.req.valid('json')), 201);

export const listAccounts: RouteHandler<typeof routes.listProviderAccountsRoute, AppEnv> = (c) => c.json(listProviderAccounts(c.get('tenant'), c.req.valid('query')), 200);

export const getAccount: RouteHandler<typeof routes.getProviderAccountRoute, AppEnv> = (c) =>
  c.json(getProviderAccount(c.get('tenant'), c.req.valid('param').stablecoinProviderAccountId), 200);

/** A stablecoin as the sandbox's service name shows it (acmeOperationsStatus under Acme). */
const named = (c: Context, stablecoin: Stablecoin) => serviceNameOf(c).namedMembers(stablecoin);

export const register: RouteHandler<typeof routes.registerStablecoinRoute, AppEnv> = (c) =>
  c.json(named(c, registerStablecoin(c.get('tenant'), c.req.valid('header')['idempotency-key'], c.req.valid('json'))), 201);

export const list: RouteHandler<typeof routes.listStablecoinsRoute, AppEnv> = (c) => {
  const page = listStablecoins(c.get('tenant'), c.req.valid('query'));
  return c.json({ ...page, data: page.data.map((s) => named(c, s)) }, 200);
};

export const get: RouteHandler<typeof routes.getStablecoinRoute, AppEnv> = (c) => c.json(named(c, getStablecoin(c.get('tenant'), c.req.valid('param').stablecoinId)), 200);

export const mint: RouteHandler<typeof routes.createMintRoute, AppEnv> = (c) =>
  c.json(createMint(c.get('tenant'), c.req.valid('param').stablecoinId, c.req.valid('header')['idempotency-key'], c.req.valid('json')), 201);

export const burn: RouteHandler<typeof routes.createBurnRoute, AppEnv> = (c) =>
  c.json(createBurn(c.get('tenant'), c.req.valid('param').stablecoinId, c.req.valid('header')['idempotency-key'], c.req.valid('json')), 201);

export const operations: RouteHandler<typeof routes.listOperationsRoute, AppEnv> = (c) =>
  c.json(listOperations(c.get('tenant'), c.req.valid('param').stablecoinId, c.req.valid('query')), 200);

export const operation: RouteHandler<typeof routes.getOperationRoute, AppEnv> = (c) => c.json(getOperation(c.get('tenant'), c.req.valid('param').stablecoinOperationId), 200);

export const fund: RouteHandler<typeof routes.fundOperationRoute, AppEnv> = (c) =>
  c.json(fundOperation(c.get('tenant'), c.req.valid('param').stablecoinOperationId, c.req.valid('json')?.amount), 200);
