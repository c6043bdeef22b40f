/** Credential rules (7, 8), SMS_OTP, and the session operations, all through the signed retry. */
import { describe, expect, it } from 'vitest';
import { generateP256KeyPair, otpLogin, sealedSessionKey, signed, signedHeaders, stampOf, walletSandbox } from './helpers.js';

async function signedInWithSms() {
  const box = await walletSandbox();
  const wallet = await box.openWallet({ phoneNumber: '+14155550123' });
  const email = await otpLogin(box.client, wallet.emailCredentialId);
  const sms = await signed(box.client, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: wallet.accountId }, email.key);
  expect(sms.status, JSON.stringify(sms.body)).toBe(201);
  return { ...box, wallet, email, sms: sms.body };
}

describe('credentials', () => {
  it('adds SMS_OTP (nickname: the phone number) and signs in with it like EMAIL_OTP', async () => {
    const { client, sms, wallet } = await signedInWithSms();
    expect(sms).toMatchObject({ type: 'SMS_OTP', nickname: '+14155550123', accountId: wallet.accountId });
    const { session, key } = await otpLogin(client, sms.id);
    expect(session).toMatchObject({ type: 'SMS_OTP', nickname: '+14155550123' });
    expect((await signed(client, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, key)).status).toBe(200);
  });

  it("registers a wallet's first credential directly (201), and a second one through the signed retry", async () => {
    const box = await walletSandbox();
    const customer = await box.client.post('/customers', { customerType: 'INDIVIDUAL', fullName: 'No Mail', birthDate: '1990-01-01', nationality: 'US', phoneNumber: '+14155550999' });
    const accountId = (await box.client.get(`/customers/internal-accounts?customerId=${customer.body.id}&type=EMBEDDED_WALLET`)).body.data[0].id;
    const first = await box.client.post('/auth/credentials', { type: 'SMS_OTP', accountId });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ type: 'SMS_OTP', nickname: '+14155550999' });
    const { key } = await otpLogin(box.client, first.body.id);
    const addEmail = await box.client.patch(`/customers/${customer.body.id}`, { customerType: 'INDIVIDUAL', email: 'now@example.com' });
    expect(addEmail.status).toBe(200);
    const second = await box.client.post('/auth/credentials', { type: 'EMAIL_OTP', accountId });
    expect(second.status).toBe(202);
    expect(second.body.type).toBe('EMAIL_OTP');
    const done = await box.client.post('/auth/credentials', { type: 'EMAIL_OTP', accountId }, signedHeaders(await stampOf(second.body.payloadToSign, key), second.body.requestId));
    expect(done.status).toBe(201);
    expect(done.body.nickname).toBe('now@example.com');
  });

  it('enforces one EMAIL_OTP and one SMS_OTP per account (rule 8), checked before any challenge', async () => {
    const { client, wallet } = await signedInWithSms();
    const emailAgain = await client.post('/auth/credentials', { type: 'EMAIL_OTP', accountId: wallet.accountId });
    expect(emailAgain).toMatchObject({ status: 400, body: { code: 'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS' } });
    const smsAgain = await client.post('/auth/credentials', { type: 'SMS_OTP', accountId: wallet.accountId });
    expect(smsAgain).toMatchObject({ status: 400, body: { code: 'SMS_OTP_CREDENTIAL_ALREADY_EXISTS' } });
  });

  it('needs a phone number for SMS_OTP', async () => {
    const box = await walletSandbox();
    const wallet = await box.openWallet();
    const reply = await box.client.post('/auth/credentials', { type: 'SMS_OTP', accountId: wallet.accountId });
    expect(reply).toMatchObject({ status: 400, body: { code: 'MISSING_MANDATORY_USER_INFO' } });
  });

  it('refuses credentials on accounts that are not wallets, unknown accounts, and bad bodies', async () => {
    const box = await walletSandbox();
    const wallet = await box.openWallet();
    const fiat = (await box.client.get(`/customers/internal-accounts?customerId=${wallet.customerId}&type=INTERNAL_FIAT`)).body.data[0];
    expect((await box.client.post('/auth/credentials', { type: 'SMS_OTP', accountId: fiat.id })).status).toBe(400);
    expect((await box.client.post('/auth/credentials', { type: 'SMS_OTP', accountId: 'InternalAccount:nope' })).status).toBe(404);
    const unknownType = await box.client.post('/auth/credentials', { type: 'PIN', accountId: wallet.accountId });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.code).toBe('INVALID_INPUT');
    const verifyMismatch = await box.client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, { type: 'SMS_OTP', encryptedOtpBundle: '{}' });
    expect(verifyMismatch.status).toBe(400);
    expect(verifyMismatch.body.details.errors[0].field).toBe('type');
    expect((await box.client.post('/auth/credentials/AuthMethod:nope/challenge', {})).status).toBe(404);
  });

  it('revokes a credential only with a session of another credential (rule 7); its sessions end with it', async () => {
    const { client, wallet, email, sms } = await signedInWithSms();
    const smsLogin = await otpLogin(client, sms.id);
    // A session of the credential being revoked may not sign its revocation.
    const own = await client.delete(`/auth/credentials/${sms.id}`);
    expect(own.status).toBe(202);
    expect(own.body.type).toBe('SMS_OTP');
    const refused = await client.call('DELETE', `/auth/credentials/${sms.id}`, undefined, signedHeaders(await stampOf(own.body.payloadToSign, smsLogin.key), own.body.requestId));
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('WALLET_SIGNATURE_INVALID');
    // The EMAIL_OTP session may.
    const revoked = await signed(client, 'DELETE', `/auth/credentials/${sms.id}`, undefined, email.key);
    expect(revoked.status).toBe(204);
    expect((await client.get(`/auth/credentials?accountId=${wallet.accountId}`)).body.data.map((m: { type: string }) => m.type)).toEqual(['EMAIL_OTP']);
    const sessions = (await client.get(`/auth/sessions?accountId=${wallet.accountId}`)).body.data;
    expect(sessions.map((s: { id: string }) => s.id)).toEqual([email.session.id]);
    // The SMS session's key signs nothing any more.
    const first = await client.patch(`/internal-accounts/${wallet.accountId}`, { privateEnabled: true });
    const dead = await client.call('PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, signedHeaders(await stampOf(first.body.payloadToSign, smsLogin.key), first.body.requestId));
    expect(dead.body.code).toBe('WALLET_SIGNATURE_INVALID');
    // SMS_OTP can be added back after removal.
    expect((await signed(client, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: wallet.accountId }, email.key)).status).toBe(201);
  });

  it('refuses to revoke the last credential (400)', async () => {
    const box = await walletSandbox();
    const wallet = await box.openWallet();
    const reply = await box.client.delete(`/auth/credentials/${wallet.emailCredentialId}`);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('INVALID_INPUT');
    expect((await box.client.delete('/auth/credentials/AuthMethod:nope')).status).toBe(404);
  });
});

