/**
 * Deciding a pending transaction (`POST /transactions/{id}/approve|reject`).
 * Some pending transactions belong to another area's flow (an agent's action
 * awaiting the platform's approval): that area arms this hook and answers
 * for the transactions it owns; the transactions area decides the rest.
 */
import { defineHook } from '../../store/hooks.js';
import type { Tenant } from '../../store/tenant.js';
import type { StoredTransaction } from './transactions.schemas.js';

export type TransactionDecision = 'APPROVE' | 'REJECT';

/** Returns the decided transaction when the hook's owner manages `transactionId`; undefined when it does not. */
export const ownedDecisionHook = defineHook<(tenant: Tenant, transactionId: string, decision: TransactionDecision, reason?: string) => StoredTransaction | undefined>(
  'transactions.ownedDecision',
  () => undefined,
);
