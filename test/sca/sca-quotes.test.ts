/** Money movement under SCA: quotes and transactions in PENDING_AUTHORIZATION, authorize, resend, sessions and trusted beneficiaries. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ORIGIN, assertionJson, scaSandbox } from './helpers.js';

let box: ReturnType<typeof scaSandbox>;
let client: ReturnType<typeof scaSandbox>['client'];
beforeEach(() => {
  box = scaSandbox();
  client = box.client;
});

const q = (customerId: string) => `?customerId=${encodeURIComponent(customerId)}`;

async function balance(accountId: string) {
  const account = (await client.get(`/customers/internal-accounts?limit=100`)).body.data.find((a: any) => a.id === accountId);
  return { available: account.balance.amount as number, total: account.totalBalance.amount as number };
}

/** An EU customer with 1,000.00 EUR, an EUR beneficiary, and a pre-funded quote of 10.00 EUR to it. */
async function prefundedSend(extra: Record<string, unknown> = {}) {
  const customer = await box.euCustomer();
  const accountId = await box.fundedEurAccount(customer.id);
  const beneficiary = await box.eurBeneficiary(customer.id);
  const quote = await client.post('/quotes', {
    source: { sourceType: 'ACCOUNT', accountId },
    destination: { destinationType: 'ACCOUNT', accountId: beneficiary },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 1000,
    ...extra,
  });
  expect(quote.status, JSON.stringify(quote.body)).toBe(201);
  return { customerId: customer.id as string, accountId, beneficiary, quote: quote.body };
}

function realtimeQuote(customerId: string, currency: string, destination: string, extra: Record<string, unknown> = {}) {
  return client.post('/quotes', {
    source: { sourceType: 'REALTIME_FUNDING', currency, customerId },
    destination: { destinationType: 'ACCOUNT', accountId: destination },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: 5000,
    ...extra,
  });
}

