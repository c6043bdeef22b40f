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
import { bearerClient, policy } from '../agents/helpers.js';
import type { SoftwarePasskey } from '../../src/client/index.js';
import { ORIGIN, assertionJson, scaSandbox } from '../sca/helpers.js';
import { withPasskey } from '../wallet/helpers.js';
import { activeCard, clockNow } from './fixtures.js';

/** Sets the sandbox clock to `ms` (only ever forward here). */
async function clockTo(client: Client, ms: number): Promise<void> {
  expect((await client.post('/__admin/clock', { to: new Date(ms).toISOString() })).status).toBe(200);
}

const iso = (ms: number) => new Date(ms).toISOString();

/** `count` of a thing made one after another, at one instant of the sandbox clock. */
async function inTurn<T>(count: number, make: () => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let n = 0; n < count; n++) made.push(await make());
  return made;
}

/** One below, at, one above an instant, in milliseconds. */
const AROUND = [-1, 0, 1] as const;

describe('a: agent device codes, redeemed around their expiresAt', () => {
  it('1 ms before expiresAt the code connects its agent (200); at it and after it is 400 INVALID_INPUT naming code, and a new code works', async () => {
    const sandbox = makeSandbox();
    const client = sandbox.client();
    const customerId = (await client.post('/customers', individual())).body.id as string;
    const redeem = (code: string) => bearerClient(sandbox.app, '').post(`/agents/device-codes/${encodeURIComponent(code)}/redeem`);
    // Three agents created at one instant: their codes expire together.
    const created = await inTurn(AROUND.length, async () => (await client.post('/agents', { name: 'Treasury bot', customerId, policy: policy() })).body as { agent: { id: string }; deviceCode: { code: string; expiresAt: string } });
    const expiresAt = Date.parse(created[0]!.deviceCode.expiresAt);
    expect(created.map((c) => c.deviceCode.expiresAt)).toEqual(Array(3).fill(iso(expiresAt)));
    expect(expiresAt - Date.parse(await clockNow(client))).toBe(86_400_000);
    const answers = [];
    for (const [i, offset] of AROUND.entries()) {
      await clockTo(client, expiresAt + offset);
      // The code at expiresAt in lower case: codes are case-insensitive.
      const code = offset === 0 ? created[i]!.deviceCode.code.toLowerCase() : created[i]!.deviceCode.code;
      answers.push(await redeem(code));
    }
    const [before, at, after] = answers;
    expect(before!.status, JSON.stringify(before!.body)).toBe(200);
    expect(before!.body).toEqual({ agentId: created[0]!.agent.id, agentName: 'Treasury bot', accessToken: expect.any(String), policy: expect.objectContaining({ defaultExecutionMode: 'AUTO' }) });
    // Every lifetime ends at its expiresAt (decision 0012); the code in lower case is still the code, refused for its age.
    for (const res of [at!, after!]) expect([res.status, res.body.code, res.body.details.errors[0].field, res.body.details.expiresAt]).toEqual([400, 'INVALID_INPUT', 'code', iso(expiresAt)]);
    const connected = await Promise.all(created.map(async (c) => (await client.get(`/agents/${c.agent.id}`)).body.isConnected));
    expect(connected).toEqual([true, false, false]);
    expect((await client.get(`/agents/device-codes/${created[2]!.deviceCode.code}/status`)).body).toEqual({ code: created[2]!.deviceCode.code, redeemed: false });

    // Second steps: the code redeemed before expiry is spent; the expired agent's new code connects it.
    const again = await redeem(created[0]!.deviceCode.code);
    expect([again.status, again.body.code, again.body.details.redeemed]).toEqual([400, 'INVALID_INPUT', true]);
    const fresh = await client.post(`/agents/${created[2]!.agent.id}/device-codes`);
    expect([fresh.status, fresh.body.expiresAt]).toEqual([201, iso(expiresAt + 1 + 86_400_000)]);
    expect((await redeem(fresh.body.code)).status).toBe(200);
  });
});

