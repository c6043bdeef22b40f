/**
 * A throw-away TLS certificate for the HTTPS tests, made by Debian's openssl
 * in a temporary directory (as a user makes one with mkcert or openssl).
 * Absent openssl, the tests that need it are skipped with a notice, unless
 * PAYSANDBOX_REQUIRE_OPENSSL is set.
 */
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificate {
  dir: string;
  certFile: string;
  keyFile: string;
  cert: string;
  key: string;
  /** base64 SHA-256 of the public key (SPKI): what Chromium's --ignore-certificate-errors-spki-list takes. */
  spkiHash: string;
}

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const opensslAvailable = hasOpenssl();
if (!opensslAvailable && process.env.PAYSANDBOX_REQUIRE_OPENSSL) throw new Error('openssl is required for the HTTPS tests (apt-get install -y openssl)');
if (!opensslAvailable) console.warn('HTTPS tests skipped: no openssl on the PATH to make a test certificate');

/** A self-signed P-256 certificate for `names` (DNS names) and 127.0.0.1, valid for two days. */
export function makeCertificate(names: string[] = ['sandbox.test', 'localhost']): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'paysandbox-tls-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  const san = [...names.map((n) => `DNS:${n}`), 'IP:127.0.0.1'].join(',');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', `/CN=${names[0]}`, '-addext', `subjectAltName=${san}`],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(certFile, 'utf8');
  const spki = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
  return { dir, certFile, keyFile, cert, key: readFileSync(keyFile, 'utf8'), spkiHash: createHash('sha256').update(spki).digest('base64') };
}

/** A request over HTTPS that trusts `ca` (the test's certificate) only; the status and the body as text. */
export function httpsCall(url: string, ca: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { method: options.method ?? 'GET', ca, headers: options.headers ?? {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
