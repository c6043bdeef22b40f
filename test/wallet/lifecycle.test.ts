/**
 * The whole life of each credential type, over HTTP, with the client side
 * played by @turnkey/crypto and @turnkey/api-key-stamper (and the software
 * passkey): create, challenge, verify, signed retry, sign an action,
 * refresh, revoke the session, re-authenticate after expiry, revoke the
 * credential with another credential's session.
 */
import { describe, expect, it } from 'vitest';
import { SoftwarePasskey, sandboxOidcToken } from '../../src/client/index.js';
import type { Client } from '../helpers.js';
import { advance, generateP256KeyPair, otpLogin, sealedSessionKey, signed, realNow, walletSandbox, type KeyPair, type Wallet } from './helpers.js';

interface CredentialKind {
  type: 'EMAIL_OTP' | 'SMS_OTP' | 'OAUTH' | 'PASSKEY';
  /** Adds the credential (EMAIL_OTP exists from the start); returns its id. */
  create(client: Client, wallet: Wallet, signer: KeyPair): Promise<string>;
  /** Signs in; returns the session id and the key that now signs. */
  login(client: Client, id: string): Promise<{ sessionId: string; key: KeyPair }>;
}


const otpLoginOf = async (client: Client, id: string) => {
  const { session, key } = await otpLogin(client, id);
  return { sessionId: session.id as string, key };
};

const passkey = new SoftwarePasskey();

const KINDS: CredentialKind[] = [
  { type: 'EMAIL_OTP', create: async (_c, wallet) => wallet.emailCredentialId, login: otpLoginOf },
  {
    type: 'SMS_OTP',
    create: async (client, wallet, signer) => (await signed(client, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: wallet.accountId }, signer)).body.id,
    login: otpLoginOf,
  },
  {
    type: 'OAUTH',
    create: async (client, wallet, signer) =>
      (await signed(client, 'POST', '/auth/credentials', { type: 'OAUTH', accountId: wallet.accountId, oidcToken: sandboxOidcToken({ sub: 'life' }, await realNow(client)) }, signer)).body.id,
    login: async (client, id) => {
      const clientKey = generateP256KeyPair();
      const session = await client.post(`/auth/credentials/${id}/verify`, { type: 'OAUTH', oidcToken: sandboxOidcToken({ sub: 'life', clientPublicKey: clientKey.publicKeyUncompressed }, await realNow(client)), clientPublicKey: clientKey.publicKeyUncompressed });
      expect(session.status, JSON.stringify(session.body)).toBe(200);
      return { sessionId: session.body.id, key: sealedSessionKey(session.body.encryptedSessionSigningKey, clientKey) };
    },
  },
  {
    type: 'PASSKEY',
    create: async (client, wallet, signer) =>
      (await signed(client, 'POST', '/auth/credentials', { type: 'PASSKEY', accountId: wallet.accountId, nickname: 'life', challenge: 'reg', attestation: passkey.register('reg') }, signer)).body.id,
    login: async (client, id) => {
      const clientKey = generateP256KeyPair();
      const challenge = await client.post(`/auth/credentials/${id}/challenge`, { clientPublicKey: clientKey.publicKeyUncompressed });
      const session = await client.post(`/auth/credentials/${id}/verify`, { type: 'PASSKEY', assertion: passkey.assert(challenge.body.challenge) }, { 'request-id': challenge.body.requestId });
      expect(session.status, JSON.stringify(session.body)).toBe(200);
      return { sessionId: session.body.id, key: sealedSessionKey(session.body.encryptedSessionSigningKey, clientKey) };
    },
  },
];

describe.each(KINDS)('$type, from creation to revocation', (kind) => {
  it('runs the whole life', async () => {
    const { client, openWallet } = await walletSandbox();
    const wallet = await openWallet({ phoneNumber: '+14155550123' });
    const sms = await signed(client, 'POST', '/auth/credentials', { type: 'SMS_OTP', accountId: wallet.accountId }, (await otpLogin(client, wallet.emailCredentialId)).key);
    await advance(client, 31);
    // A credential other than the one under test, to sign what it may not sign for itself.
    const other = kind.type === 'EMAIL_OTP' ? await otpLoginOf(client, sms.body.id) : await otpLoginOf(client, wallet.emailCredentialId);
    const id = kind.type === 'SMS_OTP' ? sms.body.id : await kind.create(client, wallet, other.key);
    expect(id).toMatch(/^AuthMethod:/);
    await advance(client, 31);

    // Sign in and sign an action.
    const first = await kind.login(client, id);
    expect((await signed(client, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, first.key)).status).toBe(200);

    // Refresh: a new session with a sealed key; the old key stops working.
    const refreshKey = generateP256KeyPair();
    const refreshed = await signed(client, 'POST', `/auth/sessions/${first.sessionId}/refresh`, { clientPublicKey: refreshKey.publicKeyUncompressed }, first.key);
    expect(refreshed.status).toBe(201);
    expect(refreshed.body.type).toBe(kind.type);
    const renewed = sealedSessionKey(refreshed.body.encryptedSessionSigningKey, refreshKey);
    expect((await signed(client, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: false }, renewed)).status).toBe(200);

    // Revoke the session.
    expect((await signed(client, 'DELETE', `/auth/sessions/${refreshed.body.id}`, undefined, renewed)).status).toBe(204);
    const sessions = (await client.get(`/auth/sessions?accountId=${wallet.accountId}`)).body.data.map((s: { id: string }) => s.id);
    expect(sessions).not.toContain(refreshed.body.id);

    // Expiry, then the per-type re-authentication of rule 5.
    await advance(client, 15 * 60 + 1);
    const again = await kind.login(client, id);
    expect((await signed(client, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, again.key)).status).toBe(200);

    // Revoke the credential with another credential's session: its sessions end with it.
    const signer = kind.type === 'EMAIL_OTP' ? await otpLoginOf(client, sms.body.id) : await otpLoginOf(client, wallet.emailCredentialId);
    expect((await signed(client, 'DELETE', `/auth/credentials/${id}`, undefined, signer.key)).status).toBe(204);
    const types = (await client.get(`/auth/credentials?accountId=${wallet.accountId}`)).body.data.map((m: { id: string }) => m.id);
    expect(types).not.toContain(id);
    expect((await client.get(`/auth/sessions?accountId=${wallet.accountId}`)).body.data.map((s: { id: string }) => s.id)).not.toContain(again.sessionId);
  });
});
