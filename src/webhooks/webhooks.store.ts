/** Webhook deliveries: one per event and endpoint, with every attempt. */
import { z } from '@hono/zod-openapi';
import { defineCollection } from '../store/spec.js';
import { WebhookDelivery, type WebhookDeliveryRecord } from './webhooks.schemas.js';

declare module '../store/spec.js' {
  interface TenantRecords {
    webhookDeliveries: WebhookDeliveryRecord;
  }
}

export const webhookDeliveriesCollection = defineCollection('webhookDeliveries', {
  schema: WebhookDelivery.extend({ body: z.string() }),
  indexes: { status: (d) => d.status, resource: (d) => d.resourceId },
});