describe('a pre-funded send', () => {
  it('waits in PENDING_AUTHORIZATION with one SMS challenge; authorize releases it', async () => {
    const { customerId, accountId, quote } = await prefundedSend();
    expect(quote.status).toBe('PENDING');
    expect(quote.scaChallenge).toBeUndefined();
    const t = await box.now();
    const executed = await client.post(`/quotes/${quote.id}/execute`, {});
    expect(executed.status).toBe(200);
    expect(executed.body.status).toBe('PENDING_AUTHORIZATION');
    expect(executed.body.scaChallenge).toEqual({ id: expect.stringMatching(/^ScaChallenge:/), expiresAt: new Date(t + 300_000).toISOString(), factor: 'SMS_OTP', availableFactors: ['SMS_OTP'], purpose: 'TRANSFER' });
    const transaction = (await client.get(`/transactions/${quote.transactionId}`)).body;
    expect(transaction).toMatchObject({ status: 'PENDING_AUTHORIZATION', quoteId: quote.id, type: 'OUTGOING' });
    expect(transaction.scaChallenge).toBeUndefined();
    expect(await balance(accountId)).toEqual({ available: 100_000, total: 100_000 });
    const events = (await client.get('/__admin/events?limit=100')).body.data.map((e: any) => e.type);
    expect(events).toContain('OUTGOING_PAYMENT.PENDING_AUTHORIZATION');
    const again = await client.post(`/quotes/${quote.id}/execute`, {});
    expect(again.status).toBe(409);

    const noSession = await client.post(`/quotes/${quote.id}/authorize`, { code: '123456' });
    expect(noSession.status).toBe(409);
    expect(noSession.body.code).toBe('SCA_SESSION_REQUIRED');
    await box.login(customerId);
    const wrong = await client.post(`/quotes/${quote.id}/authorize`, { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.errors[0].field).toBe('code');
    const done = await client.post(`/quotes/${quote.id}/authorize`, { code: '123456', endUserIpAddress: '203.0.113.42' });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('COMPLETED');
    expect(done.body.scaChallenge).toBeUndefined();
    const settled = (await client.get(`/transactions/${quote.transactionId}`)).body;
    expect(settled.status).toBe('COMPLETED');
    expect(settled.statusHistory.map((h: any) => h.status)).toEqual(['PENDING_AUTHORIZATION', 'PENDING', 'PROCESSING', 'COMPLETED']);
    expect(await balance(accountId)).toEqual({ available: 99_000, total: 99_000 });
    const nothing = await client.post(`/quotes/${quote.id}/authorize`, { code: '123456' });
    expect(nothing.status).toBe(409);
    expect(nothing.body.code).toBe('CONFLICT');
  });

  it('fails SCA_NOT_COMPLETED when the challenge expires unanswered: authorize works at 299 s, not at 300 s', async () => {
    const first = await prefundedSend();
    await client.post(`/quotes/${first.quote.id}/execute`, {});
    await box.advance(299);
    await box.login(first.customerId);
    expect((await client.post(`/quotes/${first.quote.id}/authorize`, { code: '123456' })).status).toBe(200);

    const second = await prefundedSend();
    await client.post(`/quotes/${second.quote.id}/execute`, {});
    await box.login(second.customerId);
    await box.advance(300);
    const late = await client.post(`/quotes/${second.quote.id}/authorize`, { code: '123456' });
    expect(late.status).toBe(400);
    const transaction = (await client.get(`/transactions/${second.quote.transactionId}`)).body;
    expect(transaction).toMatchObject({ status: 'FAILED', failureReason: 'SCA_NOT_COMPLETED' });
    expect((await client.get(`/quotes/${second.quote.id}`)).body.status).toBe('FAILED');
    expect(await balance(second.accountId)).toEqual({ available: 100_000, total: 100_000 });
  });

  it('needs a live SCA session: 899 s after the login it works, at 900 s it is 409 SCA_SESSION_REQUIRED', async () => {
    for (const [age, expected] of [[899, 200], [900, 409]] as const) {
      const { customerId, accountId, beneficiary } = await prefundedSend();
      const sessionExpiresAt = await box.login(customerId);
      expect(Date.parse(sessionExpiresAt) - (await box.now())).toBe(900_000);
      await box.advance(700);
      const quote = (await client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId }, destination: { destinationType: 'ACCOUNT', accountId: beneficiary }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1000 })).body;
      expect((await client.post(`/quotes/${quote.id}/execute`, {})).body.status).toBe('PENDING_AUTHORIZATION');
      await box.advance(age - 700);
      const res = await client.post(`/quotes/${quote.id}/authorize`, { code: '123456' });
      expect(res.status, String(age)).toBe(expected);
      if (expected === 409) expect(res.body.code).toBe('SCA_SESSION_REQUIRED');
    }
  });

  it('re-checks the money at release: 400 INSUFFICIENT_FUNDS keeps the challenge for a retry', async () => {
    const { customerId, accountId, beneficiary, quote } = await prefundedSend({ lockedCurrencyAmount: 60_000 });
    await client.post(`/quotes/${quote.id}/execute`, {});
    await box.login(customerId);
    const drain = (await client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId }, destination: { destinationType: 'ACCOUNT', accountId: beneficiary }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 50_000 })).body;
    await client.post(`/quotes/${drain.id}/execute`, {});
    expect((await client.post(`/quotes/${drain.id}/authorize`, { code: '123456' })).status).toBe(200);
    const short = await client.post(`/quotes/${quote.id}/authorize`, { code: '123456' });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('INSUFFICIENT_FUNDS');
    expect((await client.get(`/quotes/${quote.id}`)).body.status).toBe('PENDING_AUTHORIZATION');
    await client.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount: 20_000 });
    expect((await client.post(`/quotes/${quote.id}/authorize`, { code: '123456' })).body.status).toBe('COMPLETED');
  });

  it('takes a passkey when asked (scaFactor PASSKEY): dynamically linked options, verified with WebAuthn', async () => {
    const { customerId, quote } = await prefundedSend();
    const totp = await client.post(`/quotes/${quote.id}/execute`, { scaFactor: 'TOTP' });
    expect(totp.status).toBe(400);
    expect(totp.body.details.errors[0]).toMatchObject({ field: 'scaFactor', constraint: { enum: ['SMS_OTP', 'PASSKEY'] } });
    const noPasskey = await client.post(`/quotes/${quote.id}/execute`, { scaFactor: 'PASSKEY' });
    expect(noPasskey.status).toBe(400);
    expect(noPasskey.body.details.errors[0].field).toBe('scaFactor');
    const { passkey } = await box.enrollPasskey(customerId);
    const executed = await client.post(`/quotes/${quote.id}/execute`, { scaFactor: 'PASSKEY' });
    expect(executed.status).toBe(200);
    const challenge = executed.body.scaChallenge;
    expect(challenge).toMatchObject({ factor: 'PASSKEY', availableFactors: ['SMS_OTP', 'PASSKEY'], purpose: 'TRANSFER' });
    expect(challenge.passkeyAllowedOrigins).toBeUndefined();
    expect(challenge.passkeyAssertionOptions).toMatchObject({ rpId: 'localhost', challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    await box.login(customerId);
    const stale = passkey.assert('bm90IHRoZSBjaGFsbGVuZ2U', { challengeIsBase64url: true });
    expect((await client.post(`/quotes/${quote.id}/authorize`, { passkeyAssertion: assertionJson(stale), origin: ORIGIN })).status).toBe(400);
    const noOrigin = await client.post(`/quotes/${quote.id}/authorize`, { passkeyAssertion: assertionJson(stale) });
    expect(noOrigin.status).toBe(400);
    expect(noOrigin.body.details.errors[0].field).toBe('origin');
    const good = passkey.assert(challenge.passkeyAssertionOptions.challenge, { challengeIsBase64url: true });
    const done = await client.post(`/quotes/${quote.id}/authorize`, { passkeyAssertion: assertionJson(good), origin: ORIGIN });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('COMPLETED');
  });

  it('refuses TOTP codes on a per-transaction challenge, and answers 423 while the customer is locked', async () => {
    const { customerId, quote } = await prefundedSend();
    const { totp } = await box.enrollTotp(customerId);
    await box.advance(60);
    await client.post(`/quotes/${quote.id}/execute`, {});
    await box.login(customerId);
    expect((await client.post(`/quotes/${quote.id}/authorize`, { code: totp.generate({ timestamp: await box.now() }) })).status).toBe(400);
    for (let n = 0; n < 4; n++) await client.post(`/sca/record-event${q(customerId)}`, { eventType: 'FAILED_LOGIN_ATTEMPT' });
    const locked = await client.post(`/quotes/${quote.id}/authorize`, { code: '123456' });
    expect(locked.status).toBe(423);
    expect(locked.body.code).toBe('ACCOUNT_LOCKED');
  });

  it('skips the challenge for a trusted beneficiary', async () => {
    const { customerId, beneficiary, quote } = await prefundedSend();
    await client.post(`/customers/external-accounts/${beneficiary}/trust`);
    expect((await client.post(`/customers/external-accounts/${beneficiary}/trust/confirm`, { code: '123456' })).body.trusted).toBe(true);
    const executed = await client.post(`/quotes/${quote.id}/execute`, {});
    expect(executed.status).toBe(200);
    expect(executed.body.status).toBe('COMPLETED');
    expect(executed.body.scaChallenge).toBeUndefined();
    expect((await client.get(`/transactions/${quote.transactionId}`)).body.statusHistory[0].status).toBe('PENDING');
    expect(customerId).toBeDefined();
  });

  it('applies to immediatelyExecute too: 201 with PENDING_AUTHORIZATION', async () => {
    const customer = await box.euCustomer();
    const accountId = await box.fundedEurAccount(customer.id);
    const beneficiary = await box.eurBeneficiary(customer.id);
    const res = await client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId }, destination: { destinationType: 'ACCOUNT', accountId: beneficiary }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1000, immediatelyExecute: true });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('PENDING_AUTHORIZATION');
    expect(res.body.scaChallenge.purpose).toBe('TRANSFER');
  });
});

