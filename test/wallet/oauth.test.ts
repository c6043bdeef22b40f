/** OAUTH credentials: OIDC claim checks of sandbox rule 3, one 401 per check, and both session-key flows. */
import { describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import { createHash } from 'node:crypto';
import { advance, generateP256KeyPair, otpLogin, sealedSessionKey, signed, realNow, walletSandbox } from './helpers.js';
import type { Client } from '../helpers.js';
import { manualTime } from '../../src/core/clock.js';

const issuerKey = await generateKeyPair('ES256');
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** A JWT signed by a throwaway issuer key (the sandbox checks claims, not issuer signatures). */
async function oidcToken(nowMs: number, claims: Record<string, unknown> = {}): Promise<string> {
  const now = Math.floor(nowMs / 1000);
  const payload = { iss: 'https://accounts.google.com', aud: 'my-app', sub: 'user-1', email: 'user@gmail.com', iat: now, exp: now + 600, ...claims };
  for (const [k, v] of Object.entries(payload)) if (v === undefined) delete (payload as Record<string, unknown>)[k];
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', typ: 'JWT' }).sign(issuerKey.privateKey);
}

async function withOauth(claims: Record<string, unknown> = {}) {
  const box = await walletSandbox();
  const wallet = await box.openWallet();
  const { key } = await otpLogin(box.client, wallet.emailCredentialId);
  const created = await signed(box.client, 'POST', '/auth/credentials', { type: 'OAUTH', accountId: wallet.accountId, oidcToken: await oidcToken(await realNow(box.client), claims) }, key);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { ...box, wallet, otpKey: key, credential: created.body };
}

async function verify(client: Client, id: string, clientPublicKey: string, claims: Record<string, unknown> = {}) {
  const token = await oidcToken(await realNow(client), { nonce: sha256Hex(clientPublicKey), ...claims });
  return client.post(`/auth/credentials/${id}/verify`, { type: 'OAUTH', oidcToken: token, clientPublicKey });
}


describe('OAUTH', () => {
  it('registers with the identity of the token; nickname from the email claim', async () => {
    const { credential, wallet } = await withOauth();
    expect(credential).toMatchObject({ id: expect.stringMatching(/^AuthMethod:/), accountId: wallet.accountId, type: 'OAUTH', nickname: 'user@gmail.com' });
    expect(credential.identity).toBeUndefined();
  });

  it('verifies with an uncompressed clientPublicKey: the sealed session key opens with decryptCredentialBundle and signs', async () => {
    const { client, credential, wallet } = await withOauth();
    const clientKey = generateP256KeyPair();
    const session = await verify(client, credential.id, clientKey.publicKeyUncompressed);
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body).toMatchObject({ id: expect.stringMatching(/^Session:/), type: 'OAUTH', accountId: wallet.accountId, expiresAt: expect.any(String), encryptedSessionSigningKey: expect.any(String) });
    const sessionKey = sealedSessionKey(session.body.encryptedSessionSigningKey, clientKey);
    expect((await signed(client, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, sessionKey)).status).toBe(200);
    // The client key itself is not the session key.
    const first = await client.patch(`/internal-accounts/${wallet.accountId}`, { privateEnabled: false });
    expect(first.status).toBe(202);
  });

  it('verifies with a compressed clientPublicKey: the client keeps its key, nothing sealed comes back', async () => {
    const { client, credential, wallet } = await withOauth();
    const clientKey = generateP256KeyPair();
    const session = await verify(client, credential.id, clientKey.publicKey);
    expect(session.status).toBe(200);
    expect(session.body.encryptedSessionSigningKey).toBeUndefined();
    expect((await signed(client, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, clientKey)).status).toBe(200);
  });

  const failing: [string, Record<string, unknown>, RegExp][] = [
    ['unsupported issuer', { iss: 'https://evil.example' }, /iss .* not a supported issuer/],
    ['empty aud', { aud: '' }, /aud must be/],
    ['two audiences', { aud: ['a', 'b'] }, /aud must be/],
    ['missing sub', { sub: undefined }, /sub must be/],
    ['iat not a number', { iat: 'yesterday' }, /iat must be a number/],
    ['stale iat', { iatOffset: -66 }, /more than 60 seconds old/],
    ['future iat', { iatOffset: 6 }, /iat is in the future/],
    ['missing exp', { exp: undefined }, /exp must be a number/],
    ['expired', { expOffset: -1 }, /exp has passed/],
  ];

  it.each(failing)('refuses registration: %s (401 naming the check)', async (_name, claims, reason) => {
    const box = await walletSandbox();
    const wallet = await box.openWallet();
    const now = await realNow(box.client);
    const { iatOffset, expOffset, ...rest } = claims as { iatOffset?: number; expOffset?: number };
    const seconds = Math.floor(now / 1000);
    const token = await oidcToken(now, { ...rest, ...(iatOffset !== undefined ? { iat: seconds + iatOffset } : {}), ...(expOffset !== undefined ? { exp: seconds + expOffset } : {}) });
    const reply = await box.client.post('/auth/credentials', { type: 'OAUTH', accountId: wallet.accountId, oidcToken: token });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('UNAUTHORIZED');
    expect(reply.body.reason).toMatch(reason);
  });

  it('accepts the edges: aud as a one-element array, iat 60 s old plus 5 s skew, the bare Google issuer and Apple', async () => {
    // A stopped clock, so the edges are exact.
    const box = await walletSandbox({ time: manualTime(Date.parse('2026-03-01T12:00:00Z')) });
    const now = await realNow(box.client);
    const seconds = now / 1000;
    for (const claims of [{ aud: ['my-app'] }, { iat: seconds - 65 }, { iat: seconds + 5 }, { iss: 'accounts.google.com' }, { iss: 'https://appleid.apple.com' }]) {
      const wallet = await box.openWallet();
      // The wallet already has its EMAIL_OTP credential, so the first leg answers 202 once the token passes.
      const reply = await box.client.post('/auth/credentials', { type: 'OAUTH', accountId: wallet.accountId, oidcToken: await oidcToken(now, claims) });
      expect(reply.status, JSON.stringify(claims)).toBe(202);
      expect(reply.body.type).toBe('OAUTH');
    }
  });

  it('judges iat and exp by real time: a token minted now is fresh after the tenant clock moved hours ahead; sessions stay on the tenant clock', async () => {
    const realStart = Date.parse('2026-03-01T12:00:00Z');
    const time = manualTime(realStart);
    const box = await walletSandbox({ time });
    const wallet = await box.openWallet();
    await advance(box.client, 2 * 3600);
    const { key } = await otpLogin(box.client, wallet.emailCredentialId);
    const clock = (await box.client.get('/__admin/clock')).body;
    expect(clock).toMatchObject({ now: '2026-03-01T14:00:00.000Z', realNow: '2026-03-01T12:00:00.000Z', offsetSeconds: 7200 });

    // Minted now by the identity provider (real time), with an exp that has long passed on the tenant's clock.
    const fresh = await oidcToken(realStart, { exp: realStart / 1000 + 60 });
    const created = await signed(box.client, 'POST', '/auth/credentials', { type: 'OAUTH', accountId: wallet.accountId, oidcToken: fresh }, key);
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    // A token dated by the tenant's clock is two hours in the future as far as the world is concerned.
    const clientKey = generateP256KeyPair();
    const travelled = await oidcToken(realStart + 2 * 3600_000, { nonce: sha256Hex(clientKey.publicKey) });
    const refused = await box.client.post(`/auth/credentials/${created.body.id}/verify`, { type: 'OAUTH', oidcToken: travelled, clientPublicKey: clientKey.publicKey });
    expect(refused).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED', reason: expect.stringMatching(/iat is in the future/) } });

    const session = await box.client.post(`/auth/credentials/${created.body.id}/verify`, { type: 'OAUTH', oidcToken: await oidcToken(realStart, { nonce: sha256Hex(clientKey.publicKey) }), clientPublicKey: clientKey.publicKey });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    // What the sandbox issues is dated by the tenant's clock: the session lasts 15 minutes of it.
    expect(Date.parse(session.body.expiresAt) - Date.parse(clock.now)).toBe(15 * 60_000);

    // Real time moving on makes the same token stale, whatever the tenant clock says (60 s plus 5 s of skew).
    time.advance(65_000);
    const atEdge = await box.client.post(`/auth/credentials/${created.body.id}/verify`, { type: 'OAUTH', oidcToken: await oidcToken(realStart, { nonce: sha256Hex(clientKey.publicKey) }), clientPublicKey: clientKey.publicKey });
    expect(atEdge.status).toBe(200);
    time.advance(1_000);
    const stale = await box.client.post(`/auth/credentials/${created.body.id}/verify`, { type: 'OAUTH', oidcToken: await oidcToken(realStart, { nonce: sha256Hex(clientKey.publicKey) }), clientPublicKey: clientKey.publicKey });
    expect(stale).toMatchObject({ status: 401, body: { reason: expect.stringMatching(/more than 60 seconds old/) } });
  });

  it('refuses a malformed JWT with 400 and the former literal token with 401', async () => {
    const { client, credential } = await withOauth();
    for (const oidcToken of ['abc', 'a.b.c', `${Buffer.from('{"alg":"none"}').toString('base64url')}.bm90IGpzb24.x`]) {
      const reply = await client.post(`/auth/credentials/${credential.id}/verify`, { type: 'OAUTH', oidcToken, clientPublicKey: generateP256KeyPair().publicKey });
      expect(reply.status, oidcToken).toBe(400);
      expect(reply.body.code).toBe('INVALID_INPUT');
    }
    const legacy = await client.post(`/auth/credentials/${credential.id}/verify`, { type: 'OAUTH', oidcToken: 'sandbox-valid-oidc-token', clientPublicKey: generateP256KeyPair().publicKey });
    expect(legacy.status).toBe(401);
  });

  it.each([
    ['iss', { iss: 'https://appleid.apple.com' }, /iss does not match/],
    ['aud', { aud: 'other-app' }, /aud does not match/],
    ['sub', { sub: 'user-2' }, /sub does not match/],
    ['nonce missing', { nonce: undefined }, /nonce is missing/],
    ['nonce of another key', { nonce: sha256Hex('04abc') }, /nonce is not the SHA-256/],
  ])('refuses verification when %s differs (401)', async (_name, claims, reason) => {
    const { client, credential } = await withOauth();
    const reply = await verify(client, credential.id, generateP256KeyPair().publicKey, claims);
    expect(reply.status).toBe(401);
    expect(reply.body.reason).toMatch(reason);
  });

  it('binds the nonce to the exact clientPublicKey string (case matters)', async () => {
    const { client, credential } = await withOauth();
    const key = generateP256KeyPair().publicKey;
    const token = await oidcToken(await realNow(client), { nonce: sha256Hex(key.toUpperCase()) });
    const reply = await client.post(`/auth/credentials/${credential.id}/verify`, { type: 'OAUTH', oidcToken: token, clientPublicKey: key });
    expect(reply.status).toBe(401);
  });

  it('re-authenticates after expiry with /verify alone and a fresh token (rule 5)', async () => {
    const { client, credential, wallet } = await withOauth();
    const clientKey = generateP256KeyPair();
    expect((await verify(client, credential.id, clientKey.publicKey)).status).toBe(200);
    await advance(client, 15 * 60 + 1);
    expect((await client.get(`/auth/sessions?accountId=${wallet.accountId}`)).body.data).toEqual([]);
    const again = await verify(client, credential.id, clientKey.publicKey);
    expect(again.status).toBe(200);
    expect((await signed(client, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, clientKey)).status).toBe(200);
  });

  it('allows one OAUTH credential per identity; another identity is fine', async () => {
    const { client, wallet, otpKey } = await withOauth();
    const same = await client.post('/auth/credentials', { type: 'OAUTH', accountId: wallet.accountId, oidcToken: await oidcToken(await realNow(client)) });
    expect(same.status).toBe(400);
    expect(same.body.code).toBe('INVALID_INPUT');
    const other = await signed(client, 'POST', '/auth/credentials', { type: 'OAUTH', accountId: wallet.accountId, oidcToken: await oidcToken(await realNow(client), { sub: 'user-2' }) }, otpKey);
    expect(other.status).toBe(201);
  });

  it('needs no challenge: /challenge on an OAUTH credential is 400', async () => {
    const { client, credential } = await withOauth();
    const reply = await client.post(`/auth/credentials/${credential.id}/challenge`, {});
    expect(reply.status).toBe(400);
  });
});
