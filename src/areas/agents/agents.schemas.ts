import { z } from '@hono/zod-openapi';
import { defineWebhook } from '../../events/events.schemas.js';
import { CurrencyCode, ListQuery, Timestamp, listResponse, whenObject, QueryBoolean } from '../../core/schemas.js';
import { MAX_AMOUNT } from '../../core/money.js';
import { Quote } from '../quotes/quotes.schemas.js';
import { AnyTransaction, TransactionListQuery } from '../transactions/transactions.schemas.js';
import { InternalAccountType } from '../internal-accounts/internal-accounts.schemas.js';

const Id = z.string().min(1).max(200);
/** A limit in minor units: 0 allows nothing, the largest amount the sandbox represents allows everything. */
const LimitAmount = z.number().int().min(0).max(MAX_AMOUNT);

export const AgentPermission = z
  .enum(['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'])
  .openapi('AgentPermission', {
    description:
      'VIEW_TRANSACTIONS: list and read transactions and internal accounts. CREATE_TRANSFERS: transfer-in and transfer-out. CREATE_QUOTES: create quotes. EXECUTE_QUOTES: execute them. MANAGE_EXTERNAL_ACCOUNTS: list, add, read and delete external accounts.',
  });

export const AgentExecutionMode = z.enum(['AUTO', 'APPROVAL_REQUIRED']).openapi('AgentExecutionMode', {
  description: 'AUTO: actions within policy execute at once. APPROVAL_REQUIRED: every action waits for the platform.',
});

export const AgentSpendingLimits = z
  .object({
    currency: CurrencyCode.openapi({ description: 'Every amount limit is in minor units of this currency; other currencies are converted at the rate of the moment' }),
    perTransactionLimit: LimitAmount,
    dailyLimit: LimitAmount.nullable().optional().openapi({ description: 'null: no daily limit' }),
    dailyTransactionLimit: z.number().int().min(0).max(1_000_000).optional().openapi({ description: 'Actions executed per day (tenant clock, UTC)' }),
    monthlyLimit: LimitAmount.nullable().optional().openapi({ description: 'null: no monthly limit' }),
  })
  .openapi('AgentSpendingLimits');

export const AgentAccountRule = z
  .object({
    accountId: Id.openapi({ description: 'An internal account of the agent’s customer' }),
    executionMode: AgentExecutionMode.optional().openapi({ description: 'Overrides defaultExecutionMode for actions on this account' }),
    perTransactionLimit: LimitAmount.nullable().optional().openapi({ description: 'In minor units of the account’s currency; null inherits the spending limits' }),
  })
  .openapi('AgentAccountRule');

export const AgentAccountRestrictions = z
  .object({
    allowedAccountIds: z.array(Id).max(100).nullable().optional().openapi({ description: 'The only internal accounts the agent may use; null: all of its customer’s' }),
    accountRules: z.array(AgentAccountRule).max(100).optional(),
  })
  .openapi('AgentAccountRestrictions');

const ApprovalThresholdFields = z.object({
  currency: CurrencyCode.optional().openapi({ description: 'Required when amount is set' }),
  amount: LimitAmount.nullable().optional().openapi({ description: 'Actions worth more than this always need approval; null: no threshold' }),
});

export const AgentApprovalThresholds = ApprovalThresholdFields
  .superRefine((t, ctx) => {
    if (t.amount !== undefined && t.amount !== null && t.currency === undefined) ctx.addIssue({ code: 'custom', path: ['currency'], message: 'Required when amount is set' });
  }, whenObject)
  .openapi('AgentApprovalThresholds');

export const AgentPolicy = z
  .object({
    permissions: z.array(AgentPermission).max(10),
    defaultExecutionMode: AgentExecutionMode,
    spendingLimits: AgentSpendingLimits,
    accountRestrictions: AgentAccountRestrictions.optional(),
    approvalThresholds: AgentApprovalThresholds.optional(),
  })
  .openapi('AgentPolicy');

export const AgentUsage = z
  .object({
    dailyTransactionCount: z.number().int().min(0),
    dailySpend: z.number().int().min(0).openapi({ description: 'Minor units of spendingLimits.currency' }),
    dailyResetDate: z.iso.date().openapi({ description: 'The day (UTC, tenant clock) the daily counters start again from 0' }),
    monthlySpend: z.number().int().min(0),
    monthlyResetMonth: z.string().regex(/^\d{4}-\d{2}$/).openapi({ description: 'The month (YYYY-MM) the monthly counter starts again from 0' }),
  })
  .openapi('AgentUsage');

