/**
 * Phones and tunnels: the addresses a device can use, HTTPS with the user's
 * certificate, and the URLs the sandbox returns behind a trusted proxy.
 * Every connection is to 127.0.0.1.
 */
import { generateKeyPairSync } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { NetworkInterfaceInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, StartupError, type Sandbox } from '../../src/index.js';
import { servedAddresses } from '../../src/core/served-addresses.js';
import { publicOriginOf } from '../../src/core/public-origin.js';
import { addressLines } from '../../src/cli/address-lines.js';
import { individual, makeSandbox } from '../helpers.js';
import { httpsCall, makeCertificate, opensslAvailable, type TestCertificate } from '../support/certificate.js';

const info = (address: string, family: 'IPv4' | 'IPv6', internal = false): NetworkInterfaceInfo =>
  family === 'IPv4'
    ? { address, family, internal, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: `${address}/24` }
    : { address, family, internal, netmask: 'ffff:ffff:ffff:ffff::', mac: '00:00:00:00:00:00', cidr: `${address}/64`, scopeid: 0 };

/** A laptop's interfaces: loopback, Wi-Fi (IPv4, a global and a link-local IPv6), a VPN. */
const INTERFACES = {
  lo: [info('127.0.0.1', 'IPv4', true), info('::1', 'IPv6', true)],
  wlan0: [info('fe80::1c2:3ff:fe45:6789', 'IPv6'), info('2001:db8::20', 'IPv6'), info('192.168.1.20', 'IPv4')],
  tun0: [info('10.8.0.3', 'IPv4')],
};

describe('the addresses a device can use', () => {
  it('lists loopback, then every non-internal IPv4 address, for 0.0.0.0 (never 0.0.0.0 itself)', () => {
    expect(servedAddresses('0.0.0.0', 4010, 'http', () => INTERFACES)).toEqual([
      { kind: 'local', origin: 'http://127.0.0.1:4010' },
      { kind: 'network', origin: 'http://192.168.1.20:4010' },
      { kind: 'network', origin: 'http://10.8.0.3:4010' },
    ]);
  });

  it('adds the global IPv6 addresses after the IPv4 ones for ::, in brackets, without link-local ones', () => {
    expect(servedAddresses('::', 4443, 'https', () => INTERFACES)).toEqual([
      { kind: 'local', origin: 'https://localhost:4443' },
      { kind: 'network', origin: 'https://192.168.1.20:4443' },
      { kind: 'network', origin: 'https://10.8.0.3:4443' },
      { kind: 'network', origin: 'https://[2001:db8::20]:4443' },
    ]);
  });

  it('lists the one host it listens on otherwise, local or not', () => {
    expect(servedAddresses('127.0.0.1', 4010, 'http', () => INTERFACES)).toEqual([{ kind: 'local', origin: 'http://127.0.0.1:4010' }]);
    expect(servedAddresses('::1', 4010, 'http', () => INTERFACES)).toEqual([{ kind: 'local', origin: 'http://[::1]:4010' }]);
    expect(servedAddresses('192.168.1.20', 4010, 'http', () => INTERFACES)).toEqual([{ kind: 'network', origin: 'http://192.168.1.20:4010' }]);
    // A machine with no network: loopback only.
    expect(servedAddresses('0.0.0.0', 4010, 'http', () => ({ lo: INTERFACES.lo }))).toEqual([{ kind: 'local', origin: 'http://127.0.0.1:4010' }]);
  });

  it('reads the network interfaces only for a wildcard host (a start on loopback skips the scan)', () => {
    const unread = () => {
      throw new Error('the interfaces were read');
    };
    expect(servedAddresses('127.0.0.1', 4010, 'http', unread)).toEqual([{ kind: 'local', origin: 'http://127.0.0.1:4010' }]);
    expect(servedAddresses('192.168.1.20', 4010, 'http', unread)).toEqual([{ kind: 'network', origin: 'http://192.168.1.20:4010' }]);
    expect(() => servedAddresses('0.0.0.0', 4010, 'http', unread)).toThrow('the interfaces were read');
  });

  it('prints them as the banner lines: API first, one Network line for each other address', () => {
    expect(addressLines(servedAddresses('0.0.0.0', 4010, 'http', () => INTERFACES), '/2025-10-13')).toEqual([
      '  API       http://127.0.0.1:4010/2025-10-13',
      '  Network   http://192.168.1.20:4010/2025-10-13  (other devices on your network)',
      '  Network   http://10.8.0.3:4010/2025-10-13  (other devices on your network)',
    ]);
    expect(addressLines([], '/v')).toEqual([]);
  });
});

