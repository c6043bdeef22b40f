/** EMAIL_OTP end to end, the client side played by @turnkey/crypto and @turnkey/api-key-stamper. */
import { describe, expect, it } from 'vitest';
import { decryptExportBundle, encryptOtpCodeToBundle } from '@turnkey/crypto';
import { SANDBOX_SIGNER_PUBLIC_KEY } from '../../src/crypto/enclave.js';
import { advance, generateP256KeyPair, otpLogin, signed, signedHeaders, stampOf, walletSandbox } from './helpers.js';

describe('Global Accounts', () => {
  it('opens an EMBEDDED_WALLET with an EMAIL_OTP credential tied to the e-mail when the platform has embeddedWalletConfig', async () => {
    const { openWallet, client } = await walletSandbox();
    const wallet = await openWallet({ email: 'ana@example.com' });
    const credentials = await client.get(`/auth/credentials?accountId=${wallet.accountId}`);
    expect(credentials.status).toBe(200);
    expect(credentials.body.data).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^AuthMethod:/), accountId: wallet.accountId, type: 'EMAIL_OTP', nickname: 'ana@example.com' }),
    ]);
    const account = (await client.get(`/customers/internal-accounts?customerId=${wallet.customerId}&type=EMBEDDED_WALLET`)).body.data[0];
    expect(account).toMatchObject({ type: 'EMBEDDED_WALLET', status: 'ACTIVE', balance: { amount: 0 } });
    const funded = await client.post(`/sandbox/internal-accounts/${wallet.accountId}/fund`, { amount: 5000 });
    expect(funded.status).toBe(200);
    expect(funded.body.balance.amount).toBe(5000);
  });

  it('opens a wallet without credentials for a customer without an e-mail, and none without embeddedWalletConfig', async () => {
    const { client } = await walletSandbox();
    const noEmail = await client.post('/customers', { customerType: 'INDIVIDUAL', fullName: 'No Mail', birthDate: '1990-01-01', nationality: 'US' });
    const wallets = (await client.get(`/customers/internal-accounts?customerId=${noEmail.body.id}&type=EMBEDDED_WALLET`)).body.data;
    expect(wallets).toHaveLength(1);
    expect((await client.get(`/auth/credentials?accountId=${wallets[0].id}`)).body.data).toEqual([]);
    expect((await client.patch('/config', { embeddedWalletConfig: null })).body.embeddedWalletConfig).toBeUndefined();
    const later = await client.post('/customers', { customerType: 'INDIVIDUAL', fullName: 'Later', birthDate: '1990-01-01', nationality: 'US', email: 'later@example.com' });
    expect((await client.get(`/customers/internal-accounts?customerId=${later.body.id}&type=EMBEDDED_WALLET`)).body.data).toHaveLength(0);
  });

  it('lists credentials and sessions only with a well-formed InternalAccount:<uuid> accountId; an unknown account has none', async () => {
    const { client } = await walletSandbox();
    for (const list of ['/auth/credentials', '/auth/sessions']) {
      for (const query of ['', '?accountId=InternalAccount:nope', '?accountId=Customer:00000000-0000-4000-8000-000000000000']) {
        const bad = await client.get(`${list}${query}`);
        expect(bad.status, `${list}${query}`).toBe(400);
        expect(bad.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'accountId' }] } });
      }
      expect((await client.get(`${list}?accountId=InternalAccount:00000000-0000-4000-8000-000000000000`)).body).toEqual({ data: [] });
    }
  });
});

