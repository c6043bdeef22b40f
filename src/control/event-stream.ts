/**
 * The live event stream (GET /__admin/events with Accept: text/event-stream):
 * each new outbox event as one server-sent event carrying the exact webhook
 * body, plus a `signature` field (ignored by EventSource, read by
 * `paysandbox listen` to forward it signed). Last-Event-ID replays what the
 * client missed from the outbox first.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../core/env.js';
import type { WebhookEvent } from '../events/events.schemas.js';

const KEEP_ALIVE_MS = 15_000;

export function eventStream(c: Context<AppEnv>): Response {
  const tenant = c.get('tenant');
  const signer = c.get('webhooks').signer;
  const lastEventId = c.req.header('last-event-id');
  return streamSSE(c, async (stream) => {
    const queue: WebhookEvent[] = [];
    let wake: (() => void) | undefined;
    const unsubscribe = tenant.on('event', (event) => {
      queue.push(event);
      wake?.();
    });
    stream.onAbort(() => {
      unsubscribe();
      wake?.();
    });
    const stopped = c.get('webhooks').stopped;
    if (stopped.aborted) return;
    stopped.addEventListener('abort', () => stream.abort(), { once: true });
    if (lastEventId !== undefined) {
      const seen = tenant.events.seqOf(lastEventId);
      if (seen !== undefined) queue.unshift(...[...tenant.events.values()].filter((e) => (tenant.events.seqOf(e.id) ?? 0) > seen && !queue.includes(e)));
    }
    await stream.write(': connected\n\n');
    while (!stream.aborted && !stream.closed) {
      const event = queue.shift();
      if (event) {
        const body = JSON.stringify(event);
        await stream.write(`id: ${event.id}\nevent: ${event.type}\nsignature: ${signer.sign(body)}\ndata: ${body}\n\n`);
        continue;
      }
      const woken = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), KEEP_ALIVE_MS);
        wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      wake = undefined;
      if (!woken && !stream.aborted) await stream.write(': keep-alive\n\n');
    }
    unsubscribe();
  });
}
