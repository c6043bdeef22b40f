/** Strong Customer Authentication: factors, login sessions, the lockout ladder, 2FA resets and trusted beneficiaries, row by row. */
import { beforeEach, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { SoftwarePasskey } from '../../src/client/index.js';
import { ORIGIN, assertionJson, registrationJson, scaSandbox } from './helpers.js';

let box: ReturnType<typeof scaSandbox>;
let client: ReturnType<typeof scaSandbox>['client'];
beforeEach(() => {
  box = scaSandbox();
  client = box.client;
});

const IP = '203.0.113.42';
const q = (customerId: string) => `?customerId=${encodeURIComponent(customerId)}`;
const recordFailure = (customerId: string) => client.post(`/sca/record-event${q(customerId)}`, { eventType: 'FAILED_LOGIN_ATTEMPT' });
/** A login completion with no login started: 423 while locked, else 400 on the factor. */
const loginAttempt = (customerId: string) => client.post(`/sca/login/complete${q(customerId)}`, { factor: 'SMS_OTP', challengeId: 'x', code: '123456', endUserIpAddress: IP });

describe('outside SCA regions', () => {
  it('answers every SCA operation with 409 for a US customer', async () => {
    const us = await box.usCustomer();
    const account = await box.eurBeneficiary(us.id);
    const quote = await client.post('/quotes', {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: us.id },
      destination: { destinationType: 'ACCOUNT', accountId: account },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1000,
    });
    expect(quote.status).toBe(201);
    expect(quote.body.scaChallenge).toBeUndefined();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/sca/factors${q(us.id)}`],
      ['POST', `/sca/factors${q(us.id)}`, { type: 'TOTP' }],
      ['POST', `/sca/factors/confirm${q(us.id)}`, { type: 'TOTP', secret: 'AAAA', code: '123456' }],
      ['DELETE', `/sca/factors/abc${q(us.id)}`],
      ['POST', `/sca/login/start${q(us.id)}`, { factor: 'SMS_OTP' }],
      ['POST', `/sca/login/complete${q(us.id)}`, { factor: 'SMS_OTP', code: '123456', endUserIpAddress: IP }],
      ['POST', `/sca/record-event${q(us.id)}`, { eventType: 'FAILED_LOGIN_ATTEMPT' }],
      ['POST', `/sca/factors/reset${q(us.id)}`, { factor: 'SMS_OTP' }],
      ['GET', `/sca/factors/reset/TwoFactorReset:x${q(us.id)}`],
      ['POST', `/sca/factors/reset/TwoFactorReset:x/complete${q(us.id)}`, {}],
      ['POST', `/customers/external-accounts/${account}/trust`],
      ['POST', `/customers/external-accounts/${account}/trust/confirm`, { code: '123456' }],
      ['POST', `/customers/external-accounts/${account}/untrust`],
      ['POST', `/customers/external-accounts/${account}/untrust/confirm`, { code: '123456' }],
      ['POST', `/quotes/${quote.body.id}/authorize`, { code: '123456' }],
      ['POST', `/quotes/${quote.body.id}/authorize/resend`],
    ];
    for (const [method, path, body] of calls) {
      const res = await client.call(method, path, body === undefined ? undefined : JSON.stringify(body), body === undefined ? {} : { 'content-type': 'application/json' });
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(res.body.code, `${method} ${path}`).toBe('CONFLICT');
    }
    // The delete of a US beneficiary is unaffected.
    expect((await client.delete(`/customers/external-accounts/${account}`)).status).toBe(204);
  });

  it('follows scaRegions, and answers 404 for an unknown customer', async () => {
    await client.patch('/config', { scaRegions: ['US'] });
    const us = await box.usCustomer();
    expect((await client.get(`/sca/factors${q(us.id)}`)).status).toBe(200);
    const eu = await box.euCustomer();
    expect((await client.get(`/sca/factors${q(eu.id)}`)).status).toBe(409);
    expect((await client.get(`/sca/factors${q('Customer:00000000-0000-4000-8000-000000000000')}`)).status).toBe(404);
    const missing = await client.get('/sca/factors');
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors[0].field).toBe('customerId');
  });
});

describe('factors', () => {
  it('lists SMS_OTP once the phone is verified, with no enrollment', async () => {
    const res = await client.post('/customers', { customerType: 'INDIVIDUAL', region: 'FR', email: 'a@example.fr', phoneNumber: '+33612345678' });
    const id = res.body.id;
    expect((await client.get(`/sca/factors${q(id)}`)).body).toEqual({ factors: [] });
    await client.post(`/customers/${id}/verify-phone`);
    await client.post(`/customers/${id}/verify-phone/confirm`, { code: '123456' });
    expect((await client.get(`/sca/factors${q(id)}`)).body).toEqual({ factors: [{ factor: 'SMS_OTP', name: '+33612345678' }] });
  });

  it('enrolls TOTP with a real RFC 6238 secret: the otpauth URI works in an independent authenticator', async () => {
    const { id } = await box.euCustomer();
    const start = await client.post(`/sca/factors${q(id)}`, { type: 'TOTP' });
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ type: 'TOTP', secret: expect.stringMatching(/^[0-9a-f]{40}$/), secretBase32Encoded: expect.stringMatching(/^[A-Z2-7]{32}$/), totpUri: expect.stringMatching(/^otpauth:\/\/totp\//) });
    const totp = OTPAuth.URI.parse(start.body.totpUri) as OTPAuth.TOTP;
    expect(totp).toBeInstanceOf(OTPAuth.TOTP);
    expect({ algorithm: totp.algorithm, digits: totp.digits, period: totp.period, issuer: totp.issuer, label: totp.label }).toEqual({ algorithm: 'SHA1', digits: 6, period: 30, issuer: 'paysandbox', label: expect.stringContaining('@example.de') });
    expect(totp.secret.base32).toBe(start.body.secretBase32Encoded);
    expect(totp.secret.hex.toLowerCase()).toBe(start.body.secret);

    const wrong = await client.post(`/sca/factors/confirm${q(id)}`, { type: 'TOTP', secret: start.body.secret, code: totp.generate({ timestamp: (await box.now()) + 120_000 }) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.errors[0].field).toBe('code');
    const otherSecret = await client.post(`/sca/factors/confirm${q(id)}`, { type: 'TOTP', secret: 'ab'.repeat(20), code: '123456' });
    expect(otherSecret.status).toBe(400);
    expect(otherSecret.body.details.errors[0].field).toBe('secret');

    const done = await client.post(`/sca/factors/confirm${q(id)}`, { type: 'TOTP', secret: start.body.secret, code: totp.generate({ timestamp: await box.now() }) });
    expect(done.status).toBe(200);
    expect(done.body.type).toBe('TOTP');
    expect(done.body.recoveryCodes).toHaveLength(10);
    for (const code of done.body.recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    expect((await client.get(`/sca/factors${q(id)}`)).body.factors).toEqual([expect.objectContaining({ factor: 'SMS_OTP' }), { factor: 'TOTP', name: 'Authenticator app' }]);
    const again = await client.post(`/sca/factors${q(id)}`, { type: 'TOTP' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
  });

  it('accepts the sandbox code 123456 to confirm TOTP, and the Base32 secret in place of the hex one', async () => {
    const { id } = await box.euCustomer();
    const start = await client.post(`/sca/factors${q(id)}`, { type: 'TOTP' });
    const done = await client.post(`/sca/factors/confirm${q(id)}`, { type: 'TOTP', secret: start.body.secretBase32Encoded, code: '123456' });
    expect(done.status).toBe(200);
  });

  it('enrolls one passkey verified by WebAuthn, refuses a second (409 PASSKEY_ALREADY_ENROLLED), deletes it by credential id', async () => {
    const { id, email } = await box.euCustomer();
    const start = await client.post(`/sca/factors${q(id)}`, { type: 'PASSKEY' });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ type: 'PASSKEY', relyingPartyId: 'localhost', allowedOrigins: ['https://localhost', 'http://localhost'] });
    // PublicKeyCredentialCreationOptions in their JSON form, whole: what navigator.credentials.create() is given.
    expect(start.body.options).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      rp: { id: 'localhost', name: 'paysandbox' },
      user: { id: Buffer.from(id, 'utf8').toString('base64url'), name: email, displayName: email },
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      timeout: 300_000,
      attestation: 'none',
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      excludeCredentials: [],
    });
    // The relying party takes the wallet app's name once the platform gives one.
    expect((await client.patch('/config', { embeddedWalletConfig: { appName: 'Acme Wallet' } })).status).toBe(200);
    const other = await box.euCustomer();
    expect((await client.post(`/sca/factors${q(other.id)}`, { type: 'PASSKEY' })).body.options.rp).toEqual({ id: 'localhost', name: 'Acme Wallet' });
    const passkey = new SoftwarePasskey({ rpId: 'localhost', origin: ORIGIN });
    // An attestation over another challenge, or made on another origin, does not verify.
    const stale = passkey.register('some-other-challenge', { challengeIsBase64url: true });
    const badChallenge = await client.post(`/sca/factors/confirm${q(id)}`, { type: 'PASSKEY', origin: ORIGIN, credential: registrationJson(stale) });
    expect(badChallenge.status).toBe(400);
    expect(badChallenge.body.details.errors[0].field).toBe('credential');
    const attestation = passkey.register(start.body.options.challenge, { challengeIsBase64url: true });
    const wrongOrigin = await client.post(`/sca/factors/confirm${q(id)}`, { type: 'PASSKEY', origin: 'http://localhost:4000', credential: registrationJson(attestation) });
    expect(wrongOrigin.status).toBe(400);
    const foreign = await client.post(`/sca/factors/confirm${q(id)}`, { type: 'PASSKEY', origin: 'https://evil.example', credential: registrationJson(attestation) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details.errors[0].field).toBe('origin');
    const incomplete = await client.post(`/sca/factors/confirm${q(id)}`, { type: 'PASSKEY', origin: ORIGIN, credential: { id: attestation.credentialId } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.details.errors.map((e: any) => e.field)).toEqual(['credential.response.clientDataJSON', 'credential.response.attestationObject']);
    // The service's own field names work as well as the browser's JSON form.
    const done = await client.post(`/sca/factors/confirm${q(id)}`, { type: 'PASSKEY', origin: ORIGIN, credential: attestation });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ type: 'PASSKEY', factor: { factor: 'PASSKEY', credentialId: passkey.credentialId, name: 'Passkey' } });

    const second = await client.post(`/sca/factors${q(id)}`, { type: 'PASSKEY' });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('PASSKEY_ALREADY_ENROLLED');
    expect((await client.delete(`/sca/factors/nope${q(id)}`)).status).toBe(404);
    expect((await client.delete(`/sca/factors/${passkey.credentialId}${q(id)}`)).status).toBe(204);
    expect((await client.get(`/sca/factors${q(id)}`)).body.factors.map((f: any) => f.factor)).toEqual(['SMS_OTP']);
    expect((await client.delete(`/sca/factors/${passkey.credentialId}${q(id)}`)).status).toBe(404);
    expect((await client.post(`/sca/factors${q(id)}`, { type: 'PASSKEY' })).status).toBe(200);
  });

  it('a new enrollment replaces an unfinished one; a passkey needs one started; a credential another customer holds is 400', async () => {
    const { id } = await box.euCustomer();
    const passkey = new SoftwarePasskey({ rpId: 'localhost', origin: ORIGIN });
    const none = await client.post(`/sca/factors/confirm${q(id)}`, { type: 'PASSKEY', origin: ORIGIN, credential: registrationJson(passkey.register('x', { challengeIsBase64url: true })) });
    expect(none.status).toBe(400);
    expect(none.body.details.errors).toEqual([{ field: 'type', message: 'Start a passkey enrollment with POST /sca/factors first' }]);

    const [older, newer] = [(await client.post(`/sca/factors${q(id)}`, { type: 'TOTP' })).body, (await client.post(`/sca/factors${q(id)}`, { type: 'TOTP' })).body];
    const replaced = await client.post(`/sca/factors/confirm${q(id)}`, { type: 'TOTP', secret: older.secret, code: '123456' });
    expect(replaced.status).toBe(400);
    expect(replaced.body.details.errors).toEqual([{ field: 'secret', message: 'No TOTP enrollment of this customer was started with this secret' }]);
    expect((await client.post(`/sca/factors/confirm${q(id)}`, { type: 'TOTP', secret: newer.secret, code: '123456' })).status).toBe(200);

    const olderChallenge = (await client.post(`/sca/factors${q(id)}`, { type: 'PASSKEY' })).body.options.challenge;
    const newerChallenge = (await client.post(`/sca/factors${q(id)}`, { type: 'PASSKEY' })).body.options.challenge;
    const stale = await client.post(`/sca/factors/confirm${q(id)}`, { type: 'PASSKEY', origin: ORIGIN, credential: registrationJson(passkey.register(olderChallenge, { challengeIsBase64url: true })) });
    expect(stale.status).toBe(400);
    expect(stale.body.details.errors[0].field).toBe('credential');
    expect((await client.post(`/sca/factors/confirm${q(id)}`, { type: 'PASSKEY', origin: ORIGIN, credential: registrationJson(passkey.register(newerChallenge, { challengeIsBase64url: true })) })).status).toBe(200);

    // One authenticator's credential belongs to one customer.
    const other = await box.euCustomer();
    const start = (await client.post(`/sca/factors${q(other.id)}`, { type: 'PASSKEY' })).body.options.challenge;
    const taken = await client.post(`/sca/factors/confirm${q(other.id)}`, { type: 'PASSKEY', origin: ORIGIN, credential: registrationJson(passkey.register(start, { challengeIsBase64url: true })) });
    expect(taken.status).toBe(400);
    expect(taken.body.details.errors).toEqual([{ field: 'credential.id', message: 'This credential is already enrolled' }]);
    expect((await client.get(`/sca/factors${q(other.id)}`)).body.factors.map((f: { factor: string }) => f.factor)).toEqual(['SMS_OTP']);
  });

  it('takes a passkey made on an allowed origin only: the relying party host over http(s), or the origins the platform lists', async () => {
    const { id } = await box.euCustomer();
    const challenge = (await client.post(`/sca/factors${q(id)}`, { type: 'PASSKEY' })).body.options.challenge;
    const credential = registrationJson(new SoftwarePasskey({ rpId: 'localhost', origin: ORIGIN }).register(challenge, { challengeIsBase64url: true }));
    const confirm = (origin: string, body: Record<string, unknown> = credential) => client.post(`/sca/factors/confirm${q(id)}`, { type: 'PASSKEY', origin, credential: body });
    for (const origin of ['ftp://localhost', 'localhost', 'https://localhost.evil.example']) {
      const res = await confirm(origin);
      expect(res.status, origin).toBe(400);
      expect(res.body.details.errors, origin).toEqual([{ field: 'origin', message: 'Not an allowed origin: https://localhost, http://localhost' }]);
    }
    // Both allowed, but the client data says where the credential was made.
    const other = 'https://localhost';
    const elsewhere = await confirm(other);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.details.errors).toEqual([{ field: 'credential', message: `the credential was made on ${ORIGIN}, not on ${other}` }]);
    const garbled = await confirm(ORIGIN, { ...credential, response: { ...(credential.response as object), clientDataJSON: Buffer.from('not json').toString('base64url') } });
    expect(garbled.status).toBe(400);
    expect(garbled.body.details.errors).toEqual([{ field: 'credential', message: 'clientDataJson is not base64url JSON with an origin' }]);

    expect((await client.patch('/config', { embeddedWalletConfig: { allowedOrigins: ['https://app.example.com/'] } })).status).toBe(200);
    expect((await confirm(ORIGIN)).body.details.errors).toEqual([{ field: 'origin', message: 'Not an allowed origin: https://app.example.com' }]);
    const fresh = await client.post(`/sca/factors${q(id)}`, { type: 'PASSKEY' });
    expect(fresh.body.allowedOrigins).toEqual(['https://app.example.com']);
    const onApp = new SoftwarePasskey({ rpId: 'localhost', origin: 'https://app.example.com' }).register(fresh.body.options.challenge, { challengeIsBase64url: true });
    const done = await confirm('https://app.example.com', registrationJson(onApp));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });

  it('expires a passkey enrollment after 5 minutes: 299 s verifies, 300 s is 400', async () => {
    const { id } = await box.euCustomer();
    const passkey = new SoftwarePasskey({ rpId: 'localhost', origin: ORIGIN });
    let start = await client.post(`/sca/factors${q(id)}`, { type: 'PASSKEY' });
    await box.advance(300);
    let late = await client.post(`/sca/factors/confirm${q(id)}`, { type: 'PASSKEY', origin: ORIGIN, credential: registrationJson(passkey.register(start.body.options.challenge, { challengeIsBase64url: true })) });
    expect(late.status).toBe(400);
    start = await client.post(`/sca/factors${q(id)}`, { type: 'PASSKEY' });
    await box.advance(299);
    late = await client.post(`/sca/factors/confirm${q(id)}`, { type: 'PASSKEY', origin: ORIGIN, credential: registrationJson(passkey.register(start.body.options.challenge, { challengeIsBase64url: true })) });
    expect(late.status).toBe(200);
  });

  it('validates enrollment bodies', async () => {
    const { id } = await box.euCustomer();
    for (const [body, field] of [
      [{ type: 'SMS_OTP' }, 'type'],
      [{}, 'type'],
      [{ type: 'TOTP', code: '1' }, 'secret'],
      [{ type: 'PASSKEY', credential: {} }, 'origin'],
    ] as const) {
      const res = await client.post(`/sca/factors${body.type === 'TOTP' || body.type === 'PASSKEY' ? '/confirm' : ''}${q(id)}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.errors.map((e: any) => e.field), JSON.stringify(body)).toContain(field);
    }
  });
});

