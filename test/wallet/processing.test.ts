/**
 * Still-processing replies, made deterministic by control-plane faults: the
 * operation happens once, shows in the lists at once, and the identical
 * re-send gets its terminal result (export excepted: it is never stored).
 */
import { describe, expect, it } from 'vitest';
import { decryptExportBundle, encryptOtpCodeToBundle } from '@turnkey/crypto';
import { SANDBOX_SIGNER_PUBLIC_KEY } from '../../src/crypto/enclave.js';
import { SoftwarePasskey, sandboxOidcToken } from '../../src/client/index.js';
import type { Client } from '../helpers.js';
import { generateP256KeyPair, otpLogin, signed, signedHeaders, stampOf, realNow, walletSandbox, type KeyPair } from './helpers.js';

const PROCESSING = { status: 'PROCESSING', message: expect.any(String) };

async function arm(client: Client, operation: string | undefined, count = 1) {
  const reply = await client.post('/__admin/faults', { kind: 'WALLET_PROCESSING', ...(operation ? { operation } : {}), count });
  expect(reply.status).toBe(201);
  return reply.body;
}

async function signedIn() {
  const box = await walletSandbox({}, {});
  const wallet = await box.openWallet({ phoneNumber: '+14155550123' });
  const { key, session } = await otpLogin(box.client, wallet.emailCredentialId);
  return { ...box, wallet, key, session };
}

/** The first leg, then a function that sends the identical signed retry again and again. */
async function prepared(client: Client, method: string, path: string, body: unknown, key: KeyPair) {
  const first = await client.call(method, path, body);
  expect(first.status).toBe(202);
  const headers = signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId);
  return () => client.call(method, path, body, headers);
}

