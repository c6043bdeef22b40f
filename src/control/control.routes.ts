import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../core/schemas.js';
import { Fault, FaultList, FaultRequest, FaultsCleared } from './faults.schemas.js';
import { snapshotSchema } from '../store/snapshot.js';
import type { StoreSchema } from '../store/spec.js';
import { WebhookDelivery } from '../webhooks/webhooks.schemas.js';
import { listResponse } from '../core/schemas.js';
import { RulesReference, ClockSetRequest, DeliveryListQuery, JournalCleared, JournalCount, JournalCountQuery, JournalList, JournalQuery, TriggerRequest, TriggerResult, TriggerTypes, UnmatchedQuery, ScenarioList, WebhookPublicKey, WalletSandboxInfo, ClockAdvanceRequest, ClockAdvanceResult, ClockState, EventList, EventListQuery, Health, ResetResult } from './control.schemas.js';
import { TAGS } from '../core/tags.js';
import { InternalAccount, InternalAccountStatus } from '../areas/internal-accounts/internal-accounts.schemas.js';
import { ExternalAccount } from '../areas/external-accounts/external-accounts.schemas.js';
import { REVIEW_STATUSES } from '../areas/external-accounts/external-accounts.service.js';
import { CoverageCleared, CoverageReport } from './coverage.schemas.js';
import { AccountLedger, TransactionTimeline } from './history.schemas.js';
import { ExportedFixture, FixtureResult } from './fixtures.schemas.js';

const tags = [TAGS.controlPlane];

export const healthRoute = createRoute({
  operationId: 'adminGetHealth',
  method: 'get',
  path: '/health',
  tags,
  summary: 'Health of the sandbox and of your tenant',
  responses: { 200: jsonResponse(Health, 'Healthy') },
});

export const resetRoute = createRoute({
  operationId: 'adminResetTenant',
  method: 'post',
  path: '/reset',
  tags,
  summary: 'Reset your tenant',
  description: 'Deletes every resource of the tenant and sets its clock back to real time. Your credentials stay.',
  responses: { 200: jsonResponse(ResetResult, 'Reset') },
});

export const clockRoute = createRoute({
  operationId: 'adminGetClock',
  method: 'get',
  path: '/clock',
  tags,
  summary: "Your tenant's clock and its pending delayed outcomes",
  responses: { 200: jsonResponse(ClockState, 'The clock') },
});

export const advanceClockRoute = createRoute({
  operationId: 'adminAdvanceClock',
  method: 'post',
  path: '/clock/advance',
  tags,
  summary: "Move your tenant's clock forward",
  description: 'Runs every delayed outcome that falls due, in order, each at its own due time, and returns what ran.',
  request: { body: jsonBody(ClockAdvanceRequest) },
  responses: { 200: jsonResponse(ClockAdvanceResult, 'The new time and what ran') },
});

export const eventsRoute = createRoute({
  operationId: 'adminListEvents',
  method: 'get',
  path: '/events',
  tags,
  summary: "Your tenant's webhook events, as a list or a live stream",
  description:
    'Every event in the outbox, newest first, in the webhook envelope {id, type, timestamp, data}; filter by type. With `Accept: text/event-stream`, a live stream instead: each new event as one server-sent event (`id`, `event` = type, `data` = the exact webhook body, and a `signature` field with its X-Service-Signature); send `Last-Event-ID` to get what you missed first.',
  request: { query: EventListQuery },
  responses: {
    200: { description: 'A page of events, or the stream', content: { 'application/json': { schema: EventList }, 'text/event-stream': { schema: z.string() } } },
  },
});

export const armFaultRoute = createRoute({
  operationId: 'adminArmFault',
  method: 'post',
  path: '/faults',
  tags,
  summary: 'Arm a fault',
  description:
    'WALLET_PROCESSING: the next `count` replies of a wallet operation (ADD_CREDENTIAL, CHALLENGE_CREDENTIAL, VERIFY_CREDENTIAL, REFRESH_SESSION, REVOKE_CREDENTIAL, REVOKE_SESSION, EXPORT_WALLET; any when `operation` is absent) answer 200 {status: PROCESSING}. The operation still happens once; the identical re-send after the last PROCESSING reply gets its result.',
  request: { body: jsonBody(FaultRequest) },
  responses: { 201: jsonResponse(Fault, 'The armed fault') },
});

export const listFaultsRoute = createRoute({
  operationId: 'adminListFaults',
  method: 'get',
  path: '/faults',
  tags,
  summary: 'Armed faults and what remains of them',
  responses: { 200: jsonResponse(FaultList, 'The faults') },
});

