/** The paysandbox command for phones and tunnels: --host 0.0.0.0's banner, --tls-cert/--tls-key, --trust-proxy. Connections go to 127.0.0.1 only. */
import { generateKeyPairSync } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandPerTest, run, start, AUTH } from './command.js';
import { httpsCall, makeCertificate, opensslAvailable, type TestCertificate } from '../support/certificate.js';

const { dir: cwd } = commandPerTest();

async function httpsPost(url: string, ca: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const res = await httpsCall(url, ca, { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: JSON.parse(res.text) };
}

describe('listening on every interface', () => {
  it('prints loopback as the API address, never 0.0.0.0, and each network address as JSON too', async () => {
    const { url, output } = await start(['--memory', '--host', '0.0.0.0']);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/2025-10-13$/);
    const banner = output();
    expect(banner).not.toMatch(/0\.0\.0\.0:/);
    expect(banner).toContain('not on loopback');
    // Every Network line is an address of a non-internal interface of this machine.
    const { networkInterfaces } = await import('node:os');
    const own = Object.values(networkInterfaces()).flatMap((l) => l ?? []).filter((i) => !i.internal && i.family === 'IPv4').map((i) => i.address);
    const listed = [...banner.matchAll(/Network\s+http:\/\/([^:/]+):\d+\//g)].map((m) => m[1]);
    expect(listed).toEqual(own);
    const json = await start(['--memory', '--host', '0.0.0.0', '--log', 'json']);
    const line = JSON.parse(json.output().split('\n').find((l) => l.includes('"listening"'))!);
    expect(line.addresses[0]).toBe(new URL(json.url).origin);
    expect(line.addresses.slice(1).map((a: string) => new URL(a).hostname)).toEqual(own);
  });
});

describe('--tls-cert and --tls-key', () => {
  it('lists the TLS and proxy flags in --help', async () => {
    const res = await run(['--help']);
    for (const text of ['--tls-cert FILE', '--tls-key FILE', '--trust-proxy', 'PAYSANDBOX_TLS_CERT', 'PAYSANDBOX_TLS_KEY', 'PAYSANDBOX_TRUST_PROXY']) expect(res.stdout).toContain(text);
  });

  it('refuses one without the other, and unreadable files, with one line and exit code 2', async () => {
    writeFileSync(join(cwd(), 'cert.pem'), 'x');
    const alone = await run(['--memory', '--tls-cert', 'cert.pem']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toBe('paysandbox: --tls-cert and --tls-key go together: give the certificate and its private key (PEM files)\n');
    const keyAlone = await run(['--memory'], { PAYSANDBOX_TLS_KEY: 'key.pem' });
    expect(keyAlone.code).toBe(2);
    const missing = await run(['--memory', '--tls-cert', 'cert.pem', '--tls-key', 'nowhere.pem']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('paysandbox: cannot read the TLS key file nowhere.pem: ENOENT\n');
  });
});

describe.skipIf(!opensslAvailable)('HTTPS and a trusted proxy from the command line', () => {
  let certificate: TestCertificate;
  beforeAll(() => {
    certificate = makeCertificate();
  });
  afterAll(() => rmSync(certificate.dir, { recursive: true, force: true }));

  it('names a key that is not the certificate\'s in one line, exit code 2, no stack trace', async () => {
    const other = join(cwd(), 'other-key.pem');
    writeFileSync(other, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
    const res = await run(['--memory', '--port', '0', '--tls-cert', certificate.certFile, '--tls-key', other]);
    expect(res.code).toBe(2);
    expect(res.stderr).toBe('paysandbox: the TLS key is not the private key of the TLS certificate\n');
  });

  it('serves HTTPS, and with PAYSANDBOX_TRUST_PROXY=1 builds kycUrl from the forwarded host', async () => {
    const { url } = await start(['--memory', '--tls-cert', certificate.certFile, '--tls-key', certificate.keyFile], { PAYSANDBOX_TRUST_PROXY: '1' });
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/2025-10-13$/);
    const customer = await httpsPost(`${url}/customers`, certificate.cert, { customerType: 'INDIVIDUAL', fullName: 'Jane Doe', birthDate: '1990-01-31', nationality: 'US' });
    expect(customer.status).toBe(201);
    const direct = await httpsPost(`${url}/customers/${customer.body.id}/kyc-link`, certificate.cert, {});
    expect(direct.body.kycUrl.startsWith(`${new URL(url).origin}/hosted/kyc/`)).toBe(true);
    const tunnelled = await httpsPost(`${url}/customers/${customer.body.id}/kyc-link`, certificate.cert, {}, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'phone.trycloudflare.com' });
    expect(tunnelled.body.kycUrl).toMatch(/^https:\/\/phone\.trycloudflare\.com\/hosted\/kyc\//);
  });
});
