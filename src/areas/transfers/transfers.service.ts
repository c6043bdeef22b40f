/**
 * Same-currency transfers (deprecated in favour of quotes, still served):
 * a pull from an external account into an internal one, and a payout from
 * an internal account to an external one. Outcomes follow the transfer
 * table on the external account's identifier.
 */
import { apiError } from '../../core/errors.js';
import { ruleFor, type RuleHits } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';
import { planTransfer, type Plan } from '../payments/plans.js';
import { checkFunds, checkPayoutLimits, findAccount, identifierOf } from '../payments/parties.js';
import { startPayment, type Delivery, type Funding } from '../payments/settlement.service.js';
import type { OperationResult } from '../wallet-auth/processing.js';
import { runSigned, type WalletActionRequest } from '../wallet-auth/signed-requests.js';
import type { Transaction } from '../transactions/transactions.schemas.js';
import type { NewTransaction } from '../transactions/transactions.service.js';
import type { TransferInRequest, TransferOutRequest } from './transfers.schemas.js';
import type { InternalAccountRecord } from '../internal-accounts/internal-accounts.schemas.js';
import type { ExternalAccount } from '../external-accounts/external-accounts.schemas.js';
import { requireTermsAccepted } from '../customers/end-user-terms.js';

export function sameCurrency(a: string, b: string): void {
  if (a !== b) throw apiError('INVALID_CURRENCY', `Same-currency transfers need one currency; these accounts hold ${a} and ${b}. Use a quote to convert.`, { source: a, destination: b });
}

/** A same-currency transfer's payment: the transaction, its two ends and how it unfolds. */
export interface TransferPayment {
  init: NewTransaction;
  funding: Funding;
  delivery: Delivery;
  plan: Plan;
}

/**
 * The payment of a same-currency transfer between an internal and an
 * external account, in either direction; the external account's suffix
 * decides how it unfolds.
 */
export function transferPaymentOf(type: 'INCOMING' | 'OUTGOING', internal: InternalAccountRecord, external: ExternalAccount, amount: number, seen: RuleHits, options: { paymentRail?: string | undefined; agentId?: string | undefined } = {}): TransferPayment {
  const currency = internal.currency;
  const [from, to] = type === 'INCOMING' ? [external.id, internal.id] : [internal.id, external.id];
  const inside = { kind: 'INTERNAL' as const, accountId: internal.id };
  const rule = ruleFor('accountTransfer', identifierOf(external), seen);
  return {
    init: {
      type,
      source: { sourceType: 'ACCOUNT', accountId: from, currency },
      destination: { destinationType: 'ACCOUNT', accountId: to, currency },
      customerId: internal.customerId,
      sent: { amount, currency },
      received: { amount, currency },
      paymentRail: options.paymentRail,
      agentId: options.agentId,
    },
    funding: type === 'INCOMING' ? { kind: 'OUTSIDE' } : inside,
    delivery: type === 'INCOMING' ? inside : { kind: 'OUTSIDE' },
    plan: planTransfer(rule.outcome, rule.description, type),
  };
}

function startTransfer(tenant: Tenant, type: 'INCOMING' | 'OUTGOING', internal: InternalAccountRecord, external: ExternalAccount, amount: number, paymentRail?: string): Transaction {
  const payment = transferPaymentOf(type, internal, external, amount, tenant.coverage, { paymentRail });
  return startPayment(tenant, payment.init, payment.funding, payment.delivery, payment.plan);
}

export function transferIn(tenant: Tenant, request: TransferInRequest): Transaction {
  const source = findAccount(tenant, request.source.accountId, 'source.accountId');
  const destination = findAccount(tenant, request.destination.accountId, 'destination.accountId');
  if (source.kind !== 'EXTERNAL') throw apiError('INVALID_REQUEST_FORMAT', 'transfer-in pulls from an external account', { field: 'source.accountId' });
  if (destination.kind !== 'INTERNAL') throw apiError('INVALID_REQUEST_FORMAT', 'transfer-in credits an internal account', { field: 'destination.accountId' });
  sameCurrency(source.account.currency, destination.account.currency);
  requireTermsAccepted(tenant, destination.account.customerId);
  return startTransfer(tenant, 'INCOMING', destination.account, source.account, request.amount);
}

export function transferOut(tenant: Tenant, request: TransferOutRequest, wallet: WalletActionRequest): Promise<OperationResult> {
  const source = findAccount(tenant, request.source.accountId, 'source.accountId');
  const destination = findAccount(tenant, request.destination.accountId, 'destination.accountId');
  if (source.kind !== 'INTERNAL') throw apiError('INVALID_REQUEST_FORMAT', 'transfer-out debits an internal account', { field: 'source.accountId' });
  if (destination.kind !== 'EXTERNAL') throw apiError('INVALID_REQUEST_FORMAT', 'transfer-out pays an external account', { field: 'destination.accountId' });
  sameCurrency(source.account.currency, destination.account.currency);
  requireTermsAccepted(tenant, source.account.customerId);
  const currency = source.account.currency;
  const check = () => {
    checkPayoutLimits(tenant, { sendingCurrency: currency, receivingCurrency: currency, receivingAmount: request.amount }, destination);
    checkFunds(tenant, source.account, request.amount);
  };
  const pay = (): OperationResult => {
    check();
    return { status: 201, body: startTransfer(tenant, 'OUTGOING', source.account, destination.account, request.amount, request.destination.paymentRail) };
  };
  if (source.account.type !== 'EMBEDDED_WALLET') return Promise.resolve(pay());
  // Money leaving an embedded wallet needs a session's signature.
  return runSigned(tenant, wallet, () => ({
    operation: 'TRANSFER_OUT',
    accountId: source.account.id,
    prepare: () => {
      check();
      return {};
    },
    perform: pay,
  }));
}