describe('login and sessions', () => {
  it('SMS_OTP: a challenge for 5 minutes, 123456 completes it, the session lasts 15 minutes', async () => {
    const { id } = await box.euCustomer();
    const start = await client.post(`/sca/login/start${q(id)}`, { factor: 'SMS_OTP' });
    const now = await box.now();
    expect(start.body).toEqual({ factor: 'SMS_OTP', challengeId: expect.stringMatching(/^ScaChallenge:/), expiresAt: new Date(now + 300_000).toISOString() });
    const noId = await client.post(`/sca/login/complete${q(id)}`, { factor: 'SMS_OTP', code: '123456', endUserIpAddress: IP });
    expect(noId.status).toBe(400);
    expect(noId.body.details.errors[0].field).toBe('challengeId');
    const otherFactor = await client.post(`/sca/login/complete${q(id)}`, { factor: 'TOTP', code: '123456', endUserIpAddress: IP });
    expect(otherFactor.status).toBe(400);
    const wrong = await client.post(`/sca/login/complete${q(id)}`, { factor: 'SMS_OTP', challengeId: start.body.challengeId, code: '111111', endUserIpAddress: IP });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.errors[0].field).toBe('code');
    await box.advance(299);
    const done = await client.post(`/sca/login/complete${q(id)}`, { factor: 'SMS_OTP', challengeId: start.body.challengeId, code: '123456', endUserIpAddress: IP });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ status: 'SUCCESS', sessionExpiresAt: new Date(now + 299_000 + 900_000).toISOString() });
    const reused = await client.post(`/sca/login/complete${q(id)}`, { factor: 'SMS_OTP', challengeId: start.body.challengeId, code: '123456', endUserIpAddress: IP });
    expect(reused.status).toBe(400);
  });

  it('SMS_OTP: the code expires at 300 s', async () => {
    const { id } = await box.euCustomer();
    const start = await client.post(`/sca/login/start${q(id)}`, { factor: 'SMS_OTP' });
    await box.advance(300);
    const late = await client.post(`/sca/login/complete${q(id)}`, { factor: 'SMS_OTP', challengeId: start.body.challengeId, code: '123456', endUserIpAddress: IP });
    expect(late.status).toBe(400);
    expect(late.body.reason).toMatch(/expired/);
  });

  it('refuses a factor the customer cannot use with 400', async () => {
    const unverified = (await client.post('/customers', { customerType: 'INDIVIDUAL', region: 'DE', email: 'x@example.de', phoneNumber: '+4915100000999' })).body;
    const { id } = await box.euCustomer();
    for (const [customerId, factor] of [[unverified.id, 'SMS_OTP'], [id, 'TOTP'], [id, 'PASSKEY']] as const) {
      const res = await client.post(`/sca/login/start${q(customerId)}`, { factor });
      expect(res.status, factor).toBe(400);
      expect(res.body.details.errors[0].field).toBe('factor');
    }
    const bad = await client.post(`/sca/login/start${q(id)}`, { factor: 'EMAIL' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0]).toMatchObject({ field: 'factor', constraint: { enum: ['SMS_OTP', 'TOTP', 'PASSKEY'] } });
  });

  it('TOTP: codes of an independent authenticator work once, one step either side of now; recovery codes work once', async () => {
    const { id } = await box.euCustomer();
    const { totp, recoveryCodes } = await box.enrollTotp(id);
    // The enrollment used the code of its step; the next steps are fresh.
    await box.advance(90);
    const complete = (code: string) => client.post(`/sca/login/complete${q(id)}`, { factor: 'TOTP', code, endUserIpAddress: IP });
    expect((await client.post(`/sca/login/start${q(id)}`, { factor: 'TOTP' })).body).toEqual({ factor: 'TOTP' });
    const t = await box.now();
    expect((await complete(totp.generate({ timestamp: t + 60_000 }))).status).toBe(400);
    expect((await complete(totp.generate({ timestamp: t - 60_000 }))).status).toBe(400);
    expect((await complete(totp.generate({ timestamp: t - 30_000 }))).status).toBe(200);
    await client.post(`/sca/login/start${q(id)}`, { factor: 'TOTP' });
    const current = totp.generate({ timestamp: t });
    expect((await complete(current)).status).toBe(200);
    await client.post(`/sca/login/start${q(id)}`, { factor: 'TOTP' });
    expect((await complete(current)).status).toBe(400);
    expect((await complete(totp.generate({ timestamp: t + 30_000 }))).status).toBe(200);
    await client.post(`/sca/login/start${q(id)}`, { factor: 'TOTP' });
    expect((await complete(recoveryCodes[0]!)).status).toBe(200);
    await client.post(`/sca/login/start${q(id)}`, { factor: 'TOTP' });
    expect((await complete(recoveryCodes[0]!)).status).toBe(400);
    expect((await complete('123456')).status).toBe(200);
  });

  it('PASSKEY: an assertion over the login challenge, verified with WebAuthn', async () => {
    const { id } = await box.euCustomer();
    const { passkey } = await box.enrollPasskey(id);
    const start = await client.post(`/sca/login/start${q(id)}`, { factor: 'PASSKEY' });
    expect(start.body).toMatchObject({ factor: 'PASSKEY', relyingPartyId: 'localhost', allowedOrigins: ['https://localhost', 'http://localhost'] });
    // PublicKeyCredentialRequestOptions in their JSON form, whole: what navigator.credentials.get() is given.
    expect(start.body.passkeyOptions).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      rpId: 'localhost',
      allowCredentials: [{ id: passkey.credentialId, type: 'public-key', transports: ['internal'] }],
      userVerification: 'preferred',
      timeout: 300_000,
    });
    const challenge = start.body.passkeyOptions.challenge;
    const impostor = new SoftwarePasskey({ rpId: 'localhost', origin: ORIGIN });
    const forged = { ...impostor.assert(challenge, { challengeIsBase64url: true }), credentialId: passkey.credentialId };
    const bad = await client.post(`/sca/login/complete${q(id)}`, { factor: 'PASSKEY', passkeyAssertion: assertionJson(forged), origin: ORIGIN, endUserIpAddress: IP });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0].field).toBe('passkeyAssertion');
    // Every missing part of the assertion is named at once.
    const incomplete = await client.post(`/sca/login/complete${q(id)}`, { factor: 'PASSKEY', passkeyAssertion: { response: {} }, origin: ORIGIN, endUserIpAddress: IP });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.details.errors).toEqual([
      { field: 'passkeyAssertion.id', message: 'Required: the credential id (base64url)' },
      { field: 'passkeyAssertion.response.clientDataJSON', message: 'Required (base64url)' },
      { field: 'passkeyAssertion.response.authenticatorData', message: 'Required (base64url)' },
      { field: 'passkeyAssertion.response.signature', message: 'Required (base64url)' },
    ]);
    const noOrigin = await client.post(`/sca/login/complete${q(id)}`, { factor: 'PASSKEY', passkeyAssertion: assertionJson(forged), endUserIpAddress: IP });
    expect(noOrigin.status).toBe(400);
    expect(noOrigin.body.details.errors.map((e: any) => e.field)).toEqual(['origin']);
    const elsewhere = await client.post(`/sca/login/complete${q(id)}`, { factor: 'PASSKEY', passkeyAssertion: assertionJson(passkey.assert(challenge, { challengeIsBase64url: true })), origin: 'https://evil.example', endUserIpAddress: IP });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.details.errors).toEqual([{ field: 'passkeyAssertion', message: 'origin https://evil.example is not allowed: https://localhost, http://localhost' }]);
    const code = await client.post(`/sca/login/complete${q(id)}`, { factor: 'PASSKEY', code: '123456', endUserIpAddress: IP });
    expect(code.status).toBe(400);
    const good = await client.post(`/sca/login/complete${q(id)}`, { factor: 'PASSKEY', passkeyAssertion: assertionJson(passkey.assert(challenge, { challengeIsBase64url: true })), origin: ORIGIN, endUserIpAddress: IP });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.status).toBe('SUCCESS');
  });

  it('validates the complete body', async () => {
    const { id } = await box.euCustomer();
    const res = await client.post(`/sca/login/complete${q(id)}`, { factor: 'SMS_OTP', endUserIpAddress: 'not-an-ip' });
    expect(res.status).toBe(400);
    expect(res.body.details.errors.map((e: any) => e.field).sort()).toEqual(['code', 'endUserIpAddress']);
    const none = await client.post(`/sca/login/complete${q(id)}`, {});
    expect(none.body.details.errors.map((e: any) => e.field).sort()).toEqual(['code', 'endUserIpAddress', 'factor']);
  });
});

