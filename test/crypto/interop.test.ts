/**
 * The sandbox's wire formats against the real client libraries: whatever the
 * client side produces, the server reads; whatever the server produces, the
 * client side opens.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { describe, expect, it } from 'vitest';
import { decryptCredentialBundle, decryptExportBundle, encryptOtpCodeToBundle, generateP256KeyPair } from '@turnkey/crypto';
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { exportBundle, openOtpBundle, otpTargetBundle, sealSessionKey, walletMnemonic } from '../../src/crypto/bundles.js';
import { SANDBOX_SIGNER_PUBLIC_KEY } from '../../src/crypto/enclave.js';
import { newHpkeKeyPair } from '../../src/crypto/hpke.js';
import { bytesToHex, compressedHex, newP256KeyPair } from '../../src/crypto/keys.js';
import { parseStamp, verifyStamp } from '../../src/crypto/stamp.js';

describe('wire formats with @turnkey/crypto and @turnkey/api-key-stamper', () => {
  it('opens an OTP bundle sealed by the client to the signed target bundle', async () => {
    const target = await newHpkeKeyPair();
    const session = generateP256KeyPair();
    const bundle = await encryptOtpCodeToBundle('000000', otpTargetBundle(target), session.publicKey, SANDBOX_SIGNER_PUBLIC_KEY);
    expect(await openOtpBundle(target, bundle)).toEqual({ otpCode: '000000', publicKey: session.publicKey });
  });

  it('refuses a bundle sealed to another target', async () => {
    const target = await newHpkeKeyPair();
    const other = await newHpkeKeyPair();
    const bundle = await encryptOtpCodeToBundle('000000', otpTargetBundle(other), generateP256KeyPair().publicKey, SANDBOX_SIGNER_PUBLIC_KEY);
    expect(await openOtpBundle(target, bundle)).toBeUndefined();
  });

  it('seals a session key the client opens with decryptCredentialBundle', async () => {
    const client = generateP256KeyPair();
    const session = newP256KeyPair();
    const bundle = await sealSessionKey(client.publicKeyUncompressed, session.privateKey);
    expect(decryptCredentialBundle(bundle, client.privateKey)).toBe(bytesToHex(session.privateKey));
  });

  it('exports a mnemonic the client opens with decryptExportBundle', async () => {
    const client = generateP256KeyPair();
    const mnemonic = walletMnemonic('InternalAccount:test');
    const bundle = await exportBundle(client.publicKeyUncompressed, mnemonic, 'tenant-x');
    const opened = await decryptExportBundle({ exportBundle: bundle, embeddedKey: client.privateKey, organizationId: 'tenant-x', dangerouslyOverrideSignerPublicKey: SANDBOX_SIGNER_PUBLIC_KEY, returnMnemonic: true });
    expect(opened).toBe(mnemonic);
    expect(mnemonic.split(' ')).toHaveLength(12);
  });

  it('verifies stamps made by ApiKeyStamper, and only over the exact payload', async () => {
    const key = generateP256KeyPair();
    const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
    for (const payload of ['{"a":1}', ' {"a":1}', 'x'.repeat(2000)]) {
      const { stampHeaderValue } = await stamper.stamp(payload);
      const stamp = parseStamp(stampHeaderValue)!;
      expect(stamp.publicKey).toBe(key.publicKey);
      expect(verifyStamp(stamp, payload)).toBe(true);
      expect(verifyStamp(stamp, `${payload} `)).toBe(false);
    }
    expect(parseStamp('not-a-stamp!')).toBeUndefined();
    expect(parseStamp(Buffer.from(JSON.stringify({ publicKey: key.publicKey, scheme: 'OTHER', signature: '30' })).toString('base64url'))).toBeUndefined();
  });

  it('verifies high-S signatures, as signers that do not normalise S make them', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const compressed = compressedHex(`04${Buffer.from(jwk.x!, 'base64url').toString('hex')}${Buffer.from(jwk.y!, 'base64url').toString('hex')}`)!;
    const half = p256.Point.CURVE().n / 2n;
    let highS = 0;
    for (let i = 0; i < 40; i++) {
      const der = sign('sha256', Buffer.from(`payload ${i}`), { key: privateKey, dsaEncoding: 'der' });
      if (p256.Signature.fromBytes(der, 'der').s > half) highS++;
      expect(verifyStamp({ publicKey: compressed, scheme: 'SIGNATURE_SCHEME_TK_API_P256', signature: der.toString('hex') }, `payload ${i}`)).toBe(true);
    }
    expect(highS).toBeGreaterThan(0);
  });
});
