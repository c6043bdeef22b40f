/**
 * An answer sent before the request's body was read to its end (a 413 on the
 * declared length, a 401 before the body is looked at) closes the
 * connection: the rest of the body is still on its way, and a client that
 * pools keep-alive connections would otherwise send its next request on a
 * socket the server is about to drop ("other side closed").
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.js';

/** The Node request under @hono/node-server; absent in-process (app.request), where there is no connection. */
interface NodeIncoming {
  readableEnded: boolean;
  headers: Record<string, string | string[] | undefined>;
}

function hasBody(incoming: NodeIncoming): boolean {
  const length = incoming.headers['content-length'];
  return incoming.headers['transfer-encoding'] !== undefined || (typeof length === 'string' && Number(length) > 0);
}

export function closeOnUnreadBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: NodeIncoming } | undefined)?.incoming;
    if (incoming && !incoming.readableEnded && hasBody(incoming)) c.res.headers.set('connection', 'close');
  };
}