describe('lockout ladder', () => {
  it('record-event: 1-4 unlocked, 5 -> 15 min, 6 -> 30 min, 7 -> 1 h, 8 -> 24 h, 9 -> suspended; the counter is cumulative and counts while locked (200)', async () => {
    const { id } = await box.euCustomer();
    for (let n = 1; n <= 4; n++) expect((await recordFailure(id)).body).toEqual({ eventType: 'FAILED_LOGIN_ATTEMPT', suspended: false, lockedUntil: null, failedAttempts: n });
    const ladder: Array<[number, number]> = [
      [5, 900],
      [6, 1800],
      [7, 3600],
      [8, 86_400],
    ];
    // Each attempt lands while the previous one's lock still runs: counted, and the lock escalates.
    for (const [attempts, seconds] of ladder) {
      const t = await box.now();
      const res = await recordFailure(id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ eventType: 'FAILED_LOGIN_ATTEMPT', suspended: false, lockedUntil: new Date(t + seconds * 1000).toISOString(), failedAttempts: attempts });
      const start = await loginAttempt(id);
      expect(start.status).toBe(423);
      expect(start.body).toMatchObject({ code: 'ACCOUNT_LOCKED', details: { suspended: false, lockedUntil: res.body.lockedUntil, failedAttempts: attempts } });
      expect(start.headers.get('retry-after')).toBe(String(seconds));
      await box.advance(60);
    }
    const ninth = await recordFailure(id);
    expect(ninth.status).toBe(200);
    expect(ninth.body).toEqual({ eventType: 'FAILED_LOGIN_ATTEMPT', suspended: true, lockedUntil: null, failedAttempts: 9 });
    await box.advance(86_400 * 365);
    const tenth = await recordFailure(id);
    expect(tenth.status).toBe(200);
    expect(tenth.body).toEqual({ eventType: 'FAILED_LOGIN_ATTEMPT', suspended: true, lockedUntil: null, failedAttempts: 10 });
    const start = await loginAttempt(id);
    expect(start.status).toBe(423);
    expect(start.body.details).toEqual({ suspended: true, lockedUntil: null, failedAttempts: 10 });
    const reset = await client.post(`/sca/record-event${q(id)}`, { eventType: 'RESET_PASSWORD_COMPLETED' });
    expect(reset.body).toEqual({ eventType: 'RESET_PASSWORD_COMPLETED', suspended: false, lockedUntil: null, failedAttempts: 0 });
    await box.login(id);
  });

  it('a lock that ran out is not lifted by the count: the 6th attempt after a 15-minute lock expired locks for 30 minutes', async () => {
    const { id } = await box.euCustomer();
    for (let n = 1; n <= 5; n++) await recordFailure(id);
    await box.advance(900);
    expect((await loginAttempt(id)).body.code).toBe('INVALID_INPUT');
    const t = await box.now();
    const sixth = await recordFailure(id);
    expect(sixth.body).toEqual({ eventType: 'FAILED_LOGIN_ATTEMPT', suspended: false, lockedUntil: new Date(t + 1800 * 1000).toISOString(), failedAttempts: 6 });
    await box.advance(1799);
    expect((await loginAttempt(id)).status).toBe(423);
    await box.advance(1);
    expect((await loginAttempt(id)).body.code).toBe('INVALID_INPUT');
  });

  it('counts wrong SCA proofs: the fifth wrong login code locks with 423, a good login clears the counter', async () => {
    const { id } = await box.euCustomer();
    const start = await client.post(`/sca/login/start${q(id)}`, { factor: 'SMS_OTP' });
    const attempt = (code: string) => client.post(`/sca/login/complete${q(id)}`, { factor: 'SMS_OTP', challengeId: start.body.challengeId, code, endUserIpAddress: IP });
    for (let n = 1; n <= 3; n++) expect((await attempt('000000')).status).toBe(400);
    expect((await attempt('123456')).status).toBe(200);
    expect((await recordFailure(id)).body.failedAttempts).toBe(1);
    const again = await client.post(`/sca/login/start${q(id)}`, { factor: 'SMS_OTP' });
    const retry = (code: string) => client.post(`/sca/login/complete${q(id)}`, { factor: 'SMS_OTP', challengeId: again.body.challengeId, code, endUserIpAddress: IP });
    for (let n = 2; n <= 4; n++) expect((await retry('000000')).status).toBe(400);
    const locking = await retry('000000');
    expect(locking.status).toBe(423);
    expect(locking.body.details).toMatchObject({ failedAttempts: 5, suspended: false });
    expect((await retry('123456')).status).toBe(423);
  });

  it('RESET_PASSWORD_COMPLETED revokes the SCA session', async () => {
    const { id } = await box.euCustomer();
    await box.login(id);
    await client.post(`/sca/record-event${q(id)}`, { eventType: 'RESET_PASSWORD_COMPLETED' });
    const account = await box.fundedEurAccount(id);
    const beneficiary = await box.eurBeneficiary(id);
    const quote = await client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId: account }, destination: { destinationType: 'ACCOUNT', accountId: beneficiary }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1000 });
    await client.post(`/quotes/${quote.body.id}/execute`, {});
    const res = await client.post(`/quotes/${quote.body.id}/authorize`, { code: '123456' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('SCA_SESSION_REQUIRED');
  });

  it('validates the event type', async () => {
    const { id } = await box.euCustomer();
    const res = await client.post(`/sca/record-event${q(id)}`, { eventType: 'LOGIN' });
    expect(res.status).toBe(400);
    expect(res.body.details.errors[0]).toMatchObject({ field: 'eventType', constraint: { enum: ['RESET_PASSWORD_COMPLETED', 'FAILED_LOGIN_ATTEMPT'] } });
  });
});

