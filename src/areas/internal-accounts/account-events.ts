/**
 * How an internal account is shown, and what is told when that changes.
 * Every posting, settlement and status change "watches" the account before
 * it changes it; at the commit the account is compared with how it was
 * before the first change, and each kind of difference is announced once.
 */
import { amountOf } from '../../core/money.js';
import { announceAtCommit, emitEvent } from '../../events/outbox.js';
import type { Tenant } from '../../store/tenant.js';
import { balancesOf } from './balances.js';
import { InternalAccountWebhook, type InternalAccount, type InternalAccountRecord } from './internal-accounts.schemas.js';

/** The account as GET shows it: balances from the ledger; funding instructions only while it can take money. */
export function presentInternalAccount(tenant: Tenant, record: InternalAccountRecord): InternalAccount {
  const { currency, fundingPaymentInstructions, ...rest } = record;
  const balances = balancesOf(tenant, record.id);
  return {
    ...rest,
    balance: amountOf(balances.available, currency),
    totalBalance: amountOf(balances.total, currency),
    fundingPaymentInstructions: record.status === 'ACTIVE' ? fundingPaymentInstructions : [],
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Call before changing an account's balance, status or funding instructions: its webhooks follow at the commit. */
export function watchInternalAccount(tenant: Tenant, accountId: string): void {
  const read = () => {
    const record = tenant.internalAccounts.get(accountId);
    return record && presentInternalAccount(tenant, record);
  };
  announceAtCommit(tenant, `InternalAccount:${accountId}`, read, (before, after) => {
    if (!before || !after) return;
    const kinds = [
      ...(before.status !== after.status ? (['INTERNAL_ACCOUNT.STATUS_UPDATED'] as const) : []),
      ...(!same(before.fundingPaymentInstructions, after.fundingPaymentInstructions) ? (['INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED'] as const) : []),
      ...(!same([before.balance, before.totalBalance], [after.balance, after.totalBalance]) ? (['INTERNAL_ACCOUNT.BALANCE_UPDATED'] as const) : []),
    ];
    if (kinds.length === 0) return;
    // A changed account shows when it changed, whichever area changed it.
    const updated = after.updatedAt === before.updatedAt ? tenant.internalAccounts.update(accountId, (a) => void (a.updatedAt = tenant.clock.nowIso())) : tenant.internalAccounts.get(accountId)!;
    const data = presentInternalAccount(tenant, updated);
    for (const kind of kinds) emitEvent(tenant, InternalAccountWebhook, kind, data);
  });
}
