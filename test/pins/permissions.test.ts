/**
 * The permissions table (src/areas/permissions.ts) pinned row by row, over
 * HTTP. The rows below are written out by hand from the rule the table
 * states (reads VIEW; quotes, their authorization and execution and money
 * movement TRANSACT; configuration, tokens and customers' data MANAGE;
 * sandbox simulators and the agent's own routes any credential), so an edit
 * to one row of the source fails here. Each served route is called with an
 * API token holding every permission but the route's (403 FORBIDDEN naming
 * it) and with one holding only it (anything but 403).
 */
import { describe, expect, it } from 'vitest';
import { makeSandbox, type Client } from '../helpers.js';

const EXPECTED: Record<'VIEW' | 'TRANSACT' | 'MANAGE' | 'ANY', string[]> = {
  VIEW: [
    'GET /config',
    'GET /customers',
    'GET /customers/{customerId}',
    'GET /customers/internal-accounts',
    'GET /platform/internal-accounts',
    'GET /customers/external-accounts',
    'GET /customers/external-accounts/{externalAccountId}',
    'GET /platform/external-accounts',
    'GET /platform/external-accounts/{externalAccountId}',
    'GET /beneficial-owners',
    'GET /beneficial-owners/{beneficialOwnerId}',
    'GET /documents',
    'GET /documents/{documentId}',
    'GET /verifications',
    'GET /verifications/{verificationId}',
    'GET /customers/{customerId}/kyc-link',
    'GET /exchange-rates',
    'GET /discoveries',
    'GET /uma-providers',
    'GET /vasps',
    'GET /receiver/uma/{receiverUmaAddress}',
    'GET /receiver/external-account/{accountId}',
    'POST /crypto/estimate-withdrawal-fee',
    'GET /quotes',
    'GET /quotes/{quoteId}',
    'GET /transactions',
    'GET /transactions/{transactionId}',
    'GET /invitations',
    'GET /invitations/{invitationCode}',
    'GET /tokens',
    'GET /tokens/{tokenId}',
    'GET /auth/credentials',
    'GET /auth/sessions',
    'GET /auth/delegated-keys',
    'GET /auth/delegated-keys/{id}',
    'GET /cards',
    'GET /cards/{id}',
    'GET /cards/{id}/transactions',
    'GET /customers/end-user-terms',
    'GET /customers/bulk/jobs/{jobId}',
    'GET /sca/factors',
    'GET /sca/factors/reset/{resetId}',
    'GET /stablecoin-provider-accounts',
    'GET /stablecoin-provider-accounts/{stablecoinProviderAccountId}',
    'GET /stablecoins',
    'GET /stablecoins/{stablecoinId}',
    'GET /stablecoins/{stablecoinId}/operations',
    'GET /stablecoin-operations/{stablecoinOperationId}',
    'GET /agents',
    'GET /agents/approvals',
    'GET /agents/{agentId}',
    'GET /agents/device-codes/{code}/status',
  ],
  MANAGE: [
    'PATCH /config',
    'POST /customers',
    'PATCH /customers/{customerId}',
    'DELETE /customers/{customerId}',
    'PATCH /internal-accounts/{id}',
    'POST /internal-accounts/{id}/export',
    'POST /customers/external-accounts',
    'DELETE /customers/external-accounts/{externalAccountId}',
    'POST /customers/external-accounts/{externalAccountId}/challenge',
    'POST /customers/external-accounts/{externalAccountId}/verify',
    'POST /platform/external-accounts',
    'DELETE /platform/external-accounts/{externalAccountId}',
    'POST /platform/external-accounts/{externalAccountId}/challenge',
    'POST /platform/external-accounts/{externalAccountId}/verify',
    'POST /beneficial-owners',
    'PATCH /beneficial-owners/{beneficialOwnerId}',
    'DELETE /beneficial-owners/{beneficialOwnerId}',
    'POST /documents',
    'PUT /documents/{documentId}',
    'DELETE /documents/{documentId}',
    'POST /verifications',
    'POST /customers/{customerId}/kyc-link',
    'POST /invitations',
    'POST /invitations/{invitationCode}/claim',
    'POST /invitations/{invitationCode}/cancel',
    'POST /tokens',
    'DELETE /tokens/{tokenId}',
    'POST /auth/credentials',
    'POST /auth/credentials/{id}/challenge',
    'POST /auth/credentials/{id}/verify',
    'DELETE /auth/credentials/{id}',
    'POST /auth/sessions/{id}/refresh',
    'DELETE /auth/sessions/{id}',
    'POST /auth/delegated-keys',
    'DELETE /auth/delegated-keys/{id}',
    'POST /cards',
    'PATCH /cards/{id}',
    'POST /cards/{id}/reveal',
    'POST /customers/bulk/csv',
    'POST /customers/{customerId}/verify-email',
    'POST /customers/{customerId}/verify-email/confirm',
    'POST /customers/{customerId}/verify-phone',
    'POST /customers/{customerId}/verify-phone/confirm',
    'POST /sca/factors',
    'POST /sca/factors/confirm',
    'DELETE /sca/factors/{credentialId}',
    'POST /sca/factors/reset',
    'POST /sca/factors/reset/{resetId}/complete',
    'POST /sca/login/start',
    'POST /sca/login/complete',
    'POST /sca/record-event',
    'POST /customers/external-accounts/{externalAccountId}/trust',
    'POST /customers/external-accounts/{externalAccountId}/trust/confirm',
    'POST /customers/external-accounts/{externalAccountId}/untrust',
    'POST /customers/external-accounts/{externalAccountId}/untrust/confirm',
    'POST /stablecoin-provider-accounts',
    'POST /stablecoins',
    'POST /agents',
    'PATCH /agents/{agentId}',
    'DELETE /agents/{agentId}',
    'PATCH /agents/{agentId}/policy',
    'POST /agents/{agentId}/device-codes',
  ],
  TRANSACT: [
    'POST /quotes',
    'POST /quotes/{quoteId}/execute',
    'POST /transfer-in',
    'POST /transfer-out',
    'POST /transactions/{transactionId}/confirm',
    'POST /transactions/{transactionId}/approve',
    'POST /transactions/{transactionId}/reject',
    'POST /transactions/{transactionId}/cancel',
    'POST /quotes/{quoteId}/authorize',
    'POST /quotes/{quoteId}/authorize/resend',
    'POST /stablecoins/{stablecoinId}/mints',
    'POST /stablecoins/{stablecoinId}/burns',
    'POST /agents/{agentId}/actions/{actionId}/approve',
    'POST /agents/{agentId}/actions/{actionId}/reject',
  ],
  ANY: [
    'POST /agents/device-codes/{code}/redeem',
    'GET /agents/me',
    'GET /agents/me/transactions',
    'GET /agents/me/transactions/{transactionId}',
    'POST /agents/me/quotes',
    'GET /agents/me/quotes/{quoteId}',
    'POST /agents/me/quotes/{quoteId}/execute',
    'GET /agents/me/actions',
    'GET /agents/me/actions/{actionId}',
    'POST /agents/me/transfer-in',
    'POST /agents/me/transfer-out',
    'GET /agents/me/internal-accounts',
    'GET /agents/me/external-accounts',
    'POST /agents/me/external-accounts',
    'GET /agents/me/external-accounts/{externalAccountId}',
    'DELETE /agents/me/external-accounts/{externalAccountId}',
    'POST /sandbox/internal-accounts/{accountId}/fund',
    'POST /sandbox/send',
    'POST /sandbox/uma/receive',
    'POST /sandbox/webhooks/test',
    'POST /sandbox/cards/{id}/simulate/authorization',
    'POST /sandbox/cards/{id}/simulate/clearing',
    'POST /sandbox/cards/{id}/simulate/return',
    'POST /sandbox/cards/{id}/simulate/balance_inquiry',
    'POST /sandbox/cards/{id}/simulate/credit_authorization',
    'POST /sandbox/cards/{id}/simulate/financial_authorization',
    'POST /sandbox/cards/{id}/simulate/financial_credit_authorization',
    'POST /sandbox/cards/{id}/simulate/authorization_advice',
    'POST /sandbox/cards/{id}/simulate/credit_authorization_advice',
    'POST /sandbox/cards/{id}/simulate/return_reversal',
    'POST /sandbox/stablecoin-operations/{stablecoinOperationId}/fund',
  ],
};

