import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonResponse } from '../core/schemas.js';
import { Fault, FaultList, FaultRequest, FaultsCleared } from './faults.schemas.js';
import { snapshotSchema } from '../store/snapshot.js';
import type { StoreSchema } from '../store/spec.js';
import { WebhookDelivery } from '../webhooks/webhooks.schemas.js';
import { listResponse } from '../core/schemas.js';
import { RulesReference, ClockSetRequest, DeliveryListQuery, JournalCleared, JournalCount, JournalCountQuery, JournalList, JournalQuery, TriggerRequest, TriggerResult, TriggerTypes, UnmatchedQuery, ScenarioList, WebhookPublicKey, WalletSandboxInfo, ClockAdvanceRequest, ClockAdvanceResult, ClockState, EventList, EventListQuery, Health, ResetResult } from './control.schemas.js';

const tags = ['Control plane'];
/** These routes live beside the API, not under its version segment. */
const servers = [{ url: '/', description: 'The sandbox itself' }];

export const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags,
  servers,
  summary: 'Health of the sandbox and of your tenant',
  responses: { 200: jsonResponse(Health, 'Healthy'), ...errorResponses() },
});

export const resetRoute = createRoute({
  method: 'post',
  path: '/reset',
  tags,
  servers,
  summary: 'Reset your tenant',
  description: 'Deletes every resource of the tenant and sets its clock back to real time. Your credentials stay.',
  responses: { 200: jsonResponse(ResetResult, 'Reset'), ...errorResponses() },
});

export const clockRoute = createRoute({
  method: 'get',
  path: '/clock',
  tags,
  servers,
  summary: "Your tenant's clock and its pending delayed outcomes",
  responses: { 200: jsonResponse(ClockState, 'The clock'), ...errorResponses() },
});

export const advanceClockRoute = createRoute({
  method: 'post',
  path: '/clock/advance',
  tags,
  servers,
  summary: "Move your tenant's clock forward",
  description: 'Runs every delayed outcome that falls due, in order, each at its own due time, and returns what ran.',
  request: { body: jsonBody(ClockAdvanceRequest) },
  responses: { 200: jsonResponse(ClockAdvanceResult, 'The new time and what ran'), ...errorResponses(415) },
});

export const eventsRoute = createRoute({
  method: 'get',
  path: '/events',
  tags,
  servers,
  summary: "Your tenant's webhook events, as a list or a live stream",
  description:
    'Every event in the outbox, newest first, in the webhook envelope {id, type, timestamp, data}; filter by type. With `Accept: text/event-stream`, a live stream instead: each new event as one server-sent event (`id`, `event` = type, `data` = the exact webhook body, and a `signature` field with its X-Service-Signature); send `Last-Event-ID` to get what you missed first.',
  request: { query: EventListQuery },
  responses: {
    200: { description: 'A page of events, or the stream', content: { 'application/json': { schema: EventList }, 'text/event-stream': { schema: z.string() } } },
    ...errorResponses(),
  },
});

export const armFaultRoute = createRoute({
  method: 'post',
  path: '/faults',
  tags,
  servers,
  summary: 'Arm a fault',
  description:
    'WALLET_PROCESSING: the next `count` replies of a wallet operation (ADD_CREDENTIAL, CHALLENGE_CREDENTIAL, VERIFY_CREDENTIAL, REFRESH_SESSION, REVOKE_CREDENTIAL, REVOKE_SESSION, EXPORT_WALLET; any when `operation` is absent) answer 200 {status: PROCESSING}. The operation still happens once; the identical re-send after the last PROCESSING reply gets its result.',
  request: { body: jsonBody(FaultRequest) },
  responses: { 201: jsonResponse(Fault, 'The armed fault'), ...errorResponses(415) },
});

export const listFaultsRoute = createRoute({
  method: 'get',
  path: '/faults',
  tags,
  servers,
  summary: 'Armed faults and what remains of them',
  responses: { 200: jsonResponse(FaultList, 'The faults'), ...errorResponses() },
});

export const clearFaultsRoute = createRoute({
  method: 'delete',
  path: '/faults',
  tags,
  servers,
  summary: 'Disarm every fault',
  responses: { 200: jsonResponse(FaultsCleared, 'How many were removed'), ...errorResponses() },
});

export const walletSandboxRoute = createRoute({
  method: 'get',
  path: '/wallet',
  tags,
  servers,
  summary: 'What embedded-wallet clients need to know about the sandbox',
  description: 'The public key of the sandbox bundle signer, the OTP code, the legacy literals and the WebAuthn relying party.',
  responses: { 200: jsonResponse(WalletSandboxInfo, 'The wallet sandbox facts'), ...errorResponses() },
});

export const setClockRoute = createRoute({
  method: 'post',
  path: '/clock',
  tags,
  servers,
  summary: "Set your tenant's clock to an instant",
  description: 'Never backwards (400). Runs every job that falls due on the way, in order, and returns what ran.',
  request: { body: jsonBody(ClockSetRequest) },
  responses: { 200: jsonResponse(ClockAdvanceResult, 'The new time and what ran'), ...errorResponses(415) },
});

/** The snapshot's shape follows the collections and documents the store holds. */
export const exportSnapshotRoute = (store: StoreSchema) =>
  createRoute({
    method: 'get',
    path: '/snapshot',
    tags,
    servers,
    summary: "Export your tenant's whole state",
    description: 'Every collection, the configuration, the clock offset and the uploaded files (base64). Credentials are not included.',
    responses: { 200: jsonResponse(snapshotSchema(store).openapi('AdminSnapshot'), 'The snapshot'), ...errorResponses() },
  });

