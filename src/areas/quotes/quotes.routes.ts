import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { SignedRequestHeaders, SignedRetryChallenge } from '../wallet-auth/signed-request.schemas.js';
import { ExecuteQuoteRequest, Quote, QuoteList, QuoteListQuery, QuoteRequest } from './quotes.schemas.js';
import { TAGS } from '../../core/tags.js';

const tags = [TAGS.crossCurrencyTransfers];
const QuoteIdParam = z.object({ quoteId: z.string().min(1).max(200).openapi({ param: { name: 'quoteId', in: 'path' }, example: 'Quote:019542f5-b3e7-1d02-0000-00000000000a' }) });

export const createQuoteRoute = createRoute({
  operationId: 'createQuote',
  method: 'post',
  path: '/quotes',
  tags,
  summary: 'Create a quote',
  description:
    'Locks a rate and the amounts for a transfer. Sources: an internal account, an external account (a pull, into an internal account) or real-time funding (paymentInstructions come back). From an embedded wallet, paymentInstructions carry one {accountType: EMBEDDED_WALLET, payloadToSign} to stamp for execute; immediatelyExecute is 400 there. Destinations: an external or internal account, or a UMA address (after GET /receiver/uma/{address}). A lockedCurrencyAmount ending in 666 is QUOTE_RATE_UNAVAILABLE. With requireEndUserTermsConsent, a customer without endUserTermsConsent is 403 END_USER_TERMS_NOT_ACCEPTED.',
  request: { body: jsonBody(QuoteRequest) },
  responses: {
    201: jsonResponse(Quote, 'The quote (executed already when immediatelyExecute was true)'),
    202: jsonResponse(Quote, 'A real-time-funded quote of a customer under SCA: PENDING_AUTHORIZATION with scaChallenge; paymentInstructions come once POST /quotes/{quoteId}/authorize succeeds'),
  },
});

export const listQuotesRoute = createRoute({
  operationId: 'listQuotes',
  method: 'get',
  path: '/quotes',
  tags,
  summary: 'List quotes',
  request: { query: QuoteListQuery },
  responses: { 200: jsonResponse(QuoteList, 'A page of quotes') },
});

export const getQuoteRoute = createRoute({
  operationId: 'getQuoteById',
  method: 'get',
  path: '/quotes/{quoteId}',
  tags,
  summary: 'Get a quote',
  request: { params: QuoteIdParam },
  responses: { 200: jsonResponse(Quote, 'The quote') },
});

export const executeQuoteRoute = createRoute({
  operationId: 'executeQuote',
  method: 'post',
  path: '/quotes/{quoteId}/execute',
  tags,
  summary: 'Execute a quote',
  description:
    'Starts the transfer from the prefunded source. The same Idempotency-Key returns the same result without a second transfer; using it for another quote is 409; executing an executed quote again is 409. The destination suffix decides the outcome. For a customer under SCA (scaRegions) nothing moves yet: the quote comes back PENDING_AUTHORIZATION with scaChallenge (its transaction too) and POST /quotes/{quoteId}/authorize releases it; a trusted beneficiary needs no challenge. From an embedded wallet, either send the stamp of the quote paymentInstructions[].accountOrWalletInfo.payloadToSign (by an active session key of the wallet) as Service-Wallet-Signature with no Request-Id: 200 at once; or send no signature headers: 202 challenge, then its signed retry. A stamp that does not parse is 401 WALLET_SIGNATURE_MALFORMED; one over other bytes, or by a key that is no active session of the wallet, is 401 WALLET_SIGNATURE_INVALID.',
  request: {
    params: QuoteIdParam,
    headers: z.object({
      // Header names are matched case-insensitively; the lowercase key is what validation sees.
      'idempotency-key': z.string().min(1).max(255).optional().openapi({ description: 'Executing twice with one key executes once', example: 'rent-2025-10' }),
    }).extend(SignedRequestHeaders.shape),
    body: { required: false, content: { 'application/json': { schema: ExecuteQuoteRequest } } },
  },
  responses: {
    200: jsonResponse(Quote, 'The executed quote'),
    202: jsonResponse(SignedRetryChallenge, 'The source is an embedded wallet and no signature came: stamp payloadToSign and repeat with Service-Wallet-Signature and Request-Id'),
  },
});
