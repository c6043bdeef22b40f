/** Payments and card transactions, in one collection as GET /transactions lists them. */
import { z } from '@hono/zod-openapi';
import { defineCollection } from '../../store/spec.js';
import { CardTransaction } from '../cards/cards.schemas.js';
import { Transaction, receiverAccountOf, senderAccountOf, type StoredTransaction } from './transactions.schemas.js';

declare module '../../store/spec.js' {
  interface TenantRecords {
    transactions: StoredTransaction;
  }
}

const StoredCardTransaction = CardTransaction.omit({ pullSummary: true, currency: true }).extend({ currencyCode: z.string() });

function accountsOf(t: StoredTransaction): string[] {
  return [senderAccountOf(t), receiverAccountOf(t)].filter((id): id is string => id !== undefined);
}

export const transactionsCollection = defineCollection('transactions', {
  schema: z.union([Transaction, StoredCardTransaction]),
  indexes: {
    customer: (t) => t.customerId,
    quote: (t) => (t.type === 'CARD' ? undefined : t.quoteId),
    account: accountsOf,
    sender: senderAccountOf,
    receiver: receiverAccountOf,
    status: (t) => t.status,
    card: (t) => (t.type === 'CARD' ? t.cardId : undefined),
  },
});
