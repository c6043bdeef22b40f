import { z } from '@hono/zod-openapi';
import { Timestamp } from '../core/schemas.js';

/** The webhook envelope of the spec, for any event. */
export const WebhookEvent = z
  .object({
    id: z.string().openapi({ example: 'Webhook:019542f5-b3e7-1d02-0000-000000000008' }),
    type: z.string().openapi({ example: 'CUSTOMER.KYC_APPROVED' }),
    timestamp: Timestamp,
    data: z.record(z.string(), z.unknown()).openapi({ description: 'The affected resource' }),
  })
  .openapi('WebhookEvent');

export type WebhookEvent = z.infer<typeof WebhookEvent>;

/**
 * One kind of webhook: the event types it carries and the zod schema of its
 * `data`. Areas define theirs beside their schemas and emit events through
 * them (`emitEvent(tenant, CardWebhook, 'CARD.STATUS_CHANGE', card)`), so the
 * types and payloads the sandbox delivers are the ones its OpenAPI document
 * declares under `webhooks`.
 */
export interface WebhookDefinition<T extends string = string, D extends z.ZodType = z.ZodType> {
  /** The key under the document's `webhooks` (the public description's name). */
  key: string;
  operationId: string;
  summary: string;
  description: string;
  types: readonly T[];
  data: D;
  /** The whole body: the envelope with this webhook's types and data, a named component. */
  payload: z.ZodType;
}

export function defineWebhook<const T extends string, D extends z.ZodType>(spec: {
  key: string;
  operationId: string;
  /** Component name of the payload schema. */
  name: string;
  summary: string;
  description: string;
  types: readonly [T, ...T[]];
  data: D;
}): WebhookDefinition<T, D> {
  let payload: z.ZodType | undefined;
  return {
    key: spec.key,
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    types: spec.types,
    data: spec.data,
    // Only the API document reads the envelope: it is made with the document, not when the module loads.
    get payload() {
      return (payload ??= z
        .object({
          id: z.string().openapi({ description: 'Webhook:<uuid>; the same id on every retry, so use it to drop duplicates', example: 'Webhook:019542f5-b3e7-1d02-0000-000000000008' }),
          type: z.enum(spec.types),
          timestamp: Timestamp.openapi({ description: 'When the event happened, on the tenant clock' }),
          data: spec.data,
        })
        .openapi(spec.name));
    },
  };
}
