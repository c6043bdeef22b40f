/** The client side of the HPKE bundles: seal the OTP, open a sealed session key, open an export. */
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { SANDBOX_SIGNER_PUBLIC_KEY } from '../crypto/enclave.js';
import { hpkeOpen, hpkeSeal } from '../crypto/hpke.js';
import { bytesToHex, hexToBytes } from '../crypto/keys.js';
import { keyPairFromPrivateKey, type ClientKeyPair } from './keys.js';

const base58check = createBase58check(sha256);

/** Reads a signed bundle `{version, data, dataSignature, enclaveQuorumPublic}`, checking the signature against the trusted signer. */
function openSignedBundle(bundle: string, signerPublicKey: string): Record<string, unknown> {
  const { data, dataSignature, enclaveQuorumPublic } = JSON.parse(bundle) as Record<string, string>;
  if (typeof data !== 'string' || typeof dataSignature !== 'string') throw new Error('not a signed bundle');
  if (enclaveQuorumPublic !== signerPublicKey) throw new Error('the bundle is signed by an untrusted key');
  const bytes = hexToBytes(data)!;
  if (!p256.verify(hexToBytes(dataSignature)!, bytes, hexToBytes(signerPublicKey)!, { prehash: true, format: 'der', lowS: false })) {
    throw new Error('the bundle signature does not verify');
  }
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
}

export interface OtpBundleInput {
  /** The `otpEncryptionTargetBundle` of the challenge response. */
  otpEncryptionTargetBundle: string;
  /** The session key to be: its public key goes in the bundle, its private key stamps the retry. */
  sessionKey: Pick<ClientKeyPair, 'publicKey'>;
  /** The sandbox always "delivers" 000000. */
  otpCode?: string;
  signerPublicKey?: string;
}

/** The `encryptedOtpBundle` for verify: `{"otp_code","public_key"}` sealed to the target, as `{"encappedPublic","ciphertext"}`. */
export async function encryptOtpBundle(input: OtpBundleInput): Promise<string> {
  const { targetPublic } = openSignedBundle(input.otpEncryptionTargetBundle, input.signerPublicKey ?? SANDBOX_SIGNER_PUBLIC_KEY);
  if (typeof targetPublic !== 'string') throw new Error('the target bundle names no targetPublic');
  const plaintext = new TextEncoder().encode(JSON.stringify({ otp_code: input.otpCode ?? '000000', public_key: input.sessionKey.publicKey }));
  const { encappedPublic, ciphertext } = await hpkeSeal(targetPublic, plaintext);
  return JSON.stringify({ encappedPublic: bytesToHex(encappedPublic), ciphertext: bytesToHex(ciphertext) });
}

/** The session private key (hex) inside an `encryptedSessionSigningKey`, opened with the key whose uncompressed public half was sent. */
export async function openSessionKey(encryptedSessionSigningKey: string, clientKey: Pick<ClientKeyPair, 'privateKey'>): Promise<string> {
  const bytes = base58check.decode(encryptedSessionSigningKey);
  const pair = keyPairFromPrivateKey(clientKey.privateKey);
  const plaintext = await hpkeOpen({ privateKey: pair.privateKey, publicKey: pair.publicKeyUncompressed }, bytes.subarray(0, 33), bytes.subarray(33));
  return bytesToHex(plaintext);
}

/** The mnemonic inside `encryptedWalletCredentials`, for the organization (tenant) it names. */
export async function openExportBundle(encryptedWalletCredentials: string, clientKey: Pick<ClientKeyPair, 'privateKey'>, organizationId: string, signerPublicKey = SANDBOX_SIGNER_PUBLIC_KEY): Promise<string> {
  const data = openSignedBundle(encryptedWalletCredentials, signerPublicKey);
  if (data.organizationId !== organizationId) throw new Error('the export was made for another organization');
  const pair = keyPairFromPrivateKey(clientKey.privateKey);
  const plaintext = await hpkeOpen({ privateKey: pair.privateKey, publicKey: pair.publicKeyUncompressed }, hexToBytes(String(data.encappedPublic))!, hexToBytes(String(data.ciphertext))!);
  return new TextDecoder().decode(plaintext);
}
