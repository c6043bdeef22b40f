/**
 * Same-currency transfers (deprecated in favour of quotes, still served):
 * a pull from an external account into an internal one, and a payout from
 * an internal account to an external one. Outcomes follow the transfer
 * table on the external account's identifier.
 */
import { apiError } from '../../core/errors.js';
import { ruleFor } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';
import { planTransfer } from '../payments/plans.js';
import { checkFunds, checkPayoutLimits, findAccount, identifierOf } from '../payments/parties.js';
import { startPayment } from '../payments/settlement.service.js';
import type { OperationResult } from '../wallet-auth/processing.js';
import { runSigned, type WalletActionRequest } from '../wallet-auth/signed-requests.js';
import type { Transaction } from '../transactions/transactions.schemas.js';
import type { TransferInRequest, TransferOutRequest } from './transfers.schemas.js';

function sameCurrency(a: string, b: string): void {
  if (a !== b) throw apiError('INVALID_CURRENCY', `Same-currency transfers need one currency; these accounts hold ${a} and ${b}. Use a quote to convert.`, { source: a, destination: b });
}

export function transferIn(tenant: Tenant, request: TransferInRequest): Transaction {
  const source = findAccount(tenant, request.source.accountId, 'source.accountId');
  const destination = findAccount(tenant, request.destination.accountId, 'destination.accountId');
  if (source.kind !== 'EXTERNAL') throw apiError('INVALID_REQUEST_FORMAT', 'transfer-in pulls from an external account', { field: 'source.accountId' });
  if (destination.kind !== 'INTERNAL') throw apiError('INVALID_REQUEST_FORMAT', 'transfer-in credits an internal account', { field: 'destination.accountId' });
  sameCurrency(source.account.currency, destination.account.currency);
  const rule = ruleFor('accountTransfer', identifierOf(source.account));
  const currency = destination.account.currency;
  return startPayment(
    tenant,
    {
      type: 'INCOMING',
      source: { sourceType: 'ACCOUNT', accountId: source.account.id, currency },
      destination: { destinationType: 'ACCOUNT', accountId: destination.account.id, currency },
      customerId: destination.account.customerId,
      sent: { amount: request.amount, currency },
      received: { amount: request.amount, currency },
    },
    { kind: 'OUTSIDE' },
    { kind: 'INTERNAL', accountId: destination.account.id },
    planTransfer(rule.outcome, rule.description, 'INCOMING'),
  );
}

export function transferOut(tenant: Tenant, request: TransferOutRequest, wallet: WalletActionRequest): Promise<OperationResult> {
  const source = findAccount(tenant, request.source.accountId, 'source.accountId');
  const destination = findAccount(tenant, request.destination.accountId, 'destination.accountId');
  if (source.kind !== 'INTERNAL') throw apiError('INVALID_REQUEST_FORMAT', 'transfer-out debits an internal account', { field: 'source.accountId' });
  if (destination.kind !== 'EXTERNAL') throw apiError('INVALID_REQUEST_FORMAT', 'transfer-out pays an external account', { field: 'destination.accountId' });
  sameCurrency(source.account.currency, destination.account.currency);
  const currency = source.account.currency;
  const check = () => {
    checkPayoutLimits(tenant, { sendingCurrency: currency, receivingCurrency: currency, receivingAmount: request.amount }, destination);
    checkFunds(tenant, source.account, request.amount);
  };
  const pay = (): OperationResult => {
    check();
    const rule = ruleFor('accountTransfer', identifierOf(destination.account));
    const transaction = startPayment(
      tenant,
      {
        type: 'OUTGOING',
        source: { sourceType: 'ACCOUNT', accountId: source.account.id, currency },
        destination: { destinationType: 'ACCOUNT', accountId: destination.account.id, currency },
        customerId: source.account.customerId,
        sent: { amount: request.amount, currency },
        received: { amount: request.amount, currency },
        paymentRail: request.destination.paymentRail,
      },
      { kind: 'INTERNAL', accountId: source.account.id },
      { kind: 'OUTSIDE' },
      planTransfer(rule.outcome, rule.description, 'OUTGOING'),
    );
    return { status: 201, body: transaction };
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
