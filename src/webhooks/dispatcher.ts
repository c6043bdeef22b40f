/**
 * Webhook delivery. Every event that enters a tenant's outbox while it has
 * an endpoint (its config's webhookEndpoint, else --webhook-url) becomes a
 * delivery: POSTed signed, retried with backoff on the tenant clock (so
 * advancing the clock drives retries), one resource's deliveries strictly
 * in order. Sending never happens on a request's path: a slow or dead
 * endpoint holds up nothing but its own deliveries.
 */
import { apiError, notFound } from '../core/errors.js';
import { isoAt, monotonicMs, parseInstant } from '../core/clock.js';
import type { Logger } from '../core/log.js';
import type { WebhookEvent } from '../events/events.schemas.js';
import { WEBHOOK_RETRY_DELAYS_SECONDS, WEBHOOK_TIMEOUT_SECONDS } from '../rules/index.js';
import type { Tenant } from '../store/tenant.js';
import { deliveryReplyHook } from './replies.js';
import type { WebhookSigner } from './signer.js';
import { TestWebhook, type DeliveryAttempt, type WebhookDelivery, type WebhookDeliveryRecord } from './webhooks.schemas.js';

declare module '../core/env.js' {
  interface AppVariables {
    /** Sends webhooks for every tenant: test deliveries and replays go through it. */
    webhooks: WebhookDispatcher;
  }
}

/** Deliveries kept per tenant; the oldest settled ones go first. */
const DELIVERIES_KEPT = 10_000;
const MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

export interface DispatcherOptions {
  signer: WebhookSigner;
  /** The header the signature goes in: X-<Name>-Signature. */
  signatureHeader: string;
  log: Logger;
  /** Where tenants without their own webhookEndpoint deliver. */
  fallbackUrl?: string | undefined;
}

interface TenantState {
  inFlight: Set<string>;
  timer?: NodeJS.Timeout | undefined;
  unsubscribe: Array<() => void>;
}

export function presentDelivery(record: WebhookDeliveryRecord): WebhookDelivery {
  const { body: _body, ...delivery } = record;
  return delivery;
}

function resourceIdOf(event: WebhookEvent): string {
  return typeof event.data.id === 'string' ? event.data.id : event.id;
}

export class WebhookDispatcher {
  private readonly states = new Map<Tenant, TenantState>();
  private closed = false;
  /** Aborted when the sandbox stops: live event streams end with it. */
  private readonly stopping = new AbortController();

  constructor(private readonly options: DispatcherOptions) {}

  get signer(): WebhookSigner {
    return this.options.signer;
  }

  /** The header the signature goes in: X-<Name>-Signature. */
  get signatureHeader(): string {
    return this.options.signatureHeader;
  }

  get stopped(): AbortSignal {
    return this.stopping.signal;
  }

  /** Starts delivering a tenant's events, including deliveries left pending by an earlier run. */
  attach(tenant: Tenant): void {
    const state: TenantState = { inFlight: new Set(), unsubscribe: [] };
    this.states.set(tenant, state);
    state.unsubscribe.push(
      tenant.on('event', (event) => this.enqueue(tenant, event)),
      tenant.on('clock', () => this.pump(tenant)),
    );
    queueMicrotask(() => this.pump(tenant));
  }

  endpointOf(tenant: Tenant): string | undefined {
    return tenant.config.webhookEndpoint ?? this.options.fallbackUrl;
  }

  private enqueue(tenant: Tenant, event: WebhookEvent): void {
    const url = this.endpointOf(tenant);
    if (!url) return;
    this.record(tenant, event, url);
    this.pump(tenant);
  }

  private record(tenant: Tenant, event: WebhookEvent, url: string, test = false): WebhookDeliveryRecord {
    const now = tenant.clock.nowIso();
    const record: WebhookDeliveryRecord = {
      id: tenant.ids('WebhookDelivery'),
      eventId: event.id,
      eventType: event.type,
      resourceId: resourceIdOf(event),
      url,
      status: 'PENDING',
      attempts: [],
      nextAttemptAt: now,
      ...(test ? { test } : {}),
      createdAt: now,
      updatedAt: now,
      body: JSON.stringify(event),
    };
    tenant.webhookDeliveries.insert(record);
    tenant.webhookDeliveries.removeOldestWhile((d) => tenant.webhookDeliveries.size > DELIVERIES_KEPT && d.status !== 'PENDING');
    return record;
  }

  /** Sends every delivery that is due and first in line for its resource; arms a timer for the next one. */
  pump(tenant: Tenant): void {
    const state = this.states.get(tenant);
    if (!state || this.closed) return;
    const now = tenant.clock.nowMs();
    const waiting = new Set<string>();
    let nextDue: number | undefined;
    for (const delivery of tenant.webhookDeliveries.byIndex('status', 'PENDING')) {
      if (waiting.has(delivery.resourceId)) continue;
      waiting.add(delivery.resourceId);
      if (state.inFlight.has(delivery.id)) continue;
      // Stryker disable next-line StringLiteral: '' and any other text that is no date both parse to undefined, so the fallback is `now` either way
      const due = parseInstant(delivery.nextAttemptAt ?? '') ?? now;
      if (due <= now) void this.attempt(tenant, delivery.id);
      else nextDue = Math.min(nextDue ?? due, due);
    }
    if (state.timer) clearTimeout(state.timer);
    state.timer = nextDue === undefined ? undefined : setTimeout(() => this.pump(tenant), Math.max(0, nextDue - now)).unref();
  }