describe('2FA reset', () => {
  it('advances on the clock: INITIATED, PENDING_REVIEW at 20 s, LIVENESS_PASSED at 60 s; SMS_OTP completes with a new number', async () => {
    const { id } = await box.euCustomer();
    const t = await box.now();
    const start = await client.post(`/sca/factors/reset${q(id)}`, { factor: 'SMS_OTP' });
    expect(start.status).toBe(201);
    expect(start.body).toEqual({ resetId: expect.stringMatching(/^TwoFactorReset:/), expiresAt: new Date(t + 900_000).toISOString() });
    const status = async () => (await client.get(`/sca/factors/reset/${start.body.resetId}${q(id)}`)).body;
    expect(await status()).toEqual({ status: 'INITIATED', factor: 'SMS_OTP', enrollmentStatus: null, expiresAt: start.body.expiresAt, completedAt: null });
    const complete = (body: unknown) => client.post(`/sca/factors/reset/${start.body.resetId}/complete${q(id)}`, body);
    await box.advance(19);
    expect((await status()).status).toBe('INITIATED');
    await box.advance(1);
    expect((await status()).status).toBe('PENDING_REVIEW');
    const early = await complete({ mobile: { countryCode: '+49', number: '15199998888' } });
    expect(early.status).toBe(400);
    expect(early.body.details).toEqual({ status: 'PENDING_REVIEW' });
    await box.advance(39);
    expect((await status()).status).toBe('PENDING_REVIEW');
    await box.advance(1);
    expect((await status()).status).toBe('LIVENESS_PASSED');
    const noMobile = await complete({});
    expect(noMobile.status).toBe(400);
    expect(noMobile.body.details.errors[0].field).toBe('mobile');
    const badMobile = await complete({ mobile: { countryCode: '49', number: '15199998888' } });
    expect(badMobile.status).toBe(400);
    expect(badMobile.body.details.errors[0].field).toBe('mobile.countryCode');
    const done = await complete({ mobile: { countryCode: '+49', number: '15199998888' } });
    expect(done.status).toBe(204);
    const finished = await status();
    expect(finished).toMatchObject({ status: 'COMPLETED', enrollmentStatus: null, completedAt: new Date(t + 60_000).toISOString() });
    expect((await client.get(`/customers/${id}`)).body).toMatchObject({ phoneNumber: '+4915199998888', contactVerification: { phone: 'VERIFIED' } });
    expect((await complete({ mobile: { countryCode: '+49', number: '1' } })).status).toBe(400);
  });

  it('EXPIRES at 15 minutes unless completed; REJECTED for a customer whose name ends in 009', async () => {
    const { id } = await box.euCustomer();
    const reset = (await client.post(`/sca/factors/reset${q(id)}`, { factor: 'SMS_OTP' })).body.resetId;
    await box.advance(899);
    expect((await client.get(`/sca/factors/reset/${reset}${q(id)}`)).body.status).toBe('LIVENESS_PASSED');
    await box.advance(1);
    expect((await client.get(`/sca/factors/reset/${reset}${q(id)}`)).body.status).toBe('EXPIRED');
    expect((await client.post(`/sca/factors/reset/${reset}/complete${q(id)}`, { mobile: { countryCode: '+49', number: '15199998888' } })).status).toBe(400);

    const failing = await box.euCustomer({ fullName: 'Jana Novak 009' });
    const rejected = (await client.post(`/sca/factors/reset${q(failing.id)}`, { factor: 'SMS_OTP' })).body.resetId;
    await box.advance(59);
    expect((await client.get(`/sca/factors/reset/${rejected}${q(failing.id)}`)).body.status).toBe('PENDING_REVIEW');
    await box.advance(1);
    expect((await client.get(`/sca/factors/reset/${rejected}${q(failing.id)}`)).body.status).toBe('REJECTED');
    await box.advance(3600);
    expect((await client.get(`/sca/factors/reset/${rejected}${q(failing.id)}`)).body.status).toBe('REJECTED');
    expect((await client.get(`/sca/factors/reset/${rejected}${q(id)}`)).status).toBe(404);
  });

  it('clears a TOTP factor; enrollmentStatus turns COMPLETED when a new one is enrolled', async () => {
    const { id } = await box.euCustomer();
    const notEnrolled = await client.post(`/sca/factors/reset${q(id)}`, { factor: 'TOTP' });
    expect(notEnrolled.status).toBe(400);
    expect((await client.post(`/sca/factors/reset${q(id)}`, { factor: 'PASSKEY' })).status).toBe(400);
    await box.enrollTotp(id);
    const reset = (await client.post(`/sca/factors/reset${q(id)}`, { factor: 'TOTP' })).body.resetId;
    await box.advance(60);
    expect((await client.post(`/sca/factors/reset/${reset}/complete${q(id)}`)).status).toBe(204);
    expect((await client.get(`/sca/factors/reset/${reset}${q(id)}`)).body).toMatchObject({ status: 'COMPLETED', enrollmentStatus: 'PENDING' });
    expect((await client.get(`/sca/factors${q(id)}`)).body.factors.map((f: any) => f.factor)).toEqual(['SMS_OTP']);
    await box.enrollTotp(id);
    expect((await client.get(`/sca/factors/reset/${reset}${q(id)}`)).body.enrollmentStatus).toBe('COMPLETED');
  });

  it('allows 5 starts in 24 hours, then 429 with Retry-After until the oldest leaves the window', async () => {
    const { id } = await box.euCustomer();
    for (let n = 0; n < 5; n++) {
      expect((await client.post(`/sca/factors/reset${q(id)}`, { factor: 'SMS_OTP' })).status).toBe(201);
      await box.advance(3600);
    }
    const refused = await client.post(`/sca/factors/reset${q(id)}`, { factor: 'SMS_OTP' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(refused.headers.get('retry-after')).toBe(String(86_400 - 5 * 3600));
    await box.advance(86_400 - 5 * 3600 - 1);
    expect((await client.post(`/sca/factors/reset${q(id)}`, { factor: 'SMS_OTP' })).status).toBe(429);
    await box.advance(1);
    expect((await client.post(`/sca/factors/reset${q(id)}`, { factor: 'SMS_OTP' })).status).toBe(201);
    const other = await box.euCustomer();
    expect((await client.post(`/sca/factors/reset${q(other.id)}`, { factor: 'SMS_OTP' })).status).toBe(201);
  });
});

describe('trusted beneficiaries', () => {
  it('trusts with an SMS challenge; a trusted account cannot be deleted (409 BENEFICIARY_TRUSTED) until untrusted', async () => {
    const { id } = await box.euCustomer();
    const account = await box.eurBeneficiary(id);
    const path = `/customers/external-accounts/${account}`;
    expect((await client.post(`${path}/trust/confirm`, { code: '123456' })).status).toBe(409);
    const start = await client.post(`${path}/trust`);
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ scaChallenge: { id: expect.stringMatching(/^ScaChallenge:/), expiresAt: new Date((await box.now()) + 300_000).toISOString(), factor: 'SMS_OTP', availableFactors: ['SMS_OTP'] } });
    const otherId = await client.post(`${path}/trust/confirm`, { challengeId: 'ScaChallenge:other', code: '123456' });
    expect(otherId.status).toBe(400);
    expect(otherId.body.details.errors[0].field).toBe('challengeId');
    expect((await client.post(`${path}/trust/confirm`, { code: '999999' })).status).toBe(400);
    const trusted = await client.post(`${path}/trust/confirm`, { challengeId: start.body.scaChallenge.id, code: '123456' });
    expect(trusted.status).toBe(200);
    expect(trusted.body).toEqual({ trusted: true });
    expect((await client.post(`${path}/trust`)).status).toBe(409);
    const del = await client.delete(path);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('BENEFICIARY_TRUSTED');
    expect((await client.get(path)).status).toBe(200);
    await client.post(`${path}/untrust`);
    const untrusted = await client.post(`${path}/untrust/confirm`, { code: '123456' });
    expect(untrusted.body).toEqual({ trusted: false });
    expect((await client.post(`${path}/untrust`)).status).toBe(409);
    expect((await client.delete(path)).status).toBe(204);
    expect((await client.post(`${path}/trust`)).status).toBe(404);
  });

  it('refuses a passkey where the challenge takes codes, a wrong code and an expired challenge, each body in full', async () => {
    const { id } = await box.euCustomer();
    const account = await box.eurBeneficiary(id);
    const path = `/customers/external-accounts/${account}`;
    const challenge = (await client.post(`${path}/trust`)).body.scaChallenge;
    const passkey = new SoftwarePasskey({ rpId: 'localhost', origin: ORIGIN });
    const noPasskey = await client.post(`${path}/trust/confirm`, { challengeId: challenge.id, passkeyAssertion: assertionJson(passkey.assert('x', { challengeIsBase64url: true })), origin: ORIGIN });
    expect(noPasskey.status).toBe(400);
    expect(noPasskey.body.details.errors).toEqual([{ field: 'passkeyAssertion', message: 'This challenge takes SMS_OTP codes, not a passkey' }]);
    const wrong = await client.post(`${path}/trust/confirm`, { challengeId: challenge.id, code: '999999' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_INPUT', reason: 'Wrong SCA code', details: { errors: [{ field: 'code', message: 'Wrong code' }] } });
    await box.advance(300);
    const expired = await client.post(`${path}/trust/confirm`, { challengeId: challenge.id, code: '123456' });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: 'INVALID_INPUT', reason: `The SCA challenge ${challenge.id} has expired`, details: { errors: [{ field: 'code', message: `The challenge expired at ${challenge.expiresAt}` }] } });
  });

  it('a trust started again cancels the earlier challenge: only the newest is confirmed, and once confirmed none is left', async () => {
    const { id } = await box.euCustomer();
    const account = await box.eurBeneficiary(id);
    const path = `/customers/external-accounts/${account}`;
    const first = (await client.post(`${path}/trust`)).body.scaChallenge;
    const second = (await client.post(`${path}/trust`)).body.scaChallenge;
    expect(second.id).not.toBe(first.id);
    const stale = await client.post(`${path}/trust/confirm`, { challengeId: first.id, code: '123456' });
    expect(stale.status).toBe(400);
    expect(stale.body.details.errors).toEqual([{ field: 'challengeId', message: 'Not the pending challenge of this trust' }]);
    expect((await client.post(`${path}/trust/confirm`, { challengeId: second.id, code: '123456' })).body).toEqual({ trusted: true });
    // The first challenge was cancelled when the second was issued: nothing is left to confirm.
    await client.post(`${path}/untrust`);
    expect((await client.post(`${path}/untrust/confirm`, { code: '123456' })).body).toEqual({ trusted: false });
    const again = await client.post(`${path}/trust/confirm`, { code: '123456' });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe(`No trust of ${account} was started: POST /customers/external-accounts/${account}/trust first`);
    // Another account's challenge is its own: starting one there cancels nothing here.
    const other = await box.eurBeneficiary(id);
    const here = (await client.post(`${path}/trust`)).body.scaChallenge;
    expect((await client.post(`/customers/external-accounts/${other}/trust`)).status).toBe(200);
    expect((await client.post(`${path}/trust/confirm`, { challengeId: here.id, code: '123456' })).body).toEqual({ trusted: true });
  });

  it('asks for the passkey when the customer has one, with WebAuthn options; TOTP and SMS codes still work', async () => {
    const { id } = await box.euCustomer();
    await box.enrollTotp(id);
    const { passkey } = await box.enrollPasskey(id);
    const account = await box.eurBeneficiary(id);
    const start = (await client.post(`/customers/external-accounts/${account}/trust`)).body.scaChallenge;
    expect(start).toMatchObject({ factor: 'PASSKEY', availableFactors: ['SMS_OTP', 'TOTP', 'PASSKEY'], passkeyAllowedOrigins: ['https://localhost', 'http://localhost'] });
    expect(start.passkeyAssertionOptions.allowCredentials).toEqual([{ id: passkey.credentialId, type: 'public-key', transports: ['internal'] }]);
    const assertion = passkey.assert(start.passkeyAssertionOptions.challenge, { challengeIsBase64url: true });
    const done = await client.post(`/customers/external-accounts/${account}/trust/confirm`, { challengeId: start.id, passkeyAssertion: assertionJson(assertion), origin: ORIGIN });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.trusted).toBe(true);
    await client.post(`/customers/external-accounts/${account}/untrust`);
    expect((await client.post(`/customers/external-accounts/${account}/untrust/confirm`, { code: '123456' })).body.trusted).toBe(false);
  });

  it('expires a trust challenge at 300 s and answers 404 for platform accounts', async () => {
    const { id } = await box.euCustomer();
    const account = await box.eurBeneficiary(id);
    await client.post(`/customers/external-accounts/${account}/trust`);
    await box.advance(300);
    expect((await client.post(`/customers/external-accounts/${account}/trust/confirm`, { code: '123456' })).status).toBe(400);
    expect((await client.post(`/customers/external-accounts/ExternalAccount:00000000-0000-4000-8000-000000000000/trust`)).status).toBe(404);
  });
});