describe('the origin of the URLs the sandbox returns', () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name];
  it('follows X-Forwarded-Proto and X-Forwarded-Host only when the proxy is trusted (first of a list)', () => {
    const forwarded = headers({ 'x-forwarded-proto': 'https, http', 'x-forwarded-host': 'abc.ngrok.app, 10.0.0.1:4010' });
    expect(publicOriginOf('http://127.0.0.1:4010/v1/x', forwarded, true)).toBe('https://abc.ngrok.app');
    expect(publicOriginOf('http://127.0.0.1:4010/v1/x', forwarded, false)).toBe('http://127.0.0.1:4010');
    // Each on its own: a proto without a host keeps the request's host, and the other way round.
    expect(publicOriginOf('http://127.0.0.1:4010/', headers({ 'x-forwarded-proto': 'HTTPS' }), true)).toBe('https://127.0.0.1:4010');
    expect(publicOriginOf('http://127.0.0.1:4010/', headers({ 'x-forwarded-host': 'tunnel.example:8443' }), true)).toBe('http://tunnel.example:8443');
  });

  it('ignores forwarded values that make no origin', () => {
    for (const bad of [{ 'x-forwarded-proto': 'ftp' } as Record<string, string>, { 'x-forwarded-host': 'evil.example/path' }, { 'x-forwarded-host': 'user@evil.example' }, { 'x-forwarded-host': 'a b' }, { 'x-forwarded-host': ' , x' }]) {
      expect(publicOriginOf('http://127.0.0.1:4010/', headers(bad), true), JSON.stringify(bad)).toBe('http://127.0.0.1:4010');
    }
  });

  async function kycUrlOf(trustProxy: boolean, forwarded: Record<string, string>) {
    const client = makeSandbox(trustProxy ? { trustProxy } : {}).client();
    const customerId = (await client.post('/customers', individual())).body.id;
    const res = await client.post(`/customers/${customerId}/kyc-link`, { redirectUri: 'https://app.example.com/done' }, forwarded);
    expect(res.status).toBe(201);
    return res.body.kycUrl as string;
  }

  it('names the tunnel in kycUrl with --trust-proxy', async () => {
    const url = await kycUrlOf(true, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'abc.ngrok.app' });
    expect(url).toMatch(/^https:\/\/abc\.ngrok\.app\/hosted\/kyc\//);
  });

  it('ignores the headers without it (anyone can send them)', async () => {
    const url = await kycUrlOf(false, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'abc.ngrok.app' });
    expect(url).toMatch(/^http:\/\/localhost\/hosted\/kyc\//);
  });

  it('keeps the request origin when a trusted proxy sends no forwarded header', async () => {
    expect(await kycUrlOf(true, {})).toMatch(/^http:\/\/localhost\/hosted\/kyc\//);
  });

  it('lists no address in process (nothing listens), in /__admin/health', async () => {
    const res = await makeSandbox().client().get('/__admin/health');
    expect(res.status).toBe(200);
    expect(res.body.addresses).toEqual([]);
  });
});

describe.skipIf(!opensslAvailable)('HTTPS with the user\'s certificate', () => {
  let certificate: TestCertificate;
  let sandbox: Sandbox;
  const auth = `Basic ${Buffer.from('tls-test:secret').toString('base64')}`;
  beforeAll(async () => {
    certificate = makeCertificate();
    sandbox = await createSandbox({ tls: { cert: certificate.cert, key: certificate.key } });
  });
  afterAll(async () => {
    await sandbox?.close();
    if (certificate) rmSync(certificate.dir, { recursive: true, force: true });
  });

  it('serves the API over HTTPS, lists an https address, and returns https URLs that open', async () => {
    expect(sandbox.origin).toBe(`https://127.0.0.1:${sandbox.port}`);
    expect(sandbox.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\//);
    expect(sandbox.addresses).toEqual([{ kind: 'local', origin: sandbox.origin }]);
    const json = { authorization: auth, 'content-type': 'application/json' };
    const health = await httpsCall(`${sandbox.origin}/__admin/health`, certificate.cert, { headers: { authorization: auth, accept: 'application/json' } });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text).addresses).toEqual([{ kind: 'local', origin: sandbox.origin }]);
    const customer = await httpsCall(`${sandbox.url}/customers`, certificate.cert, { method: 'POST', headers: json, body: JSON.stringify(individual()) });
    expect(customer.status).toBe(201);
    const link = await httpsCall(`${sandbox.url}/customers/${JSON.parse(customer.text).id}/kyc-link`, certificate.cert, { method: 'POST', headers: json, body: '{}' });
    expect(link.status).toBe(201);
    const kycUrl = JSON.parse(link.text).kycUrl as string;
    expect(kycUrl.startsWith(`https://127.0.0.1:${sandbox.port}/hosted/kyc/`)).toBe(true);
    expect((await httpsCall(kycUrl, certificate.cert)).status).toBe(200);
  });

  it('refuses plain HTTP and clients that do not trust the certificate', async () => {
    await expect(fetch(`http://127.0.0.1:${sandbox.port}/`)).rejects.toThrow();
    await expect(httpsCall(`${sandbox.origin}/`, '')).rejects.toThrow(/self.signed|certificate/i);
  });

  it('names a key that is not the certificate\'s, or a file that is not PEM, as a start-up error', async () => {
    const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    await expect(createSandbox({ tls: { cert: certificate.cert, key: otherKey } })).rejects.toThrow(new StartupError('the TLS key is not the private key of the TLS certificate'));
    await expect(createSandbox({ tls: { cert: 'not a certificate', key: certificate.key } })).rejects.toThrow(/^the TLS certificate or key is not PEM/);
    await expect(createSandbox({ tls: { cert: certificate.cert, key: 'not a key' } })).rejects.toThrow(/^the TLS certificate or key is not PEM/);
  });
});
