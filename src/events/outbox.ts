/**
 * The tenant's outbox: every event the platform would receive as a webhook,
 * in the spec's envelope, recorded at the moment it happens. Delivery reads
 * from here.
 */
import type { Tenant } from '../store/tenant.js';
import type { WebhookEvent } from './events.schemas.js';

/** The outbox keeps the most recent events; older ones are dropped so a long run's memory stays bounded. */
export const EVENTS_KEPT = 10_000;

/** Records an event carrying a copy of the resource as it is now. */
export function emitEvent(tenant: Tenant, type: string, resource: object): WebhookEvent {
  const event: WebhookEvent = {
    id: tenant.ids('Webhook'),
    type,
    timestamp: tenant.clock.nowIso(),
    data: structuredClone(resource) as Record<string, unknown>,
  };
  tenant.events.insert(event);
  while (tenant.events.size > EVENTS_KEPT) tenant.events.remove(tenant.events.oldest()!.id);
  tenant.changed();
  tenant.signal('event', event);
  return event;
}
