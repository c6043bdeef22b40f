/**
 * PASSKEY credentials with the software authenticator of paysandbox/client,
 * whose output @simplewebauthn/server accepts on its own terms.
 */
import { describe, expect, it } from 'vitest';
import { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import { SoftwarePasskey } from '../../src/client/index.js';
import { REGISTRATION_CHALLENGE, advance, generateP256KeyPair, otpLogin, passkeyLogin, sealedSessionKey, signed, walletSandbox, withPasskey } from './helpers.js';
import type { Client } from '../helpers.js';

describe('the software passkey, checked by @simplewebauthn/server directly', () => {
  it('makes a none attestation and assertions that verify, with a rising counter', async () => {
    const passkey = new SoftwarePasskey();
    const attestation = passkey.register('reg-challenge');
    const registration = await verifyRegistrationResponse({
      response: { id: attestation.credentialId, rawId: attestation.credentialId, type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: attestation.clientDataJson, attestationObject: attestation.attestationObject } },
      expectedChallenge: Buffer.from('reg-challenge').toString('base64url'),
      expectedOrigin: 'http://localhost:3000',
      expectedRPID: 'localhost',
    });
    expect(registration.verified).toBe(true);
    expect(registration.registrationInfo!.fmt).toBe('none');
    const credential = registration.registrationInfo!.credential;
    expect(credential.id).toBe(passkey.credentialId);
    const assertion = passkey.assert('abc123');
    const authentication = await verifyAuthenticationResponse({
      response: { id: assertion.credentialId, rawId: assertion.credentialId, type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: assertion.clientDataJson, authenticatorData: assertion.authenticatorData, signature: assertion.signature } },
      expectedChallenge: Buffer.from('abc123').toString('base64url'),
      expectedOrigin: 'http://localhost:3000',
      expectedRPID: 'localhost',
      credential,
    });
    expect(authentication.verified).toBe(true);
    expect(authentication.authenticationInfo.newCounter).toBe(1);
  });
});

