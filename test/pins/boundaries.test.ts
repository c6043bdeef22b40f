/**
 * Issue 38's time and amount boundaries not pinned elsewhere, each at one
 * below, at and one above, over HTTP: the instants on the sandbox clock to
 * the millisecond (POST /__admin/clock), never the wall clock. Where the
 * spec and the reference say which side the instant itself falls on, the
 * expectation follows them; where they only name the instant (expiresAt,
 * lockedUntil, decideBy), the sandbox's documented reading is pinned and the
 * test says so. Each comes with the case beside it: the other action, the
 * second step, another letter case.
 */
import { describe, expect, it } from 'vitest';
import { generateP256KeyPair } from '@turnkey/crypto';
import { individual, makeSandbox, type Client } from '../helpers.js';
import { agentWorld } from '../agents/helpers.js';
import { scaSandbox } from '../sca/helpers.js';
import { withPasskey } from '../wallet/helpers.js';
import { activeCard, clockNow } from './fixtures.js';

/** Sets the sandbox clock to `ms` (only ever forward here). */
async function clockTo(client: Client, ms: number): Promise<void> {
  expect((await client.post('/__admin/clock', { to: new Date(ms).toISOString() })).status).toBe(200);
}

const iso = (ms: number) => new Date(ms).toISOString();

/** One below, at, one above an instant, in milliseconds. */
const AROUND = [-1, 0, 1] as const;

describe('a: agent device codes, redeemed around their expiresAt', () => {
  it('1 ms before and at expiresAt the code connects its agent (200); 1 ms after it is 400 INVALID_INPUT naming code, and a new code works', async () => {
    const w = await agentWorld();
    // Three agents created at one instant: their codes expire together.
    const created = [await w.createAgent(), await w.createAgent(), await w.createAgent()];
    const expiresAt = Date.parse(created[0]!.deviceCode.expiresAt);
    expect(created.map((c) => c.deviceCode.expiresAt)).toEqual(Array(3).fill(iso(expiresAt)));
    const answers = [];
    for (const [i, offset] of AROUND.entries()) {
      await clockTo(w.client, expiresAt + offset);
      // The code at expiresAt in lower case: codes are case-insensitive.
      const code = offset === 0 ? created[i]!.deviceCode.code.toLowerCase() : created[i]!.deviceCode.code;
      answers.push(await w.redeem(code));
    }
    const [before, at, after] = answers;
    for (const [i, res] of [before!, at!].entries()) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ agentId: created[i]!.agent.id, agentName: 'Treasury bot', accessToken: expect.any(String), policy: expect.objectContaining({ defaultExecutionMode: 'AUTO' }) });
    }
    expect([after!.status, after!.body.code, after!.body.details.errors[0].field, after!.body.details.expiresAt]).toEqual([400, 'INVALID_INPUT', 'code', iso(expiresAt)]);
    const connected = await Promise.all(created.map(async (c) => (await w.client.get(`/agents/${c.agent.id}`)).body.isConnected));
    expect(connected).toEqual([true, true, false]);
    expect((await w.client.get(`/agents/device-codes/${created[2]!.deviceCode.code}/status`)).body).toEqual({ code: created[2]!.deviceCode.code, redeemed: false });

    // Second steps: the code redeemed before expiry is spent; the expired agent's new code connects it.
    const again = await w.redeem(created[0]!.deviceCode.code);
    expect([again.status, again.body.code, again.body.details.redeemed]).toEqual([400, 'INVALID_INPUT', true]);
    const fresh = await w.client.post(`/agents/${created[2]!.agent.id}/device-codes`);
    expect([fresh.status, fresh.body.expiresAt]).toEqual([201, iso(expiresAt + 1 + 86_400_000)]);
    expect((await w.redeem(fresh.body.code)).status).toBe(200);
  });
});

describe('b: hosted links around their expiresAt', () => {
  it('a card reveal link opens 1 ms before expiresAt; at it and after it is 410; the opened one is 410 the second time', async () => {
    const { client, app, cardId } = await activeCard(0);
    const links = [];
    for (const _ of AROUND) links.push((await client.post(`/cards/${cardId}/reveal`)).body as { panEmbedUrl: string; expiresAt: string });
    const expiresAt = Date.parse(links[0]!.expiresAt);
    expect(expiresAt - Date.parse(await clockNow(client))).toBe(60_000);
    const open = (i: number) => app.request(new URL(links[i]!.panEmbedUrl).pathname);
    const seen = [];
    for (const [i, offset] of AROUND.entries()) {
      await clockTo(client, expiresAt + offset);
      const page = await open(i);
      seen.push([page.status, /data-field="pan">[\d ]+</.test(await page.text())]);
    }
    expect(seen).toEqual([
      [200, true],
      [410, false],
      [410, false],
    ]);
    const reopened = await open(0);
    expect([reopened.status, (await reopened.text()).includes('already used')]).toEqual([410, true]);
  });

  it('a KYC link is open 1 ms before and at expiresAt (the sandbox: expired only after it); 1 ms after it is 410', async () => {
    const sandbox = makeSandbox();
    const client = sandbox.client();
    const customerId = (await client.post('/customers', individual())).body.id as string;
    const links = [];
    for (const _ of AROUND) links.push((await client.post(`/customers/${customerId}/kyc-link`, {})).body as { kycUrl: string; expiresAt: string });
    const expiresAt = Date.parse(links[0]!.expiresAt);
    expect(expiresAt - Date.parse(await clockNow(client))).toBe(3_600_000);
    const seen = [];
    for (const [i, offset] of AROUND.entries()) {
      await clockTo(client, expiresAt + offset);
      const page = await sandbox.app.request(new URL(links[i]!.kycUrl).pathname);
      seen.push([page.status, (await page.text()).includes('has expired')]);
    }
    expect(seen).toEqual([
      [200, false],
      [200, false],
      [410, true],
    ]);
    // The other action on the expired link: a submission is refused the same way.
    const posted = await sandbox.app.request(new URL(links[2]!.kycUrl).pathname, { method: 'POST', body: new FormData() });
    expect(posted.status).toBe(410);
  });
});

