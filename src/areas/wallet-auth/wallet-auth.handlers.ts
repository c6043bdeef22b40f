import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './wallet-auth.routes.js';
import { challengeCredential, verifyCredential } from './authentication.service.js';
import { createCredential, listCredentials, revokeCredential } from './credentials.service.js';
import { listSessions, refreshSession, revokeSession } from './sessions.service.js';
import { exportWallet, updateWalletPrivacy } from './wallets.service.js';
import { signedHandler } from './wallet-request.js';

export const createCredentialHandler = signedHandler<typeof routes.createCredentialRoute>((c, request) => createCredential(c.get('tenant'), c.req.valid('json'), request));

export const listCredentialsHandler: RouteHandler<typeof routes.listCredentialsRoute, AppEnv> = (c) => c.json(listCredentials(c.get('tenant'), c.req.valid('query').accountId), 200);

export const challengeCredentialHandler = signedHandler<typeof routes.challengeCredentialRoute>((c, request) =>
  challengeCredential(c.get('tenant'), c.req.valid('param').id, c.req.valid('json').clientPublicKey, request),
);

export const verifyCredentialHandler = signedHandler<typeof routes.verifyCredentialRoute>((c, request) => verifyCredential(c.get('tenant'), c.req.valid('param').id, c.req.valid('json'), request));

export const revokeCredentialHandler = signedHandler<typeof routes.revokeCredentialRoute>((c, request) => revokeCredential(c.get('tenant'), c.req.valid('param').id, request));

export const listSessionsHandler: RouteHandler<typeof routes.listSessionsRoute, AppEnv> = (c) => c.json(listSessions(c.get('tenant'), c.req.valid('query').accountId), 200);

export const refreshSessionHandler = signedHandler<typeof routes.refreshSessionRoute>((c, request) =>
  refreshSession(c.get('tenant'), c.req.valid('param').id, c.req.valid('json').clientPublicKey, request),
);

export const revokeSessionHandler = signedHandler<typeof routes.revokeSessionRoute>((c, request) => revokeSession(c.get('tenant'), c.req.valid('param').id, request));

export const exportWalletHandler = signedHandler<typeof routes.exportWalletRoute>((c, request) =>
  exportWallet(c.get('tenant'), c.req.valid('param').id, c.req.valid('json').clientPublicKey, request),
);

export const updateWalletHandler = signedHandler<typeof routes.updateWalletRoute>((c, request) =>
  updateWalletPrivacy(c.get('tenant'), c.req.valid('param').id, c.req.valid('json').privateEnabled, request),
);
