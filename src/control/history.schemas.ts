import { z } from '@hono/zod-openapi';
import { Currency, Timestamp } from '../core/schemas.js';
import { InternalAccount } from '../areas/internal-accounts/internal-accounts.schemas.js';

const At = Timestamp.openapi({ description: 'On the tenant clock' });

const StatusStep = z.object({ kind: z.literal('STATUS'), at: At, status: z.string() }).openapi('AdminTimelineStatus');

const WebhookStep = z
  .object({ kind: z.literal('WEBHOOK'), at: At, eventId: z.string(), eventType: z.string() })
  .openapi('AdminTimelineWebhook', { description: 'An event about the transaction entered the outbox' });

const AttemptStep = z
  .object({
    kind: z.literal('DELIVERY_ATTEMPT'),
    at: At,
    eventId: z.string(),
    eventType: z.string(),
    deliveryId: z.string(),
    attempt: z.number().int().min(1).openapi({ description: '1 for the first send; each later one is a retry or a replay' }),
    responseStatus: z.number().int().optional().openapi({ description: 'The HTTP status the endpoint answered' }),
    error: z.string().optional().openapi({ description: 'Why there was no answer' }),
    succeeded: z.boolean(),
    durationMs: z.number(),
    retryAt: At.optional().openapi({ description: 'After a failure: when the retry it led to was due' }),
  })
  .openapi('AdminTimelineDeliveryAttempt');

export const TimelineStep = z.discriminatedUnion('kind', [StatusStep, WebhookStep, AttemptStep]).openapi('AdminTimelineStep');

export const TransactionTimeline = z
  .object({
    transactionId: z.string(),
    type: z.enum(['INCOMING', 'OUTGOING', 'CARD']),
    status: z.string(),
    now: At.openapi({ description: "The tenant clock when this was read: a pending retry's retryAt may lie after it" }),
    steps: z.array(TimelineStep).openapi({
      description:
        'In time order; at one instant a status comes before the webhook that announces it, and a webhook before its delivery attempts. Statuses: the transaction\'s statusHistory (for a card transaction, the status each of its events carried). Webhooks and attempts: those the outbox and the delivery log still hold (the latest 10,000 of each).',
    }),
  })
  .openapi('AdminTransactionTimeline');

export const LedgerPosting = z
  .object({
    entryId: z.string(),
    at: At,
    change: z.enum(['POSTED', 'HELD', 'INCOMING', 'SETTLED', 'VOIDED']).openapi({
      description:
        'POSTED: counted in both balances at once; HELD: a pending debit, out of the available balance only; INCOMING: a pending credit, in the total balance only; SETTLED: a pending entry became final (now in both); VOIDED: a pending entry was undone',
    }),
    direction: z.enum(['CREDIT', 'DEBIT']),
    amount: z.number().int().openapi({ description: 'Minor units, positive: the direction says which way' }),
    kind: z.string().openapi({ description: 'What moved the money (PAYMENT, INCOMING, REFUND, SANDBOX_FUNDING, CARD_PULL, ...)' }),
    reference: z.string().optional().openapi({ description: 'The transaction (or stablecoin operation) the entry belongs to' }),
    balanceAfter: z.number().int().openapi({ description: 'The available balance after this posting, in minor units' }),
    totalBalanceAfter: z.number().int().openapi({ description: 'The total balance after this posting, in minor units' }),
  })
  .openapi('AdminLedgerPosting');

export const AccountLedger = z
  .object({
    account: InternalAccount.openapi({ description: 'As the API shows it now: the last posting\'s balances equal its balance and totalBalance' }),
    currency: Currency,
    now: At.openapi({ description: 'The tenant clock when this was read: the balance after the last posting holds until now' }),
    postings: z.array(LedgerPosting).openapi({ description: 'Oldest first: each entry when it was made, and again when a pending one settled or was voided' }),
  })
  .openapi('AdminAccountLedger');

export type TimelineStep = z.infer<typeof TimelineStep>;
export type LedgerPosting = z.infer<typeof LedgerPosting>;
