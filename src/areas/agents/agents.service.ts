/**
 * Agent management (the platform's side): agents of a customer with a
 * policy, pausing, deletion, and installation by device code. Redeeming a
 * code connects the agent and hands out its access token, once.
 */
import { apiError, notFound, referencedIn } from '../../core/errors.js';
import { isoAt, parseInstant } from '../../core/clock.js';
import { decodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import { AGENT_DEVICE_CODE_LIFETIME_SECONDS } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';
import { requireLiveCustomer } from '../customers/customers.service.js';
import { hashAccessToken, newAccessToken, newDeviceCode, normalizeDeviceCode, sameTokenHash, tenantOfAccessToken } from './agent-credentials.js';
import { presentAgent, requireAgent } from './agent-records.js';
import { withdrawPendingActions } from './actions.service.js';
import type { Agent, AgentCreateRequest, AgentDeviceCode, AgentDeviceCodeRecord, AgentListQuery, AgentPolicy, AgentPolicyUpdateRequest, AgentRecord, AgentUpdateRequest } from './agents.schemas.js';
import { checkPolicy, freshUsage, mergePolicy, normalizePolicy } from './policy.js';

const LIST = 'agents';

function presentDeviceCode(record: AgentDeviceCodeRecord): AgentDeviceCode {
  return { code: record.id, agentId: record.agentId, expiresAt: record.expiresAt, redeemed: record.redeemed };
}

/** A new device code for the agent; its earlier unredeemed codes stop working. */
function issueDeviceCode(tenant: Tenant, agentId: string): AgentDeviceCodeRecord {
  const now = tenant.clock.nowMs();
  for (const earlier of tenant.agentDeviceCodes.byIndex('agent', agentId)) {
    if (earlier.redeemed || earlier.supersededAt !== undefined) continue;
    tenant.agentDeviceCodes.update(earlier.id, (d) => {
      d.supersededAt = isoAt(now);
    });
  }
  let code = newDeviceCode();
  while (tenant.agentDeviceCodes.has(code)) code = newDeviceCode();
  const record: AgentDeviceCodeRecord = { id: code, agentId, expiresAt: isoAt(now + AGENT_DEVICE_CODE_LIFETIME_SECONDS * 1000), redeemed: false, createdAt: isoAt(now) };
  tenant.agentDeviceCodes.insert(record);
  tenant.changed();
  return record;
}

/** POST /agents: the agent (not connected yet) and the device code that installs it. */
export function createAgent(tenant: Tenant, input: AgentCreateRequest): { agent: Agent; deviceCode: AgentDeviceCode } {
  // createAgent answers bad input with 400 only: an unknown or deleted customer is a field error.
  const customer = referencedIn('customerId', () => requireLiveCustomer(tenant, input.customerId));
  const policy = normalizePolicy(input.policy);
  checkPolicy(tenant, customer.id, policy, 'policy');
  const now = tenant.clock.nowMs();
  const agent: AgentRecord = {
    id: tenant.ids('Agent'),
    name: input.name,
    customerId: customer.id,
    isPaused: false,
    policy,
    usage: freshUsage(now),
    createdAt: isoAt(now),
    updatedAt: isoAt(now),
  };
  tenant.agents.insert(agent);
  tenant.changed();
  const code = issueDeviceCode(tenant, agent.id);
  return { agent: presentAgent(tenant, agent), deviceCode: presentDeviceCode(code) };
}

export function getAgent(tenant: Tenant, id: string): Agent {
  return presentAgent(tenant, requireAgent(tenant, id));
}

export function listAgents(tenant: Tenant, query: AgentListQuery): ListResult<Agent> {
  const bound = (value: string | undefined) => (value !== undefined ? parseInstant(value) : undefined);
  const [createdAfter, createdBefore, updatedAfter, updatedBefore] = [bound(query.createdAfter), bound(query.createdBefore), bound(query.updatedAfter), bound(query.updatedBefore)];
  const conditions: Array<(a: AgentRecord) => boolean> = [];
  if (query.isPaused !== undefined) conditions.push((a) => a.isPaused === (query.isPaused === 'true'));
  if (query.isConnected !== undefined) conditions.push((a) => (a.accessTokenHash !== undefined) === (query.isConnected === 'true'));
  if (createdAfter !== undefined) conditions.push((a) => Date.parse(a.createdAt) >= createdAfter);
  if (createdBefore !== undefined) conditions.push((a) => Date.parse(a.createdAt) <= createdBefore);
  if (updatedAfter !== undefined) conditions.push((a) => Date.parse(a.updatedAt) >= updatedAfter);
  if (updatedBefore !== undefined) conditions.push((a) => Date.parse(a.updatedAt) <= updatedBefore);
  const beforeSeq = decodeCursor(LIST, query.cursor);
  const page = tenant.agents.page({
    ...(query.customerId !== undefined ? { index: 'customer', key: query.customerId } : {}),
    limit: query.limit,
    ...(beforeSeq !== undefined ? { beforeSeq } : {}),
    ...(conditions.length > 0 ? { where: (a: AgentRecord) => conditions.every((f) => f(a)) } : {}),
  });
  return toListResult(LIST, page, (a) => presentAgent(tenant, a));
}

/** PATCH /agents/{id}: rename, pause (every /agents/me/* call but GET /agents/me is then 403) or resume. */
export function updateAgent(tenant: Tenant, id: string, patch: AgentUpdateRequest): Agent {
  requireAgent(tenant, id);
  const agent = tenant.agents.update(id, (a) => {
    if (patch.name !== undefined) a.name = patch.name;
    if (patch.isPaused !== undefined) a.isPaused = patch.isPaused;
    a.updatedAt = tenant.clock.nowIso();
  });
  tenant.changed();
  return presentAgent(tenant, agent);
}

/** PATCH /agents/{id}/policy: a partial update, in force for the next action. */
export function updateAgentPolicy(tenant: Tenant, id: string, patch: AgentPolicyUpdateRequest): Agent {
  const current = requireAgent(tenant, id);
  const { policy, usage } = mergePolicy(tenant, current, patch);
  const agent = tenant.agents.update(id, (a) => {
    a.policy = policy;
    a.usage = usage;
    a.updatedAt = tenant.clock.nowIso();
  });
  tenant.changed();
  return presentAgent(tenant, agent);
}

/**
 * DELETE /agents/{id}: the agent, its device codes and its Idempotency-Keys
 * go; its access token stops working with the next request; its actions
 * awaiting approval are rejected. Its decided actions stay, for the record.
 */
export function deleteAgent(tenant: Tenant, id: string): void {
  requireAgent(tenant, id);
  withdrawPendingActions(tenant, id);
  for (const code of tenant.agentDeviceCodes.byIndex('agent', id)) tenant.agentDeviceCodes.remove(code.id);
  for (const request of tenant.agentRequests.byIndex('agent', id)) tenant.agentRequests.remove(request.id);
  tenant.agents.remove(id);
  tenant.changed();
}

/** POST /agents/{id}/device-codes: 409 once the agent is connected (delete it and create another to reinstall). */
export function regenerateDeviceCode(tenant: Tenant, id: string): AgentDeviceCode {
  const agent = requireAgent(tenant, id);
  if (agent.accessTokenHash !== undefined) {
    throw apiError('CONFLICT', `Agent ${id} is already connected; a new device code would not replace its access token`, { agentId: id, isConnected: true });
  }
  return presentDeviceCode(issueDeviceCode(tenant, id));
}

function requireDeviceCode(tenant: Tenant, code: string): AgentDeviceCodeRecord {
  const record = tenant.agentDeviceCodes.get(normalizeDeviceCode(code));
  if (!record) throw notFound('AgentDeviceCode', code);
  return record;
}

export function deviceCodeStatus(tenant: Tenant, code: string): { code: string; redeemed: boolean } {
  const record = requireDeviceCode(tenant, code);
  return { code: record.id, redeemed: record.redeemed };
}

/** The tenant a device code belongs to: redemption carries no credentials, only the code. */
export function tenantHoldingDeviceCode<T extends Tenant>(tenants: Iterable<T>, code: string): T | undefined {
  const normalized = normalizeDeviceCode(code);
  for (const tenant of tenants) if (tenant.agentDeviceCodes.has(normalized)) return tenant;
  return undefined;
}

/**
 * POST /agents/device-codes/{code}/redeem: connects the agent and returns
 * its access token, which is kept only as a hash. A code works once, until
 * its expiresAt (tenant clock) and only while it is its agent's newest:
 * 400 otherwise; an unknown code is 404. `secret` fixes the token's random
 * part (the agents scenario); the API never passes it.
 */
export function redeemDeviceCode(tenant: Tenant, code: string, secret?: string): { agentId: string; agentName: string; accessToken: string; policy: AgentPolicy } {
  const record = requireDeviceCode(tenant, code);
  const refuse = (why: string, details: Record<string, unknown>) =>
    apiError('INVALID_INPUT', `Device code ${record.id} ${why}`, { errors: [{ field: 'code', message: `This device code ${why}` }], ...details });
  if (record.redeemed) throw refuse(`was already redeemed at ${record.redeemedAt}`, { redeemed: true });
  if (record.supersededAt !== undefined) throw refuse(`was replaced by a newer code at ${record.supersededAt}`, { supersededAt: record.supersededAt });
  if (tenant.clock.nowMs() >= Date.parse(record.expiresAt)) throw refuse(`expired at ${record.expiresAt}; ask for a new one (POST /agents/{agentId}/device-codes)`, { expiresAt: record.expiresAt });
  const agent = requireAgent(tenant, record.agentId);
  if (agent.accessTokenHash !== undefined) throw refuse('belongs to an agent that is already connected', { agentId: agent.id });
  const accessToken = newAccessToken(tenant.id, secret);
  const now = tenant.clock.nowIso();
  tenant.agentDeviceCodes.update(record.id, (d) => {
    d.redeemed = true;
    d.redeemedAt = now;
  });
  const connected = tenant.agents.update(agent.id, (a) => {
    a.accessTokenHash = hashAccessToken(accessToken);
    a.connectedAt = now;
    a.updatedAt = now;
  });
  tenant.changed();
  return { agentId: connected.id, agentName: connected.name, accessToken, policy: structuredClone(connected.policy) };
}

/** The tenant an access token names, for the composition root's Bearer check. */
export function tenantIdOfAccessToken(token: string): string | undefined {
  return tenantOfAccessToken(token);
}

/**
 * The agent an access token opens in `tenant`, and a check of whether it
 * still does (false once the agent is deleted or the tenant reset), cheap
 * enough to run on every request.
 */
export function agentCredential(tenant: Tenant, token: string): { agentId: string; valid(): boolean } | undefined {
  const hash = hashAccessToken(token);
  const agent = tenant.agents.findOne('accessToken', hash);
  if (!agent || agent.accessTokenHash === undefined || !sameTokenHash(agent.accessTokenHash, hash)) return undefined;
  const agentId = agent.id;
  return { agentId, valid: () => tenant.agents.get(agentId)?.accessTokenHash === hash };
}