describe('c: SCA lockout and the passkey challenge around their instants', () => {
  const IP = '203.0.113.42';

  it('after the fifth wrong login code: 1 ms before lockedUntil 423 ACCOUNT_LOCKED (Retry-After 1); at it and after it the right code signs in', async () => {
    const box = scaSandbox();
    const { client } = box;
    /** Five wrong SMS codes in a row: the fifth answers 423 with the lock's end. */
    const lockedByWrongCodes = async (id: string) => {
      const start = await client.post(`/sca/login/start?customerId=${id}`, { factor: 'SMS_OTP' });
      const wrong = () => client.post(`/sca/login/complete?customerId=${id}`, { factor: 'SMS_OTP', challengeId: start.body.challengeId, code: '000000', endUserIpAddress: IP });
      for (let n = 1; n <= 4; n++) expect((await wrong()).status).toBe(400);
      const fifth = await wrong();
      expect([fifth.status, fifth.body.code, fifth.body.details.failedAttempts]).toEqual([423, 'ACCOUNT_LOCKED', 5]);
      return fifth.body.details.lockedUntil as string;
    };
    const customers = [(await box.euCustomer()).id, (await box.euCustomer()).id, (await box.euCustomer()).id];
    const locks = [];
    for (const id of customers) locks.push(await lockedByWrongCodes(id));
    const lockedUntil = Date.parse(locks[0]!);
    expect(locks).toEqual(Array(3).fill(iso(lockedUntil)));
    expect(lockedUntil - (await box.now())).toBe(900_000);

    /** A whole SMS login with the right code. */
    const tryLogin = async (id: string) => {
      const start = await client.post(`/sca/login/start?customerId=${id}`, { factor: 'SMS_OTP' });
      if (start.status !== 200) return start;
      return client.post(`/sca/login/complete?customerId=${id}`, { factor: 'SMS_OTP', challengeId: start.body.challengeId, code: '123456', endUserIpAddress: IP });
    };
    await clockTo(client, lockedUntil - 1);
    const early = await tryLogin(customers[0]!);
    expect([early.status, early.body.code, early.body.details, early.headers.get('retry-after')]).toEqual([423, 'ACCOUNT_LOCKED', { suspended: false, lockedUntil: iso(lockedUntil), failedAttempts: 5 }, '1']);
    for (const [i, offset] of [[1, 0], [2, 1]] as const) {
      await clockTo(client, lockedUntil + offset);
      const res = await tryLogin(customers[i]!);
      expect([offset, res.status, res.body.status]).toEqual([offset, 200, 'SUCCESS']);
    }
    // Second step: the locked-out customer, once the lock ran out, signs in too.
    expect((await tryLogin(customers[0]!)).body.status).toBe('SUCCESS');
  });

  it('a wallet passkey challenge answered 1 ms before expiresAt opens a session; at and after it, 401 UNAUTHORIZED; the used one is 401 the second time', async () => {
    const { client, credential, passkey } = await withPasskey();
    const challenges = [];
    for (const _ of AROUND) challenges.push((await client.post(`/auth/credentials/${credential.id}/challenge`, { clientPublicKey: generateP256KeyPair().publicKey })).body as { challenge: string; requestId: string; expiresAt: string });
    const expiresAt = Date.parse(challenges[0]!.expiresAt);
    expect(expiresAt - Date.parse(await clockNow(client))).toBe(300_000);
    const answer = (i: number) => client.post(`/auth/credentials/${credential.id}/verify`, { type: 'PASSKEY', assertion: passkey.assert(challenges[i]!.challenge) }, { 'request-id': challenges[i]!.requestId });
    const seen = [];
    for (const [i, offset] of AROUND.entries()) {
      await clockTo(client, expiresAt + offset);
      const res = await answer(i);
      seen.push([res.status, res.body.code ?? res.body.type]);
      if (offset !== -1) expect(res.body.reason).toBe(`The challenge expired at ${iso(expiresAt)}; call /challenge again`);
    }
    expect(seen).toEqual([
      [200, 'PASSKEY'],
      [401, 'UNAUTHORIZED'],
      [401, 'UNAUTHORIZED'],
    ]);
    const again = await answer(0);
    expect([again.status, again.body.code, again.body.reason]).toEqual([401, 'UNAUTHORIZED', `The challenge of Request-Id ${challenges[0]!.requestId} was already used; call /challenge again`]);
  });
});
