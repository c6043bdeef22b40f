/** Reads the parts of a request a wallet signature covers (handler side: it knows hono, services do not). */
import type { Context } from 'hono';
import type { WalletActionRequest } from './wallet-authorization.js';

export async function walletRequestOf(c: Context): Promise<WalletActionRequest> {
  const signature = c.req.header('service-wallet-signature');
  return {
    method: c.req.method,
    path: c.req.path,
    // Only a signed request needs its exact body; reading it costs every other request.
    body: signature !== undefined && c.req.raw.body ? await c.req.text() : '',
    signature,
    requestId: c.req.header('request-id'),
  };
}
