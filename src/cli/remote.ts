/**
 * One call to a running sandbox's control plane for a command (trigger,
 * coverage): Basic credentials, JSON, and one-line errors a person can act on.
 */

export interface RemoteOptions {
  /** Origin of the sandbox, e.g. http://127.0.0.1:4010. */
  sandbox: string;
  clientId: string;
  clientSecret: string;
}

/** The sandbox refused the call (`usage`: the request itself was wrong) or could not be reached. */
export class RemoteError extends Error {
  override name = 'RemoteError';
  constructor(
    message: string,
    readonly usage: boolean,
  ) {
    super(message);
  }
}

export async function callSandbox<T>(options: RemoteOptions, method: string, path: string, body?: unknown): Promise<T> {
  const url = `${options.sandbox.replace(/\/+$/, '')}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`, 'content-type': 'application/json', accept: 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (err) {
    const cause = (err as Error & { cause?: { code?: string } }).cause?.code;
    throw new RemoteError(`cannot reach the sandbox at ${options.sandbox}${cause ? ` (${cause})` : ''}; start it with paysandbox, or pass --sandbox`, false);
  }
  const answer = (await response.json().catch(() => undefined)) as (T & { reason?: string; code?: string }) | undefined;
  if (response.ok && answer) return answer;
  const reason = answer?.reason ?? `HTTP ${response.status}`;
  throw new RemoteError(`the sandbox answered ${response.status}${answer?.code ? ` ${answer.code}` : ''}: ${reason}`, response.status === 400 && answer?.code === 'INVALID_INPUT');
}
