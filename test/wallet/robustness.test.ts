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

describe('tokens, invitations, transaction actions, delegated keys, card simulators and directories under arbitrary input', () => {
  it('never answer 5xx, and leave the tenant usable', async () => {
    const { client, openWallet } = await walletSandbox();
    await client.patch('/config', { isRegulatedFinancialInstitution: true });
    const wallet = await openWallet({ umaAddress: '$fuzz@sandbox.uma.local' });
    await otpLogin(client, wallet.emailCredentialId);
    const card = (await client.post('/cards', { customerId: wallet.customerId, form: 'VIRTUAL', fundingSource: wallet.accountId })).body;
    await client.post('/__admin/clock/advance', { seconds: 5 });
    await client.post(`/sandbox/internal-accounts/${wallet.accountId}/fund`, { amount: 100_000 });
    const payment = (await client.post('/sandbox/uma/receive', { senderUmaAddress: '$pending.approval@x.example', customerId: wallet.customerId, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 100 })).body;
    const invitation = (await client.post('/invitations', { inviterUma: '$fuzz@sandbox.uma.local' })).body;
    const token = (await client.post('/tokens', { name: 'fuzz', permissions: ['VIEW'] })).body;
    const simulators = ['authorization', 'clearing', 'return', 'balance_inquiry', 'credit_authorization', 'financial_authorization', 'financial_credit_authorization', 'authorization_advice', 'credit_authorization_advice', 'return_reversal'];
    const targets: Array<readonly [string, string]> = [
      ['POST', '/tokens'],
      ['GET', '/tokens'],
      ['DELETE', '/tokens/Token:x'],
      ['POST', '/invitations'],
      ['GET', '/invitations'],
      ['POST', `/invitations/${invitation.code}/claim`],
      ['POST', `/invitations/${invitation.code}/cancel`],
      ['GET', '/invitations/%E2%82%AC.x'],
      ...['approve', 'reject', 'confirm', 'cancel'].map((a) => ['POST', `/transactions/${payment.id}/${a}`] as const),
      ['POST', '/auth/delegated-keys'],
      ['GET', '/auth/delegated-keys'],
      ['DELETE', '/auth/delegated-keys/DelegatedKey:x'],
      ['POST', '/crypto/estimate-withdrawal-fee'],
      ['GET', '/uma-providers'],
      ['GET', '/vasps'],
      ...simulators.map((s) => ['POST', `/sandbox/cards/${card.id}/simulate/${s}`] as const),
    ];
    const text = fc.oneof(fc.string(), fc.constantFrom(card.id, wallet.accountId, invitation.code, payment.id, 'USD', 'SOLANA', '$a@b.example', '2030-01-01T00:00:00Z'));
    const amount = fc.oneof(fc.integer(), fc.double(), fc.constant(9_007_199_254_740_993), fc.string());
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          name: text,
          permissions: fc.array(fc.constantFrom('VIEW', 'TRANSACT', 'MANAGE', 'X')),
          inviterUma: text,
          inviteeUma: text,
          expiresAt: text,
          amountToSend: amount,
          reason: text,
          receiptDeliveryConfirmedAt: text,
          receiverCustomerInfo: fc.dictionary(fc.string(), fc.jsonValue()),
          cardId: text,
          internalAccountId: text,
          nickname: text,
          currency: fc.oneof(text, fc.record({ code: text })),
          cryptoNetwork: text,
          amount,
          destinationAddress: text,
          cardTransactionId: text,
          merchant: fc.record({ descriptor: text, mcc: fc.string(), country: fc.string() }, { requiredKeys: [] }),
        },
        { requiredKeys: [] },
      ),
    );
    const query = fc.dictionary(fc.constantFrom('limit', 'cursor', 'name', 'createdAfter', 'status', 'accountId', 'fundingSourceId', 'countryCode', 'currencyCode', 'hasBlockedProviders', 'sortOrder'), fc.string(), { maxKeys: 3 });
    const headers = fc.record({ 'service-wallet-signature': fc.oneof(fc.string(), fc.base64String()), 'request-id': fc.string() }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), body, query, headers, async ([method, path], payload, params, extra) => {
        const search = new URLSearchParams(params).toString();
        const reply = await client.call(method, search ? `${path}?${search}` : path, method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(payload), extra as Record<string, string>);
        expect(reply.status, `${method} ${path} ${JSON.stringify(payload)}`).toBeLessThan(500);
        if (reply.status >= 400) expect(reply.body).toMatchObject({ code: expect.any(String), reason: expect.any(String) });
      }),
      { numRuns: 400 },
    );
    expect((await client.get(`/tokens/${token.id}`)).status).toBe(200);
    expect((await client.get('/customers')).status).toBe(200);
    expect((await client.get(`/cards/${card.id}`)).body.id).toBe(card.id);
  }, 120_000);
});
