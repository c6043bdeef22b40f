/**
 * An agent's policy: checked when it is set, merged on partial updates, and
 * applied to every action (account restrictions, spending limits, execution
 * mode, approval thresholds). Usage counters follow the tenant clock: the
 * daily ones start again at 00:00 UTC, the monthly one on the 1st.
 */
import { apiError, invalidInput, type FieldError } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import { MAX_AMOUNT } from '../../core/money.js';
import type { Tenant } from '../../store/tenant.js';
import { hasRate, rateAt, sendingFor } from '../exchange-rates/rates.js';
import type { InternalAccountRecord } from '../internal-accounts/internal-accounts.schemas.js';
import type { AgentExecutionMode, AgentPolicy, AgentPolicyUpdateRequest, AgentRecord, AgentUsage, AgentUsageRecord } from './agents.schemas.js';

export function dayOf(ms: number): string {
  return isoAt(ms).slice(0, 10);
}

export function monthOf(ms: number): string {
  return isoAt(ms).slice(0, 7);
}

function nextDay(day: string): string {
  return dayOf(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000);
}

function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

export function freshUsage(nowMs: number): AgentUsageRecord {
  return { day: dayOf(nowMs), dailyTransactionCount: 0, dailySpend: 0, month: monthOf(nowMs), monthlySpend: 0 };
}

/** The counters as they stand now: a past day or month counts nothing any more. */
export function currentUsage(tenant: Tenant, agent: AgentRecord): AgentUsageRecord {
  const now = tenant.clock.nowMs();
  const day = dayOf(now);
  const month = monthOf(now);
  const usage = agent.usage;
  return {
    day,
    dailyTransactionCount: usage.day === day ? usage.dailyTransactionCount : 0,
    dailySpend: usage.day === day ? usage.dailySpend : 0,
    month,
    monthlySpend: usage.month === month ? usage.monthlySpend : 0,
  };
}

export function presentUsage(tenant: Tenant, agent: AgentRecord): AgentUsage {
  const usage = currentUsage(tenant, agent);
  return {
    dailyTransactionCount: usage.dailyTransactionCount,
    dailySpend: usage.dailySpend,
    dailyResetDate: nextDay(usage.day),
    monthlySpend: usage.monthlySpend,
    monthlyResetMonth: nextMonth(usage.month),
  };
}

/**
 * `amount` minor units of `from`, in minor units of `to` at the rate of the
 * moment (rounded up, so a limit is never undercounted).
 */
export function valueIn(tenant: Tenant, amount: number, from: string, to: string): number {
  if (from === to) return amount;
  const rate = rateAt(to, from, tenant.clock.nowMs());
  if (!rate) throw apiError('INVALID_CURRENCY', `No ${from} to ${to} rate to weigh this against the agent's policy`, { from, to });
  return sendingFor(rate, amount);
}

/** Checks a whole policy against the tenant: currencies with a rate, accounts of the agent's customer. */
export function checkPolicy(tenant: Tenant, customerId: string, policy: AgentPolicy, prefix: string): void {
  const errors: FieldError[] = [];
  const at = (field: string) => (prefix ? `${prefix}.${field}` : field);
  if (!hasRate(policy.spendingLimits.currency)) errors.push({ field: at('spendingLimits.currency'), message: `The sandbox has no exchange rate for ${policy.spendingLimits.currency}` });
  const threshold = policy.approvalThresholds;
  if (threshold?.currency !== undefined && !hasRate(threshold.currency)) errors.push({ field: at('approvalThresholds.currency'), message: `The sandbox has no exchange rate for ${threshold.currency}` });
  if (threshold?.amount !== undefined && threshold.amount !== null && threshold.currency === undefined) errors.push({ field: at('approvalThresholds.currency'), message: 'Required when amount is set' });
  const ownAccount = (id: string) => tenant.internalAccounts.get(id)?.customerId === customerId;
  const restrictions = policy.accountRestrictions;
  (restrictions?.allowedAccountIds ?? []).forEach((id, i) => {
    if (!ownAccount(id)) errors.push({ field: at(`accountRestrictions.allowedAccountIds.${i}`), message: `${id} is not an internal account of ${customerId}` });
  });
  const seen = new Set<string>();
  (restrictions?.accountRules ?? []).forEach((rule, i) => {
    if (!ownAccount(rule.accountId)) errors.push({ field: at(`accountRestrictions.accountRules.${i}.accountId`), message: `${rule.accountId} is not an internal account of ${customerId}` });
    else if (seen.has(rule.accountId)) errors.push({ field: at(`accountRestrictions.accountRules.${i}.accountId`), message: `A rule for ${rule.accountId} comes earlier in the list` });
    seen.add(rule.accountId);
  });
  if (errors.length > 0) throw invalidInput(errors);
}