describe('sessions', () => {
  it('lists active sessions only with an accountId', async () => {
    const { client, wallet, email } = await signedInWithSms();
    expect((await client.get('/auth/sessions')).status).toBe(400);
    const list = await client.get(`/auth/sessions?accountId=${wallet.accountId}`);
    expect(list.body.data).toEqual([expect.objectContaining({ id: email.session.id, type: 'EMAIL_OTP', accountId: wallet.accountId })]);
    expect(list.body.data[0].encryptedSessionSigningKey).toBeUndefined();
  });

  it('refreshes a session: 201 new session, the old one ends; both key flows', async () => {
    const { client, wallet, email } = await signedInWithSms();
    const clientKey = generateP256KeyPair();
    const refreshed = await signed(client, 'POST', `/auth/sessions/${email.session.id}/refresh`, { clientPublicKey: clientKey.publicKeyUncompressed }, email.key);
    expect(refreshed.status).toBe(201);
    expect(refreshed.body).toMatchObject({ id: expect.stringMatching(/^Session:/), type: 'EMAIL_OTP', encryptedSessionSigningKey: expect.any(String) });
    expect(refreshed.body.id).not.toBe(email.session.id);
    const sessionKey = sealedSessionKey(refreshed.body.encryptedSessionSigningKey, clientKey);
    const ids = (await client.get(`/auth/sessions?accountId=${wallet.accountId}`)).body.data.map((s: { id: string }) => s.id);
    expect(ids).toEqual([refreshed.body.id]);
    // The old key is done; the new one signs, and refreshes again with a client-held key.
    const own = generateP256KeyPair();
    const second = await signed(client, 'POST', `/auth/sessions/${refreshed.body.id}/refresh`, { clientPublicKey: own.publicKey }, sessionKey);
    expect(second.status).toBe(201);
    expect(second.body.encryptedSessionSigningKey).toBeUndefined();
    expect((await signed(client, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, own)).status).toBe(200);
    const refreshedAgain = await client.post(`/auth/sessions/${refreshed.body.id}/refresh`, { clientPublicKey: own.publicKey });
    expect(refreshedAgain.status).toBe(401);
  });

  it('revokes a session (204); a revoked session signs nothing and is gone from the list', async () => {
    const { client, wallet, email } = await signedInWithSms();
    const revoked = await signed(client, 'DELETE', `/auth/sessions/${email.session.id}`, undefined, email.key);
    expect(revoked.status).toBe(204);
    expect((await client.get(`/auth/sessions?accountId=${wallet.accountId}`)).body.data).toEqual([]);
    const first = await client.patch(`/internal-accounts/${wallet.accountId}`, { privateEnabled: true });
    const dead = await client.call('PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, signedHeaders(await stampOf(first.body.payloadToSign, email.key), first.body.requestId));
    expect(dead.body.code).toBe('WALLET_SIGNATURE_INVALID');
    expect((await client.delete('/auth/sessions/Session:nope')).status).toBe(404);
  });
});
