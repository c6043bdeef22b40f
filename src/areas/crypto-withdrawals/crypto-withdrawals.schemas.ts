import { z } from '@hono/zod-openapi';
import { PositiveAmount } from '../../core/schemas.js';

export const EstimateCryptoWithdrawalFeeRequest = z
  .object({
    internalAccountId: z.string().min(1).max(200).openapi({ description: 'The crypto internal account the withdrawal leaves' }),
    currency: z.string().min(1).max(10).openapi({ example: 'USDC' }),
    cryptoNetwork: z.string().min(1).max(40).openapi({ example: 'SOLANA', description: 'SOLANA, ETHEREUM, BASE, POLYGON, TRON, SPARK, LIGHTNING or BITCOIN' }),
    amount: PositiveAmount.openapi({ description: 'Minor units of currency' }),
    destinationAddress: z.string().min(1).max(2048),
  })
  .openapi('EstimateCryptoWithdrawalFeeRequest');

export const EstimateCryptoWithdrawalFeeResponse = z
  .object({
    networkFee: z.number().int().openapi({ description: 'Minor units of networkFeeAsset' }),
    networkFeeAsset: z.string(),
    applicationFee: z.number().int().openapi({ description: 'Minor units of the withdrawal currency; 0 in the sandbox' }),
    totalFee: z.number().int().openapi({ description: 'The network fee converted into the withdrawal currency (rounded up) plus the application fee' }),
    netAmount: z.number().int().openapi({ description: 'What the destination receives: amount minus totalFee' }),
  })
  .openapi('EstimateCryptoWithdrawalFeeResponse');

export type EstimateCryptoWithdrawalFeeRequest = z.infer<typeof EstimateCryptoWithdrawalFeeRequest>;
export type EstimateCryptoWithdrawalFeeResponse = z.infer<typeof EstimateCryptoWithdrawalFeeResponse>;
