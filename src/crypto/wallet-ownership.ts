/**
 * Proof that a customer controls a self-custody wallet: the wallet signs the
 * challenge's message with its own key. Verification only; signing is the
 * wallet's business.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58 } from '@scure/base';

const EVM_WALLETS = new Set(['BASE_WALLET', 'ETHEREUM_WALLET', 'POLYGON_WALLET', 'ARBITRUM_WALLET', 'PLASMA_WALLET']);

function hexToBytes(hex: string): Uint8Array | undefined {
  const clean = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) return undefined;
  return Uint8Array.from(Buffer.from(clean, 'hex'));
}

/** EIP-191 personal_sign: the address recovered from the signature must be the wallet's. */
function verifyEip191(address: string, message: string, signatureHex: string): boolean {
  const sig = hexToBytes(signatureHex);
  if (!sig || sig.length !== 65) return false;
  const v = sig[64]!;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return false;
  const body = new TextEncoder().encode(message);
  const digest = keccak_256(new Uint8Array([...new TextEncoder().encode(`\x19Ethereum Signed Message:\n${body.length}`), ...body]));
  try {
    const recovered = secp256k1.recoverPublicKey(new Uint8Array([recovery, ...sig.subarray(0, 64)]), digest, { prehash: false });
    const uncompressed = secp256k1.Point.fromBytes(recovered).toBytes(false);
    const derived = Buffer.from(keccak_256(uncompressed.subarray(1)).subarray(12)).toString('hex');
    return derived === address.toLowerCase().replace(/^0x/, '');
  } catch {
    return false;
  }
}

/** Solana: an Ed25519 signature (base58) by the key the address encodes. */
function verifySolana(address: string, message: string, signature: string): boolean {
  try {
    const publicKey = base58.decode(address);
    const sig = base58.decode(signature);
    if (publicKey.length !== 32 || sig.length !== 64) return false;
    return ed25519.verify(sig, new TextEncoder().encode(message), publicKey);
  } catch {
    return false;
  }
}

/** Whether `signature` proves control of `address` for a wallet of `accountType`. */
export function verifyWalletSignature(accountType: string, address: string, message: string, signature: string): boolean {
  if (EVM_WALLETS.has(accountType)) return verifyEip191(address, message, signature);
  if (accountType === 'SOLANA_WALLET') return verifySolana(address, message, signature);
  return false;
}
