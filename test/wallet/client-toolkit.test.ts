/**
 * paysandbox/client, as a user's own test suite uses it: signing in and
 * signing without a browser, a device or the production client libraries.
 * Its values are cross-checked against @turnkey/crypto.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decryptCredentialBundle, decryptExportBundle, generateP256KeyPair as turnkeyKeyPair } from '@turnkey/crypto';
import * as toolkit from 'paysandbox/client';
import { walletSandbox } from './helpers.js';

const { encryptOtpBundle, generateSessionKey, openExportBundle, openSessionKey, sandboxOidcToken, serviceIdentifiers, signedRetryHeaders, stampPayload, SANDBOX_SIGNER_PUBLIC_KEY } = toolkit;

describe('paysandbox/client', () => {
  it.each(['Service', 'Grid'])('signs in with EMAIL_OTP and signs an action, end to end, under the service name %s', async (serviceName) => {
    const { client, openWallet } = await walletSandbox({ serviceName });
    const wallet = await openWallet();
    const sessionKey = generateSessionKey();
    const challenge = await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {});
    const body = { type: 'EMAIL_OTP', encryptedOtpBundle: await encryptOtpBundle({ otpEncryptionTargetBundle: challenge.body.otpEncryptionTargetBundle, sessionKey }) };
    const first = await client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, body);
    const session = await client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, body, signedRetryHeaders(stampPayload(first.body.payloadToSign, sessionKey), first.body.requestId, serviceName));
    expect(session.status).toBe(200);
    const path = `/internal-accounts/${wallet.accountId}`;
    const leg = await client.patch(path, { privateEnabled: true });
    expect(Object.keys(signedRetryHeaders('stamp', leg.body.requestId, serviceName))).toEqual([serviceIdentifiers(serviceName).walletSignatureHeader, 'Request-Id']);
    const done = await client.call('PATCH', path, { privateEnabled: true }, signedRetryHeaders(stampPayload(leg.body.payloadToSign, sessionKey), leg.body.requestId, serviceName));
    expect(done.status).toBe(200);
  });

  it('refuses a target bundle signed by an untrusted key', async () => {
    const { client, openWallet } = await walletSandbox();
    const wallet = await openWallet();
    const challenge = await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {});
    await expect(encryptOtpBundle({ otpEncryptionTargetBundle: challenge.body.otpEncryptionTargetBundle, sessionKey: generateSessionKey(), signerPublicKey: turnkeyKeyPair().publicKeyUncompressed })).rejects.toThrow(/untrusted/);
  });

  it('opens sealed session keys and exports the same way @turnkey/crypto does', async () => {
    const { client, openWallet } = await walletSandbox();
    const wallet = await openWallet();
    const otp = generateSessionKey();
    const challenge = await client.post(`/auth/credentials/${wallet.emailCredentialId}/challenge`, {});
    const body = { type: 'EMAIL_OTP', encryptedOtpBundle: await encryptOtpBundle({ otpEncryptionTargetBundle: challenge.body.otpEncryptionTargetBundle, sessionKey: otp }) };
    const first = await client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, body);
    const session = await client.post(`/auth/credentials/${wallet.emailCredentialId}/verify`, body, { 'service-wallet-signature': stampPayload(first.body.payloadToSign, otp), 'request-id': first.body.requestId });

    const clientKey = generateSessionKey();
    const refresh = { clientPublicKey: clientKey.publicKeyUncompressed };
    const leg = await client.post(`/auth/sessions/${session.body.id}/refresh`, refresh);
    const refreshed = await client.post(`/auth/sessions/${session.body.id}/refresh`, refresh, { 'service-wallet-signature': stampPayload(leg.body.payloadToSign, otp), 'request-id': leg.body.requestId });
    expect(refreshed.status).toBe(201);
    const opened = await openSessionKey(refreshed.body.encryptedSessionSigningKey, clientKey);
    expect(opened).toBe(decryptCredentialBundle(refreshed.body.encryptedSessionSigningKey, clientKey.privateKey));

    const exportKey = generateSessionKey();
    const exportBody = { clientPublicKey: exportKey.publicKeyUncompressed };
    const exportLeg = await client.post(`/internal-accounts/${wallet.accountId}/export`, exportBody);
    const exported = await client.post(`/internal-accounts/${wallet.accountId}/export`, exportBody, { 'service-wallet-signature': stampPayload(exportLeg.body.payloadToSign, { privateKey: opened }), 'request-id': exportLeg.body.requestId });
    expect(exported.status).toBe(200);
    const mnemonic = await openExportBundle(exported.body.encryptedWalletCredentials, exportKey, 'test-client');
    expect(mnemonic).toBe(await decryptExportBundle({ exportBundle: exported.body.encryptedWalletCredentials, embeddedKey: exportKey.privateKey, organizationId: 'test-client', dangerouslyOverrideSignerPublicKey: SANDBOX_SIGNER_PUBLIC_KEY, returnMnemonic: true }));
    await expect(openExportBundle(exported.body.encryptedWalletCredentials, exportKey, 'someone-else')).rejects.toThrow(/another organization/);
  });

  it('makes OIDC tokens whose nonce binds the client key', async () => {
    const key = generateSessionKey();
    const token = sandboxOidcToken({ clientPublicKey: key.publicKey, email: 'a@b.c' }, Date.parse('2026-01-01T00:00:00Z'));
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ iss: 'https://accounts.google.com', email: 'a@b.c', iat: 1767225600, exp: 1767226200 });
    expect(claims.nonce).toMatch(/^[0-9a-f]{64}$/);
    expect(token.split('.')).toHaveLength(3);
  });

  it('publishes the signer key in the control plane', async () => {
    const { client } = await walletSandbox();
    const info = await client.get('/__admin/wallet');
    expect(info.body).toEqual({
      signerPublicKey: SANDBOX_SIGNER_PUBLIC_KEY,
      otpCode: '000000',
      legacyWalletSignature: 'sandbox-valid-signature',
      legacyPasskeySignature: 'sandbox-valid-passkey-signature',
      oidcIssuers: ['https://accounts.google.com', 'accounts.google.com', 'https://appleid.apple.com'],
      relyingPartyId: 'localhost',
    });
  });
});

describe('paysandbox/client as a module', () => {
  // A user's script that imports the client pays for what the client does (signing, sealing, CBOR for passkeys), not
  // for the sandbox's WebAuthn verification: @simplewebauthn/server's helpers entry alone costs 0.4 s to import.
  it('imports no @simplewebauthn package, from any of its modules', async () => {
    const { eagerModules } = (await import('../../tools/lazy-modules.mjs' as string)) as { eagerModules: (entry: string) => Map<string, unknown> };
    const entry = join(import.meta.dirname, '..', '..', 'dist', 'src', 'client', 'index.js');
    const packages = [...eagerModules(entry).keys()].flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s+(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^.'"][^'"]*)['"]/gm)].map((m) => m[1]!));
    expect(packages).toContain('@levischuck/tiny-cbor');
    expect(packages.filter((name) => name.startsWith('@simplewebauthn/'))).toEqual([]);
  });
});
