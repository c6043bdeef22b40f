/**
 * UMA invitations over HTTP: create from a customer, read and claim by code
 * from any platform, cancel only by the creator, expiry on the creating
 * tenant's clock, INVITATION.CLAIMED, and every 400/403/404 code.
 */
import { describe, expect, it } from 'vitest';
import { individual, makeSandbox, type Client } from '../helpers.js';

async function setup() {
  const sandbox = makeSandbox();
  const alpha = sandbox.client('platform-alpha', 'a');
  const beta = sandbox.client('platform-beta', 'b');
  const inviter = (await alpha.post('/customers', individual({ umaAddress: '$alice@sandbox.uma.local' }))).body;
  expect(inviter.umaAddress).toBe('$alice@sandbox.uma.local');
  return { sandbox, alpha, beta, inviter };
}

async function invite(client: Client, body: Record<string, unknown> = {}) {
  const res = await client.post('/invitations', { inviterUma: '$alice@sandbox.uma.local', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function events(client: Client, type: string) {
  return (await client.get(`/__admin/events?type=${type}`)).body.data;
}

describe('POST /invitations', () => {
  it('creates a PENDING invitation with its code, url and amount in the inviter’s currency', async () => {
    const { alpha } = await setup();
    const res = await alpha.post('/invitations', { inviterUma: '$alice@sandbox.uma.local', firstName: 'Bob', amountToSend: 1250 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      code: expect.stringMatching(new RegExp(`^${Buffer.from('platform-alpha').toString('base64url')}\\.[A-Za-z0-9_-]{10}$`)),
      createdAt: expect.any(String),
      url: `https://sandbox.uma.local/invitations/${encodeURIComponent(res.body.code)}`,
      inviterUma: '$alice@sandbox.uma.local',
      status: 'PENDING',
      firstName: 'Bob',
      amountToSend: { amount: 1250, currency: { code: 'USD', name: expect.any(String), symbol: '$', decimals: 2 } },
    });
    expect((await alpha.get(`/invitations/${res.body.code}`)).body).toEqual(res.body);
  });

  it.each([
    ['alice@sandbox.uma.local', 'malformed (no $)'],
    ['$alice', 'malformed (no domain)'],
    ['$nobody@sandbox.uma.local', 'no customer has it'],
  ])('400 INVALID_UMA_ADDRESS for %s (%s)', async (inviterUma) => {
    const { alpha } = await setup();
    const res = await alpha.post('/invitations', { inviterUma });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_UMA_ADDRESS');
    expect(res.body.details.errors[0].field).toBe('inviterUma');
  });

  it('400 INVALID_INPUT naming every bad field', async () => {
    const { alpha } = await setup();
    const res = await alpha.post('/invitations', { firstName: '', amountToSend: 0, expiresAt: 'tomorrow' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(res.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(['amountToSend', 'expiresAt', 'firstName', 'inviterUma']);
  });

  it('expiresAt must be after the sandbox clock’s now: at now 400, a millisecond later 201', async () => {
    const { alpha } = await setup();
    await alpha.post('/__admin/clock/advance', { seconds: 3600 });
    const now = Date.parse((await alpha.get('/__admin/clock')).body.now);
    // The clock keeps running with real time, so "now" here is already past by the time it is checked.
    const past = await alpha.post('/invitations', { inviterUma: '$alice@sandbox.uma.local', expiresAt: new Date(now).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.details.errors[0].field).toBe('expiresAt');
    expect((await alpha.post('/invitations', { inviterUma: '$alice@sandbox.uma.local', expiresAt: new Date(now + 60_000).toISOString() })).status).toBe(201);
  });

  it('400 INVITATIONS_NOT_CONFIGURED when the platform switched invitations off, for create and claim', async () => {
    const { alpha, beta } = await setup();
    const invitation = await invite(alpha);
    expect((await alpha.patch('/config', { invitationsEnabled: false })).body.invitationsEnabled).toBe(false);
    const create = await alpha.post('/invitations', { inviterUma: '$alice@sandbox.uma.local' });
    expect(create.status).toBe(400);
    expect(create.body.code).toBe('INVITATIONS_NOT_CONFIGURED');
    const claim = await beta.post(`/invitations/${invitation.code}/claim`, { inviteeUma: '$bob@beta.example' });
    expect(claim.status).toBe(400);
    expect(claim.body.code).toBe('INVITATIONS_NOT_CONFIGURED');
    await alpha.patch('/config', { invitationsEnabled: true });
    expect((await beta.post(`/invitations/${invitation.code}/claim`, { inviteeUma: '$bob@beta.example' })).status).toBe(200);
  });
});

describe('claiming', () => {
  it('another platform reads and claims by code; the creator gets INVITATION.CLAIMED', async () => {
    const { alpha, beta } = await setup();
    const invitation = await invite(alpha, { firstName: 'Bob' });
    expect((await beta.get(`/invitations/${invitation.code}`)).body.status).toBe('PENDING');
    const claimed = await beta.post(`/invitations/${invitation.code}/claim`, { inviteeUma: '$bob@beta.example' });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toEqual({ ...invitation, status: 'CLAIMED', inviteeUma: '$bob@beta.example', claimedAt: expect.any(String) });
    const fired = await events(alpha, 'INVITATION.CLAIMED');
    expect(fired).toHaveLength(1);
    expect(fired[0].data).toEqual(claimed.body);
    expect(await events(beta, 'INVITATION.CLAIMED')).toEqual([]);
    expect((await alpha.get(`/invitations/${invitation.code}`)).body.status).toBe('CLAIMED');
  });

  it('the creating platform may claim too (one of its own customers accepting)', async () => {
    const { alpha } = await setup();
    const invitation = await invite(alpha);
    expect((await alpha.post(`/invitations/${invitation.code}/claim`, { inviteeUma: '$carol@sandbox.uma.local' })).status).toBe(200);
  });

  it('400 INVITATION_ALREADY_CLAIMED, INVITATION_CANCELLED, INVALID_UMA_ADDRESS; 404 INVITATION_NOT_FOUND', async () => {
    const { alpha, beta } = await setup();
    const claimed = await invite(alpha);
    await beta.post(`/invitations/${claimed.code}/claim`, { inviteeUma: '$bob@beta.example' });
    const again = await beta.post(`/invitations/${claimed.code}/claim`, { inviteeUma: '$bob@beta.example' });
    expect([again.status, again.body.code]).toEqual([400, 'INVITATION_ALREADY_CLAIMED']);

    const cancelled = await invite(alpha);
    await alpha.post(`/invitations/${cancelled.code}/cancel`);
    const late = await beta.post(`/invitations/${cancelled.code}/claim`, { inviteeUma: '$bob@beta.example' });
    expect([late.status, late.body.code]).toEqual([400, 'INVITATION_CANCELLED']);

    const pending = await invite(alpha);
    for (const inviteeUma of ['bob', '$alice@sandbox.uma.local']) {
      const bad = await beta.post(`/invitations/${pending.code}/claim`, { inviteeUma });
      expect([bad.status, bad.body.code], inviteeUma).toEqual([400, 'INVALID_UMA_ADDRESS']);
    }
    const missing = await beta.post(`/invitations/${pending.code}/claim`, {});
    expect([missing.status, missing.body.code, missing.body.details.errors[0].field]).toEqual([400, 'INVALID_INPUT', 'inviteeUma']);
    expect((await beta.get(`/invitations/${pending.code}`)).body.status).toBe('PENDING');

    for (const code of ['nope', `${Buffer.from('platform-alpha').toString('base64url')}.AAAAAAAAAA`, `${Buffer.from('no-such-platform').toString('base64url')}.AAAAAAAAAA`]) {
      for (const res of [await beta.get(`/invitations/${code}`), await beta.post(`/invitations/${code}/claim`, { inviteeUma: '$bob@beta.example' }), await alpha.post(`/invitations/${code}/cancel`)]) {
        expect([res.status, res.body.code], code).toEqual([404, 'INVITATION_NOT_FOUND']);
      }
    }
  });
});

describe('expiry on the creating tenant’s clock', () => {
  it('is PENDING before expiresAt and EXPIRED from it on: claim 400 EXPIRED, cancel 400 EXPIRED', async () => {
    const { alpha, beta } = await setup();
    const now = Date.parse((await alpha.get('/__admin/clock')).body.now);
    const invitation = await invite(alpha, { expiresAt: new Date(now + 600_000).toISOString() });
    expect(invitation.expiresAt).toBe(new Date(now + 600_000).toISOString());
    await alpha.post('/__admin/clock/advance', { seconds: 590 });
    expect((await beta.get(`/invitations/${invitation.code}`)).body.status).toBe('PENDING');
    // Only the creator's clock counts: moving the claimer's changes nothing.
    await beta.post('/__admin/clock/advance', { seconds: 86_400 });
    expect((await beta.get(`/invitations/${invitation.code}`)).body.status).toBe('PENDING');
    await alpha.post('/__admin/clock/advance', { seconds: 10 });
    expect((await alpha.get(`/invitations?status=EXPIRED`)).body.data.map((i: { code: string }) => i.code)).toEqual([invitation.code]);
    expect((await beta.get(`/invitations/${invitation.code}`)).body.status).toBe('EXPIRED');
    const claim = await beta.post(`/invitations/${invitation.code}/claim`, { inviteeUma: '$bob@beta.example' });
    expect([claim.status, claim.body.code]).toEqual([400, 'EXPIRED']);
    const cancel = await alpha.post(`/invitations/${invitation.code}/cancel`);
    expect([cancel.status, cancel.body.code]).toEqual([400, 'EXPIRED']);
  });

  it('without expiresAt it never expires', async () => {
    const { alpha, beta } = await setup();
    const invitation = await invite(alpha);
    await alpha.post('/__admin/clock/advance', { seconds: 10 * 365 * 86_400 });
    expect((await beta.post(`/invitations/${invitation.code}/claim`, { inviteeUma: '$bob@beta.example' })).status).toBe(200);
  });
});

describe('POST /invitations/{code}/cancel', () => {
  it('the creator cancels a PENDING invitation; another platform gets 403 FORBIDDEN', async () => {
    const { alpha, beta } = await setup();
    const invitation = await invite(alpha);
    const forbidden = await beta.post(`/invitations/${invitation.code}/cancel`);
    expect([forbidden.status, forbidden.body.code]).toEqual([403, 'FORBIDDEN']);
    const cancelled = await alpha.post(`/invitations/${invitation.code}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ ...invitation, status: 'CANCELLED', cancelledAt: expect.any(String) });
    const twice = await alpha.post(`/invitations/${invitation.code}/cancel`);
    expect([twice.status, twice.body.code]).toEqual([400, 'INVITATION_CANCELLED']);
    const claimed = await invite(alpha);
    await beta.post(`/invitations/${claimed.code}/claim`, { inviteeUma: '$bob@beta.example' });
    const afterClaim = await alpha.post(`/invitations/${claimed.code}/cancel`);
    expect([afterClaim.status, afterClaim.body.code]).toEqual([400, 'INVITATION_ALREADY_CLAIMED']);
  });
});

describe('GET /invitations (sandbox list)', () => {
  it('lists the platform’s own invitations newest first, filtered by status, in pages', async () => {
    const { alpha, beta } = await setup();
    const made = [await invite(alpha), await invite(alpha), await invite(alpha)];
    await alpha.post(`/invitations/${made[0].code}/cancel`);
    const page = await alpha.get('/invitations?limit=2');
    expect(page.body.data.map((i: { code: string }) => i.code)).toEqual([made[2].code, made[1].code]);
    expect(page.body).toMatchObject({ hasMore: true, totalCount: 3 });
    expect((await alpha.get('/invitations?status=PENDING')).body.totalCount).toBe(2);
    expect((await beta.get('/invitations')).body.data).toEqual([]);
  });

  it('is part of the snapshot and gone after a reset', async () => {
    const { alpha } = await setup();
    const invitation = await invite(alpha);
    const snapshot = (await alpha.get('/__admin/snapshot')).body;
    await alpha.post('/__admin/reset');
    expect((await alpha.get(`/invitations/${invitation.code}`)).status).toBe(404);
    await alpha.call('PUT', '/__admin/snapshot', snapshot);
    expect((await alpha.get(`/invitations/${invitation.code}`)).body.status).toBe('PENDING');
  });
});