export const restoreSnapshotRoute = createRoute({
  method: 'put',
  path: '/snapshot',
  tags,
  servers,
  summary: 'Replace your tenant\'s state with a snapshot',
  description: 'Validated first: a bad snapshot is 400 with every offending field and changes nothing; so is an empty body, or one with no snapshot section (POST /__admin/reset empties a tenant). Parts left out start empty (configuration: the defaults). Up to 64 MB (uploaded files travel in it).',
  request: { body: { required: true, content: { 'application/json': { schema: z.record(z.string(), z.unknown()).openapi({ description: 'A snapshot, as GET /__admin/snapshot exports it' }) } } } },
  responses: { 200: jsonResponse(z.object({ restored: z.literal(true), now: z.string() }).openapi('AdminSnapshotRestored'), 'Restored'), ...errorResponses(413, 415) },
});

export const journalRoute = createRoute({
  method: 'get',
  path: '/requests',
  tags,
  servers,
  summary: 'Your recent API requests',
  description:
    'Newest first: method, path, status, duration, request headers and bodies, with secrets, OTP bundles, tokens, signatures and card numbers redacted. Kept in memory: the latest 1,000 (the oldest bodies are let go first when they add up to more than 8 MB). Requests to /__admin and the dashboard\'s own calls are not recorded.',
  request: { query: JournalQuery },
  responses: { 200: jsonResponse(JournalList, 'The requests'), ...errorResponses() },
});

export const journalCountRoute = createRoute({
  method: 'get',
  path: '/requests/count',
  tags,
  servers,
  summary: 'Count your requests that match',
  description: 'For verification in a test suite: `path` is the whole path relative to the API base (`/customers`, `/quotes/*/execute`, `*` for one segment); method and status narrow it further. Counts the requests kept (the latest 1,000).',
  request: { query: JournalCountQuery },
  responses: { 200: jsonResponse(JournalCount, 'How many'), ...errorResponses() },
});

export const journalUnmatchedRoute = createRoute({
  method: 'get',
  path: '/requests/unmatched',
  tags,
  servers,
  summary: 'Your requests that matched no route',
  description: 'Newest first, as GET /__admin/requests shows them: each was answered 404 (with the closest real routes in details.didYouMean) or 405.',
  request: { query: UnmatchedQuery },
  responses: { 200: jsonResponse(JournalList, 'The requests'), ...errorResponses() },
});

export const clearJournalRoute = createRoute({
  method: 'delete',
  path: '/requests',
  tags,
  servers,
  summary: 'Clear your request journal',
  responses: { 200: jsonResponse(JournalCleared, 'How many were removed'), ...errorResponses() },
});

export const triggerRoute = createRoute({
  method: 'post',
  path: '/events/trigger',
  tags,
  servers,
  summary: 'Make a webhook event happen',
  description:
    'Drives the real flows until an event of `type` happens (creating the customer, documents, accounts, quote, card... it needs), so its data refers to objects that exist and the follow-up events arrive as they would. Answers with the ids it created and every event it produced. An unknown type is 400 with the valid ones in details.validTypes; GET lists them.',
  request: { body: jsonBody(TriggerRequest) },
  responses: { 200: jsonResponse(TriggerResult, 'What happened'), ...errorResponses(415) },
});

export const triggerTypesRoute = createRoute({
  method: 'get',
  path: '/events/trigger',
  tags,
  servers,
  summary: 'The webhook types POST /__admin/events/trigger makes happen',
  responses: { 200: jsonResponse(TriggerTypes, 'The types'), ...errorResponses() },
});

export const deliveriesRoute = createRoute({
  method: 'get',
  path: '/webhooks',
  tags,
  servers,
  summary: 'Webhook deliveries, with every attempt',
  request: { query: DeliveryListQuery },
  responses: { 200: jsonResponse(listResponse(WebhookDelivery, 'AdminWebhookDeliveryList'), 'A page of deliveries'), ...errorResponses() },
});

export const replayDeliveryRoute = createRoute({
  method: 'post',
  path: '/webhooks/{id}/replay',
  tags,
  servers,
  summary: 'Send a webhook delivery again, now',
  request: { params: z.object({ id: z.string().min(1).max(200) }) },
  responses: { 200: jsonResponse(WebhookDelivery, 'The delivery with the new attempt'), ...errorResponses(404, 409) },
});

export const webhookKeyRoute = createRoute({
  method: 'get',
  path: '/webhooks/public-key',
  tags,
  servers,
  summary: 'The public key webhooks are signed with',
  responses: { 200: jsonResponse(WebhookPublicKey, 'The key'), ...errorResponses() },
});

export const scenariosRoute = createRoute({
  method: 'get',
  path: '/scenarios',
  tags,
  servers,
  summary: 'The scenario presets',
  responses: { 200: jsonResponse(ScenarioList, 'The presets'), ...errorResponses() },
});

export const loadScenarioRoute = createRoute({
  method: 'post',
  path: '/scenarios/{name}',
  tags,
  servers,
  summary: 'Reset your tenant and load a scenario preset',
  description: 'An unknown name is 400 with the valid ones in details.validScenarios, and changes nothing.',
  request: { params: z.object({ name: z.string().min(1).max(100) }) },
  responses: { 200: jsonResponse(z.object({ scenario: z.string(), now: z.string() }).openapi('AdminScenarioLoaded'), 'Loaded'), ...errorResponses() },
});

export const rulesRoute = createRoute({
  method: 'get',
  path: '/rules',
  tags,
  servers,
  summary: 'Every sandbox magic value',
  description: 'The rule tables the sandbox decides outcomes with: each value that selects an outcome, and the outcome.',
  responses: { 200: jsonResponse(RulesReference, 'The tables'), ...errorResponses() },
});
