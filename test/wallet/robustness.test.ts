/** Whatever arrives at the wallet endpoints, the answer is a spec error body or a success, never a 500. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { otpLogin, walletSandbox } from './helpers.js';

describe('wallet endpoints under arbitrary input', () => {
  it('never answer 5xx, and keep the wallet usable', async () => {
    const { client, openWallet } = await walletSandbox();
    const wallet = await openWallet();
    // A live session, so signed retries get as far as the signature checks.
    await otpLogin(client, wallet.emailCredentialId);
    const targets = [
      ['POST', '/auth/credentials'],
      ['POST', `/auth/credentials/${wallet.emailCredentialId}/challenge`],
      ['POST', `/auth/credentials/${wallet.emailCredentialId}/verify`],
      ['DELETE', `/auth/credentials/${wallet.emailCredentialId}`],
      ['POST', '/auth/sessions/Session:x/refresh'],
      ['POST', `/internal-accounts/${wallet.accountId}/export`],
      ['PATCH', `/internal-accounts/${wallet.accountId}`],
    ] as const;
    const type = fc.constantFrom('EMAIL_OTP', 'SMS_OTP', 'OAUTH', 'PASSKEY', 'X');
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ type, accountId: fc.constantFrom(wallet.accountId, 'x'), encryptedOtpBundle: fc.string(), oidcToken: fc.string(), clientPublicKey: fc.string(), attestation: fc.dictionary(fc.string(), fc.string()), assertion: fc.dictionary(fc.string(), fc.string()) }, { requiredKeys: ['type'] }),
    );
    const headers = fc.record({ 'service-wallet-signature': fc.oneof(fc.string(), fc.base64String()), 'request-id': fc.string() }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), body, headers, async ([method, path], payload, extra) => {
        const reply = await client.call(method, path, JSON.stringify(payload), extra as Record<string, string>);
        expect(reply.status).toBeLessThan(500);
        if (reply.status >= 400) expect(reply.body).toMatchObject({ code: expect.any(String), reason: expect.any(String) });
      }),
      { numRuns: 300 },
    );
    const privacy = await client.patch(`/internal-accounts/${wallet.accountId}`, { privateEnabled: true });
    expect(privacy.status).toBe(202);
    expect((await client.get(`/auth/credentials?accountId=${wallet.accountId}`)).body.data).toHaveLength(1);
  });
});

describe('agent endpoints under arbitrary input', () => {
  it('never answer 5xx, on either side, and leave the agent and the money consistent', async () => {
    const { agentWorld, bearerClient } = await import('../agents/helpers.js');
    const w = await agentWorld();
    const { client, alice, sandbox } = w;
    const { agent, as } = await w.connectAgent({ policy: { permissions: ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'], defaultExecutionMode: 'APPROVAL_REQUIRED', spendingLimits: { currency: 'USD', perTransactionLimit: 5_000 } } });
    const pending = (await as.post('/agents/me/transfer-out', { source: { accountId: alice.usd }, destination: { accountId: alice.external['000'] }, amount: 100 })).body;
    const ids = fc.constantFrom(agent.id, pending.id, pending.transaction.id, alice.usd, alice.external['000'], 'x', '%E0%A4%A', 'AGENT-AAAA-BBBB-CCCC', '..', '');
    const platformTargets = fc.oneof(
      fc.constantFrom('/agents', '/agents/approvals', `/agents/${agent.id}`, `/agents/${agent.id}/policy`, `/agents/${agent.id}/device-codes`),
      ids.map((id) => `/agents/${id}/actions/${pending.id}/approve`),
      ids.map((id) => `/agents/${agent.id}/actions/${id}/reject`),
      ids.map((id) => `/agents/device-codes/${id}/status`),
      ids.map((id) => `/transactions/${id}/reject`),
    );
    const agentTargets = fc.oneof(
      fc.constantFrom('/agents/me', '/agents/me/transactions', '/agents/me/quotes', '/agents/me/actions', '/agents/me/transfer-in', '/agents/me/transfer-out', '/agents/me/internal-accounts', '/agents/me/external-accounts'),
      ids.map((id) => `/agents/me/quotes/${id}/execute`),
      ids.map((id) => `/agents/me/quotes/${id}`),
      ids.map((id) => `/agents/me/transactions/${id}`),
      ids.map((id) => `/agents/me/external-accounts/${id}`),
    );
    const account = fc.constantFrom(alice.usd, alice.eur, alice.external['000'], alice.external['002'], w.bob.usd, 'x');
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ name: fc.string(), customerId: fc.constantFrom(alice.id, 'x'), isPaused: fc.boolean(), policy: fc.jsonValue() }, { requiredKeys: [] }),
      fc.record({ permissions: fc.array(fc.string()), spendingLimits: fc.record({ currency: fc.constantFrom('USD', 'EUR', 'XYZ', ''), perTransactionLimit: fc.oneof(fc.integer(), fc.double()), dailyLimit: fc.oneof(fc.constant(null), fc.integer()) }, { requiredKeys: [] }), accountRestrictions: fc.jsonValue() }, { requiredKeys: [] }),
      fc.record({ source: fc.record({ accountId: account, sourceType: fc.constantFrom('ACCOUNT', 'REALTIME_FUNDING'), currency: fc.constantFrom('USD', 'ZZZ') }, { requiredKeys: [] }), destination: fc.record({ accountId: account, destinationType: fc.constantFrom('ACCOUNT', 'UMA_ADDRESS') }, { requiredKeys: [] }), amount: fc.oneof(fc.integer(), fc.double()), lockedCurrencySide: fc.constantFrom('SENDING', 'RECEIVING'), lockedCurrencyAmount: fc.integer({ min: -5, max: 20_000 }), immediatelyExecute: fc.boolean() }, { requiredKeys: [] }),
    );
    const query = fc.dictionary(fc.constantFrom('limit', 'cursor', 'status', 'isPaused', 'startDate', 'sortOrder', 'agentId', 'type'), fc.string(), { maxKeys: 3 });
    const method = fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE');
    const check = (reply: { status: number; body: any }) => {
      expect(reply.status).toBeLessThan(500);
      if (reply.status >= 400) expect(reply.body).toMatchObject({ code: expect.any(String), reason: expect.any(String) });
    };
    const asAgent = bearerClient(sandbox.app, agent.token);
    const anonymous = bearerClient(sandbox.app, '');
    await fc.assert(
      fc.asyncProperty(fc.boolean(), platformTargets, agentTargets, method, body, query, fc.option(fc.string({ maxLength: 20 })), async (platformSide, platformPath, agentPath, verb, payload, params, key) => {
        const qs = new URLSearchParams(params).toString();
        const path = `${platformSide ? platformPath : agentPath}${qs ? `?${qs}` : ''}`;
        // Never delete the agent under test: its later requests would all be 401.
        if (verb === 'DELETE' && platformSide && path.startsWith(`/agents/${agent.id}`)) return;
        const headers: Record<string, string> = key !== null ? { 'idempotency-key': key } : {};
        const sent = verb === 'GET' ? undefined : payload;
        const reply = platformSide ? await client.call(verb, path, sent === undefined ? undefined : JSON.stringify(sent), headers) : await asAgent.call(verb, path, sent, headers);
        check(reply);
      }),
      { numRuns: 400 },
    );
    // Redemption with arbitrary codes and no credentials.
    await fc.assert(
      fc.asyncProperty(fc.string(), async (code) => check(await anonymous.post(`/agents/device-codes/${encodeURIComponent(code)}/redeem`))),
      { numRuns: 100 },
    );
    // Still consistent: every account's available balance is what its transactions say, and the agent is usable.
    const accounts = (await client.get('/customers/internal-accounts?limit=100')).body.data as any[];
    for (const a of accounts) expect(a.balance.amount).toBeLessThanOrEqual(a.totalBalance.amount);
    const reset = await client.patch(`/agents/${agent.id}`, { isPaused: false });
    expect(reset.status).toBe(200);
    expect((await asAgent.get('/agents/me')).status).toBe(200);
  }, 120_000);
});
