/** Contact verification: EU (contact-verification region) customers prove e-mail and phone with the sandbox code before KYC. */
import { beforeEach, describe, expect, it } from 'vitest';
import { manualTime } from '../../src/core/clock.js';
import { business, fixtureFile, individual, makeSandbox, type Client } from '../helpers.js';

const START = Date.parse('2026-02-02T10:00:00.000Z');
const PHONE = '+4915123456789';

let client: Client;
beforeEach(() => {
  client = makeSandbox({ time: manualTime(START) }).client();
});

const advance = async (seconds: number) => expect((await client.post('/__admin/clock/advance', { seconds })).status).toBe(200);

async function euCustomer(overrides: Record<string, unknown> = {}) {
  const res = await client.post('/customers', individual({ region: 'DE', email: 'jana@example.de', phoneNumber: PHONE, ...overrides }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const send = (id: string, channel: 'email' | 'phone') => client.post(`/customers/${id}/verify-${channel}`);
const confirm = (id: string, channel: 'email' | 'phone', code: unknown) => client.post(`/customers/${id}/verify-${channel}/confirm`, { code });

async function verifyBoth(id: string) {
  for (const channel of ['email', 'phone'] as const) {
    expect((await send(id, channel)).status).toBe(204);
    expect((await confirm(id, channel, '123456')).status).toBe(200);
  }
}

describe('who verifies', () => {
  it('gives EU customers contactVerification with both channels PENDING, and no one else', async () => {
    const eu = await euCustomer();
    expect(eu.contactVerification).toEqual({ email: 'PENDING', phone: 'PENDING' });
    expect((await client.get(`/customers/${eu.id}`)).body.contactVerification).toEqual({ email: 'PENDING', phone: 'PENDING' });
    const us = (await client.post('/customers', individual({ region: 'US', phoneNumber: '+14155550123' }))).body;
    expect(us.contactVerification).toBeUndefined();
    const none = (await client.post('/customers', individual())).body;
    expect(none.contactVerification).toBeUndefined();
    const euBusiness = (await client.post('/customers', business({ region: 'FR', email: 'ops@acme.fr', phoneNumber: '+33123456789' }))).body;
    expect(euBusiness.contactVerification).toEqual({ email: 'PENDING', phone: 'PENDING' });
  });

  it('requires email and an E.164 phone of EU customers at creation, naming each missing field', async () => {
    const neither = await client.post('/customers', individual({ region: 'DE', email: undefined }));
    expect(neither.status).toBe(400);
    expect(neither.body.code).toBe('MISSING_MANDATORY_USER_INFO');
    expect(neither.body.details.errors.map((e: any) => e.field)).toEqual(['email', 'phoneNumber']);
    const noPhone = await client.post('/customers', individual({ region: 'AT' }));
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.details.errors).toEqual([expect.objectContaining({ field: 'phoneNumber', constraint: { format: 'e.164' } })]);
    const notE164 = await client.post('/customers', individual({ region: 'AT', phoneNumber: '015123456789' }));
    expect(notE164.status).toBe(400);
    expect(notE164.body.code).toBe('INVALID_INPUT');
    expect(notE164.body.details.errors[0]).toMatchObject({ field: 'phoneNumber', constraint: { format: 'e.164' } });
    expect((await client.get('/customers')).body.totalCount).toBe(0);
  });

  it('follows the platform setting contactVerificationRegions (EEA by default) for customers created after it', async () => {
    expect((await client.get('/config')).body.contactVerificationRegions).toEqual(expect.arrayContaining(['DE', 'FR', 'NO', 'IS', 'LI']));
    expect((await client.get('/config')).body.contactVerificationRegions).not.toContain('GB');
    const before = await euCustomer();
    const patched = await client.patch('/config', { contactVerificationRegions: ['GB'] });
    expect(patched.status).toBe(200);
    expect(patched.body.contactVerificationRegions).toEqual(['GB']);
    expect((await client.post('/customers', individual({ region: 'DE' }))).body.contactVerification).toBeUndefined();
    expect((await client.post('/customers', individual({ region: 'GB', phoneNumber: '+447700900123' }))).body.contactVerification).toEqual({ email: 'PENDING', phone: 'PENDING' });
    expect((await client.get(`/customers/${before.id}`)).body.contactVerification).toEqual({ email: 'PENDING', phone: 'PENDING' });
    const bad = await client.patch('/config', { contactVerificationRegions: ['Germany'] });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0].field).toBe('contactVerificationRegions.0');
  });
});

