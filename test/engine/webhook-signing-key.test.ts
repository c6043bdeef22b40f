/**
 * The webhook signing key of a data directory outlives the process: a
 * receiver that pinned the public key keeps verifying after a restart.
 */
import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhookSigner } from '../../src/webhooks/signer.js';
import { signatureOfHeader } from '../support/webhook-signature.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paysandbox-signer-'));
  dirs.push(dir);
  return dir;
}

describe('the webhook signing key', () => {
  it('is written to the data directory (0600) on first use and read back by the next start', () => {
    const dir = dataDir();
    const first = WebhookSigner.open(dir);
    expect(statSync(join(dir, 'webhook-signing-key.pem')).mode & 0o777).toBe(0o600);
    const again = WebhookSigner.open(dir);
    expect(again.publicKeyHex).toBe(first.publicKeyHex);
    expect(again.publicKeyPem).toBe(first.publicKeyPem);
    // What the restarted one signs, the key pinned before the restart verifies (UTF-8 body).
    const body = '{"type":"CUSTOMER.KYC_APPROVED","name":"Zoë Ångström €"}';
    expect(verify('sha256', Buffer.from(body, 'utf8'), { key: createPublicKey(first.publicKeyPem), dsaEncoding: 'der' }, signatureOfHeader(again.sign(body)))).toBe(true);
    expect(readFileSync(join(dir, 'webhook-signing-key.pem'), 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
  });

  it('is a new one for every sandbox without a data directory, and for another directory', () => {
    const keys = new Set([WebhookSigner.open().publicKeyHex, WebhookSigner.open().publicKeyHex, WebhookSigner.open(dataDir()).publicKeyHex, WebhookSigner.open(dataDir()).publicKeyHex]);
    expect(keys.size).toBe(4);
    for (const key of keys) expect(key).toMatch(/^04[0-9a-f]{128}$/);
  });
});
