/**
 * Crypto withdrawal fee estimates: the network's fee (a fixed sandbox
 * estimate per network, in its fee asset) converted into the withdrawal
 * currency at the current sandbox rate, rounded up in minor units.
 */
import { apiError, invalidInput, notFound, type FieldError } from '../../core/errors.js';
import { currencyInfo } from '../../core/money.js';
import type { Tenant } from '../../store/tenant.js';
import { rateAt, sendingFor } from '../exchange-rates/rates.js';
import type { EstimateCryptoWithdrawalFeeRequest, EstimateCryptoWithdrawalFeeResponse } from './crypto-withdrawals.schemas.js';
import { NETWORK_NAMES, WITHDRAWAL_NETWORKS } from './networks.js';

/** The sandbox charges no application fee of its own. */
const APPLICATION_FEE = 0;

export function estimateWithdrawalFee(tenant: Tenant, request: EstimateCryptoWithdrawalFeeRequest): EstimateCryptoWithdrawalFeeResponse {
  const errors: FieldError[] = [];
  const network = Object.prototype.hasOwnProperty.call(WITHDRAWAL_NETWORKS, request.cryptoNetwork) ? WITHDRAWAL_NETWORKS[request.cryptoNetwork] : undefined;
  if (!network) errors.push({ field: 'cryptoNetwork', message: `Must be one of: ${NETWORK_NAMES.join(', ')}`, constraint: { enum: NETWORK_NAMES } });
  else if (!network.address.test(request.destinationAddress)) errors.push({ field: 'destinationAddress', message: `Not a ${request.cryptoNetwork} address`, constraint: { pattern: network.address.source } });
  if (errors.length > 0) throw invalidInput(errors);
  const account = tenant.internalAccounts.get(request.internalAccountId);
  if (!account) throw notFound('InternalAccount', request.internalAccountId);
  if (!currencyInfo(request.currency)?.crypto) throw apiError('INVALID_CURRENCY', `${request.currency} is not a crypto currency`, { errors: [{ field: 'currency', message: 'A crypto currency, e.g. USDC' }] });
  if (account.currency !== request.currency) {
    throw apiError('INVALID_CURRENCY', `${account.id} holds ${account.currency}, not ${request.currency}`, { errors: [{ field: 'currency', message: `The account holds ${account.currency}`, constraint: { enum: [account.currency] } }] });
  }
  if (!network!.assets.includes(request.currency)) {
    const carriers = NETWORK_NAMES.filter((n) => WITHDRAWAL_NETWORKS[n]!.assets.includes(request.currency));
    throw invalidInput([{ field: 'cryptoNetwork', message: `${request.cryptoNetwork} does not carry ${request.currency}; these do: ${carriers.join(', ')}`, constraint: { enum: carriers } }]);
  }
  const { feeAsset, networkFee } = network!;
  const rate = rateAt(request.currency, feeAsset, tenant.clock.nowMs());
  if (!rate) throw apiError('QUOTE_RATE_UNAVAILABLE', `No ${request.currency} to ${feeAsset} rate`);
  const networkFeeInCurrency = request.currency === feeAsset || networkFee === 0 ? networkFee : sendingFor(rate, networkFee);
  const totalFee = networkFeeInCurrency + APPLICATION_FEE;
  if (request.amount <= totalFee) {
    throw apiError('INVALID_AMOUNT', `The fees (${totalFee}) take the whole amount; withdraw more than ${totalFee}`, { errors: [{ field: 'amount', message: `Must exceed the fees, ${totalFee}` }], totalFee });
  }
  return { networkFee, networkFeeAsset: feeAsset, applicationFee: APPLICATION_FEE, totalFee, netAmount: request.amount - totalFee };
}
