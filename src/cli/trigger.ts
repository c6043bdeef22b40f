/**
 * `paysandbox trigger TYPE`: asks a running sandbox to make a webhook event
 * of TYPE happen (POST /__admin/events/trigger) and tells what it created.
 */
import type { TriggerResult } from '../control/triggers.js';

export interface TriggerOptions {
  /** Origin of the sandbox, e.g. http://127.0.0.1:4010. */
  sandbox: string;
  clientId: string;
  clientSecret: string;
  type: string;
}

/** The sandbox refused the type (the message lists the valid ones) or could not be reached. */
export class TriggerError extends Error {
  override name = 'TriggerError';
  constructor(
    message: string,
    readonly usage: boolean,
  ) {
    super(message);
  }
}

export async function triggerRemote(options: TriggerOptions): Promise<TriggerResult> {
  const url = `${options.sandbox.replace(/\/+$/, '')}/__admin/events/trigger`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ type: options.type }),
    });
  } catch (err) {
    const cause = (err as Error & { cause?: { code?: string } }).cause?.code;
    throw new TriggerError(`cannot reach the sandbox at ${options.sandbox}${cause ? ` (${cause})` : ''}; start it with paysandbox, or pass --sandbox`, false);
  }
  const body = (await response.json().catch(() => undefined)) as (TriggerResult & { reason?: string; code?: string }) | undefined;
  if (response.ok && body) return body;
  const reason = body?.reason ?? `HTTP ${response.status}`;
  throw new TriggerError(`the sandbox answered ${response.status}${body?.code ? ` ${body.code}` : ''}: ${reason}`, response.status === 400 && body?.code === 'INVALID_INPUT');
}

/** The result for a person: the event, then what was created and every event of the flow. */
export function describeTrigger(result: TriggerResult): string[] {
  return [
    `Triggered ${result.type}: ${result.event.id}`,
    ...Object.entries(result.created).map(([role, id]) => `  created ${role} ${id}`),
    ...result.events.map((e) => `  event   ${e.type} ${e.id}`),
  ];
}
