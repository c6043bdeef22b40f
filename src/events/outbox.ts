/**
 * The tenant's outbox: every event the platform would receive as a webhook,
 * in the spec's envelope, recorded at the moment it happens. Delivery reads
 * from here.
 */
import type { z } from '@hono/zod-openapi';
import { clonePlain } from '../core/objects.js';
import type { Tenant } from '../store/tenant.js';
import type { WebhookDefinition, WebhookEvent } from './events.schemas.js';

/** The outbox keeps the most recent events; older ones are dropped so a long run's memory stays bounded. */
export const EVENTS_KEPT = 10_000;

/**
 * Records an event of one of `webhook`'s types, carrying a copy of the
 * resource as it is now; the types make the event what the webhook
 * declares.
 */
export function emitEvent<T extends string, D extends z.ZodType>(tenant: Tenant, webhook: WebhookDefinition<T, D>, type: NoInfer<T>, resource: z.input<D>): WebhookEvent {
  if (!webhook.types.includes(type)) throw new Error(`${type} is not a ${webhook.key} event`);
  const event: WebhookEvent = {
    id: tenant.ids('Webhook'),
    type,
    timestamp: tenant.clock.nowIso(),
    data: clonePlain(resource) as Record<string, unknown>,
  };
  tenant.events.insert(event);
  while (tenant.events.size > EVENTS_KEPT) tenant.events.remove(tenant.events.oldest()!.id);
  tenant.changed();
  tenant.coverage.emitted(type);
  tenant.signal('event', event);
  return event;
}

/**
 * Tells what a commit changed about one resource, once: the first call in a
 * commit (made before the change) reads the resource as it is; at the
 * commit, `announce` gets it as it was then and as it is now, and emits
 * what differs. Several changes in one commit make one announcement; a
 * change undone in the same commit makes none.
 */
export function announceAtCommit<R>(tenant: Tenant, key: string, read: () => R, announce: (before: R, after: R) => void): void {
  tenant.beforeCommit(`announce:${key}`, () => {
    const before = read();
    return () => announce(before, read());
  });
}
