/** Quotes and the Idempotency-Keys their executions used. */
import { z } from '@hono/zod-openapi';
import { defineCollection } from '../../store/spec.js';
import { PURPOSES, Quote, type IdempotencyRecord, type QuoteRecord } from './quotes.schemas.js';
import { QuoteSca } from '../sca/sca.schemas.js';

declare module '../../store/spec.js' {
  interface TenantRecords {
    quotes: QuoteRecord;
    idempotencyKeys: IdempotencyRecord;
  }
}

export const quotesCollection = defineCollection('quotes', {
  schema: Quote.omit({ status: true, scaChallenge: true }).extend({
    customerId: z.string().optional(),
    sca: QuoteSca.optional(),
    executed: z.boolean(),
    agentId: z.string().optional(),
    remittanceInformation: z.string().optional(),
    purposeOfPayment: z.enum(PURPOSES).optional(),
  }),
  indexes: { customer: (q) => q.customerId, agent: (q) => q.agentId },
});

export const idempotencyKeysCollection = defineCollection('idempotencyKeys', {
  schema: z.object({ id: z.string().min(1), quoteId: z.string(), createdAt: z.string() }),
});