describe('EMAIL_OTP sign-in', () => {
  it('challenge → HPKE bundle → 202 → stamped retry → session; the session signs an action', async () => {
    const { openWallet, client } = await walletSandbox();
    const wallet = await openWallet();
    const challenge = await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {});
    expect(challenge.status).toBe(200);
    expect(challenge.body).toMatchObject({ id: wallet.emailCredentialId, type: 'EMAIL_OTP', otpEncryptionTargetBundle: expect.any(String) });
    const target = JSON.parse(challenge.body.otpEncryptionTargetBundle);
    expect(target).toMatchObject({ version: 'v1.0.0', enclaveQuorumPublic: SANDBOX_SIGNER_PUBLIC_KEY });

    const key = generateP256KeyPair();
    const bundle = await encryptOtpCodeToBundle('000000', challenge.body.otpEncryptionTargetBundle, key.publicKey, SANDBOX_SIGNER_PUBLIC_KEY);
    const body = { type: 'EMAIL_OTP', encryptedOtpBundle: bundle };
    const first = await client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, body);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ payloadToSign: expect.any(String), requestId: expect.stringMatching(/^Request:/), expiresAt: expect.any(String), type: 'EMAIL_OTP' });
    const payload = JSON.parse(first.body.payloadToSign);
    expect(payload.parameters).toMatchObject({ requestId: first.body.requestId, walletId: wallet.accountId, method: 'POST', expiresAt: first.body.expiresAt });
    expect(Date.parse(first.body.expiresAt) - Date.parse((await client.get('/__admin/clock')).body.now)).toBeGreaterThan(299_000);

    const session = await client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, body, signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId));
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ id: expect.stringMatching(/^Session:/), accountId: wallet.accountId, type: 'EMAIL_OTP', nickname: expect.stringContaining('@') });
    expect(session.body.encryptedSessionSigningKey).toBeUndefined();
    const lifetime = Date.parse(session.body.expiresAt) - Date.parse(session.body.createdAt);
    expect(lifetime).toBe(15 * 60 * 1000);

    // The OTP key is now the session key: it signs a wallet action.
    const privacy = await signed(client, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, key);
    expect(privacy.status).toBe(200);
    expect(privacy.body).toMatchObject({ id: wallet.accountId, privateEnabled: true });
    const sessions = await client.get(`/auth/sessions?accountId=${wallet.accountId}`);
    expect(sessions.body.data.map((s: { id: string }) => s.id)).toEqual([session.body.id]);
  });

  it('answers a wrong code with 401 Invalid OTP code, and an undecryptable bundle with 400', async () => {
    const { openWallet, client } = await walletSandbox();
    const wallet = await openWallet();
    const challenge = await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {});
    const key = generateP256KeyPair();
    const wrong = await encryptOtpCodeToBundle('123456', challenge.body.otpEncryptionTargetBundle, key.publicKey, SANDBOX_SIGNER_PUBLIC_KEY);
    const rejected = await client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, { type: 'EMAIL_OTP', encryptedOtpBundle: wrong });
    expect(rejected.status).toBe(401);
    expect(rejected.body).toMatchObject({ code: 'UNAUTHORIZED', reason: 'Invalid OTP code' });
    const target = challenge.body.otpEncryptionTargetBundle;
    const malformed = [
      'not json',
      'null',
      JSON.stringify({ encappedPublic: '04ab', ciphertext: '00' }),
      JSON.stringify({ x: 1 }),
      JSON.stringify({ encappedPublic: 7, ciphertext: '00' }),
      JSON.stringify({ encappedPublic: key.publicKey, ciphertext: 7 }),
      // Sealed to the target by the client library, holding a code that is no string, or a key that is no P-256 point.
      await encryptOtpCodeToBundle(0 as unknown as string, target, key.publicKey, SANDBOX_SIGNER_PUBLIC_KEY),
      await encryptOtpCodeToBundle('000000', target, 'ab', SANDBOX_SIGNER_PUBLIC_KEY),
      await encryptOtpCodeToBundle('000000', target, 7 as unknown as string, SANDBOX_SIGNER_PUBLIC_KEY),
    ];
    for (const encryptedOtpBundle of malformed) {
      const bad = await client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, { type: 'EMAIL_OTP', encryptedOtpBundle });
      expect(bad.status, encryptedOtpBundle).toBe(400);
      expect(bad.body.code).toBe('INVALID_INPUT');
      expect(bad.body.details.errors[0].field).toBe('encryptedOtpBundle');
    }
    // The challenge survives failed attempts: the right code still works.
    const right = await encryptOtpCodeToBundle('000000', challenge.body.otpEncryptionTargetBundle, key.publicKey, SANDBOX_SIGNER_PUBLIC_KEY);
    expect((await client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, { type: 'EMAIL_OTP', encryptedOtpBundle: right })).status).toBe(202);
  });

  it('refuses a bundle sealed to an older challenge, verify without a challenge, and an expired OTP', async () => {
    const { openWallet, client } = await walletSandbox();
    const wallet = await openWallet();
    const key = generateP256KeyPair();
    const none = await client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, { type: 'EMAIL_OTP', encryptedOtpBundle: '{}' });
    expect(none.status).toBe(401);
    expect(none.body.reason).toMatch(/call \/challenge first/);
    const old = await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {});
    await advance(client, 31);
    await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {});
    const stale = await encryptOtpCodeToBundle('000000', old.body.otpEncryptionTargetBundle, key.publicKey, SANDBOX_SIGNER_PUBLIC_KEY);
    expect((await client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, { type: 'EMAIL_OTP', encryptedOtpBundle: stale })).status).toBe(400);
    await advance(client, 301);
    const fresh = await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {});
    await advance(client, 301);
    const late = await encryptOtpCodeToBundle('000000', fresh.body.otpEncryptionTargetBundle, key.publicKey, SANDBOX_SIGNER_PUBLIC_KEY);
    const expired = await client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, { type: 'EMAIL_OTP', encryptedOtpBundle: late });
    expect(expired.status).toBe(401);
    expect(expired.body.reason).toMatch(/expired/);
  });

  it('rate-limits OTP re-issue for 30 seconds of clock time with Retry-After', async () => {
    const { openWallet, client } = await walletSandbox();
    const wallet = await openWallet();
    expect((await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {})).status).toBe(200);
    await advance(client, 10);
    const limited = await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {});
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toBe('20');
    await advance(client, 20);
    expect((await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {})).status).toBe(200);
  });

  it('uses the OTP expiry of embeddedWalletConfig.expirationSeconds', async () => {
    const { openWallet, client } = await walletSandbox({}, { expirationSeconds: 60 });
    const wallet = await openWallet();
    const challenge = await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {});
    await advance(client, 61);
    const key = generateP256KeyPair();
    const bundle = await encryptOtpCodeToBundle('000000', challenge.body.otpEncryptionTargetBundle, key.publicKey, SANDBOX_SIGNER_PUBLIC_KEY);
    expect((await client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, { type: 'EMAIL_OTP', encryptedOtpBundle: bundle })).status).toBe(401);
  });

  it('accepts only the key inside the bundle on the OTP retry, and a spent OTP only once', async () => {
    const { openWallet, client } = await walletSandbox();
    const wallet = await openWallet();
    const challenge = await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {});
    const key = generateP256KeyPair();
    const body = { type: 'EMAIL_OTP', encryptedOtpBundle: await encryptOtpCodeToBundle('000000', challenge.body.otpEncryptionTargetBundle, key.publicKey, SANDBOX_SIGNER_PUBLIC_KEY) };
    const first = await client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, body);
    const other = await client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, body, signedHeaders(await stampOf(first.body.payloadToSign, generateP256KeyPair()), first.body.requestId));
    expect(other.status).toBe(401);
    expect(other.body.code).toBe('WALLET_SIGNATURE_INVALID');
    // The OTP was spent by the first leg.
    const again = await client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, body);
    expect(again.status).toBe(401);
  });

  it('re-authenticates after the session expires with a fresh challenge (rule 5)', async () => {
    const { openWallet, client } = await walletSandbox();
    const wallet = await openWallet();
    const { key } = await otpLogin(client, wallet.emailCredentialId);
    await advance(client, 15 * 60 + 1);
    expect((await client.get(`/auth/sessions?accountId=${wallet.accountId}`)).body.data).toEqual([]);
    const first = await client.patch(`/internal-accounts/${wallet.accountId}`, { privateEnabled: true });
    const stale = await client.call('PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId));
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('WALLET_SIGNATURE_INVALID');
    const again = await otpLogin(client, wallet.emailCredentialId);
    expect((await signed(client, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, again.key)).status).toBe(200);
  });

  it('exports the wallet mnemonic sealed to the client key; decryptExportBundle opens it', async () => {
    const { openWallet, client } = await walletSandbox();
    const wallet = await openWallet();
    const { key } = await otpLogin(client, wallet.emailCredentialId);
    const exportKey = generateP256KeyPair();
    const exported = await signed(client, 'POST', `/internal-accounts/${wallet.accountId}/export`, { clientPublicKey: exportKey.publicKeyUncompressed }, key);
    expect(exported.status).toBe(200);
    expect(exported.body.id).toBe(wallet.accountId);
    const mnemonic = await decryptExportBundle({
      exportBundle: exported.body.encryptedWalletCredentials,
      embeddedKey: exportKey.privateKey,
      organizationId: 'test-client',
      dangerouslyOverrideSignerPublicKey: SANDBOX_SIGNER_PUBLIC_KEY,
      returnMnemonic: true,
    });
    expect(mnemonic.split(' ')).toHaveLength(12);
    // Deterministic per wallet: a second export opens to the same phrase.
    const again = await signed(client, 'POST', `/internal-accounts/${wallet.accountId}/export`, { clientPublicKey: exportKey.publicKeyUncompressed }, key);
    const second = await decryptExportBundle({ exportBundle: again.body.encryptedWalletCredentials, embeddedKey: exportKey.privateKey, organizationId: 'test-client', dangerouslyOverrideSignerPublicKey: SANDBOX_SIGNER_PUBLIC_KEY, returnMnemonic: true });
    expect(second).toBe(mnemonic);
    const compressed = await client.post(`/internal-accounts/${wallet.accountId}/export`, { clientPublicKey: exportKey.publicKey });
    expect(compressed.status).toBe(400);
  });

  it('changes a tied e-mail only through the signed retry, and the credential follows', async () => {
    const { openWallet, client } = await walletSandbox();
    const wallet = await openWallet({ email: 'old@example.com' });
    const { key } = await otpLogin(client, wallet.emailCredentialId);
    const patch = { customerType: 'INDIVIDUAL', email: 'new@example.com' };
    const first = await client.patch(`/customers/${wallet.customerId}`, patch);
    expect(first.status).toBe(202);
    expect((await client.get(`/customers/${wallet.customerId}`)).body.email).toBe('old@example.com');
    const done = await client.call('PATCH', `/customers/${wallet.customerId}`, patch, signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId));
    expect(done.status).toBe(200);
    expect(done.body.email).toBe('new@example.com');
    expect((await client.get(`/auth/credentials?accountId=${wallet.accountId}`)).body.data[0].nickname).toBe('new@example.com');
    // Other fields, or the same e-mail, need no signature.
    expect((await client.patch(`/customers/${wallet.customerId}`, { customerType: 'INDIVIDUAL', email: 'new@example.com', fullName: 'Renamed' })).status).toBe(200);
  });

  it("refuses an e-mail that is already another EMAIL_OTP credential's with 409 EMAIL_OTP_EMAIL_ALREADY_EXISTS, before any challenge", async () => {
    const { openWallet, client } = await walletSandbox();
    const wallet = await openWallet({ email: 'mine@example.com' });
    const other = await openWallet({ email: 'taken@example.com' });
    const reply = await client.patch(`/customers/${wallet.customerId}`, { customerType: 'INDIVIDUAL', email: 'Taken@example.com' });
    expect(reply).toMatchObject({ status: 409, body: { code: 'EMAIL_OTP_EMAIL_ALREADY_EXISTS', details: { field: 'email', credentialId: other.emailCredentialId } } });
    expect((await client.get(`/customers/${wallet.customerId}`)).body.email).toBe('mine@example.com');
  });

  it('refuses the signed retry with 409 EMAIL_OTP_CREDENTIAL_SET_CHANGED when the tied credentials changed after the challenge', async () => {
    const { openWallet, client } = await walletSandbox();
    const wallet = await openWallet({ email: 'old@example.com', phoneNumber: '+14155550123' });
    const email = await otpLogin(client, wallet.emailCredentialId);
    const sms = await signed(client, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: wallet.accountId }, email.key);
    const { key } = await otpLogin(client, sms.body.id);
    const patch = { customerType: 'INDIVIDUAL', email: 'new@example.com' };
    const first = await client.patch(`/customers/${wallet.customerId}`, patch);
    expect(first.status).toBe(202);
    // Meanwhile the EMAIL_OTP credential is replaced by another one.
    expect((await signed(client, 'DELETE', `/auth/credentials/${wallet.emailCredentialId}`, undefined, key)).status).toBe(204);
    const replaced = await signed(client, 'POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId: wallet.accountId }, key);
    expect(replaced.status).toBe(201);
    const retry = await client.call('PATCH', `/customers/${wallet.customerId}`, patch, signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId));
    expect(retry).toMatchObject({ status: 409, body: { code: 'EMAIL_OTP_CREDENTIAL_SET_CHANGED', details: { before: [wallet.emailCredentialId], now: [replaced.body.id] } } });
    expect((await client.get(`/customers/${wallet.customerId}`)).body.email).toBe('old@example.com');
    expect((await client.get(`/auth/credentials?accountId=${wallet.accountId}`)).body.data.find((m: { type: string }) => m.type === 'EMAIL_OTP').nickname).toBe('old@example.com');
  });
});