/** The policy as stored: permissions and allowed accounts once each. */
export function normalizePolicy(policy: AgentPolicy): AgentPolicy {
  const restrictions = policy.accountRestrictions;
  return {
    ...structuredClone(policy),
    permissions: [...new Set(policy.permissions)],
    ...(restrictions
      ? {
          accountRestrictions: {
            ...structuredClone(restrictions),
            ...(restrictions.allowedAccountIds ? { allowedAccountIds: [...new Set(restrictions.allowedAccountIds)] } : {}),
          },
        }
      : {}),
  };
}

function capped(amount: number): number {
  return Math.min(amount, MAX_AMOUNT);
}

/**
 * PATCH /agents/{id}/policy: each member given replaces the current one,
 * spending limits and thresholds member by member (null clears a limit). A
 * new spending currency converts the limits not given alongside it, and
 * the usage counters, at the rate of the moment.
 */
export function mergePolicy(tenant: Tenant, agent: AgentRecord, patch: AgentPolicyUpdateRequest): { policy: AgentPolicy; usage: AgentUsageRecord } {
  const current = agent.policy;
  let usage = currentUsage(tenant, agent);
  const limits = { ...current.spendingLimits };
  const given = patch.spendingLimits ?? {};
  if (given.currency !== undefined && given.currency !== limits.currency) {
    if (!hasRate(given.currency)) throw invalidInput([{ field: 'spendingLimits.currency', message: `The sandbox has no exchange rate for ${given.currency}` }]);
    const from = limits.currency;
    const to = given.currency;
    const recast = (amount: number) => capped(valueIn(tenant, amount, from, to));
    limits.perTransactionLimit = recast(limits.perTransactionLimit);
    if (limits.dailyLimit !== undefined && limits.dailyLimit !== null) limits.dailyLimit = recast(limits.dailyLimit);
    if (limits.monthlyLimit !== undefined && limits.monthlyLimit !== null) limits.monthlyLimit = recast(limits.monthlyLimit);
    usage = { ...usage, dailySpend: recast(usage.dailySpend), monthlySpend: recast(usage.monthlySpend) };
    limits.currency = to;
  }
  if (given.perTransactionLimit !== undefined) limits.perTransactionLimit = given.perTransactionLimit;
  if (given.dailyLimit !== undefined) limits.dailyLimit = given.dailyLimit;
  if (given.dailyTransactionLimit !== undefined) limits.dailyTransactionLimit = given.dailyTransactionLimit;
  if (given.monthlyLimit !== undefined) limits.monthlyLimit = given.monthlyLimit;

  const policy: AgentPolicy = {
    permissions: patch.permissions ?? current.permissions,
    defaultExecutionMode: patch.defaultExecutionMode ?? current.defaultExecutionMode,
    spendingLimits: limits,
  };
  const restrictions = { ...(current.accountRestrictions ?? {}) };
  if (patch.accountRestrictions?.allowedAccountIds !== undefined) restrictions.allowedAccountIds = patch.accountRestrictions.allowedAccountIds;
  if (patch.accountRestrictions?.accountRules !== undefined) restrictions.accountRules = patch.accountRestrictions.accountRules;
  if (Object.keys(restrictions).length > 0) policy.accountRestrictions = restrictions;
  const thresholds = { ...(current.approvalThresholds ?? {}) };
  if (patch.approvalThresholds?.currency !== undefined) thresholds.currency = patch.approvalThresholds.currency;
  if (patch.approvalThresholds?.amount !== undefined) thresholds.amount = patch.approvalThresholds.amount;
  if (Object.keys(thresholds).length > 0) policy.approvalThresholds = thresholds;
  checkPolicy(tenant, agent.customerId, policy, '');
  return { policy: normalizePolicy(policy), usage };
}

/** What an action is, for the policy: the internal accounts it uses, the one whose rule applies, and its amount. */
export interface PolicySubject {
  internalAccounts: readonly InternalAccountRecord[];
  /** The account whose accountRules entry applies: the one money leaves, else the one it arrives in. */
  ruleAccount: InternalAccountRecord | undefined;
  amount: number;
  currency: string;
}

export interface PolicyVerdict {
  mode: AgentExecutionMode;
  /** Why approval is needed, when it is. */
  because?: string;
}

function limitExceeded(limit: string, reason: string, details: Record<string, unknown>): never {
  throw apiError('VELOCITY_LIMIT_EXCEEDED', reason, { limit, ...details });
}

/**
 * Applies the policy to an action: 403 FORBIDDEN for an account outside
 * allowedAccountIds, 403 VELOCITY_LIMIT_EXCEEDED for a spending limit the
 * action would pass (a limit may be reached, not exceeded); otherwise
 * whether it runs at once or waits for approval.
 */