  /** One POST of the delivery; records the attempt and what comes next. */
  private async attempt(tenant: Tenant, id: string): Promise<WebhookDeliveryRecord> {
    const state = this.states.get(tenant)!;
    const delivery = tenant.webhookDeliveries.get(id)!;
    state.inFlight.add(id);
    const started = monotonicMs();
    const outcome: Pick<DeliveryAttempt, 'status' | 'error'> = {};
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [this.options.signatureHeader]: this.options.signer.sign(delivery.body), 'user-agent': 'paysandbox-webhooks' },
        body: delivery.body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_SECONDS * 1000),
        redirect: 'manual',
      });
      outcome.status = response.status;
      await response.body?.cancel();
    } catch (err) {
      outcome.error = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${WEBHOOK_TIMEOUT_SECONDS} s` : describe(err);
    } finally {
      state.inFlight.delete(id);
    }
    if (this.closed || !tenant.webhookDeliveries.has(id)) return delivery;
    const updated = this.settle(tenant, id, { at: tenant.clock.nowIso(), ...outcome, durationMs: Math.round(monotonicMs() - started) });
    if (!updated.test) this.reportReply(tenant, updated, outcome);
    this.pump(tenant);
    return updated;
  }

  /** Tells the area that sent the event what the endpoint answered; its failure is logged, never the delivery's. */
  private reportReply(tenant: Tenant, delivery: WebhookDeliveryRecord, outcome: Pick<DeliveryAttempt, 'status' | 'error'>): void {
    try {
      tenant.hooks.get(deliveryReplyHook)(tenant, { eventId: delivery.eventId, eventType: delivery.eventType, resourceId: delivery.resourceId }, outcome);
    } catch (err) {
      this.options.log.error('acting on a webhook reply failed', { tenant: tenant.id, delivery: delivery.id, error: err instanceof Error ? err.message : String(err) });
    }
  }

  private settle(tenant: Tenant, id: string, attempt: DeliveryAttempt): WebhookDeliveryRecord {
    const ok = attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300;
    const updated = tenant.webhookDeliveries.update(id, (d) => {
      d.attempts.push(attempt);
      d.updatedAt = attempt.at;
      delete d.nextAttemptAt;
      if (ok) d.status = 'SUCCEEDED';
      else if (d.test || d.attempts.length >= MAX_ATTEMPTS) d.status = 'FAILED';
      else {
        d.nextAttemptAt = isoAt(tenant.clock.nowMs() + WEBHOOK_RETRY_DELAYS_SECONDS[d.attempts.length - 1]! * 1000);
        // Kept on the attempt too: nextAttemptAt moves on with the next attempt, a transaction's timeline shows each retry's due time.
        d.attempts[d.attempts.length - 1]!.retryAt = d.nextAttemptAt;
      }
    });
    tenant.coverage.delivery(updated.eventType, attempt.status !== undefined, ok);
    if (!ok) this.options.log.warn('webhook delivery failed', { tenant: tenant.id, delivery: id, event: updated.eventType, ...attempt });
    return updated;
  }

  /** POST /__admin/webhooks/{id}/replay: sends the delivery again now, whatever its state, and answers with the result. */
  async replay(tenant: Tenant, id: string): Promise<WebhookDelivery> {
    const delivery = tenant.webhookDeliveries.get(id);
    if (!delivery) throw notFound('WebhookDelivery', id);
    if (this.states.get(tenant)?.inFlight.has(id)) throw apiError('CONFLICT', `Delivery ${id} is being sent right now`);
    tenant.webhookDeliveries.update(id, (d) => {
      d.status = 'PENDING';
      d.nextAttemptAt = tenant.clock.nowIso();
    });
    return presentDelivery(await this.attempt(tenant, id));
  }

  /** POST /sandbox/webhooks/test: one signed test event, sent now; a failure is the caller's error. */
  async sendTest(tenant: Tenant): Promise<{ event: WebhookEvent; delivery: WebhookDelivery }> {
    const url = this.endpointOf(tenant);
    if (!url) throw apiError('WEBHOOK_ENDPOINT_NOT_SET', 'Set webhookEndpoint with PATCH /config first');
    const type: (typeof TestWebhook.types)[number] = 'TEST';
    const event: WebhookEvent = { id: tenant.ids('Webhook'), type, timestamp: tenant.clock.nowIso(), data: { id: `WebhookTest:${tenant.id}`, message: 'A test event from paysandbox' } };
    tenant.coverage.emitted(type);
    const record = this.record(tenant, event, url, true);
    const delivered = await this.attempt(tenant, record.id);
    const last = delivered.attempts[delivered.attempts.length - 1];
    if (delivered.status !== 'SUCCEEDED') {
      throw apiError('WEBHOOK_DELIVERY_ERROR', `The endpoint ${url} did not accept the test event`, { deliveryId: delivered.id, url, ...(last?.status !== undefined ? { status: last.status } : {}), ...(last?.error ? { error: last.error } : {}) });
    }
    return { event, delivery: presentDelivery(delivered) };
  }

  close(): void {
    this.closed = true;
    this.stopping.abort();
    for (const state of this.states.values()) {
      if (state.timer) clearTimeout(state.timer);
      for (const unsubscribe of state.unsubscribe) unsubscribe();
    }
    this.states.clear();
  }
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${cause.code}${cause.message ? `: ${cause.message}` : ''}` : err.message;
}
