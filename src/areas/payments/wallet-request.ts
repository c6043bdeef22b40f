/** Reads the parts of a request a wallet signature covers (handler side: it knows hono, services do not). */
import type { Context } from 'hono';
import type { WalletActionRequest } from './wallet-authorization.js';

export async function walletRequestOf(c: Context): Promise<WalletActionRequest> {
  return {
    method: c.req.method,
    path: c.req.path,
    body: c.req.raw.body ? await c.req.text() : '',
    signature: c.req.header('service-wallet-signature'),
    requestId: c.req.header('request-id'),
  };
}