export const clearFaultsRoute = createRoute({
  operationId: 'adminClearFaults',
  method: 'delete',
  path: '/faults',
  tags,
  summary: 'Disarm every fault',
  responses: { 200: jsonResponse(FaultsCleared, 'How many were removed') },
});

export const walletSandboxRoute = createRoute({
  operationId: 'adminGetWalletSandbox',
  method: 'get',
  path: '/wallet',
  tags,
  summary: 'What embedded-wallet clients need to know about the sandbox',
  description: 'The public key of the sandbox bundle signer, the OTP code, the legacy literals and the WebAuthn relying party.',
  responses: { 200: jsonResponse(WalletSandboxInfo, 'The wallet sandbox facts') },
});

export const setClockRoute = createRoute({
  operationId: 'adminSetClock',
  method: 'post',
  path: '/clock',
  tags,
  summary: "Set your tenant's clock to an instant",
  description: 'Never backwards (400). Runs every job that falls due on the way, in order, and returns what ran.',
  request: { body: jsonBody(ClockSetRequest) },
  responses: { 200: jsonResponse(ClockAdvanceResult, 'The new time and what ran') },
});

/** The snapshot's shape follows the collections and documents the store holds. */
export const exportSnapshotRoute = (store: StoreSchema) =>
  createRoute({
    operationId: 'adminExportSnapshot',
    method: 'get',
    path: '/snapshot',
    tags,
    summary: "Export your tenant's whole state",
    description: 'Every collection, the configuration, the clock offset and the uploaded files (base64). Credentials are not included.',
    responses: { 200: jsonResponse(snapshotSchema(store).openapi('AdminSnapshot'), 'The snapshot') },
  });

export const restoreSnapshotRoute = createRoute({
  operationId: 'adminRestoreSnapshot',
  method: 'put',
  path: '/snapshot',
  tags,
  summary: 'Replace your tenant\'s state with a snapshot',
  description: 'Validated first: a bad snapshot is 400 with every offending field and changes nothing; so is an empty body, or one with no snapshot section (POST /__admin/reset empties a tenant). Parts left out start empty (configuration: the defaults). Up to 64 MB (uploaded files travel in it).',
  request: { body: { required: true, content: { 'application/json': { schema: z.record(z.string(), z.unknown()).openapi({ description: 'A snapshot, as GET /__admin/snapshot exports it' }) } } } },
  responses: { 200: jsonResponse(z.object({ restored: z.literal(true), now: z.string() }).openapi('AdminSnapshotRestored'), 'Restored') },
});

export const journalRoute = createRoute({
  operationId: 'adminListRequests',
  method: 'get',
  path: '/requests',
  tags,
  summary: 'Your recent API requests',
  description:
    'Newest first: method, path, status, duration, request headers and bodies, with secrets, OTP bundles, tokens, signatures and national identity numbers redacted, and card numbers in the fields that carry them (account numbers, CLABEs and timestamps are shown as sent). Kept in memory: the latest 1,000 (the oldest bodies are let go first when they add up to more than 8 MB). Requests to /__admin and the dashboard\'s own calls are not recorded.',
  request: { query: JournalQuery },
  responses: { 200: jsonResponse(JournalList, 'The requests') },
});

export const journalCountRoute = createRoute({
  operationId: 'adminCountRequests',
  method: 'get',
  path: '/requests/count',
  tags,
  summary: 'Count your requests that match',
  description: 'For verification in a test suite: `path` is the whole path relative to the API base (`/customers`, `/quotes/*/execute`, `*` for one segment); method and status narrow it further. Counts the requests kept (the latest 1,000).',
  request: { query: JournalCountQuery },
  responses: { 200: jsonResponse(JournalCount, 'How many') },
});

export const journalUnmatchedRoute = createRoute({
  operationId: 'adminListUnmatchedRequests',
  method: 'get',
  path: '/requests/unmatched',
  tags,
  summary: 'Your requests that matched no route',
  description: 'Newest first, as GET /__admin/requests shows them: each was answered 404 (with the closest real routes in details.didYouMean) or 405.',
  request: { query: UnmatchedQuery },
  responses: { 200: jsonResponse(JournalList, 'The requests') },
});

export const clearJournalRoute = createRoute({
  operationId: 'adminClearRequests',
  method: 'delete',
  path: '/requests',
  tags,
  summary: 'Clear your request journal',
  responses: { 200: jsonResponse(JournalCleared, 'How many were removed') },
});

export const triggerRoute = createRoute({
  operationId: 'adminTriggerEvent',
  method: 'post',
  path: '/events/trigger',
  tags,
  summary: 'Make a webhook event happen',
  description:
    'Drives the real flows until an event of `type` happens (creating the customer, documents, accounts, quote, card... it needs), so its data refers to objects that exist and the follow-up events arrive as they would. Answers with the ids it created and every event it produced. An unknown type is 400 with the valid ones in details.validTypes; GET lists them.',
  request: { body: jsonBody(TriggerRequest) },
  responses: { 200: jsonResponse(TriggerResult, 'What happened') },
});

