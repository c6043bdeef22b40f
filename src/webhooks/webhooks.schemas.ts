import { z } from '@hono/zod-openapi';
import { Timestamp } from '../core/schemas.js';
import { defineWebhook } from '../events/events.schemas.js';

export const DeliveryAttempt = z
  .object({
    at: Timestamp,
    status: z.number().int().optional().openapi({ description: 'The HTTP status the endpoint answered' }),
    error: z.string().optional().openapi({ description: 'Why there was no answer (refused, timeout, ...)' }),
    durationMs: z.number(),
    retryAt: Timestamp.optional().openapi({ description: 'After a failure: when the retry it led to was due, on the tenant clock (absent after the last attempt allowed, a success, or a test event)' }),
  })
  .openapi('AdminWebhookAttempt');

export const WebhookDelivery = z
  .object({
    id: z.string().openapi({ example: 'WebhookDelivery:019542f5-b3e7-1d02-0000-00000000000f' }),
    eventId: z.string(),
    eventType: z.string(),
    resourceId: z.string().openapi({ description: 'Deliveries for one resource go out in order' }),
    url: z.string(),
    status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
    attempts: z.array(DeliveryAttempt),
    nextAttemptAt: Timestamp.optional().openapi({ description: 'On the tenant clock: advancing the clock past it sends the retry' }),
    test: z.boolean().optional(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('AdminWebhookDelivery');

export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** What the store keeps: the delivery plus the exact body bytes that were signed and sent. */
export interface WebhookDeliveryRecord extends WebhookDelivery {
  body: string;
}

/** TEST: what POST /sandbox/webhooks/test sends. */
export const TestWebhook = defineWebhook({
  key: 'test-webhook',
  operationId: 'testWebhook',
  name: 'TestWebhook',
  summary: 'A test event',
  description: 'Sent by POST /sandbox/webhooks/test, at once, to check that the endpoint receives and verifies webhooks.',
  types: ['TEST'],
  data: z.object({ id: z.string().openapi({ example: 'WebhookTest:my-app' }), message: z.string() }).openapi('TestWebhookData'),
});
