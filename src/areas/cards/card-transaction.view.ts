/** A card transaction as the API shows it: the stored row plus its currency and the pulls the ledger holds for it. */
import { currencyOf } from '../../core/money.js';
import type { Tenant } from '../../store/tenant.js';
import type { CardTransaction, CardTransactionRecord } from './cards.schemas.js';

/** Ledger entry kinds of the pulls a card transaction makes on its funding source. */
export const CARD_PULL = 'CARD_PULL';

export function presentCardTransaction(tenant: Tenant, record: CardTransactionRecord): CardTransaction {
  const { currencyCode, ...shown } = record;
  const pulls = tenant.ledgerEntries.byIndex('reference', record.id).filter((e) => e.kind === CARD_PULL && e.status !== 'VOIDED');
  return {
    ...shown,
    currency: currencyOf(currencyCode),
    pullSummary: { count: pulls.length, totalAmount: pulls.reduce((sum, e) => sum - e.amount, 0), pendingCount: pulls.filter((e) => e.status === 'PENDING').length },
  };
}