export const triggerTypesRoute = createRoute({
  operationId: 'adminListTriggerTypes',
  method: 'get',
  path: '/events/trigger',
  tags,
  summary: 'The webhook types POST /__admin/events/trigger makes happen',
  responses: { 200: jsonResponse(TriggerTypes, 'The types') },
});

export const deliveriesRoute = createRoute({
  operationId: 'adminListWebhookDeliveries',
  method: 'get',
  path: '/webhooks',
  tags,
  summary: 'Webhook deliveries, with every attempt',
  request: { query: DeliveryListQuery },
  responses: { 200: jsonResponse(listResponse(WebhookDelivery, 'AdminWebhookDeliveryList'), 'A page of deliveries') },
});

export const replayDeliveryRoute = createRoute({
  operationId: 'adminReplayWebhookDelivery',
  method: 'post',
  path: '/webhooks/{id}/replay',
  tags,
  summary: 'Send a webhook delivery again, now',
  request: { params: z.object({ id: z.string().min(1).max(200) }) },
  responses: { 200: jsonResponse(WebhookDelivery, 'The delivery with the new attempt') },
});

export const webhookKeyRoute = createRoute({
  operationId: 'adminGetWebhookPublicKey',
  method: 'get',
  path: '/webhooks/public-key',
  tags,
  summary: 'The public key webhooks are signed with',
  responses: { 200: jsonResponse(WebhookPublicKey, 'The key') },
});

export const scenariosRoute = createRoute({
  operationId: 'adminListScenarios',
  method: 'get',
  path: '/scenarios',
  tags,
  summary: 'The scenario presets',
  responses: { 200: jsonResponse(ScenarioList, 'The presets') },
});

export const loadScenarioRoute = createRoute({
  operationId: 'adminLoadScenario',
  method: 'post',
  path: '/scenarios/{name}',
  tags,
  summary: 'Reset your tenant and load a scenario preset',
  description:
    "An unknown name is 400 with the valid ones in details.validScenarios, and changes nothing. A preset written as a fixture (scenarios/*.yaml) runs its steps through the API as the sandbox's own set-up: not in the request journal or the coverage; your other requests wait until it has loaded.",
  request: { params: z.object({ name: z.string().min(1).max(100) }) },
  responses: { 200: jsonResponse(z.object({ scenario: z.string(), now: z.string() }).openapi('AdminScenarioLoaded'), 'Loaded') },
});

export const rulesRoute = createRoute({
  operationId: 'adminGetRules',
  method: 'get',
  path: '/rules',
  tags,
  summary: 'Every sandbox magic value',
  description: 'The rule tables the sandbox decides outcomes with: each value that selects an outcome, and the outcome.',
  responses: { 200: jsonResponse(RulesReference, 'The tables') },
});

const AccountId = z.object({ id: z.string().min(1).max(200) });

export const internalAccountStatusRoute = createRoute({
  operationId: 'adminSetInternalAccountStatus',
  method: 'post',
  path: '/internal-accounts/{id}/status',
  tags,
  summary: "Move an internal account to a status, as the service's provisioning and compliance would",
  description:
    'PENDING (provisioning), ACTIVE, FROZEN (compliance hold), FAILED (provisioning failed), CLOSED (final: any move after it is 409 INVALID_STATE_TRANSITION). Only an ACTIVE account takes or sends money, backs a new card or authorizes card spending, and serves funding instructions. Each change sends INTERNAL_ACCOUNT.STATUS_UPDATED, and FUNDING_INSTRUCTIONS_UPDATED when it is a move to or from ACTIVE; the same status again changes nothing and sends nothing.',
  request: { params: AccountId, body: jsonBody(z.object({ status: InternalAccountStatus }).openapi('AdminInternalAccountStatusRequest')) },
  responses: { 200: jsonResponse(InternalAccount, 'The account after the change') },
});

export const externalAccountReviewRoute = createRoute({
  operationId: 'adminReviewExternalAccount',
  method: 'post',
  path: '/external-accounts/{id}/status',
  tags,
  summary: "Give an external account a review outcome, as the service's compliance review would",
  description:
    "UNDER_REVIEW, INACTIVE or ACTIVE. Each change sends EXTERNAL_ACCOUNT.STATUS_UPDATED; the same status again sends nothing. A wallet whose ownership is not yet verified (PENDING_OWNERSHIP_VERIFICATION, UNVERIFIED) gets there only through its challenge: 409 INVALID_STATE_TRANSITION.",
  request: { params: AccountId, body: jsonBody(z.object({ status: z.enum(REVIEW_STATUSES) }).openapi('AdminExternalAccountReviewRequest')) },
  responses: { 200: jsonResponse(ExternalAccount, 'The account after the change') },
});

