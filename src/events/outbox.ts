/**
 * The tenant's outbox: every event the platform would receive as a webhook,
 * in the spec's envelope, recorded at the moment it happens. Delivery reads
 * from here.
 */
import type { Tenant } from '../store/tenant.js';
import type { WebhookEvent } from './events.schemas.js';

/** Records an event carrying a copy of the resource as it is now. */
export function emitEvent(tenant: Tenant, type: string, resource: object): WebhookEvent {
  const event: WebhookEvent = {
    id: tenant.ids('Webhook'),
    type,
    timestamp: tenant.clock.nowIso(),
    data: structuredClone(resource) as Record<string, unknown>,
  };
  tenant.events.insert(event);
  tenant.changed();
  return event;
}
