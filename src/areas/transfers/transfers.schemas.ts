import { z } from '@hono/zod-openapi';
import { PositiveAmount } from '../../core/schemas.js';
import { PURPOSES } from '../quotes/quotes.schemas.js';

const AccountRef = z.object({ accountId: z.string().min(1).max(200) });

export const TransferInRequest = z
  .object({ source: AccountRef.openapi({ description: 'The external account to pull from' }), destination: AccountRef.openapi({ description: 'The internal account to credit' }), amount: PositiveAmount })
  .openapi('TransferInRequest');

export const TransferOutRequest = z
  .object({
    source: AccountRef.openapi({ description: 'The internal account to debit' }),
    destination: AccountRef.extend({ paymentRail: z.string().min(1).max(40).optional() }).openapi({ description: 'The external account to pay' }),
    amount: PositiveAmount,
    remittanceInformation: z.string().max(80).optional(),
    purposeOfPayment: z.enum(PURPOSES).optional(),
  })
  .openapi('TransferOutRequest');

export type TransferInRequest = z.infer<typeof TransferInRequest>;
export type TransferOutRequest = z.infer<typeof TransferOutRequest>;
