/**
 * The histories the dashboard draws: a transaction's life on the tenant clock
 * (statuses, the webhooks they caused, every delivery attempt and its retry)
 * and an internal account's balance after each ledger posting. Read-only
 * views of what the store already holds.
 */
import { parseInstant } from '../core/clock.js';
import { currencyOf } from '../core/money.js';
import type { Tenant } from '../store/tenant.js';
import { getTransaction } from '../areas/transactions/transactions.service.js';
import { presentInternalAccount, requireInternalAccount } from '../areas/internal-accounts/internal-accounts.service.js';
import type { LedgerEntry } from '../areas/internal-accounts/internal-accounts.store.js';
import type { LedgerPosting, TimelineStep } from './history.schemas.js';

/** At one instant: the status first, then the event announcing it, then the attempts to deliver it. */
const KIND_ORDER: Record<TimelineStep['kind'], number> = { STATUS: 0, WEBHOOK: 1, DELIVERY_ATTEMPT: 2 };

/** Steps in time order; ties keep the order they were listed in within a kind. */
function inTimeOrder(steps: TimelineStep[]): TimelineStep[] {
  return steps
    .map((step, listed) => ({ step, listed, ms: parseInstant(step.at) ?? 0 }))
    .sort((a, b) => a.ms - b.ms || KIND_ORDER[a.step.kind] - KIND_ORDER[b.step.kind] || a.listed - b.listed)
    .map(({ step }) => step);
}

export function transactionTimeline(tenant: Tenant, id: string) {
  const transaction = getTransaction(tenant, id);
  const events = tenant.events.byIndex('resource', id);
  const steps: TimelineStep[] = [];
  if (transaction.type === 'CARD') {
    // A card transaction keeps no history of its own: its statuses are those its events carried, each change once.
    let last: unknown;
    for (const event of events) {
      if (event.data.status === last) continue;
      last = event.data.status;
      steps.push({ kind: 'STATUS', at: event.timestamp, status: String(last) });
    }
  } else {
    for (const { status, at } of transaction.statusHistory) steps.push({ kind: 'STATUS', at, status });
  }
  for (const event of events) steps.push({ kind: 'WEBHOOK', at: event.timestamp, eventId: event.id, eventType: event.type });
  for (const delivery of tenant.webhookDeliveries.byIndex('resource', id)) {
    delivery.attempts.forEach((attempt, i) => {
      steps.push({
        kind: 'DELIVERY_ATTEMPT',
        at: attempt.at,
        eventId: delivery.eventId,
        eventType: delivery.eventType,
        deliveryId: delivery.id,
        attempt: i + 1,
        ...(attempt.status !== undefined ? { responseStatus: attempt.status } : {}),
        ...(attempt.error !== undefined ? { error: attempt.error } : {}),
        succeeded: attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300,
        durationMs: attempt.durationMs,
        ...(attempt.retryAt !== undefined ? { retryAt: attempt.retryAt } : {}),
      });
    });
  }
  return { transactionId: transaction.id, type: transaction.type, status: transaction.status, now: tenant.clock.nowIso(), steps: inTimeOrder(steps) };
}

interface Movement {
  entry: LedgerEntry;
  at: string;
  change: LedgerPosting['change'];
  /** What the movement adds to the available and to the total balance. */
  available: number;
  total: number;
}

/**
 * What one ledger entry did to the two balances, and when (balances.ts says
 * how each status counts): a POSTED entry moves both at once; a PENDING one
 * moves one balance when made and the other (or the first back) when settled.
 */
function movementsOf(entry: LedgerEntry): Movement[] {
  const { amount } = entry;
  if (entry.status === 'POSTED' && entry.settledAt === undefined) return [{ entry, at: entry.createdAt, change: 'POSTED', available: amount, total: amount }];
  const debit = amount < 0;
  const made: Movement = { entry, at: entry.createdAt, change: debit ? 'HELD' : 'INCOMING', available: debit ? amount : 0, total: debit ? 0 : amount };
  if (entry.status === 'PENDING') return [made];
  // An entry settled before settledAt was recorded counts as settled when it was made.
  const at = entry.settledAt ?? entry.createdAt;
  const settled: Movement =
    entry.status === 'POSTED'
      ? { entry, at, change: 'SETTLED', available: amount - made.available, total: amount - made.total }
      : { entry, at, change: 'VOIDED', available: -made.available, total: -made.total };
  return [made, settled];
}

export function accountLedger(tenant: Tenant, id: string) {
  const record = requireInternalAccount(tenant, id);
  const movements = tenant.ledgerEntries
    .byIndex('account', id)
    .flatMap(movementsOf)
    .map((movement, listed) => ({ movement, listed, ms: parseInstant(movement.at) ?? 0 }))
    .sort((a, b) => a.ms - b.ms || a.listed - b.listed);
  let available = 0;
  let total = 0;
  const postings: LedgerPosting[] = movements.map(({ movement: m }) => {
    available += m.available;
    total += m.total;
    return {
      entryId: m.entry.id,
      at: m.at,
      change: m.change,
      direction: m.entry.amount < 0 ? 'DEBIT' : 'CREDIT',
      amount: Math.abs(m.entry.amount),
      kind: m.entry.kind,
      ...(m.entry.reference !== undefined ? { reference: m.entry.reference } : {}),
      balanceAfter: available,
      totalBalanceAfter: total,
    };
  });
  return { account: presentInternalAccount(tenant, record), currency: currencyOf(record.currency), now: tenant.clock.nowIso(), postings };
}