describe('sending and confirming codes', () => {
  it('verifies each channel with 123456 and shows it on the customer', async () => {
    const { id } = await euCustomer();
    expect((await send(id, 'email')).status).toBe(204);
    const email = await confirm(id, 'email', '123456');
    expect(email.status).toBe(200);
    expect(email.body).toMatchObject({ id, contactVerification: { email: 'VERIFIED', phone: 'PENDING' } });
    expect((await send(id, 'phone')).status).toBe(204);
    const phone = await confirm(id, 'phone', '123456');
    expect(phone.body.contactVerification).toEqual({ email: 'VERIFIED', phone: 'VERIFIED' });
    expect((await client.get(`/customers/${id}`)).body.contactVerification).toEqual({ email: 'VERIFIED', phone: 'VERIFIED' });
  });

  it('answers 400 for a wrong code and for a code never sent, and keeps the channel PENDING', async () => {
    const { id } = await euCustomer();
    const unsent = await confirm(id, 'email', '123456');
    expect(unsent.status).toBe(400);
    expect(unsent.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'code' }] } });
    await send(id, 'email');
    for (const code of ['654321', '12345', '1234567', '000000']) {
      const wrong = await confirm(id, 'email', code);
      expect(wrong.status, code).toBe(400);
      expect(wrong.body.details.errors[0].field).toBe('code');
    }
    expect((await client.get(`/customers/${id}`)).body.contactVerification.email).toBe('PENDING');
    expect((await confirm(id, 'email', '123456')).status).toBe(200);
  });

  it('lets a code expire after 10 minutes: valid at 599 s, 400 at 600 s, a re-send starts again', async () => {
    const { id } = await euCustomer();
    await send(id, 'phone');
    await advance(599);
    await send(id, 'email');
    expect((await confirm(id, 'phone', '123456')).status).toBe(200);
    await advance(600);
    const late = await confirm(id, 'email', '123456');
    expect(late.status).toBe(400);
    expect(late.body.details.errors[0].message).toMatch(/expired/);
    await send(id, 'email');
    await advance(1);
    expect((await confirm(id, 'email', '123456')).status).toBe(200);
  });

  it('answers 409 for customers outside the regions and for channels already verified; 404 and 410 as usual', async () => {
    const us = (await client.post('/customers', individual({ region: 'US' }))).body;
    for (const channel of ['email', 'phone'] as const) {
      const r = await send(us.id, channel);
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('CONFLICT');
      expect((await confirm(us.id, channel, '123456')).status).toBe(409);
    }
    const eu = await euCustomer();
    await verifyBoth(eu.id);
    expect((await send(eu.id, 'email')).status).toBe(409);
    expect((await confirm(eu.id, 'phone', '123456')).status).toBe(409);
    expect((await send('Customer:00000000-0000-4000-8000-000000000000', 'email')).status).toBe(404);
    const gone = await euCustomer({ email: 'gone@example.de', platformCustomerId: 'gone' });
    await client.delete(`/customers/${gone.id}`);
    expect((await send(gone.id, 'email')).status).toBe(410);
  });

  it('validates the confirm body', async () => {
    const { id } = await euCustomer();
    for (const body of [{}, { code: '' }, { code: 123456 }, { code: 'x'.repeat(65) }]) {
      const r = await client.post(`/customers/${id}/verify-email/confirm`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.details.errors[0].field).toBe('code');
    }
  });

  it('makes a changed e-mail or phone PENDING again, and a code sent to the old address worthless', async () => {
    const { id } = await euCustomer();
    await verifyBoth(id);
    const changed = await client.patch(`/customers/${id}`, { customerType: 'INDIVIDUAL', email: 'new@example.de' });
    expect(changed.status).toBe(200);
    expect(changed.body.contactVerification).toEqual({ email: 'PENDING', phone: 'VERIFIED' });
    const same = await client.patch(`/customers/${id}`, { customerType: 'INDIVIDUAL', phoneNumber: PHONE });
    expect(same.body.contactVerification.phone).toBe('VERIFIED');
    await send(id, 'email');
    await client.patch(`/customers/${id}`, { customerType: 'INDIVIDUAL', email: 'newer@example.de' });
    expect((await confirm(id, 'email', '123456')).status).toBe(400);
    await send(id, 'email');
    expect((await confirm(id, 'email', '123456')).body.contactVerification.email).toBe('VERIFIED');
  });
});

