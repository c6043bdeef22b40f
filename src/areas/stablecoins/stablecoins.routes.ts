import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { TAGS } from '../../core/tags.js';
import {
  SandboxStablecoinFundRequest,
  Stablecoin,
  StablecoinBurnRequest,
  StablecoinList,
  StablecoinListQuery,
  StablecoinMintRequest,
  StablecoinOperation,
  StablecoinOperationList,
  StablecoinOperationListQuery,
  StablecoinProviderAccount,
  StablecoinProviderAccountLinkRequest,
  StablecoinProviderAccountList,
  StablecoinProviderAccountListQuery,
  StablecoinRegisterRequest,
} from './stablecoins.schemas.js';

const tags = [TAGS.stablecoins];

const StablecoinIdParam = z.object({ stablecoinId: z.string().min(1).max(200).openapi({ param: { name: 'stablecoinId', in: 'path' }, example: 'Stablecoin:019542f5-b3e7-1d02-0000-000000000002' }) });
const OperationIdParam = z.object({
  stablecoinOperationId: z.string().min(1).max(200).openapi({ param: { name: 'stablecoinOperationId', in: 'path' }, example: 'StablecoinOperation:019542f5-b3e7-1d02-0000-000000000301' }),
});
const ProviderAccountIdParam = z.object({
  stablecoinProviderAccountId: z.string().min(1).max(200).openapi({ param: { name: 'stablecoinProviderAccountId', in: 'path' }, example: 'StablecoinProviderAccount:019542f5-b3e7-1d02-0000-000000000001' }),
});

// Header names are matched case-insensitively; the lowercase key is what validation sees.
const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .openapi({ description: 'Required. The same key and body answer with what the first request created; the same key with another request is 409 CONFLICT. Kept 24 hours.', example: 'mint-2026-05-20-001' }),
});

export const linkProviderAccountRoute = createRoute({
  method: 'post',
  path: '/stablecoin-provider-accounts',
  operationId: 'linkStablecoinProviderAccount',
  tags,
  summary: 'Link a stablecoin provider account',
  description:
    'BRALE only; providerEnvironment is SANDBOX. The secret is checked, never stored or returned: one ending in 002 links INVALID, one ending in 003 links ACTIVE and is revoked by the provider 300 s later. An ACTIVE link to the same provider account is 409 CONFLICT.',
  request: { headers: IdempotencyHeaders, body: jsonBody(StablecoinProviderAccountLinkRequest) },
  responses: { 201: jsonResponse(StablecoinProviderAccount, 'The link') },
});

export const listProviderAccountsRoute = createRoute({
  method: 'get',
  path: '/stablecoin-provider-accounts',
  operationId: 'listStablecoinProviderAccounts',
  tags,
  summary: 'List stablecoin provider account links',
  description: 'Newest first, cursor-paginated; filter by provider and status.',
  request: { query: StablecoinProviderAccountListQuery },
  responses: { 200: jsonResponse(StablecoinProviderAccountList, 'A page of links') },
});

export const getProviderAccountRoute = createRoute({
  method: 'get',
  path: '/stablecoin-provider-accounts/{stablecoinProviderAccountId}',
  operationId: 'getStablecoinProviderAccount',
  tags,
  summary: 'Get a stablecoin provider account link',
  request: { params: ProviderAccountIdParam },
  responses: { 200: jsonResponse(StablecoinProviderAccount, 'The link') },
});

export const registerStablecoinRoute = createRoute({
  method: 'post',
  path: '/stablecoins',
  operationId: 'registerStablecoin',
  tags,
  summary: 'Register a provider-created stablecoin',
  description:
    'network SPARK only. stablecoinProviderAccountId may be omitted only when exactly one ACTIVE link exists (else 400 STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED). The stablecoin is PENDING_REVIEW, PROVISIONING after 60 s, PROVISIONED 120 s later; serviceOperationsStatus then goes PENDING_APPROVAL, ENABLING and ENABLED 60 s apart. The last three characters of networkTokenIdentifier pick other outcomes (see the magic values).',
  request: { headers: IdempotencyHeaders, body: jsonBody(StablecoinRegisterRequest) },
  responses: { 201: jsonResponse(Stablecoin, 'The stablecoin, PENDING_REVIEW') },
});

export const listStablecoinsRoute = createRoute({
  method: 'get',
  path: '/stablecoins',
  operationId: 'listStablecoins',
  tags,
  summary: 'List stablecoins',
  description: 'Newest first, cursor-paginated; filter by issuanceStatus, serviceOperationsStatus and provider.',
  request: { query: StablecoinListQuery },
  responses: { 200: jsonResponse(StablecoinList, 'A page of stablecoins') },
});

