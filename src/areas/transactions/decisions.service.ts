/**
 * POST /transactions/{id}/approve|reject: the pending transactions another
 * flow owns are decided by it (ownedDecisionHook: agent actions awaiting
 * approval); nothing else waits for the platform's decision here.
 */
import { apiError } from '../../core/errors.js';
import type { Tenant } from '../../store/tenant.js';
import { ownedDecisionHook, type TransactionDecision } from './decisions.js';
import type { AnyTransaction } from './transactions.schemas.js';
import { getTransaction, presentTransaction } from './transactions.service.js';

export function decideTransaction(tenant: Tenant, id: string, decision: TransactionDecision, reason?: string): AnyTransaction {
  const owned = tenant.hooks.get(ownedDecisionHook)(tenant, id, decision, reason);
  if (owned) return presentTransaction(tenant, owned);
  const transaction = getTransaction(tenant, id);
  throw apiError('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', `Transaction ${id} is not waiting for the platform's approval`, { transactionId: id, status: transaction.status });
}
