/**
 * `paysandbox trigger TYPE`: asks a running sandbox to make a webhook event
 * of TYPE happen (POST /__admin/events/trigger) and tells what it created.
 */
import type { TriggerResult } from '../control/triggers.js';
import { callSandbox, RemoteError, type RemoteOptions } from './remote.js';

export interface TriggerOptions extends RemoteOptions {
  type: string;
}

/** The sandbox refused the type (the message lists the valid ones) or could not be reached. */
export { RemoteError as TriggerError };

export function triggerRemote(options: TriggerOptions): Promise<TriggerResult> {
  return callSandbox<TriggerResult>(options, 'POST', '/__admin/events/trigger', { type: options.type });
}

/** The result for a person: the event, then what was created and every event of the flow. */
export function describeTrigger(result: TriggerResult): string[] {
  return [
    `Triggered ${result.type}: ${result.event.id}`,
    ...Object.entries(result.created).map(([role, id]) => `  created ${role} ${id}`),
    ...result.events.map((e) => `  event   ${e.type} ${e.id}`),
  ];
}
