/** Reads the parts of a request a wallet signature covers, and answers an operation result (handler side: services do not know hono). */
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../core/env.js';
import { requestHostname } from '../../core/public-origin.js';
import { apiError } from '../../core/errors.js';
import { NEUTRAL, serviceNameOf, type ServiceName } from '../../core/service-name.js';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { OperationResult } from './processing.js';
import type { WalletActionRequest } from './signed-requests.js';

export type { WalletActionRequest };

export async function walletRequestOf(c: Context): Promise<WalletActionRequest> {
  const names = serviceNameOf(c);
  return {
    method: c.req.method,
    path: c.req.path,
    // The validator already read the body, so this is its cached text: the exact bytes the client sent ('' when
    // there is none). Not `c.req.raw.body`: under the Node server, asking for it builds a whole fetch Request.
    body: await c.req.text(),
    signature: walletSignatureOf(c, names),
    requestId: c.req.header('request-id'),
    host: requestHostname(c),
  };
}

/**
 * The stamp, from the one header this sandbox's service name gives it. Under
 * another name the spec's neutral header is refused with the name to use,
 * rather than ignored (which would answer a new challenge).
 */
function walletSignatureOf(c: Context, names: ServiceName): string | undefined {
  const signature = c.req.header(names.walletSignatureHeader);
  if (signature === undefined && !names.isNeutral && c.req.header(NEUTRAL.walletSignatureHeader) !== undefined) {
    throw apiError('WALLET_SIGNATURE_MALFORMED', `This sandbox runs as ${names.name}: send the stamp in ${names.walletSignatureHeader}; the spec's neutral header name is not read here`);
  }
  return signature;
}

export function reply(c: Context, result: OperationResult): Response {
  if (result.status === 204) return c.body(null, 204);
  return c.json(result.body as object, result.status as ContentfulStatusCode);
}

type RouteContext<R extends RouteConfig> = Parameters<RouteHandler<R, AppEnv>>[0];

/**
 * A handler whose status (202 challenge, 200 processing, 200/201/204 done)
 * is decided by the service at run time, which the route's static response
 * typing cannot follow; the route still documents every status and body.
 */
export function signedHandler<R extends RouteConfig>(run: (c: RouteContext<R>, request: WalletActionRequest) => Promise<OperationResult>): RouteHandler<R, AppEnv> {
  const handler = async (c: RouteContext<R>) => reply(c, await run(c, await walletRequestOf(c)));
  return handler as unknown as RouteHandler<R, AppEnv>;
}
