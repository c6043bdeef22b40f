import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './agents.routes.js';
import * as service from './agents.service.js';
import { decideAgentAction, listApprovals } from './actions.service.js';

export const create: RouteHandler<typeof routes.createAgentRoute, AppEnv> = (c) => c.json(service.createAgent(c.get('tenant'), c.req.valid('json')), 201);

export const list: RouteHandler<typeof routes.listAgentsRoute, AppEnv> = (c) => c.json(service.listAgents(c.get('tenant'), c.req.valid('query')), 200);

export const approvals: RouteHandler<typeof routes.listApprovalsRoute, AppEnv> = (c) => c.json(listApprovals(c.get('tenant'), c.req.valid('query')), 200);

export const get: RouteHandler<typeof routes.getAgentRoute, AppEnv> = (c) => c.json(service.getAgent(c.get('tenant'), c.req.valid('param').agentId), 200);

export const update: RouteHandler<typeof routes.updateAgentRoute, AppEnv> = (c) => c.json(service.updateAgent(c.get('tenant'), c.req.valid('param').agentId, c.req.valid('json')), 200);

export const remove: RouteHandler<typeof routes.deleteAgentRoute, AppEnv> = (c) => {
  service.deleteAgent(c.get('tenant'), c.req.valid('param').agentId);
  return c.body(null, 204);
};

export const updatePolicy: RouteHandler<typeof routes.updatePolicyRoute, AppEnv> = (c) =>
  c.json(service.updateAgentPolicy(c.get('tenant'), c.req.valid('param').agentId, c.req.valid('json')), 200);

export const regenerateDeviceCode: RouteHandler<typeof routes.regenerateDeviceCodeRoute, AppEnv> = (c) =>
  c.json(service.regenerateDeviceCode(c.get('tenant'), c.req.valid('param').agentId), 201);

export const approve: RouteHandler<typeof routes.approveActionRoute, AppEnv> = (c) => {
  const { agentId, actionId } = c.req.valid('param');
  return c.json(decideAgentAction(c.get('tenant'), agentId, actionId, 'APPROVE'), 200);
};

export const reject: RouteHandler<typeof routes.rejectActionRoute, AppEnv> = (c) => {
  const { agentId, actionId } = c.req.valid('param');
  return c.json(decideAgentAction(c.get('tenant'), agentId, actionId, 'REJECT', c.req.valid('json')?.reason), 200);
};

export const deviceCodeStatus: RouteHandler<typeof routes.deviceCodeStatusRoute, AppEnv> = (c) => c.json(service.deviceCodeStatus(c.get('tenant'), c.req.valid('param').code), 200);

export const redeem: RouteHandler<typeof routes.redeemDeviceCodeRoute, AppEnv> = (c) => c.json(service.redeemDeviceCode(c.get('tenant'), c.req.valid('param').code), 200);