export function applyPolicy(tenant: Tenant, agent: AgentRecord, subject: PolicySubject): PolicyVerdict {
  const policy = agent.policy;
  const allowed = policy.accountRestrictions?.allowedAccountIds;
  if (allowed !== undefined && allowed !== null) {
    const outside = subject.internalAccounts.find((a) => !allowed.includes(a.id));
    if (outside) throw apiError('FORBIDDEN', `The agent's policy does not allow it to use ${outside.id}`, { accountId: outside.id, allowedAccountIds: allowed });
  }
  const limits = policy.spendingLimits;
  const value = valueIn(tenant, subject.amount, subject.currency, limits.currency);
  const rule = subject.ruleAccount ? policy.accountRestrictions?.accountRules?.find((r) => r.accountId === subject.ruleAccount!.id) : undefined;
  if (rule && rule.perTransactionLimit !== undefined && rule.perTransactionLimit !== null) {
    const account = subject.ruleAccount!;
    const inAccount = valueIn(tenant, subject.amount, subject.currency, account.currency);
    if (inAccount > rule.perTransactionLimit) {
      limitExceeded('perTransactionLimit', `${inAccount} ${account.currency} is above the per-transaction limit of ${rule.perTransactionLimit} ${account.currency} for ${account.id}`, {
        accountId: account.id,
        limitAmount: rule.perTransactionLimit,
        amount: inAccount,
        currency: account.currency,
      });
    }
  } else if (value > limits.perTransactionLimit) {
    limitExceeded('perTransactionLimit', `${value} ${limits.currency} is above the per-transaction limit of ${limits.perTransactionLimit} ${limits.currency}`, {
      limitAmount: limits.perTransactionLimit,
      amount: value,
      currency: limits.currency,
    });
  }
  const usage = currentUsage(tenant, agent);
  if (limits.dailyTransactionLimit !== undefined && usage.dailyTransactionCount + 1 > limits.dailyTransactionLimit) {
    limitExceeded('dailyTransactionLimit', `The agent already made ${usage.dailyTransactionCount} of its ${limits.dailyTransactionLimit} transactions today`, {
      limitAmount: limits.dailyTransactionLimit,
      used: usage.dailyTransactionCount,
      resetsOn: nextDay(usage.day),
    });
  }
  if (limits.dailyLimit !== undefined && limits.dailyLimit !== null && usage.dailySpend + value > limits.dailyLimit) {
    limitExceeded('dailyLimit', `${value} ${limits.currency} more would take today's spending to ${usage.dailySpend + value}, above the daily limit of ${limits.dailyLimit}`, {
      limitAmount: limits.dailyLimit,
      used: usage.dailySpend,
      amount: value,
      currency: limits.currency,
      resetsOn: nextDay(usage.day),
    });
  }
  if (limits.monthlyLimit !== undefined && limits.monthlyLimit !== null && usage.monthlySpend + value > limits.monthlyLimit) {
    limitExceeded('monthlyLimit', `${value} ${limits.currency} more would take this month's spending to ${usage.monthlySpend + value}, above the monthly limit of ${limits.monthlyLimit}`, {
      limitAmount: limits.monthlyLimit,
      used: usage.monthlySpend,
      amount: value,
      currency: limits.currency,
      resetsIn: nextMonth(usage.month),
    });
  }
  const threshold = policy.approvalThresholds;
  if (threshold?.amount !== undefined && threshold.amount !== null && threshold.currency !== undefined) {
    const weighed = valueIn(tenant, subject.amount, subject.currency, threshold.currency);
    if (weighed > threshold.amount) return { mode: 'APPROVAL_REQUIRED', because: `${weighed} ${threshold.currency} is above the approval threshold of ${threshold.amount}` };
  }
  const mode = rule?.executionMode ?? policy.defaultExecutionMode;
  return mode === 'APPROVAL_REQUIRED' ? { mode, because: rule?.executionMode ? `the rule for ${rule.accountId} requires approval` : 'the agent’s default execution mode requires approval' } : { mode };
}

/** Counts an executed action against the agent's day and month (in the policy's currency at the rate of the moment). */
export function countUsage(tenant: Tenant, agent: AgentRecord, amount: number, currency: string): AgentUsageRecord {
  const usage = currentUsage(tenant, agent);
  const value = valueIn(tenant, amount, currency, agent.policy.spendingLimits.currency);
  return { ...usage, dailyTransactionCount: usage.dailyTransactionCount + 1, dailySpend: usage.dailySpend + value, monthlySpend: usage.monthlySpend + value };
}
