/**
 * The phone-shaped check: a page on a made-up host name over HTTPS, as a
 * phone reaches a sandbox on the LAN or through a tunnel. The sandbox serves
 * TLS with a certificate the test makes, on 127.0.0.1; Chromium maps
 * sandbox.test to 127.0.0.1 (--host-resolver-rules) and trusts the
 * certificate by its key (--ignore-certificate-errors-spki-list), so the page
 * is a secure context where WebAuthn runs. With Chromium's virtual
 * authenticator (CDP), the page registers a passkey and signs in with it,
 * for the RP ID the page's host gives; the kycUrl it then gets names that
 * host and opens. All traffic stays on loopback.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, chromiumAvailable } from './chromium.js';
import { createSandbox, manualTime, type Sandbox } from '../../src/index.js';
import { individual, TEST_EPOCH_MS } from '../helpers.js';
import { makeCertificate, opensslAvailable, type TestCertificate } from '../support/certificate.js';

if (!chromiumAvailable) console.warn(`phone-shaped browser test skipped: no Chromium at ${CHROMIUM}`);

const HOST = 'sandbox.test';
const CLIENT = { id: 'phone-test', secret: 'phone-secret' };

let certificate: TestCertificate;
let sandbox: Sandbox;
let browser: Browser;

/** The API called from the page itself, as the app on the phone would (same origin, Basic credentials). */
function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, path, body, auth }) => {
      const res = await fetch(`/2025-10-13${path}`, { method, headers: { authorization: auth, 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body, auth: `Basic ${btoa(`${CLIENT.id}:${CLIENT.secret}`)}` },
  );
}

describe.skipIf(!chromiumAvailable || !opensslAvailable)('a phone-shaped page over HTTPS on a made-up host', () => {
  beforeAll(async () => {
    certificate = makeCertificate([HOST]);
    sandbox = await createSandbox({ tls: { cert: certificate.cert, key: certificate.key }, time: manualTime(TEST_EPOCH_MS), clientId: CLIENT.id, clientSecret: CLIENT.secret });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${HOST} 127.0.0.1`, `--ignore-certificate-errors-spki-list=${certificate.spkiHash}`],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
    if (certificate) rmSync(certificate.dir, { recursive: true, force: true });
  });

  it('registers a passkey, signs in with it, and gets a kycUrl on that host that opens', async () => {
    const origin = `https://${HOST}:${sandbox.port}`;
    const page = await browser.newPage();
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
    const landing = await page.goto(`${origin}/`);
    expect(landing?.status()).toBe(200);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });

    // An EU customer (SCA applies) with verified contact details.
    const customer = await api(page, 'POST', '/customers', individual({ region: 'DE', email: 'phone@example.de', phoneNumber: '+4915100000999', platformCustomerId: 'phone-1', currencies: ['EUR'] }));
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    const customerId = customer.body.id as string;
    for (const channel of ['email', 'phone']) {
      expect((await api(page, 'POST', `/customers/${customerId}/verify-${channel}`)).status).toBe(204);
      expect((await api(page, 'POST', `/customers/${customerId}/verify-${channel}/confirm`, { code: '123456' })).status).toBe(200);
    }

    // Enrollment: the options name the page's host as the relying party.
    const start = await api(page, 'POST', `/sca/factors?customerId=${customerId}`, { type: 'PASSKEY' });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    expect(start.body.relyingPartyId).toBe(HOST);
    expect(start.body.options.rp.id).toBe(HOST);
    expect(start.body.allowedOrigins).toContain(`https://${HOST}`);
    const credential = await page.evaluate(async (options) => {
      const created = (await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options) })) as PublicKeyCredential;
      return created.toJSON();
    }, start.body.options);
    const enrolled = await api(page, 'POST', `/sca/factors/confirm?customerId=${customerId}`, { type: 'PASSKEY', origin, credential });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    expect(enrolled.body.factor).toMatchObject({ factor: 'PASSKEY', credentialId: (credential as { id: string }).id });

    // Sign-in with the passkey just made.
    const login = await api(page, 'POST', `/sca/login/start?customerId=${customerId}`, { factor: 'PASSKEY' });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.relyingPartyId).toBe(HOST);
    expect(login.body.passkeyOptions.rpId).toBe(HOST);
    const assertion = await page.evaluate(async (options) => {
      const got = (await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options) })) as PublicKeyCredential;
      return got.toJSON();
    }, login.body.passkeyOptions);
    const signedIn = await api(page, 'POST', `/sca/login/complete?customerId=${customerId}`, { factor: 'PASSKEY', origin, passkeyAssertion: assertion, endUserIpAddress: '127.0.0.1' });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.status).toBe('SUCCESS');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.rpId).toBe(HOST);
    expect(credentials[0]!.signCount).toBeGreaterThan(0);

    // The hosted KYC page: on the host the page came from, over HTTPS, and it opens.
    const link = await api(page, 'POST', `/customers/${customerId}/kyc-link`, { redirectUri: `${origin}/done` });
    expect(link.status).toBe(201);
    expect(link.body.kycUrl.startsWith(`${origin}/hosted/kyc/`)).toBe(true);
    const kyc = await page.goto(link.body.kycUrl);
    expect(kyc?.status()).toBe(200);
    expect(failed).toEqual([]);
  }, 60_000);
});