export const coverageRoute = createRoute({
  operationId: 'adminGetCoverage',
  method: 'get',
  path: '/coverage',
  tags,
  summary: 'What your requests have exercised',
  description:
    "Every operation of the API, every row of every rule table (each table's default row included) and every webhook event type, with what this tenant's requests did with each: calls by status and error code, rows that decided an outcome, events emitted, delivered and acknowledged. Zeros included, so the gaps show. Survives reset, snapshot restore, scenario loads and restarts; what the sandbox does on its own behalf (set-up, reset, restore, scenarios, a trigger's set-up) is not counted.",
  responses: { 200: jsonResponse(CoverageReport, 'The report') },
});

export const clearCoverageRoute = createRoute({
  operationId: 'adminClearCoverage',
  method: 'delete',
  path: '/coverage',
  tags,
  summary: 'Start coverage recording over',
  description: 'Sets every counter of the tenant back to zero; `since` becomes now.',
  responses: { 200: jsonResponse(CoverageCleared, 'Cleared') },
});

export const transactionTimelineRoute = createRoute({
  operationId: 'adminGetTransactionTimeline',
  method: 'get',
  path: '/transactions/{id}/timeline',
  tags,
  summary: "A transaction's life on your tenant's clock",
  description:
    'Every status it went through, every webhook event about it, and every attempt to deliver each one (the answer, or why there was none, and when the retry it led to was due), in time order. What the dashboard draws on a transaction\'s page. An unknown id is 404.',
  request: { params: z.object({ id: z.string().min(1).max(200) }) },
  responses: { 200: jsonResponse(TransactionTimeline, 'The timeline') },
});

export const accountLedgerRoute = createRoute({
  operationId: 'adminGetInternalAccountLedger',
  method: 'get',
  path: '/internal-accounts/{id}/ledger',
  tags,
  summary: "An internal account's ledger postings, each with the balances after it",
  description:
    'Oldest first. A pending entry appears twice: when it was made (a hold leaves the available balance, an incoming credit joins the total) and when it settled or was voided. The last posting\'s balances are the account\'s. What the dashboard draws on an account\'s page. An unknown id is 404.',
  request: { params: AccountId },
  responses: { 200: jsonResponse(AccountLedger, 'The account and its postings') },
});

export const loadFixturesRoute = createRoute({
  operationId: 'adminLoadFixtures',
  method: 'post',
  path: '/fixtures',
  tags,
  summary: 'Run a fixture: a list of API steps',
  description:
    'Each step is an API request (`request: "POST /customers"`, with `body`, `headers`, `query`, `repeat`, `expect`) or a clock advance (`advance: 360`), run in order through the API with your credentials, so every rule, magic value and webhook applies; later steps read earlier answers with `${name.path}`. Checked whole first: an unknown key, a reference to no earlier step, a route the sandbox lacks or a bad repeat is 400 (FIXTURE_UNKNOWN_KEY, FIXTURE_UNDEFINED_REFERENCE, FIXTURE_UNKNOWN_ROUTE, FIXTURE_INVALID_REPEAT, FIXTURE_INVALID) naming the step, and nothing runs. A step that answers an error (or not what its `expect` says) stops the run: 409 FIXTURE_STEP_FAILED (FIXTURE_EXPECTATION_FAILED) with the step, the request and the answer; the steps before it stay done. Adds to what the tenant holds: POST /__admin/reset first for a clean start. docs/fixtures.md describes the format.',
  request: { body: { required: true, content: { 'application/json': { schema: z.record(z.string(), z.unknown()).openapi({ description: 'A fixture: {"fixtures": [steps]}' }) } } } },
  responses: { 200: jsonResponse(FixtureResult, "Every step's name, what it sent and the ids it made") },
});

export const exportFixtureRoute = createRoute({
  operationId: 'adminExportFixture',
  method: 'get',
  path: '/fixtures/export',
  tags,
  summary: 'Record your session as a fixture',
  description:
    "Your successful API writes since the last reset (from the request journal), in order, with the clock advances between them; every id an earlier step made becomes a reference to that step's answer, and a read whose answer revealed an id a later write uses is kept as a step. POST it to /__admin/fixtures of an empty tenant to build the same resources. Multipart uploads, wallet-signed and agents' requests cannot be replayed: they are left out and the description names them. 409 FIXTURE_EXPORT_INCOMPLETE when the journal (the latest 1,000 requests) no longer holds them all.",
  responses: { 200: jsonResponse(ExportedFixture, 'The fixture') },
});
