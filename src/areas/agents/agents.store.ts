/** Agents, their device codes, the actions they submit and the Idempotency-Keys they use. */
import { z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import { defineCollection } from '../../store/spec.js';
import { AgentActionStatus, AgentActionType, AgentPolicy, AgentTransferDetails, type AgentActionRecord, type AgentDeviceCodeRecord, type AgentRecord, type AgentRequestRecord } from './agents.schemas.js';

declare module '../../store/spec.js' {
  interface TenantRecords {
    agents: AgentRecord;
    agentDeviceCodes: AgentDeviceCodeRecord;
    agentActions: AgentActionRecord;
    agentRequests: AgentRequestRecord;
  }
}

const StoredAgent: ZodType<AgentRecord> = z.object({
  id: z.string().min(1),
  name: z.string(),
  customerId: z.string(),
  isPaused: z.boolean(),
  policy: AgentPolicy,
  usage: z.object({
    day: z.iso.date(),
    dailyTransactionCount: z.number().int().min(0),
    dailySpend: z.number().int().min(0),
    month: z.string().regex(/^\d{4}-\d{2}$/),
    monthlySpend: z.number().int().min(0),
  }),
  accessTokenHash: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  connectedAt: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const agentsCollection = defineCollection('agents', {
  schema: StoredAgent,
  indexes: { customer: (a) => a.customerId, accessToken: (a) => a.accessTokenHash },
});

export const agentDeviceCodesCollection = defineCollection('agentDeviceCodes', {
  schema: z.object({
    id: z.string().min(1),
    agentId: z.string(),
    expiresAt: z.string(),
    redeemed: z.boolean(),
    redeemedAt: z.string().optional(),
    supersededAt: z.string().optional(),
    createdAt: z.string(),
  }),
  indexes: { agent: (d) => d.agentId },
});

export const agentActionsCollection = defineCollection('agentActions', {
  schema: z.object({
    id: z.string().min(1),
    agentId: z.string(),
    customerId: z.string(),
    platformCustomerId: z.string(),
    status: AgentActionStatus,
    type: AgentActionType,
    quoteId: z.string().optional(),
    transferDetails: AgentTransferDetails.optional(),
    paymentRail: z.string().optional(),
    transactionId: z.string().optional(),
    rejectionReason: z.string().optional(),
    decidedAt: z.string().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  indexes: {
    agent: (a) => a.agentId,
    transaction: (a) => a.transactionId,
    // What GET /agents/approvals pages over.
    pending: (a) => (a.status === 'PENDING_APPROVAL' ? 'all' : undefined),
  },
});

export const agentRequestsCollection = defineCollection('agentRequests', {
  schema: z.object({ id: z.string().min(1), agentId: z.string(), fingerprint: z.string(), resourceId: z.string(), createdAt: z.string() }),
  indexes: { agent: (r) => r.agentId },
});
