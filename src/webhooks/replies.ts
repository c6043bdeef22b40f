/**
 * What a platform's endpoint answered: some webhooks are requests (an
 * incoming payment awaiting the platform's approval), so the area that sent
 * the event needs the reply. The dispatcher reports every settled attempt
 * here; an area arms the hook (armAreaHooks) for the events it cares about.
 */
import { defineHook } from '../store/hooks.js';
import type { Tenant } from '../store/tenant.js';

export interface DeliveredEvent {
  eventId: string;
  eventType: string;
  /** The id of the resource the event carries. */
  resourceId: string;
}

export interface DeliveryReply {
  /** The HTTP status the endpoint answered; absent when it did not answer (network error, timeout). */
  status?: number;
  error?: string;
}

export const deliveryReplyHook = defineHook<(tenant: Tenant, event: DeliveredEvent, reply: DeliveryReply) => void>('webhooks.deliveryReply', () => {});
