/**
 * The client side of the wallet flows in tests: @turnkey/crypto and
 * @turnkey/api-key-stamper, as production client code uses them.
 */
import { expect } from 'vitest';
import { decryptCredentialBundle, encryptOtpCodeToBundle, generateP256KeyPair, getPublicKey } from '@turnkey/crypto';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { SANDBOX_SIGNER_PUBLIC_KEY } from '../../src/crypto/enclave.js';
import { SoftwarePasskey } from '../../src/client/index.js';
import { individual, makeSandbox, type Client, type Reply } from '../helpers.js';

export type KeyPair = ReturnType<typeof generateP256KeyPair>;
export { generateP256KeyPair };

/** The session key inside an encryptedSessionSigningKey sealed to `clientKey`, opened the way production clients do. */
export function sealedSessionKey(encryptedSessionSigningKey: string, clientKey: KeyPair): KeyPair {
  const privateKey = decryptCredentialBundle(encryptedSessionSigningKey, clientKey.privateKey);
  const hex = (compressed: boolean) => Buffer.from(getPublicKey(privateKey, compressed)).toString('hex');
  return { privateKey, publicKey: hex(true), publicKeyUncompressed: hex(false) };
}

export async function stampOf(payload: string, key: KeyPair): Promise<string> {
  const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
  return (await stamper.stamp(payload)).stampHeaderValue;
}

/** The wallet signature header alone: how a stamp of a quote's own payloadToSign is sent (no Request-Id). */
export const walletSignatureHeader = (signature: string) => ({ 'service-wallet-signature': signature });

export const signedHeaders = (signature: string, requestId: string) => ({ ...walletSignatureHeader(signature), 'request-id': requestId });

export interface Wallet {
  client: Client;
  customerId: string;
  accountId: string;
  /** The EMAIL_OTP credential the wallet was opened with. */
  emailCredentialId: string;
}

/** A sandbox whose platform has embedded wallets, and a customer with one. */
export async function walletSandbox(options: Parameters<typeof makeSandbox>[0] = {}, config: Record<string, unknown> = {}) {
  const sandbox = makeSandbox(options);
  const client = sandbox.client();
  expect((await client.patch('/config', { embeddedWalletConfig: { appName: 'Test Wallet', ...config } })).status).toBe(200);
  return { ...sandbox, client, openWallet: (overrides: Record<string, unknown> = {}) => openWallet(client, overrides) };
}

export async function openWallet(client: Client, overrides: Record<string, unknown> = {}): Promise<Wallet> {
  const customer = await client.post('/customers', individual({ email: `w${Math.random().toString(36).slice(2, 8)}@example.com`, ...overrides }));
  expect(customer.status).toBe(201);
  const accounts = await client.get(`/customers/internal-accounts?customerId=${customer.body.id}&type=EMBEDDED_WALLET`);
  expect(accounts.body.data).toHaveLength(1);
  const accountId = accounts.body.data[0].id;
  const credentials = await client.get(`/auth/credentials?accountId=${accountId}`);
  return { client, customerId: customer.body.id, accountId, emailCredentialId: credentials.body.data[0].id };
}

/** Signs in with an OTP credential: challenge, seal 000000 to the target, verify, stamp the retry with the bundle's key. */
export async function otpLogin(client: Client, credentialId: string, key: KeyPair = generateP256KeyPair()) {
  const challenge = await client.post(`/auth/credentials/${credentialId}/challenge`, {});
  expect(challenge.status).toBe(200);
  const bundle = await encryptOtpCodeToBundle('000000', challenge.body.otpEncryptionTargetBundle, key.publicKey, SANDBOX_SIGNER_PUBLIC_KEY);
  const body = { type: challenge.body.type, encryptedOtpBundle: bundle };
  const first = await client.post(`/auth/credentials/${credentialId}/verify`, body);
  expect(first.status).toBe(202);
  const session = await client.post(`/auth/credentials/${credentialId}/verify`, body, signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId));
  expect(session.status).toBe(200);
  return { session: session.body, key };
}

/** A whole signed retry: the first leg must be 202; the retry is stamped with `key`. */
export async function signed<T = any>(client: Client, method: string, path: string, body: unknown, key: KeyPair): Promise<Reply<T>> {
  const first = await client.call(method, path, body);
  expect(first.status, JSON.stringify(first.body)).toBe(202);
  return client.call<T>(method, path, body, signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId));
}

/** Moves the tenant clock forward. */
export async function advance(client: Client, seconds: number): Promise<void> {
  expect((await client.post('/__admin/clock/advance', { seconds })).status).toBe(200);
}

/** The tenant's clock, in ms: what the sandbox issues (sessions, challenges) is dated by it. */
export async function tenantNow(client: Client): Promise<number> {
  return Date.parse((await client.get('/__admin/clock')).body.now);
}

/** Real time as the sandbox reads it, in ms: an OIDC token's iat and exp are judged by it, however far the tenant's clock has travelled. */
export async function realNow(client: Client): Promise<number> {
  return Date.parse((await client.get('/__admin/clock')).body.realNow);
}

export const REGISTRATION_CHALLENGE = 'platform-registration-challenge-1';

/** A wallet with a PASSKEY credential, registered by a signed retry stamped with an EMAIL_OTP session key. */
export async function withPasskey(config: Record<string, unknown> = {}, passkey = new SoftwarePasskey()) {
  const box = await walletSandbox({}, config);
  const wallet = await box.openWallet();
  const { key } = await otpLogin(box.client, wallet.emailCredentialId);
  const body = { type: 'PASSKEY', accountId: wallet.accountId, nickname: 'My laptop', challenge: REGISTRATION_CHALLENGE, attestation: passkey.register(REGISTRATION_CHALLENGE) };
  const created = await signed(box.client, 'POST', '/auth/credentials', body, key);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { ...box, wallet, otpKey: key, passkey, credential: created.body, registration: body };
}

/** Signs in with the passkey: challenge with `clientPublicKey`, verify with the assertion and the Request-Id. */
export async function passkeyLogin(client: Client, credentialId: string, passkey: SoftwarePasskey, clientPublicKey: string) {
  const challenge = await client.post(`/auth/credentials/${credentialId}/challenge`, { clientPublicKey });
  expect(challenge.status).toBe(200);
  return client.post(`/auth/credentials/${credentialId}/verify`, { type: 'PASSKEY', assertion: passkey.assert(challenge.body.challenge) }, { 'request-id': challenge.body.requestId });
}
