import { createRoute } from '@hono/zod-openapi';
import { jsonResponse } from '../../core/schemas.js';
import { ExchangeRateList, ExchangeRateQuery } from './exchange-rates.schemas.js';
import { TAGS } from '../../core/tags.js';

export const listExchangeRatesRoute = createRoute({
  operationId: 'getExchangeRates',
  method: 'get',
  path: '/exchange-rates',
  tags: [TAGS.exchangeRates],
  summary: 'List current exchange rates',
  description:
    'One entry per source currency, destination currency and destination rail, priced for `sendingAmount` after fees. ' +
    'Rates hold for five minutes of tenant clock time, then move. Crypto currencies are sources only: they arrive on no payment rail. An unknown currency answers INVALID_CURRENCY.',
  request: { query: ExchangeRateQuery },
  responses: { 200: jsonResponse(ExchangeRateList, 'The rates') },
});