describe('a real-time-funded send', () => {
  it('cross-currency: 202 without paymentInstructions, two challenges (CURRENCY_CONVERSION, PAYOUT), then paymentInstructions', async () => {
    const customer = await box.euCustomer();
    const beneficiary = await box.eurBeneficiary(customer.id);
    const created = await realtimeQuote(customer.id, 'USD', beneficiary);
    expect(created.status).toBe(202);
    expect(created.body.status).toBe('PENDING_AUTHORIZATION');
    expect(created.body.paymentInstructions).toBeUndefined();
    const first = created.body.scaChallenge;
    expect(first).toMatchObject({ factor: 'SMS_OTP', purpose: 'CURRENCY_CONVERSION', expiresAt: created.body.expiresAt });
    expect((await client.get(`/quotes/${created.body.id}`)).body.scaChallenge).toEqual(first);
    const send = await client.post('/sandbox/send', { quoteId: created.body.id, currencyCode: 'USD' });
    expect(send.status).toBe(400);
    expect(send.body.details.errors[0].field).toBe('quoteId');
    await box.login(customer.id);
    const step1 = await client.post(`/quotes/${created.body.id}/authorize`, { code: '123456' });
    expect(step1.status).toBe(200);
    expect(step1.body.status).toBe('PENDING_AUTHORIZATION');
    expect(step1.body.paymentInstructions).toBeUndefined();
    expect(step1.body.scaChallenge).toMatchObject({ purpose: 'PAYOUT', factor: 'SMS_OTP' });
    expect(step1.body.scaChallenge.id).not.toBe(first.id);
    const step2 = await client.post(`/quotes/${created.body.id}/authorize`, { code: '123456' });
    expect(step2.status).toBe(200);
    expect(step2.body.status).toBe('PENDING');
    expect(step2.body.scaChallenge).toBeUndefined();
    expect(step2.body.paymentInstructions.length).toBeGreaterThan(0);
    const paid = await client.post('/sandbox/send', { quoteId: created.body.id, currencyCode: 'USD' });
    expect(paid.status).toBe(200);
    expect((await client.get(`/quotes/${created.body.id}`)).body.status).toBe('COMPLETED');
  });

  it('same currency: one TRANSFER challenge; to a trusted beneficiary none (201); cross-currency to it only the conversion', async () => {
    const customer = await box.euCustomer();
    const beneficiary = await box.eurBeneficiary(customer.id);
    const same = await realtimeQuote(customer.id, 'EUR', beneficiary);
    expect(same.status).toBe(202);
    expect(same.body.scaChallenge.purpose).toBe('TRANSFER');
    await client.post(`/customers/external-accounts/${beneficiary}/trust`);
    await client.post(`/customers/external-accounts/${beneficiary}/trust/confirm`, { code: '123456' });
    const trustedSame = await realtimeQuote(customer.id, 'EUR', beneficiary);
    expect(trustedSame.status).toBe(201);
    expect(trustedSame.body.status).toBe('PENDING');
    expect(trustedSame.body.paymentInstructions.length).toBeGreaterThan(0);
    const trustedCross = await realtimeQuote(customer.id, 'USD', beneficiary);
    expect(trustedCross.status).toBe(202);
    expect(trustedCross.body.scaChallenge.purpose).toBe('CURRENCY_CONVERSION');
    await box.login(customer.id);
    expect((await client.post(`/quotes/${trustedCross.body.id}/authorize`, { code: '123456' })).body.status).toBe('PENDING');
  });

  it('EXPIRES with its challenge, and refuses immediatelyExecute and TOTP', async () => {
    const customer = await box.euCustomer();
    const beneficiary = await box.eurBeneficiary(customer.id);
    const created = (await realtimeQuote(customer.id, 'EUR', beneficiary)).body;
    await box.advance(300);
    expect((await client.get(`/quotes/${created.id}`)).body).toMatchObject({ status: 'EXPIRED' });
    expect((await client.get(`/quotes/${created.id}`)).body.scaChallenge).toBeUndefined();
    const immediate = await realtimeQuote(customer.id, 'EUR', beneficiary, { immediatelyExecute: true });
    expect(immediate.status).toBe(400);
    expect(immediate.body.details.errors[0].field).toBe('immediatelyExecute');
    const totp = await realtimeQuote(customer.id, 'EUR', beneficiary, { scaFactor: 'TOTP' });
    expect(totp.status).toBe(400);
    expect(totp.body.details.errors[0].field).toBe('scaFactor');
    expect((await client.get('/quotes')).body.data.filter((x: any) => x.id !== created.id)).toHaveLength(0);
  });
});

