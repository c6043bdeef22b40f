import { createRoute } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonResponse } from '../core/schemas.js';
import { Fault, FaultList, FaultRequest, FaultsCleared, WalletSandboxInfo, ClockAdvanceRequest, ClockAdvanceResult, ClockState, EventList, EventListQuery, Health, ResetResult } from './control.schemas.js';

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
  summary: "Your tenant's webhook events",
  description: 'Every event in the outbox, newest first, in the webhook envelope {id, type, timestamp, data}. Filter by type.',
  request: { query: EventListQuery },
  responses: { 200: jsonResponse(EventList, 'A page of events'), ...errorResponses() },
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
