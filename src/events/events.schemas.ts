import { z } from '@hono/zod-openapi';
import { Timestamp } from '../core/schemas.js';

/** The webhook envelope of the spec. */
export const WebhookEvent = z
  .object({
    id: z.string().openapi({ example: 'Webhook:019542f5-b3e7-1d02-0000-000000000008' }),
    type: z.string().openapi({ example: 'CUSTOMER.KYC_APPROVED' }),
    timestamp: Timestamp,
    data: z.record(z.string(), z.unknown()).openapi({ description: 'The affected resource' }),
  })
  .openapi('WebhookEvent');

export type WebhookEvent = z.infer<typeof WebhookEvent>;
