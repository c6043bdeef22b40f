/**
 * An answer sent before the request's body was read to its end (a 413 on the
 * declared length, a 401 before the body is looked at) closes the
 * connection: the rest of the body is still on its way, and a client that
 * pools keep-alive connections would otherwise send its next request on a
 * socket the server is about to drop ("other side closed").
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.js';

/** The Node request under @hono/node-server; absent in-process (app.request), where there is no connection. */
interface NodeIncoming {
  readableEnded: boolean;
  headers: Record<string, string | string[] | undefined>;
}

function incomingOf(c: Context): NodeIncoming | undefined {
  return (c.env as { incoming?: NodeIncoming } | undefined)?.incoming;
}

function hasBody(incoming: NodeIncoming): boolean {
  const length = incoming.headers['content-length'];
  return incoming.headers['transfer-encoding'] !== undefined || (typeof length === 'string' && Number(length) > 0);
}

/** Under the Node server, a request whose headers announce no body (no Transfer-Encoding, no or a zero Content-Length) has none; undefined in-process. */
export function announcesNoBody(c: Context): boolean | undefined {
  const incoming = incomingOf(c);
  return incoming === undefined ? undefined : !hasBody(incoming);
}

export function closeOnUnreadBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const incoming = incomingOf(c);
    if (incoming && !incoming.readableEnded && hasBody(incoming)) c.res.headers.set('connection', 'close');
  };
}