export const Agent = z
  .object({
    id: z.string().openapi({ example: 'Agent:019542f5-b3e7-1d02-0000-000000000001' }),
    name: z.string(),
    customerId: z.string(),
    isPaused: z.boolean(),
    isConnected: z.boolean().openapi({ description: 'Whether a device code was redeemed' }),
    policy: AgentPolicy,
    usage: AgentUsage,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Agent');

export const AgentList = listResponse(Agent, 'AgentListResponse');

export const AgentCreateRequest = z
  .object({ name: z.string().trim().min(1).max(255), customerId: Id, policy: AgentPolicy })
  .openapi('AgentCreateRequest');

export const AgentDeviceCode = z
  .object({
    code: z.string().openapi({ example: 'AGENT-X7K9-M2P4-Q8RT' }),
    agentId: z.string(),
    expiresAt: Timestamp,
    redeemed: z.boolean(),
  })
  .openapi('AgentDeviceCode');

export const AgentCreateResponse = z.object({ agent: Agent, deviceCode: AgentDeviceCode }).openapi('AgentCreateResponse');

export const AgentActionStatus = z.enum(['PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'FAILED']).openapi('AgentActionStatus');
export const AgentActionType = z.enum(['EXECUTE_QUOTE', 'TRANSFER_OUT', 'TRANSFER_IN']).openapi('AgentActionType');

export const AgentTransferDetails = z
  .object({
    amount: z.number().int().min(1),
    currency: z.string(),
    sourceAccountId: z.string(),
    destinationAccountId: z.string(),
  })
  .openapi('AgentTransferDetails');

export const AgentAction = z
  .object({
    id: z.string().openapi({ example: 'AgentAction:019542f5-b3e7-1d02-0000-000000000099' }),
    agentId: z.string(),
    customerId: z.string(),
    platformCustomerId: z.string(),
    status: AgentActionStatus,
    type: AgentActionType,
    quote: Quote.optional().openapi({ description: 'EXECUTE_QUOTE actions: the quote' }),
    transferDetails: AgentTransferDetails.optional().openapi({ description: 'TRANSFER_IN and TRANSFER_OUT actions' }),
    transaction: AnyTransaction.optional().openapi({
      description: 'The transaction the action made. While the action awaits approval it is PENDING with its money reserved; a rejection ends it FAILED (a payout) or REJECTED (a pull)',
    }),
    rejectionReason: z.string().optional(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('AgentAction');

export const AgentActionList = listResponse(AgentAction, 'AgentActionListResponse');

/** AGENT_ACTION.PENDING_APPROVAL: an agent's action waits for the platform. */
export const AgentActionWebhook = defineWebhook({
  key: 'agent-action',
  operationId: 'agentActionWebhook',
  name: 'AgentActionWebhook',
  summary: "An agent's action awaits approval",
  description:
    'Sent when an agent submits an action its policy does not let run at once. `data` is the whole action, its quote or transfer details and its PENDING transaction included. Decide it with POST /agents/{agentId}/actions/{actionId}/approve|reject or POST /transactions/{transactionId}/approve|reject.',
  types: ['AGENT_ACTION.PENDING_APPROVAL'],
  data: AgentAction,
});

export const AgentUpdateRequest = z
  .object({ name: z.string().trim().min(1).max(255).optional(), isPaused: z.boolean().optional() })
  .refine((u) => u.name !== undefined || u.isPaused !== undefined, { message: 'Send name, isPaused or both', path: ['name'] })
  .openapi('AgentUpdateRequest');

export const AgentSpendingLimitsUpdate = z
  .object({
    currency: CurrencyCode.optional().openapi({ description: 'Changing it converts the limits (and usage) not given in the same request at the rate of the moment' }),
    perTransactionLimit: LimitAmount.optional(),
    dailyLimit: LimitAmount.nullable().optional(),
    dailyTransactionLimit: z.number().int().min(0).max(1_000_000).optional(),
    monthlyLimit: LimitAmount.nullable().optional(),
  })
  .openapi('AgentSpendingLimitsUpdate');

export const AgentPolicyUpdateRequest = z
  .object({
    permissions: z.array(AgentPermission).max(10).optional().openapi({ description: 'Replaces the whole list' }),
    defaultExecutionMode: AgentExecutionMode.optional(),
    spendingLimits: AgentSpendingLimitsUpdate.optional(),
    accountRestrictions: AgentAccountRestrictions.optional().openapi({ description: 'Each member given replaces the current one' }),
    approvalThresholds: ApprovalThresholdFields.optional().openapi('AgentApprovalThresholdsUpdate', {
      description: 'Each member given replaces the current one; the merged thresholds need a currency when an amount is set',
    }),
  })
  .openapi('AgentPolicyUpdateRequest');

export const AgentActionRejectRequest = z.object({ reason: z.string().trim().min(1).max(1000).optional() }).openapi('AgentActionRejectRequest');

export const AgentDeviceCodeStatus = z.object({ code: z.string(), redeemed: z.boolean() }).openapi('AgentDeviceCodeStatusResponse');

export const AgentDeviceCodeRedeemResponse = z
  .object({
    agentId: z.string(),
    agentName: z.string(),
    accessToken: z.string().openapi({ description: 'Send as Authorization: Bearer <accessToken> on /agents/me/*. Shown only here, once' }),
    policy: AgentPolicy,
  })
  .openapi('AgentDeviceCodeRedeemResponse');

const Bool = QueryBoolean;

export const AgentListQuery = ListQuery.extend({
  customerId: Id.optional(),
  isPaused: Bool.optional(),
  isConnected: Bool.optional().openapi({ description: 'Whether a device code was redeemed' }),
  createdAfter: Timestamp.optional().openapi({ description: 'Inclusive' }),
  createdBefore: Timestamp.optional().openapi({ description: 'Inclusive' }),
  updatedAfter: Timestamp.optional().openapi({ description: 'Inclusive' }),
  updatedBefore: Timestamp.optional().openapi({ description: 'Inclusive' }),
});

export const AgentApprovalsQuery = ListQuery.extend({
  agentId: Id.optional(),
  customerId: Id.optional(),
  startDate: Timestamp.optional().openapi({ description: 'Submitted at or after (inclusive)' }),
  endDate: Timestamp.optional().openapi({ description: 'Submitted at or before (inclusive)' }),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});

export const AgentActionsQuery = ListQuery.extend({ status: AgentActionStatus.optional() });

/** GET /agents/me/transactions: the platform's filters minus the customer ones, which the agent's customer fixes. */
export const AgentTransactionListQuery = TransactionListQuery.omit({ customerId: true, platformCustomerId: true });

export const AgentInternalAccountListQuery = ListQuery.extend({ currency: CurrencyCode.optional(), type: InternalAccountType.optional() });
export const AgentExternalAccountListQuery = ListQuery.extend({ currency: CurrencyCode.optional() });

export type AgentPermission = z.infer<typeof AgentPermission>;
export type AgentExecutionMode = z.infer<typeof AgentExecutionMode>;
export type AgentPolicy = z.infer<typeof AgentPolicy>;
export type AgentUsage = z.infer<typeof AgentUsage>;
export type Agent = z.infer<typeof Agent>;
export type AgentCreateRequest = z.infer<typeof AgentCreateRequest>;
export type AgentUpdateRequest = z.infer<typeof AgentUpdateRequest>;
export type AgentPolicyUpdateRequest = z.infer<typeof AgentPolicyUpdateRequest>;
export type AgentDeviceCode = z.infer<typeof AgentDeviceCode>;
export type AgentAction = z.infer<typeof AgentAction>;
export type AgentActionStatus = z.infer<typeof AgentActionStatus>;
export type AgentActionType = z.infer<typeof AgentActionType>;
export type AgentTransferDetails = z.infer<typeof AgentTransferDetails>;
export type AgentListQuery = z.infer<typeof AgentListQuery>;
export type AgentApprovalsQuery = z.infer<typeof AgentApprovalsQuery>;
export type AgentActionsQuery = z.infer<typeof AgentActionsQuery>;
export type AgentTransactionListQuery = z.infer<typeof AgentTransactionListQuery>;

/** Usage counters as stored: the day and month they count, reset when the tenant clock leaves them. */
export interface AgentUsageRecord {
  day: string;
  dailyTransactionCount: number;
  dailySpend: number;
  month: string;
  monthlySpend: number;
}

/** What the store keeps of an agent: the usage of its current day and month, and the hash of its access token once connected. */
export interface AgentRecord {
  id: string;
  name: string;
  customerId: string;
  isPaused: boolean;
  policy: AgentPolicy;
  usage: AgentUsageRecord;
  /** SHA-256 of the access token, hex; present once a device code was redeemed. The token itself is never kept. */
  accessTokenHash?: string;
  connectedAt?: string;
  createdAt: string;
  updatedAt: string;
}

/** A device code: redeemable once, until it expires or a newer code of its agent supersedes it. */
export interface AgentDeviceCodeRecord {
  id: string;
  agentId: string;
  expiresAt: string;
  redeemed: boolean;
  redeemedAt?: string;
  supersededAt?: string;
  createdAt: string;
}

/** An action as stored: the quote and transaction are shown as they are now. */
export interface AgentActionRecord {
  id: string;
  agentId: string;
  customerId: string;
  platformCustomerId: string;
  status: AgentActionStatus;
  type: AgentActionType;
  quoteId?: string;
  transferDetails?: AgentTransferDetails;
  /** TRANSFER_OUT only: the payment rail asked for. */
  paymentRail?: string;
  transactionId?: string;
  rejectionReason?: string;
  decidedAt?: string;
  createdAt: string;
  updatedAt: string;
}

/** An Idempotency-Key an agent used: the request it fingerprints and what it made. */
export interface AgentRequestRecord {
  id: string;
  agentId: string;
  fingerprint: string;
  resourceId: string;
  createdAt: string;
}