describe('KYC waits for contact verification', () => {
  it('refuses POST /verifications (400) and a KYC link (409) until both channels are VERIFIED', async () => {
    const { id } = await euCustomer({ idType: 'SSN', identifier: '123-45-6789' });
    await client.upload('/documents', { file: fixtureFile('passport.png'), documentHolder: id, documentType: 'PASSPORT', country: 'DE' });
    // POST /verifications has no 409: it is bad input there; the KYC link has one.
    const early = await client.post('/verifications', { customerId: id });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ code: 'INVALID_INPUT', details: { contactVerification: { email: 'PENDING', phone: 'PENDING' }, errors: [{ field: 'customerId' }] } });
    const link = await client.post(`/customers/${id}/kyc-link`, {});
    expect(link.status).toBe(409);
    expect(link.body.code).toBe('CONFLICT');
    await send(id, 'email');
    await confirm(id, 'email', '123456');
    expect((await client.post('/verifications', { customerId: id })).status).toBe(400);
    await send(id, 'phone');
    await confirm(id, 'phone', '123456');
    const submitted = await client.post('/verifications', { customerId: id });
    expect(submitted.status).toBe(200);
    expect(submitted.body.verificationStatus).toBe('APPROVED');
    expect((await client.post(`/customers/${(await euCustomer({ email: 'b@example.de', platformCustomerId: 'b' })).id}/kyc-link`, {})).status).toBe(409);
  });

  it('on a regulated platform resolves the KYC suffix once contact verification is done, not at creation', async () => {
    await client.patch('/config', { isRegulatedFinancialInstitution: true });
    const eu = await euCustomer({ fullName: 'Jana Novak 001' });
    expect(eu.kycStatus).toBe('UNVERIFIED');
    const us = (await client.post('/customers', individual({ fullName: 'Sam Lee 001', platformCustomerId: 'us' }))).body;
    expect(us.kycStatus).toBe('PENDING');
    await send(eu.id, 'email');
    await confirm(eu.id, 'email', '123456');
    expect((await client.get(`/customers/${eu.id}`)).body.kycStatus).toBe('UNVERIFIED');
    await send(eu.id, 'phone');
    const done = await confirm(eu.id, 'phone', '123456');
    expect(done.body.kycStatus).toBe('PENDING');
    const events = (await client.get('/__admin/events?limit=100')).body.data.filter((e: any) => e.type === 'CUSTOMER.KYC_PENDING' && e.data.id === eu.id);
    expect(events).toHaveLength(1);
  });
});

describe('what each missing channel says', () => {
  it('names the region, the rule and the expected format of each missing field, in one message', async () => {
    const neither = await client.post('/customers', individual({ region: 'DE', email: undefined }));
    expect(neither.status).toBe(400);
    expect(neither.body).toMatchObject({ code: 'MISSING_MANDATORY_USER_INFO', message: 'Customers in DE need email and phoneNumber' });
    expect(neither.body.details.errors).toEqual([
      { field: 'email', message: 'Required for customers in DE: it is verified before KYC', constraint: { format: 'email' } },
      { field: 'phoneNumber', message: 'Required for customers in DE: it is verified before KYC (E.164)', constraint: { format: 'e.164' } },
    ]);
  });
});

describe('what a change of contact does', () => {
  it('sets only the changed channel back to PENDING: another field, the same e-mail or the same phone changes nothing', async () => {
    const eu = await euCustomer();
    await verifyBoth(eu.id);
    const verified = { email: 'VERIFIED', phone: 'VERIFIED' };
    const patch = (fields: Record<string, unknown>) => client.patch(`/customers/${eu.id}`, { customerType: 'INDIVIDUAL', ...fields });

    for (const fields of [{ fullName: 'Jana Novak' }, { email: 'jana@example.de' }, { phoneNumber: PHONE }]) {
      const res = await patch(fields);
      expect(res.status, JSON.stringify(fields)).toBe(200);
      expect(res.body.contactVerification, JSON.stringify(fields)).toEqual(verified);
    }
    const newPhone = await patch({ phoneNumber: '+4915199999999' });
    expect(newPhone.status).toBe(200);
    expect(newPhone.body.contactVerification).toEqual({ email: 'VERIFIED', phone: 'PENDING' });
    const newEmail = await patch({ email: 'jana@example.com' });
    expect(newEmail.status).toBe(200);
    expect(newEmail.body.contactVerification).toEqual({ email: 'PENDING', phone: 'PENDING' });
  });
});