describe('WALLET_PROCESSING faults', () => {
  it('add credential: PROCESSING twice, visible in the list at once, then the same 201, then the requestId is spent', async () => {
    const { client, wallet, key } = await signedIn();
    await arm(client, 'ADD_CREDENTIAL', 2);
    const send = await prepared(client, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: wallet.accountId }, key);
    expect(await send()).toMatchObject({ status: 200, body: PROCESSING });
    const listed = (await client.get(`/auth/credentials?accountId=${wallet.accountId}`)).body.data.filter((m: { type: string }) => m.type === 'SMS_OTP');
    expect(listed).toHaveLength(1);
    expect(await send()).toMatchObject({ status: 200, body: PROCESSING });
    const done = await send();
    expect(done.status).toBe(201);
    expect(done.body.id).toBe(listed[0].id);
    expect((await send()).body.code).toBe('UNAUTHORIZED');
    expect((await client.get(`/auth/credentials?accountId=${wallet.accountId}`)).body.data).toHaveLength(2);
    expect((await client.get('/__admin/faults')).body.data).toEqual([]);
  });

  it('revoke session: the session that signed its own revocation still collects the 204', async () => {
    const { client, wallet, key, session } = await signedIn();
    await arm(client, 'REVOKE_SESSION');
    const send = await prepared(client, 'DELETE', `/auth/sessions/${session.id}`, undefined, key);
    expect(await send()).toMatchObject({ status: 200, body: PROCESSING });
    expect((await client.get(`/auth/sessions?accountId=${wallet.accountId}`)).body.data).toEqual([]);
    expect((await send()).status).toBe(204);
  });

  it('revoke credential and refresh session: one operation, one result', async () => {
    const { client, wallet, key, session } = await signedIn();
    const sms = await signed(client, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: wallet.accountId }, key);
    await arm(client, undefined, 1);
    const revoke = await prepared(client, 'DELETE', `/auth/credentials/${sms.body.id}`, undefined, key);
    expect(await revoke()).toMatchObject({ status: 200, body: PROCESSING });
    expect((await revoke()).status).toBe(204);

    await arm(client, 'REFRESH_SESSION');
    const own = generateP256KeyPair();
    const refresh = await prepared(client, 'POST', `/auth/sessions/${session.id}/refresh`, { clientPublicKey: own.publicKey }, key);
    expect(await refresh()).toMatchObject({ status: 200, body: PROCESSING });
    const sessions = (await client.get(`/auth/sessions?accountId=${wallet.accountId}`)).body.data;
    expect(sessions).toHaveLength(1);
    const done = await refresh();
    expect(done.status).toBe(201);
    expect(done.body.id).toBe(sessions[0].id);
  });

  it('OTP verify retry: the session exists at once; the re-send returns it', async () => {
    const { client, wallet } = await signedIn();
    await client.post('/__admin/clock/advance', { seconds: 31 });
    await arm(client, 'VERIFY_CREDENTIAL');
    const challenge = await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {});
    expect(challenge.status).toBe(200);
    const key = generateP256KeyPair();
    const body = { type: 'EMAIL_OTP', encryptedOtpBundle: await encryptOtpCodeToBundle('000000', challenge.body.otpEncryptionTargetBundle, key.publicKey, SANDBOX_SIGNER_PUBLIC_KEY) };
    const send = await prepared(client, 'POST', `/auth/credentials/${wallet.emailCredentialId}/verify`, body, key);
    expect(await send()).toMatchObject({ status: 200, body: PROCESSING });
    const sessions = (await client.get(`/auth/sessions?accountId=${wallet.accountId}`)).body.data;
    expect(sessions).toHaveLength(2);
    const done = await send();
    expect(done.status).toBe(200);
    expect(sessions.map((s: { id: string }) => s.id)).toContain(done.body.id);
  });

  it('OTP challenge: the re-send gets the same target instead of 429', async () => {
    const { client, wallet } = await signedIn();
    // Past the re-issue window of the sign-in's own challenge.
    await client.post('/__admin/clock/advance', { seconds: 31 });
    await arm(client, 'CHALLENGE_CREDENTIAL');
    const first = await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {});
    expect(first).toMatchObject({ status: 200, body: PROCESSING });
    const second = await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {});
    expect(second.status).toBe(200);
    expect(second.body.otpEncryptionTargetBundle).toEqual(expect.any(String));
    expect((await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {})).status).toBe(429);
  });

  it('OAUTH and PASSKEY verify: the identical re-send returns the same session', async () => {
    const { client, wallet, key } = await signedIn();
    const now = await realNow(client);
    const oauth = await signed(client, 'POST', '/auth/credentials', { type: 'OAUTH', accountId: wallet.accountId, oidcToken: sandboxOidcToken({ sub: 'p-1' }, now) }, key);
    expect(oauth.status).toBe(201);
    await arm(client, 'VERIFY_CREDENTIAL', 1);
    const clientKey = generateP256KeyPair();
    const body = { type: 'OAUTH', oidcToken: sandboxOidcToken({ sub: 'p-1', clientPublicKey: clientKey.publicKey }, now), clientPublicKey: clientKey.publicKey };
    expect(await client.post(`/auth/credentials/${oauth.body.id}/verify`, body)).toMatchObject({ status: 200, body: PROCESSING });
    const session = await client.post(`/auth/credentials/${oauth.body.id}/verify`, body);
    expect(session.body.id).toEqual(expect.stringMatching(/^Session:/));
    expect((await client.get(`/auth/sessions?accountId=${wallet.accountId}`)).body.data.filter((s: { type: string }) => s.type === 'OAUTH')).toHaveLength(1);

    const passkey = new SoftwarePasskey();
    const registered = await signed(client, 'POST', '/auth/credentials', { type: 'PASSKEY', accountId: wallet.accountId, nickname: 'pk', challenge: 'c', attestation: passkey.register('c') }, key);
    expect(registered.status).toBe(201);
    const challenge = await client.post(`/auth/credentials/${registered.body.id}/challenge`, { clientPublicKey: clientKey.publicKey });
    await arm(client, 'VERIFY_CREDENTIAL', 1);
    const assertion = passkey.assert(challenge.body.challenge);
    const verify = () => client.post(`/auth/credentials/${registered.body.id}/verify`, { type: 'PASSKEY', assertion }, { 'request-id': challenge.body.requestId });
    expect(await verify()).toMatchObject({ status: 200, body: PROCESSING });
    const passkeySession = await verify();
    expect(passkeySession.body).toMatchObject({ type: 'PASSKEY', id: expect.stringMatching(/^Session:/) });
  });

  it('export: nothing is stored; the re-send seals the mnemonic then', async () => {
    const { client, wallet, key } = await signedIn();
    await arm(client, 'EXPORT_WALLET');
    const exportKey = generateP256KeyPair();
    const send = await prepared(client, 'POST', `/internal-accounts/${wallet.accountId}/export`, { clientPublicKey: exportKey.publicKeyUncompressed }, key);
    expect(await send()).toMatchObject({ status: 200, body: PROCESSING });
    const done = await send();
    expect(done.status).toBe(200);
    const mnemonic = await decryptExportBundle({ exportBundle: done.body.encryptedWalletCredentials, embeddedKey: exportKey.privateKey, organizationId: 'test-client', dangerouslyOverrideSignerPublicKey: SANDBOX_SIGNER_PUBLIC_KEY, returnMnemonic: true });
    expect(mnemonic.split(' ')).toHaveLength(12);
  });

  it('a fault for one operation leaves the others alone; faults are listed and cleared', async () => {
    const { client, wallet, key } = await signedIn();
    await arm(client, 'EXPORT_WALLET', 3);
    expect((await signed(client, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, key)).status).toBe(200);
    expect((await client.get('/__admin/faults')).body.data).toEqual([expect.objectContaining({ kind: 'WALLET_PROCESSING', operation: 'EXPORT_WALLET', remaining: 3 })]);
    expect((await client.delete('/__admin/faults')).body).toEqual({ removed: 1 });
    const bad = await client.post('/__admin/faults', { kind: 'WALLET_PROCESSING', operation: 'EXECUTE_QUOTE' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_INPUT');
  });
});