const PERMISSIONS = ['VIEW', 'TRANSACT', 'MANAGE'] as const;

function servedRoutes(app: ReturnType<typeof makeSandbox>['app']): string[] {
  return [
    ...new Set(
      app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/2025-10-13/'))
        .map((r) => `${r.method} ${r.path.replace('/2025-10-13', '').replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`),
    ),
  ].sort();
}

/** A client of `sandbox` under a new API token with `permissions`. */
async function tokenClient(sandbox: ReturnType<typeof makeSandbox>, platform: Client, permissions: readonly string[]): Promise<Client> {
  const created = await platform.post('/tokens', { name: permissions.join('+'), permissions });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return sandbox.client(created.body.clientId, created.body.clientSecret);
}

function call(client: Client, route: string) {
  const [method, path] = route.split(' ') as [string, string];
  const concrete = path.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => `Pin:${name}`);
  return client.call(method, concrete, method === 'GET' || method === 'DELETE' ? undefined : {});
}

const expected = new Map(Object.entries(EXPECTED).flatMap(([permission, routes]) => routes.map((route) => [route, permission] as const)));

describe('the permissions table, row by row', () => {
  it('has a row here for every served route, and no row for a route not served', () => {
    const served = servedRoutes(makeSandbox().app);
    expect(served.filter((route) => !expected.has(route))).toEqual([]);
    expect([...expected.keys()].filter((route) => !served.includes(route))).toEqual([]);
  });

  it('documents each row in the served OpenAPI as x-required-permission', () => {
    const doc = makeSandbox().openApiDocument() as { paths: Record<string, Record<string, { 'x-required-permission'?: string }>> };
    const documented = new Map<string, string | undefined>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) documented.set(`${method.toUpperCase()} ${path}`, operation['x-required-permission']);
    }
    for (const [route, permission] of expected) expect([route, documented.get(route)]).toEqual([route, permission]);
  });

  for (const permission of PERMISSIONS) {
    it(`${permission} routes: 403 FORBIDDEN naming ${permission} without it, never 403 with only it`, async () => {
      const sandbox = makeSandbox();
      const platform = sandbox.client();
      const without = await tokenClient(sandbox, platform, PERMISSIONS.filter((p) => p !== permission));
      const only = await tokenClient(sandbox, platform, [permission]);
      for (const route of EXPECTED[permission]) {
        const refused = await call(without, route);
        expect([route, refused.status, refused.body.code, refused.body.details?.requiredPermission]).toEqual([route, 403, 'FORBIDDEN', permission]);
        const allowed = await call(only, route);
        expect([route, allowed.status === 403 ? allowed.body : 'not 403']).toEqual([route, 'not 403']);
      }
    });
  }

  it('ANY routes: a token with one permission, whichever, is never refused 403', async () => {
    const sandbox = makeSandbox();
    const platform = sandbox.client();
    for (const permission of PERMISSIONS) {
      const client = await tokenClient(sandbox, platform, [permission]);
      for (const route of EXPECTED.ANY) {
        const res = await call(client, route);
        // The agent's own routes take only the agent's Bearer token: a platform token is 401 there, not 403.
        const wanted = route.includes(' /agents/me') ? 401 : 'not 403';
        expect([route, permission, res.status === 403 || res.status === 401 ? res.status : 'not 403']).toEqual([route, permission, wanted]);
      }
    }
  });

  it('the control plane (/__admin) needs MANAGE of a token', async () => {
    const sandbox = makeSandbox();
    const platform = sandbox.client();
    const without = await tokenClient(sandbox, platform, ['VIEW', 'TRANSACT']);
    const refused = await without.get('/__admin/clock');
    expect([refused.status, refused.body.code, refused.body.details.requiredPermission]).toEqual([403, 'FORBIDDEN', 'MANAGE']);
    expect((await (await tokenClient(sandbox, platform, ['MANAGE'])).get('/__admin/clock')).status).toBe(200);
  });
});
