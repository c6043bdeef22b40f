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
