/** Agent Management: called with the platform's credentials (redemption with none). */
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { TAGS } from '../../core/tags.js';
import {
  Agent,
  AgentAction,
  AgentActionList,
  AgentActionRejectRequest,
  AgentApprovalsQuery,
  AgentCreateRequest,
  AgentCreateResponse,
  AgentDeviceCode,
  AgentDeviceCodeRedeemResponse,
  AgentDeviceCodeStatus,
  AgentList,
  AgentListQuery,
  AgentPolicyUpdateRequest,
  AgentUpdateRequest,
} from './agents.schemas.js';

const tags = [TAGS.agentManagement];
const AgentIdParam = z.object({ agentId: z.string().min(1).max(200).openapi({ param: { name: 'agentId', in: 'path' }, example: 'Agent:019542f5-b3e7-1d02-0000-000000000001' }) });
const ActionParams = AgentIdParam.extend({
  actionId: z.string().min(1).max(200).openapi({ param: { name: 'actionId', in: 'path' }, example: 'AgentAction:019542f5-b3e7-1d02-0000-000000000099' }),
});
const CodeParam = z.object({ code: z.string().min(1).max(200).openapi({ param: { name: 'code', in: 'path' }, example: 'AGENT-X7K9-M2P4-Q8RT' }) });

export const createAgentRoute = createRoute({
  method: 'post',
  path: '/agents',
  operationId: 'createAgent',
  tags,
  summary: 'Create an agent',
  description:
    'An agent acting for one customer within a policy. The response carries a device code (valid 24 hours of sandbox time) for the agent software to redeem. Account ids in the policy must be internal accounts of that customer; spending limits are in minor units of spendingLimits.currency.',
  request: { body: jsonBody(AgentCreateRequest) },
  responses: { 201: jsonResponse(AgentCreateResponse, 'The agent, not connected yet, and its device code') },
});

export const listAgentsRoute = createRoute({
  method: 'get',
  path: '/agents',
  operationId: 'listAgents',
  tags,
  summary: 'List agents',
  description: 'Newest first, cursor-paginated; filter by customer, paused, connected, and creation or update time (inclusive bounds).',
  request: { query: AgentListQuery },
  responses: { 200: jsonResponse(AgentList, 'A page of agents') },
});

export const listApprovalsRoute = createRoute({
  method: 'get',
  path: '/agents/approvals',
  operationId: 'listAgentApprovals',
  tags,
  summary: 'List agent actions awaiting approval',
  description: 'The PENDING_APPROVAL actions, newest first unless sortOrder=asc; filter by agent, customer and submission time (inclusive).',
  request: { query: AgentApprovalsQuery },
  responses: { 200: jsonResponse(AgentActionList, 'A page of actions') },
});

export const getAgentRoute = createRoute({
  method: 'get',
  path: '/agents/{agentId}',
  operationId: 'getAgentById',
  tags,
  summary: 'Get an agent',
  request: { params: AgentIdParam },
  responses: { 200: jsonResponse(Agent, 'The agent, with its usage today and this month') },
});

export const updateAgentRoute = createRoute({
  method: 'patch',
  path: '/agents/{agentId}',
  operationId: 'updateAgent',
  tags,
  summary: 'Rename, pause or resume an agent',
  description: 'A paused agent gets 403 FORBIDDEN on every /agents/me/* operation but GET /agents/me; its actions already submitted can still be decided.',
  request: { params: AgentIdParam, body: jsonBody(AgentUpdateRequest) },
  responses: { 200: jsonResponse(Agent, 'The agent') },
});

export const deleteAgentRoute = createRoute({
  method: 'delete',
  path: '/agents/{agentId}',
  operationId: 'deleteAgent',
  tags,
  summary: 'Delete an agent',
  description: 'Its access token answers 401 from the next request on; its actions awaiting approval become REJECTED and their reserved money is released.',
  request: { params: AgentIdParam },
  responses: { 204: { description: 'Deleted' } },
});

export const updatePolicyRoute = createRoute({
  method: 'patch',
  path: '/agents/{agentId}/policy',
  operationId: 'updateAgentPolicy',
  tags,
  summary: "Change an agent's policy",
  description:
    'Partial: each member given replaces the current one (spending limits and thresholds member by member; null removes a daily or monthly limit or the threshold). A new spendingLimits.currency converts the limits not given with it, and the usage, at the rate of the moment. In force for the next action.',
  request: { params: AgentIdParam, body: jsonBody(AgentPolicyUpdateRequest) },
  responses: { 200: jsonResponse(Agent, 'The agent') },
});

export const regenerateDeviceCodeRoute = createRoute({
  method: 'post',
  path: '/agents/{agentId}/device-codes',
  operationId: 'regenerateAgentDeviceCode',
  tags,
  summary: 'Issue a new device code',
  description: "For an agent whose code expired or was lost: the agent's earlier unredeemed codes stop working (400 on redemption). 409 CONFLICT once the agent is connected.",
  request: { params: AgentIdParam },
  responses: { 201: jsonResponse(AgentDeviceCode, 'The new device code') },
});

export const approveActionRoute = createRoute({
  method: 'post',
  path: '/agents/{agentId}/actions/{actionId}/approve',
  operationId: 'approveAgentAction',
  tags,
  summary: 'Approve an agent action',
  description:
    'Runs a PENDING_APPROVAL action: APPROVED with its transaction started, or FAILED (the reserved money released) when its quote expired meanwhile. Same as POST /transactions/{transactionId}/approve on its transaction. A decided action is 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL.',
  request: { params: ActionParams },
  responses: { 200: jsonResponse(AgentAction, 'The action, decided') },
});

export const rejectActionRoute = createRoute({
  method: 'post',
  path: '/agents/{agentId}/actions/{actionId}/reject',
  operationId: 'rejectAgentAction',
  tags,
  summary: 'Reject an agent action',
  description: 'REJECTED, with the reason; the reserved money is released and its transaction ends FAILED (a payout) or REJECTED (a pull), its failureMessage naming the reason. A decided action is 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL.',
  request: { params: ActionParams, body: { required: false, content: { 'application/json': { schema: AgentActionRejectRequest } } } },
  responses: { 200: jsonResponse(AgentAction, 'The action, rejected') },
});

export const deviceCodeStatusRoute = createRoute({
  method: 'get',
  path: '/agents/device-codes/{code}/status',
  operationId: 'getAgentDeviceCodeStatus',
  tags,
  summary: 'Whether a device code was redeemed',
  request: { params: CodeParam },
  responses: { 200: jsonResponse(AgentDeviceCodeStatus, 'The code') },
});

export const redeemDeviceCodeRoute = createRoute({
  method: 'post',
  path: '/agents/device-codes/{code}/redeem',
  operationId: 'redeemAgentDeviceCode',
  tags,
  security: [],
  summary: 'Redeem a device code (no credentials)',
  description:
    "Called by the agent software: the code is the proof. Connects the agent and returns its access token, shown this once (only a hash is kept). 400 INVALID_INPUT when the code was redeemed, replaced by a newer one or has expired (24 hours of sandbox time after it was issued); 404 for an unknown code. Codes are case-insensitive.",
  request: { params: CodeParam },
  responses: { 200: jsonResponse(AgentDeviceCodeRedeemResponse, 'The access token and the policy') },
});
