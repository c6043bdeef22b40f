/** A tenant on a hand-driven clock with EU customers whose e-mail and phone are verified: the SCA starting point. */
import { expect } from 'vitest';
import * as OTPAuth from 'otpauth';
import { manualTime } from '../../src/core/clock.js';
import { SoftwarePasskey, type PasskeyAssertion, type PasskeyAttestation } from '../../src/client/index.js';
import { individual, makeSandbox, type Client } from '../helpers.js';
import { ACCOUNT_SAMPLES } from '../fixtures/account-samples.js';

export const START = Date.parse('2026-03-02T09:00:00.000Z');
export const ORIGIN = 'http://localhost:3000';

/** The browser's JSON form of a registration (what `credential.toJSON()` gives). */
export function registrationJson(a: PasskeyAttestation) {
  return { id: a.credentialId, rawId: a.credentialId, type: 'public-key', response: { clientDataJSON: a.clientDataJson, attestationObject: a.attestationObject, transports: a.transports }, clientExtensionResults: {} };
}

/** The browser's JSON form of an assertion. */
export function assertionJson(a: PasskeyAssertion) {
  return { id: a.credentialId, rawId: a.credentialId, type: 'public-key', response: { clientDataJSON: a.clientDataJson, authenticatorData: a.authenticatorData, signature: a.signature }, clientExtensionResults: {} };
}

export function scaSandbox() {
  const client: Client = makeSandbox({ time: manualTime(START) }).client();
  let counter = 0;

  const now = async () => Date.parse((await client.get('/__admin/clock')).body.now);
  const advance = async (seconds: number) => expect((await client.post('/__admin/clock/advance', { seconds })).status).toBe(200);

  /** An EU individual (region DE) with e-mail and phone VERIFIED. */
  async function euCustomer(overrides: Record<string, unknown> = {}): Promise<{ id: string; [k: string]: any }> {
    counter += 1;
    const res = await client.post('/customers', individual({ region: 'DE', email: `eu${counter}@example.de`, phoneNumber: `+4915100000${String(counter).padStart(3, '0')}`, platformCustomerId: `eu-${counter}`, currencies: ['EUR', 'USD'], ...overrides }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    for (const channel of ['email', 'phone']) {
      expect((await client.post(`/customers/${res.body.id}/verify-${channel}`)).status).toBe(204);
      expect((await client.post(`/customers/${res.body.id}/verify-${channel}/confirm`, { code: '123456' })).status).toBe(200);
    }
    return res.body;
  }

  async function usCustomer() {
    counter += 1;
    const res = await client.post('/customers', individual({ region: 'US', platformCustomerId: `us-${counter}`, phoneNumber: '+14155550123' }));
    expect(res.status).toBe(201);
    return res.body as { id: string };
  }

  /** An SCA login with the sandbox SMS code; returns sessionExpiresAt. */
  async function login(customerId: string): Promise<string> {
    const start = await client.post(`/sca/login/start?customerId=${customerId}`, { factor: 'SMS_OTP' });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const done = await client.post(`/sca/login/complete?customerId=${customerId}`, { factor: 'SMS_OTP', challengeId: start.body.challengeId, code: '123456', endUserIpAddress: '203.0.113.42' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return done.body.sessionExpiresAt;
  }

  /** TOTP enrolled with a code computed by the otpauth library; returns the library's TOTP and the recovery codes. */
  async function enrollTotp(customerId: string) {
    const start = await client.post(`/sca/factors?customerId=${customerId}`, { type: 'TOTP' });
    expect(start.status).toBe(200);
    const totp = OTPAuth.URI.parse(start.body.totpUri) as OTPAuth.TOTP;
    const done = await client.post(`/sca/factors/confirm?customerId=${customerId}`, { type: 'TOTP', secret: start.body.secret, code: totp.generate({ timestamp: await now() }) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return { totp, recoveryCodes: done.body.recoveryCodes as string[], start: start.body };
  }

  /** A passkey enrolled with the software authenticator. */
  async function enrollPasskey(customerId: string, passkey = new SoftwarePasskey({ rpId: 'localhost', origin: ORIGIN })) {
    const start = await client.post(`/sca/factors?customerId=${customerId}`, { type: 'PASSKEY' });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const attestation = passkey.register(start.body.options.challenge, { challengeIsBase64url: true });
    const done = await client.post(`/sca/factors/confirm?customerId=${customerId}`, { type: 'PASSKEY', origin: ORIGIN, credential: registrationJson(attestation) });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return { passkey, factor: done.body.factor, options: start.body.options };
  }

  async function fundedEurAccount(customerId: string, amount = 100_000) {
    const accounts = (await client.get(`/customers/internal-accounts?customerId=${customerId}&currency=EUR`)).body.data;
    expect(accounts).toHaveLength(1);
    expect((await client.post(`/sandbox/internal-accounts/${accounts[0].id}/fund`, { amount })).status).toBe(200);
    return accounts[0].id as string;
  }

  async function eurBeneficiary(customerId: string, iban = 'DE89370400440532013000') {
    const sample = ACCOUNT_SAMPLES.EUR_ACCOUNT!;
    const res = await client.post('/customers/external-accounts', { customerId, currency: 'EUR', accountInfo: { ...sample.accountInfo, iban } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  return { client, now, advance, euCustomer, usCustomer, login, enrollTotp, enrollPasskey, fundedEurAccount, eurBeneficiary };
}