describe('b: hosted links around their expiresAt', () => {
  it('a card reveal link opens 1 ms before expiresAt; at it and after it is 410; the opened one is 410 the second time', async () => {
    const { client, app, cardId } = await activeCard(0);
    const links = await inTurn(AROUND.length, async () => (await client.post(`/cards/${cardId}/reveal`)).body as { panEmbedUrl: string; expiresAt: string });
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

  it('a KYC link is open 1 ms before expiresAt; at it and after it is 410', async () => {
    const sandbox = makeSandbox();
    const client = sandbox.client();
    const customerId = (await client.post('/customers', individual())).body.id as string;
    const links = await inTurn(AROUND.length, async () => (await client.post(`/customers/${customerId}/kyc-link`, {})).body as { kycUrl: string; expiresAt: string });
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
      [410, true],
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

  it('an SCA passkey login answered 1 ms before its 300 s opens the session; at 300 s and after it is 400; the customer beside it signs in with a new start', async () => {
    const box = scaSandbox();
    const { client } = box;
    const customers = await inTurn(AROUND.length, async () => (await box.euCustomer()).id);
    const passkeys: SoftwarePasskey[] = [];
    for (const id of customers) passkeys.push((await box.enrollPasskey(id)).passkey);
    const startedAt = await box.now();
    const starts: Array<{ challenge: string; timeout: number }> = [];
    for (const id of customers) starts.push((await client.post(`/sca/login/start?customerId=${id}`, { factor: 'PASSKEY' })).body.passkeyOptions);
    // The lifetime the options announce to the browser is the challenge's.
    expect(starts.map((o) => o.timeout)).toEqual([300_000, 300_000, 300_000]);
    const complete = (i: number) =>
      client.post(`/sca/login/complete?customerId=${customers[i]}`, { factor: 'PASSKEY', passkeyAssertion: assertionJson(passkeys[i]!.assert(starts[i]!.challenge, { challengeIsBase64url: true })), origin: ORIGIN, endUserIpAddress: IP });
    const seen = [];
    for (const [i, offset] of AROUND.entries()) {
      await clockTo(client, startedAt + 300_000 + offset);
      const res = await complete(i);
      seen.push([res.status, res.body.code ?? res.body.status, res.body.details?.errors[0].message]);
    }
    const lapsed = `The challenge expired at ${iso(startedAt + 300_000)}`;
    expect(seen).toEqual([
      [200, 'SUCCESS', undefined],
      [400, 'INVALID_INPUT', lapsed],
      [400, 'INVALID_INPUT', lapsed],
    ]);
    // Second step: a new start for the customer whose challenge lapsed.
    const again = await client.post(`/sca/login/start?customerId=${customers[2]}`, { factor: 'PASSKEY' });
    const done = await client.post(`/sca/login/complete?customerId=${customers[2]}`, { factor: 'PASSKEY', passkeyAssertion: assertionJson(passkeys[2]!.assert(again.body.passkeyOptions.challenge, { challengeIsBase64url: true })), origin: ORIGIN, endUserIpAddress: IP });
    expect([done.status, done.body.status]).toEqual([200, 'SUCCESS']);
  });

  it('a wallet passkey challenge answered 1 ms before expiresAt opens a session; at and after it, 401 UNAUTHORIZED; the used one is 401 the second time', async () => {
    const { client, credential, passkey } = await withPasskey();
    const challenges = await inTurn(AROUND.length, async () => (await client.post(`/auth/credentials/${credential.id}/challenge`, { clientPublicKey: generateP256KeyPair().publicKey })).body as { challenge: string; requestId: string; expiresAt: string });
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

describe('d: a crypto withdrawal’s amount against its fees', () => {
  const ETHEREUM = '0x52908400098527886E0F7030069857D2E4169EE7';
  const BITCOIN = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

  it('the amount must exceed totalFee: totalFee - 1 and totalFee are 400 INVALID_AMOUNT naming amount and totalFee; totalFee + 1 nets 1 (a fee in the asset itself, and one converted)', async () => {
    const client = makeSandbox().client();
    const customer = (await client.post('/customers', individual({ currencies: ['USD', 'USDC', 'BTC'] }))).body;
    const accounts = (await client.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data as Array<{ id: string; balance: { currency: { code: string } } }>;
    const of = (code: string) => accounts.find((a) => a.balance.currency.code === code)!.id;
    const estimate = (currency: string, cryptoNetwork: string, destinationAddress: string, amount: number) =>
      client.post('/crypto/estimate-withdrawal-fee', { internalAccountId: of(currency), currency, cryptoNetwork, destinationAddress, amount });
    // BTC on BITCOIN pays 2,000 sats; USDC on ETHEREUM pays ETH, converted at the sandbox rate (read from a large estimate).
    const converted = (await estimate('USDC', 'ETHEREUM', ETHEREUM, 10 ** 9)).body.totalFee as number;
    expect(converted).toBeGreaterThan(1);
    for (const [currency, network, address, totalFee] of [['BTC', 'BITCOIN', BITCOIN, 2_000], ['USDC', 'ETHEREUM', ETHEREUM, converted]] as const) {
      for (const amount of [totalFee - 1, totalFee]) {
        const res = await estimate(currency, network, address, amount);
        expect([currency, amount, res.status, res.body.code, res.body.details]).toEqual([currency, amount, 400, 'INVALID_AMOUNT', { errors: [{ field: 'amount', message: `Must exceed the fees, ${totalFee}` }], totalFee }]);
      }
      const above = await estimate(currency, network, address, totalFee + 1);
      expect([currency, above.status, above.body.totalFee, above.body.netAmount]).toEqual([currency, 200, totalFee, 1]);
    }
  });
});

describe('e: the SCA challenge of a quote', () => {
  it('has no amount threshold: the smallest send (one cent above the 24 in fees) waits for authorization like a large one', async () => {
    const box = scaSandbox();
    const customer = await box.euCustomer();
    const accountId = await box.fundedEurAccount(customer.id);
    const beneficiary = await box.eurBeneficiary(customer.id);
    for (const amount of [25, 100_000]) {
      const quote = (await box.client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId }, destination: { destinationType: 'ACCOUNT', accountId: beneficiary }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: amount })).body;
      const executed = await box.client.post(`/quotes/${quote.id}/execute`, {});
      expect([amount, executed.status, executed.body.status, executed.body.scaChallenge?.purpose]).toEqual([amount, 200, 'PENDING_AUTHORIZATION', 'TRANSFER']);
    }
  });

  it('authorized 1 ms before expiresAt the send goes ahead; at expiresAt, on its own, it FAILS SCA_NOT_COMPLETED and the money is released; a code at or after it is 400', async () => {
    const box = scaSandbox();
    const { client } = box;
    const customer = await box.euCustomer();
    const accountId = await box.fundedEurAccount(customer.id);
    const beneficiary = await box.eurBeneficiary(customer.id);
    await box.login(customer.id);
    const quotes = await inTurn(AROUND.length, async () => {
      const quote = (await client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId }, destination: { destinationType: 'ACCOUNT', accountId: beneficiary }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000 })).body;
      return (await client.post(`/quotes/${quote.id}/execute`, {})).body as { id: string; transactionId: string; scaChallenge: { expiresAt: string } };
    });
    const expiresAt = Date.parse(quotes[0]!.scaChallenge.expiresAt);
    expect(quotes.map((q) => q.scaChallenge.expiresAt)).toEqual(Array(3).fill(iso(expiresAt)));
    expect(expiresAt - (await box.now())).toBe(300_000);
    const authorize = (i: number) => client.post(`/quotes/${quotes[i]!.id}/authorize`, { code: '123456', endUserIpAddress: '203.0.113.42' });
    const transactionOf = async (i: number) => (await client.get(`/transactions/${quotes[i]!.transactionId}`)).body;

    await clockTo(client, expiresAt - 1);
    const inTime = await authorize(0);
    expect([inTime.status, inTime.body.status]).toEqual([200, 'COMPLETED']);
    expect((await transactionOf(1)).status).toBe('PENDING_AUTHORIZATION');

    await clockTo(client, expiresAt);
    // Nobody called: the clock reaching expiresAt ends the other two.
    for (const i of [1, 2]) expect(await transactionOf(i)).toMatchObject({ status: 'FAILED', failureReason: 'SCA_NOT_COMPLETED' });
    expect((await client.get(`/quotes/${quotes[1]!.id}`)).body.status).toBe('FAILED');
    const account = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=EUR`)).body.data[0];
    expect([account.balance.amount, account.totalBalance.amount]).toEqual([100_000 - 1_000, 100_000 - 1_000]);
    const atExpiry = await authorize(1);
    await clockTo(client, expiresAt + 1);
    const after = await authorize(2);
    // The reference: 400 for an expired authorization proof.
    for (const res of [atExpiry, after]) expect([res.status, res.body.code, res.body.details]).toEqual([400, 'INVALID_INPUT', { errors: [{ field: 'code', message: `The challenge expired at ${iso(expiresAt)}` }] }]);
  });
});

describe('f: an incoming payment’s decideBy', () => {
  it('approved or rejected 1 ms before decideBy it is decided; at decideBy, on its own, it FAILS PAYMENT_APPROVAL_TIMED_OUT; a decision at or after it is 409', async () => {
    const client = makeSandbox().client();
    const customer = (await client.post('/customers', individual())).body;
    const receive = () => client.post('/sandbox/uma/receive', { senderUmaAddress: '$pending.approval@elsewhere.example', receiverUmaAddress: customer.umaAddress, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 700 });
    const payments = await inTurn(4, async () => (await receive()).body as { id: string; approval: { decideBy: string } });
    const decideBy = Date.parse(payments[0]!.approval.decideBy);
    expect(payments.map((p) => p.approval.decideBy)).toEqual(Array(4).fill(iso(decideBy)));
    expect(decideBy - Date.parse(await clockNow(client))).toBe(5_000);
    const read = async (i: number) => (await client.get(`/transactions/${payments[i]!.id}`)).body;

    await clockTo(client, decideBy - 1);
    const approved = await client.post(`/transactions/${payments[0]!.id}/approve`);
    expect([approved.status, approved.body.status, approved.body.approval]).toEqual([200, 'COMPLETED', { status: 'APPROVED', decideBy: iso(decideBy), decidedAt: iso(decideBy - 1) }]);
    const rejected = await client.post(`/transactions/${payments[1]!.id}/reject`);
    expect([rejected.status, rejected.body.status, rejected.body.approval]).toEqual([200, 'REJECTED', { status: 'REJECTED', decideBy: iso(decideBy), decidedAt: iso(decideBy - 1) }]);
    expect(await read(2)).toMatchObject({ status: 'PENDING', approval: { status: 'AWAITING_DECISION' } });

    await clockTo(client, decideBy);
    // Nobody called: at decideBy the undecided ones fail, announced with what GET shows.
    const timedOut = await read(2);
    expect(timedOut).toMatchObject({ status: 'FAILED', failureReason: 'PAYMENT_APPROVAL_TIMED_OUT', approval: { status: 'TIMED_OUT', decideBy: iso(decideBy), decidedAt: iso(decideBy) } });
    const failed = (await client.get('/__admin/events?type=INCOMING_PAYMENT.FAILED&limit=100')).body.data.find((e: { data: { id: string } }) => e.data.id === payments[2]!.id);
    expect(failed?.data).toEqual(timedOut);
    const late = await client.post(`/transactions/${payments[3]!.id}/approve`);
    await clockTo(client, decideBy + 1);
    const later = await client.post(`/transactions/${payments[3]!.id}/reject`);
    for (const res of [late, later]) expect([res.status, res.body.code, res.body.details]).toEqual([409, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', { status: 'FAILED', approval: 'TIMED_OUT' }]);
    const account = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=USD`)).body.data[0];
    expect([account.balance.amount, account.totalBalance.amount]).toEqual([700, 700]);
  });
});

describe('g: a receipt confirmed at a given instant', () => {
  it('receiptDeliveryConfirmedAt 1 ms before now and at now is recorded; 1 ms after now is 400 naming it and changes nothing', async () => {
    const client = makeSandbox().client();
    const customer = (await client.post('/customers', individual())).body;
    const tx = (await client.post('/sandbox/uma/receive', { senderUmaAddress: '$alice@elsewhere.example', receiverUmaAddress: customer.umaAddress, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 700 })).body;
    await client.post('/__admin/clock/advance', { seconds: 3_600 });
    const now = Date.parse(await clockNow(client));
    const confirm = (ms: number) => client.post(`/transactions/${tx.id}/confirm`, { receiptDeliveryConfirmedAt: iso(ms) });
    for (const ms of [now - 1, now]) {
      const res = await confirm(ms);
      expect([res.status, res.body.receiptDeliveryConfirmedAt]).toEqual([200, iso(ms)]);
    }
    const future = await confirm(now + 1);
    expect([future.status, future.body.code, future.body.details.errors[0].field]).toEqual([400, 'INVALID_INPUT', 'receiptDeliveryConfirmedAt']);
    expect((await client.get(`/transactions/${tx.id}`)).body.receiptDeliveryConfirmedAt).toBe(iso(now));
  });
});