describe('PASSKEY', () => {
  it('registers with a verified attestation (signed retry, since the wallet has a credential)', async () => {
    const { credential, passkey, wallet } = await withPasskey();
    expect(credential).toMatchObject({ type: 'PASSKEY', accountId: wallet.accountId, nickname: 'My laptop', credentialId: passkey.credentialId });
    expect(credential.passkey).toBeUndefined();
  });

  it('challenge returns a lowercase-hex challenge bound to the client key; verify opens a session with a sealed key', async () => {
    const { client, credential, passkey, wallet } = await withPasskey();
    const clientKey = generateP256KeyPair();
    const challenge = await client.post(`/auth/credentials/${credential.id}/challenge`, { clientPublicKey: clientKey.publicKeyUncompressed });
    expect(challenge.body).toEqual({ challenge: expect.stringMatching(/^[0-9a-f]{64}$/), requestId: expect.stringMatching(/^Request:/), expiresAt: expect.any(String) });
    const session = await client.post(`/auth/credentials/${credential.id}/verify`, { type: 'PASSKEY', assertion: passkey.assert(challenge.body.challenge) }, { 'request-id': challenge.body.requestId });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body).toMatchObject({ type: 'PASSKEY', accountId: wallet.accountId, credentialId: passkey.credentialId, encryptedSessionSigningKey: expect.any(String) });
    const key = sealedSessionKey(session.body.encryptedSessionSigningKey, clientKey);
    expect((await signed(client, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, key)).status).toBe(200);
  });

  it('adopts a compressed client key', async () => {
    const { client, credential, passkey, wallet } = await withPasskey();
    const clientKey = generateP256KeyPair();
    const session = await passkeyLogin(client, credential.id, passkey, clientKey.publicKey);
    expect(session.status).toBe(200);
    expect(session.body.encryptedSessionSigningKey).toBeUndefined();
    expect((await signed(client, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, clientKey)).status).toBe(200);
  });

  it('needs clientPublicKey on the challenge and Request-Id on verify', async () => {
    const { client, credential, passkey } = await withPasskey();
    const noKey = await client.post(`/auth/credentials/${credential.id}/challenge`, {});
    expect(noKey.status).toBe(400);
    expect(noKey.body.details.errors[0].field).toBe('clientPublicKey');
    const challenge = await client.post(`/auth/credentials/${credential.id}/challenge`, { clientPublicKey: generateP256KeyPair().publicKey });
    const noId = await client.post(`/auth/credentials/${credential.id}/verify`, { type: 'PASSKEY', assertion: passkey.assert(challenge.body.challenge) });
    expect(noId.status).toBe(401);
    expect(noId.body.code).toBe('REQUEST_ID_MISSING');
  });

  it.each([
    ['another challenge', (p: SoftwarePasskey) => p.assert('00'.repeat(32)), /challenge/],
    ['another origin', (p: SoftwarePasskey, c: string) => p.assert(c, { origin: 'https://evil.example' }), /origin/],
    ['user not present', (p: SoftwarePasskey, c: string) => p.assert(c, { userPresent: false }), /User not present/],
    ['another credential', (_p: SoftwarePasskey, c: string) => new SoftwarePasskey().assert(c), /credentialId/],
  ])('refuses an assertion over %s (401)', async (_name, make, reason) => {
    const { client, credential, passkey } = await withPasskey();
    const challenge = await client.post(`/auth/credentials/${credential.id}/challenge`, { clientPublicKey: generateP256KeyPair().publicKey });
    const reply = await client.post(`/auth/credentials/${credential.id}/verify`, { type: 'PASSKEY', assertion: make(passkey, challenge.body.challenge) }, { 'request-id': challenge.body.requestId });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('UNAUTHORIZED');
    expect(reply.body.reason).toMatch(reason);
  });

  it('refuses a bad signature and a signature counter that did not rise', async () => {
    const { client, credential, passkey } = await withPasskey();
    const challenge = await client.post(`/auth/credentials/${credential.id}/challenge`, { clientPublicKey: generateP256KeyPair().publicKey });
    const forged = { ...passkey.assert(challenge.body.challenge), signature: new SoftwarePasskey().assert('x').signature };
    expect((await client.post(`/auth/credentials/${credential.id}/verify`, { type: 'PASSKEY', assertion: forged }, { 'request-id': challenge.body.requestId })).status).toBe(401);
    expect((await passkeyLogin(client, credential.id, passkey, generateP256KeyPair().publicKey)).status).toBe(200);
    const replayChallenge = await client.post(`/auth/credentials/${credential.id}/challenge`, { clientPublicKey: generateP256KeyPair().publicKey });
    const cloned = passkey.assert(replayChallenge.body.challenge, { counter: 1 });
    const replay = await client.post(`/auth/credentials/${credential.id}/verify`, { type: 'PASSKEY', assertion: cloned }, { 'request-id': replayChallenge.body.requestId });
    expect(replay.status).toBe(401);
    expect(replay.body.reason).toMatch(/counter/);
  });

  it('uses a challenge once and only before it expires', async () => {
    const { client, credential, passkey } = await withPasskey();
    const challenge = await client.post(`/auth/credentials/${credential.id}/challenge`, { clientPublicKey: generateP256KeyPair().publicKey });
    const verify = () => client.post(`/auth/credentials/${credential.id}/verify`, { type: 'PASSKEY', assertion: passkey.assert(challenge.body.challenge) }, { 'request-id': challenge.body.requestId });
    expect((await verify()).status).toBe(200);
    const again = await verify();
    expect(again.status).toBe(401);
    expect(again.body.reason).toMatch(/already used/);
    const late = await client.post(`/auth/credentials/${credential.id}/challenge`, { clientPublicKey: generateP256KeyPair().publicKey });
    await advance(client, 301);
    const expired = await client.post(`/auth/credentials/${credential.id}/verify`, { type: 'PASSKEY', assertion: passkey.assert(late.body.challenge) }, { 'request-id': late.body.requestId });
    expect(expired.body.reason).toMatch(/expired/);
  });

  it('accepts the legacy assertion signature literal (credential id still checked)', async () => {
    const { client, credential, passkey } = await withPasskey();
    const challenge = await client.post(`/auth/credentials/${credential.id}/challenge`, { clientPublicKey: generateP256KeyPair().publicKey });
    const legacy = { ...passkey.assert('whatever'), signature: 'sandbox-valid-passkey-signature' };
    const reply = await client.post(`/auth/credentials/${credential.id}/verify`, { type: 'PASSKEY', assertion: legacy }, { 'request-id': challenge.body.requestId });
    expect(reply.status).toBe(200);
  });

  it('refuses a second registration of the same WebAuthn credential id', async () => {
    const { client, registration } = await withPasskey();
    const reply = await client.post('/auth/credentials', registration);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('PASSKEY_CREDENTIAL_ALREADY_EXISTS');
  });

  it('refuses an attestation for another challenge, origin or RP ID (400)', async () => {
    const box = await walletSandbox();
    const wallet = await box.openWallet();
    const cases = [
      { challenge: 'other', attestation: new SoftwarePasskey().register(REGISTRATION_CHALLENGE) },
      { challenge: REGISTRATION_CHALLENGE, attestation: new SoftwarePasskey({ origin: 'https://evil.example' }).register(REGISTRATION_CHALLENGE) },
      { challenge: REGISTRATION_CHALLENGE, attestation: new SoftwarePasskey({ rpId: 'evil.example', origin: 'http://localhost' }).register(REGISTRATION_CHALLENGE) },
    ];
    for (const c of cases) {
      const reply = await box.client.post('/auth/credentials', { type: 'PASSKEY', accountId: wallet.accountId, nickname: 'x', ...c });
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('INVALID_INPUT');
      expect(reply.body.details.errors[0].field).toBe('attestation');
    }
  });

  it('follows the configured relying party', async () => {
    const passkey = new SoftwarePasskey({ rpId: 'wallet.example', origin: 'https://wallet.example' });
    const { client, credential } = await withPasskey({ relyingPartyId: 'wallet.example', allowedOrigins: ['https://wallet.example'] }, passkey);
    expect((await passkeyLogin(client, credential.id, passkey, generateP256KeyPair().publicKey)).status).toBe(200);
    expect((await client.get('/__admin/wallet')).body.relyingPartyId).toBe('wallet.example');
  });

  it('re-authenticates after the session expires with challenge then verify (rule 5)', async () => {
    const { client, credential, passkey, wallet } = await withPasskey();
    const key = generateP256KeyPair();
    expect((await passkeyLogin(client, credential.id, passkey, key.publicKey)).status).toBe(200);
    await advance(client, 15 * 60 + 1);
    const stale = await client.patch(`/internal-accounts/${wallet.accountId}`, { privateEnabled: true });
    expect(stale.status).toBe(202);
    const again = await passkeyLogin(client, credential.id, passkey, key.publicKey);
    expect(again.status).toBe(200);
    expect((await signed(client, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, key)).status).toBe(200);
  });
});
