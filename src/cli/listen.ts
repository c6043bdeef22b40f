/**
 * `paysandbox listen`: follows a running sandbox's live event stream and
 * POSTs every event, with the sandbox's own signature, to a local URL, for
 * apps whose webhook endpoint the sandbox cannot reach. Reconnects after a
 * drop, resuming from the last event it saw.
 */

export interface ListenOptions {
  /** Origin of the sandbox, e.g. http://127.0.0.1:4010. */
  sandbox: string;
  clientId: string;
  clientSecret: string;
  forwardTo: string;
  /** The header the signature is forwarded in: the sandbox's X-<Name>-Signature. */
  signatureHeader: string;
  /** One line per happening (connected, forwarded, failed). */
  out: (line: string) => void;
  signal?: AbortSignal;
}

export class ListenError extends Error {
  override name = 'ListenError';
}

interface StreamedEvent {
  id?: string;
  event?: string;
  signature?: string;
  data: string;
}

/** Splits server-sent events out of the text received so far; returns them and what is left over. */
export function parseEvents(buffer: string): { events: StreamedEvent[]; rest: string } {
  const events: StreamedEvent[] = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const event: StreamedEvent = { data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') data.push(value);
      else if (field === 'id' || field === 'event' || field === 'signature') event[field] = value;
    }
    if (data.length > 0) events.push({ ...event, data: data.join('\n') });
  }
  return { events, rest };
}

async function forward(options: ListenOptions, event: StreamedEvent): Promise<void> {
  try {
    const response = await fetch(options.forwardTo, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(event.signature ? { [options.signatureHeader]: event.signature } : {}) },
      body: event.data,
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    options.out(`${event.event ?? 'event'} ${event.id ?? ''} -> ${options.forwardTo} ${response.status}`);
  } catch (err) {
    options.out(`${event.event ?? 'event'} ${event.id ?? ''} -> ${options.forwardTo} failed: ${(err as Error).message}`);
  }
}

export async function listen(options: ListenOptions): Promise<void> {
  const auth = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
  let lastEventId: string | undefined;
  let backoffMs = 500;
  while (!options.signal?.aborted) {
    let response: Response;
    try {
      response = await fetch(`${options.sandbox.replace(/\/+$/, '')}/__admin/events`, {
        headers: { accept: 'text/event-stream', authorization: auth, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (err) {
      if (options.signal?.aborted) return;
      options.out(`cannot reach ${options.sandbox}: ${(err as Error).message}; retrying`);
      await new Promise((r) => setTimeout(r, backoffMs));
      backoffMs = Math.min(backoffMs * 2, 10_000);
      continue;
    }
    if (response.status === 401) throw new ListenError(`the sandbox refused client id ${options.clientId}: check --client-id and --client-secret`);
    if (!response.ok || !response.body) throw new ListenError(`the sandbox answered ${response.status} to the event stream`);
    backoffMs = 500;
    options.out(`listening to ${options.sandbox} as ${options.clientId}, forwarding to ${options.forwardTo}`);
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        const { events, rest } = parseEvents(buffer);
        buffer = rest;
        for (const event of events) {
          if (event.id) lastEventId = event.id;
          await forward(options, event);
        }
      }
    } catch (err) {
      if (options.signal?.aborted) return;
      options.out(`stream interrupted: ${(err as Error).message}; reconnecting`);
    }
  }
}
