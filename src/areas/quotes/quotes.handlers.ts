import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import { signedHandler } from '../wallet-auth/wallet-request.js';
import type * as routes from './quotes.routes.js';
import * as service from './quotes.service.js';

export const create: RouteHandler<typeof routes.createQuoteRoute, AppEnv> = (c) => {
  const quote = service.createQuote(c.get('tenant'), c.req.valid('json'));
  // Only a real-time-funded send waiting for SCA is 202; an immediately executed one reports its state with 201.
  return quote.status === 'PENDING_AUTHORIZATION' && quote.source.sourceType === 'REALTIME_FUNDING' ? c.json(quote, 202) : c.json(quote, 201);
};

export const list: RouteHandler<typeof routes.listQuotesRoute, AppEnv> = (c) => c.json(service.listQuotes(c.get('tenant'), c.req.valid('query')), 200);

export const get: RouteHandler<typeof routes.getQuoteRoute, AppEnv> = (c) => c.json(service.getQuote(c.get('tenant'), c.req.valid('param').quoteId), 200);

export const execute = signedHandler<typeof routes.executeQuoteRoute>((c, request) =>
  service.executeQuote(c.get('tenant'), c.req.valid('param').quoteId, c.req.valid('header')['idempotency-key'], request, c.req.valid('json').scaFactor),
);
