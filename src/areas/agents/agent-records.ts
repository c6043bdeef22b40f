/** Looking agents up and showing them, for the management and the agent-side services alike. */
import { apiError, notFound } from '../../core/errors.js';
import type { Tenant } from '../../store/tenant.js';
import type { Agent, AgentPermission, AgentRecord } from './agents.schemas.js';
import { presentUsage } from './policy.js';

export function requireAgent(tenant: Tenant, id: string): AgentRecord {
  const agent = tenant.agents.get(id);
  if (!agent) throw notFound('Agent', id);
  return agent;
}

export function presentAgent(tenant: Tenant, agent: AgentRecord): Agent {
  return {
    id: agent.id,
    name: agent.name,
    customerId: agent.customerId,
    isPaused: agent.isPaused,
    isConnected: agent.accessTokenHash !== undefined,
    policy: structuredClone(agent.policy),
    usage: presentUsage(tenant, agent),
    createdAt: agent.createdAt,
    updatedAt: agent.updatedAt,
  };
}

/**
 * The agent behind an access token, as a request on /agents/me/* needs it:
 * 401 once deleted (its token is revoked with it), 403 FORBIDDEN while
 * paused (unless the operation only reads the agent itself) or without the
 * permission the operation needs.
 */
export function actingAgent(tenant: Tenant, agentId: string, needs: { permission?: AgentPermission; whilePaused?: boolean } = {}): AgentRecord {
  const agent = tenant.agents.get(agentId);
  if (!agent) throw apiError('UNAUTHORIZED', 'This agent was deleted; its access token no longer works');
  if (agent.isPaused && !needs.whilePaused) throw apiError('FORBIDDEN', `Agent ${agent.id} is paused; the platform must resume it (PATCH /agents/{agentId} with isPaused false)`, { agentId: agent.id, isPaused: true });
  if (needs.permission !== undefined && !agent.policy.permissions.includes(needs.permission)) {
    throw apiError('FORBIDDEN', `The agent's policy does not grant ${needs.permission}`, { requiredPermission: needs.permission, permissions: agent.policy.permissions });
  }
  return agent;
}
