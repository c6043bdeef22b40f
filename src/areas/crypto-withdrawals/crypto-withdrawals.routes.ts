import { createRoute } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { TAGS } from '../../core/tags.js';
import { EstimateCryptoWithdrawalFeeRequest, EstimateCryptoWithdrawalFeeResponse } from './crypto-withdrawals.schemas.js';

export const estimateWithdrawalFeeRoute = createRoute({
  method: 'post',
  operationId: 'estimateCryptoWithdrawalFee',
  path: '/crypto/estimate-withdrawal-fee',
  tags: [TAGS.crossCurrencyTransfers],
  summary: 'Estimate the fees of a crypto withdrawal',
  description:
    'The network fee (a fixed sandbox estimate per network, in its fee asset) and its value in the withdrawal currency at the current sandbox rate, rounded up; netAmount is what arrives. The account must hold the currency (400 INVALID_CURRENCY) and the network carry it (400 naming cryptoNetwork); an amount the fees take whole is 400 INVALID_AMOUNT.',
  request: { body: jsonBody(EstimateCryptoWithdrawalFeeRequest) },
  responses: { 200: jsonResponse(EstimateCryptoWithdrawalFeeResponse, 'The estimate') },
});
