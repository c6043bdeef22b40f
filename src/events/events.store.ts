/** The tenant's outbox of webhook events. */
import { defineCollection } from '../store/spec.js';
import { WebhookEvent } from './events.schemas.js';

declare module '../store/spec.js' {
  interface TenantRecords {
    events: WebhookEvent;
  }
}

declare module '../store/tenant.js' {
  interface TenantSignals {
    /** An event entered the outbox. */
    event: WebhookEvent;
  }
}

export const eventsCollection = defineCollection('events', {
  schema: WebhookEvent,
  // resource: the id of what the event is about (a transaction's events, for its timeline); built only when first asked.
  indexes: { type: (e) => e.type, resource: (e) => (typeof e.data.id === 'string' ? e.data.id : undefined) },
});