export const getStablecoinRoute = createRoute({
  method: 'get',
  path: '/stablecoins/{stablecoinId}',
  operationId: 'getStablecoin',
  tags,
  summary: 'Get a stablecoin',
  request: { params: StablecoinIdParam },
  responses: { 200: jsonResponse(Stablecoin, 'The stablecoin') },
});

export const createMintRoute = createRoute({
  method: 'post',
  path: '/stablecoins/{stablecoinId}/mints',
  operationId: 'createStablecoinMint',
  tags,
  summary: 'Mint a stablecoin',
  description:
    'The stablecoin must be PROVISIONED. WIRE: PENDING_FUNDING with fundingInstructions until the wire arrives (POST /sandbox/stablecoin-operations/{id}/fund), EXPIRED after 7 days. ACH_DEBIT / SAME_DAY_ACH_DEBIT (a USD_ACCOUNT): PENDING_PROVIDER for 180 / 60 s. SERVICE_INTERNAL_ACCOUNT (a USD internal account; the stablecoin ENABLED): held at once, PROCESSING. PROVIDER_INTERNAL_BALANCE: CREATED for 5 s. PROCESSING completes 30 s later. The destination is an ACTIVE SPARK_WALLET external account, or the platform internal account in the stablecoin once it is ENABLED.',
  request: { params: StablecoinIdParam, headers: IdempotencyHeaders, body: jsonBody(StablecoinMintRequest) },
  responses: { 201: jsonResponse(StablecoinOperation, 'The mint operation') },
});

export const createBurnRoute = createRoute({
  method: 'post',
  path: '/stablecoins/{stablecoinId}/burns',
  operationId: 'createStablecoinBurn',
  tags,
  summary: 'Burn (redeem) a stablecoin',
  description:
    'The stablecoin must be PROVISIONED. EXTERNAL_ACCOUNT: PENDING_FUNDING with a Spark deposit address until the tokens arrive (POST /sandbox/stablecoin-operations/{id}/fund), EXPIRED after 7 days. SERVICE_INTERNAL_ACCOUNT (the platform internal account in the stablecoin): held at once, PROCESSING. PROVIDER_INTERNAL_BALANCE: CREATED for 5 s, then FAILED (failureReason INSUFFICIENT_PROVIDER_BALANCE) if the provider balance of the stablecoin (what completed mints put there, less the burns taken up) is below the amount. PROCESSING pays out to the destination USD_ACCOUNT 30 s later; its suffix decides the payout as for transfers.',
  request: { params: StablecoinIdParam, headers: IdempotencyHeaders, body: jsonBody(StablecoinBurnRequest) },
  responses: { 201: jsonResponse(StablecoinOperation, 'The burn operation') },
});

export const listOperationsRoute = createRoute({
  method: 'get',
  path: '/stablecoins/{stablecoinId}/operations',
  operationId: 'listStablecoinOperations',
  tags,
  summary: "List a stablecoin's mints and burns",
  description: 'Newest first, cursor-paginated; filter by operationType.',
  request: { params: StablecoinIdParam, query: StablecoinOperationListQuery },
  responses: { 200: jsonResponse(StablecoinOperationList, 'A page of operations') },
});

export const getOperationRoute = createRoute({
  method: 'get',
  path: '/stablecoin-operations/{stablecoinOperationId}',
  operationId: 'getStablecoinOperation',
  tags,
  summary: 'Get a mint or burn',
  request: { params: OperationIdParam },
  responses: { 200: jsonResponse(StablecoinOperation, 'The operation') },
});

export const fundOperationRoute = createRoute({
  method: 'post',
  path: '/sandbox/stablecoin-operations/{stablecoinOperationId}/fund',
  operationId: 'sandboxFundStablecoinOperation',
  tags: [TAGS.sandbox],
  summary: 'Deliver the funds a stablecoin operation waits for',
  description:
    "The wire of a WIRE mint or the Spark deposit of an EXTERNAL_ACCOUNT burn arrives: PENDING_FUNDING becomes PROCESSING. amount, in the units of fundingInstructions.amount (cents for a wire, token units for a deposit), defaults to what is expected; another amount is 400 INVALID_AMOUNT. Any other status is 409 INVALID_STATE_TRANSITION.",
  request: { params: OperationIdParam, body: { required: false, content: { 'application/json': { schema: SandboxStablecoinFundRequest } } } },
  responses: { 200: jsonResponse(StablecoinOperation, 'The operation, PROCESSING') },
});