describe('re-sending the SMS code', () => {
  it('re-sends after 30 s (429 with Retry-After before), never extends the expiry, 409 for passkey challenges and when nothing is pending', async () => {
    const customer = await box.euCustomer();
    const beneficiary = await box.eurBeneficiary(customer.id);
    const created = (await realtimeQuote(customer.id, 'EUR', beneficiary)).body;
    const resend = () => client.post(`/quotes/${created.id}/authorize/resend`);
    await box.advance(29);
    const early = await resend();
    expect(early.status).toBe(429);
    expect(early.body.code).toBe('RATE_LIMITED');
    expect(early.headers.get('retry-after')).toBe('1');
    await box.advance(1);
    expect((await resend()).status).toBe(204);
    expect((await resend()).status).toBe(429);
    expect((await client.get(`/quotes/${created.id}`)).body.scaChallenge.expiresAt).toBe(created.scaChallenge.expiresAt);
    await box.advance(270);
    const expired = await resend();
    expect(expired.status).toBe(409);

    await box.enrollPasskey(customer.id);
    const withPasskey = (await realtimeQuote(customer.id, 'EUR', beneficiary, { scaFactor: 'PASSKEY' })).body;
    expect(withPasskey.scaChallenge.factor).toBe('PASSKEY');
    await box.advance(30);
    const passkeyResend = await client.post(`/quotes/${withPasskey.id}/authorize/resend`);
    expect(passkeyResend.status).toBe(409);
    expect(passkeyResend.body.details.factor).toBe('PASSKEY');
    expect((await client.post('/quotes/Quote:00000000-0000-4000-8000-000000000000/authorize/resend')).status).toBe(404);
    const plain = await prefundedSend();
    expect((await client.post(`/quotes/${plain.quote.id}/authorize/resend`)).status).toBe(409);
  });
});

describe('validation', () => {
  it('names every bad field of an authorization', async () => {
    const { quote } = await prefundedSend();
    const none = await client.post(`/quotes/${quote.id}/authorize`, {});
    expect(none.status).toBe(400);
    expect(none.body.details.errors.map((e: any) => e.field)).toEqual(['code']);
    const bad = await client.post(`/quotes/${quote.id}/authorize`, { code: 5, endUserIpAddress: 'x', passkeyAssertion: 'y' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: any) => e.field).sort()).toEqual(['code', 'endUserIpAddress', 'origin', 'passkeyAssertion']);
    expect((await client.post('/quotes/Quote:00000000-0000-4000-8000-000000000000/authorize', { code: '123456' })).status).toBe(404);
    const unknownFactor = await client.post(`/quotes/${quote.id}/execute`, { scaFactor: 'EMAIL' });
    expect(unknownFactor.status).toBe(400);
    expect(unknownFactor.body.details.errors[0].field).toBe('scaFactor');
  });
});
