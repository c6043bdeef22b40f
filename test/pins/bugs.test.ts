/**
 * The ten hand-made bugs of issue 32, one test each, over HTTP. Each test
 * was run against its bug applied by hand and failed (docs/pins.md keeps
 * the log); each checks what a client would see, not how the code does it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/core/version.js';
import { readChecked } from '../support/conformance.js';
import { business, makeSandbox, type Client } from '../helpers.js';
import { activeCard, fundedCustomer } from './fixtures.js';
import { scaSandbox } from '../sca/helpers.js';
import { agentWorld, policy } from '../agents/helpers.js';

describe('bug 1: the payout challenge of a real-time quote ends with the quote', () => {
  it('the second (PAYOUT) challenge, issued 100 s into the quote, expires when the quote does, not 300 s later', async () => {
    const box = scaSandbox();
    const customer = await box.euCustomer();
    const beneficiary = await box.eurBeneficiary(customer.id);
    const created = await box.client.post('/quotes', {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: customer.id },
      destination: { destinationType: 'ACCOUNT', accountId: beneficiary },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 5000,
    });
    expect(created.status).toBe(202);
    expect(created.body.scaChallenge.expiresAt).toBe(created.body.expiresAt);
    await box.advance(100);
    await box.login(customer.id);
    const step1 = await box.client.post(`/quotes/${created.body.id}/authorize`, { code: '123456' });
    expect(step1.status).toBe(200);
    expect(step1.body.scaChallenge).toMatchObject({ purpose: 'PAYOUT', expiresAt: created.body.expiresAt });
    // At the quote's expiry the payout step can no longer be taken.
    const left = (Date.parse(created.body.expiresAt) - (await box.now())) / 1000;
    await box.advance(left);
    const late = await box.client.post(`/quotes/${created.body.id}/authorize`, { code: '123456' });
    expect(late.status).not.toBe(200);
    expect((await box.client.get(`/quotes/${created.body.id}`)).body.status).toBe('EXPIRED');
  });
});

describe('bug 2: a locked customer cannot confirm a trust change', () => {
  it('trust/confirm and untrust/confirm are 423 ACCOUNT_LOCKED while locked, 200 once the lock lifts', async () => {
    const box = scaSandbox();
    const customer = await box.euCustomer();
    const beneficiary = await box.eurBeneficiary(customer.id);
    const path = `/customers/external-accounts/${beneficiary}`;
    expect((await box.client.post(`${path}/trust`)).status).toBe(200);
    for (let n = 0; n < 5; n++) await box.client.post(`/sca/record-event?customerId=${customer.id}`, { eventType: 'FAILED_LOGIN_ATTEMPT' });
    const locked = await box.client.post(`${path}/trust/confirm`, { code: '123456' });
    expect([locked.status, locked.body.code]).toEqual([423, 'ACCOUNT_LOCKED']);
    expect((await box.client.get(`${path}`)).status).toBe(200);
    await box.advance(15 * 60);
    // The pending challenge expired meanwhile: start again, then confirm.
    expect((await box.client.post(`${path}/trust`)).status).toBe(200);
    expect((await box.client.post(`${path}/trust/confirm`, { code: '123456' })).body).toEqual({ trusted: true });
    expect((await box.client.post(`${path}/untrust`)).status).toBe(200);
    for (let n = 0; n < 6; n++) await box.client.post(`/sca/record-event?customerId=${customer.id}`, { eventType: 'FAILED_LOGIN_ATTEMPT' });
    const lockedAgain = await box.client.post(`${path}/untrust/confirm`, { code: '123456' });
    expect([lockedAgain.status, lockedAgain.body.code]).toEqual([423, 'ACCOUNT_LOCKED']);
  });
});

async function eurExternal(w: Awaited<ReturnType<typeof agentWorld>>) {
  const res = await w.client.post('/customers/external-accounts', {
    customerId: w.alice.id,
    currency: 'EUR',
    accountInfo: { accountType: 'EUR_ACCOUNT', iban: 'DE89370400440532013000', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe', countryOfResidence: 'DE' } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

describe('bug 3: a new spending currency converts the usage counters too', () => {
  it('54.00 USD spent, limits moved to EUR: usage is about 50.00 EUR and the remaining daily limit is exactly spendable in EUR', async () => {
    const w = await agentWorld();
    const { agent, as } = await w.connectAgent({ policy: policy({ spendingLimits: { currency: 'USD', perTransactionLimit: 1_000_000, dailyLimit: 10_000 } }) });
    const out = await as.post('/agents/me/transfer-out', { source: { accountId: w.alice.usd }, destination: { accountId: w.alice.external['000'] }, amount: 5_400 });
    expect(out.body.status).toBe('APPROVED');
    expect((await w.client.patch(`/agents/${agent.id}/policy`, { spendingLimits: { currency: 'EUR' } })).status).toBe(200);
    const after = (await w.client.get(`/agents/${agent.id}`)).body;
    expect(after.policy.spendingLimits.currency).toBe('EUR');
    const limit = after.policy.spendingLimits.dailyLimit as number;
    const used = after.usage.dailySpend as number;
    // 1 EUR is 1.08 USD within 1% drift: 5,400 USD cents are 4,950..5,050 EUR cents; 10,000 are 9,165..9,350.
    expect(used).toBeGreaterThanOrEqual(4_950);
    expect(used).toBeLessThanOrEqual(5_050);
    expect(limit).toBeGreaterThanOrEqual(9_165);
    expect(limit).toBeLessThanOrEqual(9_350);
    const eur = await eurExternal(w);
    const send = (amount: number) => as.post('/agents/me/transfer-out', { source: { accountId: w.alice.eur }, destination: { accountId: eur }, amount });
    const over = await send(limit - used + 1);
    expect([over.status, over.body.code, over.body.details?.limit]).toEqual([403, 'VELOCITY_LIMIT_EXCEEDED', 'dailyLimit']);
    expect((await send(limit - used)).body.status).toBe('APPROVED');
    const beyond = await send(1);
    expect([beyond.status, beyond.body.details?.limit]).toEqual([403, 'dailyLimit']);
  });
});

describe('bug 4: the approval threshold is weighed in its own currency', () => {
  it('limits in EUR, threshold 50.00 USD: 50.00 USD runs at once, 52.00 USD waits for approval', async () => {
    const w = await agentWorld();
    const { as } = await w.connectAgent({ policy: policy({ spendingLimits: { currency: 'EUR', perTransactionLimit: 1_000_000 }, approvalThresholds: { currency: 'USD', amount: 5_000 } }) });
    const send = (amount: number) => as.post('/agents/me/transfer-out', { source: { accountId: w.alice.usd }, destination: { accountId: w.alice.external['000'] }, amount });
    expect((await send(5_000)).body.status).toBe('APPROVED');
    const above = await send(5_200);
    expect(above.status).toBe(201);
    expect(above.body.status).toBe('PENDING_APPROVAL');
  });

  it('threshold 50.00 EUR with USD limits: a EUR transfer of 50.00 runs at once, 50.01 EUR waits', async () => {
    const w = await agentWorld();
    const { as } = await w.connectAgent({ policy: policy({ approvalThresholds: { currency: 'EUR', amount: 5_000 } }) });
    const eur = await eurExternal(w);
    const send = (amount: number) => as.post('/agents/me/transfer-out', { source: { accountId: w.alice.eur }, destination: { accountId: eur }, amount });
    expect((await send(5_000)).body.status).toBe('APPROVED');
    expect((await send(5_001)).body.status).toBe('PENDING_APPROVAL');
  });
});

describe('bug 5: authorizing a quote needs TRANSACT, not MANAGE', () => {
  it('a TRANSACT-only token authorizes; a token with VIEW and MANAGE is 403 naming TRANSACT', async () => {
    const box = scaSandbox();
    const customer = await box.euCustomer();
    const beneficiary = await box.eurBeneficiary(customer.id);
    const quote = await box.client.post('/quotes', { source: { sourceType: 'REALTIME_FUNDING', currency: 'EUR', customerId: customer.id }, destination: { destinationType: 'ACCOUNT', accountId: beneficiary }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1000 });
    expect(quote.status).toBe(202);
    await box.login(customer.id);
    const token = async (permissions: string[]) => {
      const created = (await box.client.post('/tokens', { name: permissions.join('+'), permissions })).body;
      return makeSandboxClient(box.client, created.clientId, created.clientSecret);
    };
    const without = await (await token(['VIEW', 'MANAGE'])).post(`/quotes/${quote.body.id}/authorize`, { code: '123456' });
    expect([without.status, without.body.code, without.body.details.requiredPermission]).toEqual([403, 'FORBIDDEN', 'TRANSACT']);
    const withIt = await (await token(['TRANSACT'])).post(`/quotes/${quote.body.id}/authorize`, { code: '123456' });
    expect(withIt.status, JSON.stringify(withIt.body)).toBe(200);
    expect(withIt.body.status).not.toBe('PENDING_AUTHORIZATION');
  });
});

/** A client of the same sandbox with other Basic credentials (the shared client's app, reached through its call). */
function makeSandboxClient(base: Client, clientId: string, secret: string) {
  const auth = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
  return { post: (path: string, body: unknown = {}) => base.call('POST', path, body, { authorization: auth }) };
}

describe('bug 6: the businessCountry column of a CSV import', () => {
  it("sets the business's country; left empty it is the address country", async () => {
    const client = makeSandbox().client();
    const header = 'umaAddress,platformCustomerId,customerType,addressLine1,city,state,postalCode,country,businessLegalName,businessTaxId,businessIncorporatedOn,businessCountry';
    const rows = ['$gb@sandbox.uma.local,biz-gb,BUSINESS,1 Way,Austin,TX,78701,US,Gb Ltd,12-3456789,2015-06-01,GB', '$us@sandbox.uma.local,biz-us,BUSINESS,1 Way,Austin,TX,78701,US,Us Inc,12-3456780,2015-06-01,'];
    const accepted = await client.upload('/customers/bulk/csv', { file: new File([[header, ...rows].join('\n')], 'c.csv', { type: 'text/csv' }) });
    expect(accepted.status).toBe(202);
    await client.post('/__admin/clock/advance', { seconds: 60 });
    expect((await client.get(`/customers/bulk/jobs/${accepted.body.jobId}`)).body).toMatchObject({ status: 'COMPLETED', progress: { successful: 2, failed: 0 } });
    const gb = (await client.get('/customers?platformCustomerId=biz-gb')).body.data[0];
    const us = (await client.get('/customers?platformCustomerId=biz-us')).body.data[0];
    expect(gb.businessInfo.country).toBe('GB');
    expect(gb.address.country).toBe('US');
    expect(us.businessInfo.country).toBe('US');
  });
});

describe('bug 7: a card refund is capped by what earlier refunds left', () => {
  it('settled 10.00, refunded 6.00: 4.01 is 400 AMOUNT_OUT_OF_RANGE (max 4.00), 4.00 passes and the purchase is REFUNDED', async () => {
    const { client, cardId } = await activeCard();
    const sim = (what: string, body: unknown) => client.post(`/sandbox/cards/${cardId}/simulate/${what}`, body);
    const auth = await sim('authorization', { amount: 1_000, currency: { code: 'USD' }, merchant: { descriptor: 'COFFEE SHOP 000', mcc: '5814', country: 'US' } });
    expect(auth.status).toBe(200);
    expect((await sim('clearing', { cardTransactionId: auth.body.id, amount: 1_000 })).body.status).toBe('SETTLED');
    expect((await sim('return', { cardTransactionId: auth.body.id, amount: 600 })).status).toBe(202);
    const over = await sim('return', { cardTransactionId: auth.body.id, amount: 401 });
    expect(over).toMatchObject({ status: 400, body: { code: 'AMOUNT_OUT_OF_RANGE', details: { max: 400 } } });
    expect((await sim('return', { cardTransactionId: auth.body.id, amount: 400 })).status).toBe(202);
    expect((await client.get(`/transactions/${auth.body.id}`)).body).toMatchObject({ status: 'REFUNDED', refundedAmount: 1_000, refundSummary: { count: 2, totalAmount: 1_000 } });
  });
});

describe('bug 8: SAME_DAY_ACH transfers can be cancelled', () => {
  it('a PROCESSING payout on SAME_DAY_ACH (as a restored snapshot holds it) is cancelled: 200 FAILED', async () => {
    const { client, accountId, payee: slow } = await fundedCustomer('000000005');
    const tx = (await client.post('/transfer-out', { source: { accountId }, destination: { accountId: slow, paymentRail: 'RTP' }, amount: 500 })).body;
    expect(tx.status).toBe('PROCESSING');
    const snapshot = (await client.get('/__admin/snapshot')).body;
    snapshot.transactions[tx.id].paymentRail = 'SAME_DAY_ACH';
    expect((await client.call('PUT', '/__admin/snapshot', snapshot)).status).toBe(200);
    const cancelled = await client.post(`/transactions/${tx.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe('FAILED');
  });
});

/** A webhook endpoint that answers every request with a redirect to `target`, recording what reached it. */
async function redirector(status: number, target: string) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.method ?? '');
    req.resume();
    req.on('end', () => res.writeHead(status, { location: target }).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, hits, close };
}

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

describe('bug 9: a redirect from a webhook endpoint is not a delivery', () => {
  it.each([301, 302, 303, 307, 308])('%i: the delivery is refused with that status and the target never gets a request', async (status) => {
    const target = await redirector(200, 'http://127.0.0.1:9/unused');
    closers.push(target.close);
    const endpoint = await redirector(status, target.url);
    closers.push(endpoint.close);
    const client = makeSandbox().client();
    expect((await client.patch('/config', { webhookEndpoint: endpoint.url })).status).toBe(200);
    const res = await client.post('/sandbox/webhooks/test');
    expect(res).toMatchObject({ status: 400, body: { code: 'WEBHOOK_DELIVERY_ERROR', details: { status } } });
    expect(endpoint.hits).toEqual(['POST']);
    expect(target.hits).toEqual([]);
  });
});

describe('bug 10: the Basic scheme in any case', () => {
  it.each(['Basic', 'basic', 'BASIC', 'bAsIc'])('%s credentials open the API; wrong ones under it are 401', async (scheme) => {
    const sandbox = makeSandbox();
    const good = Buffer.from('test-client:test-secret').toString('base64');
    for (const [header, status] of [[`${scheme} ${good}`, 200], [`${scheme} ${Buffer.from('test-client:wrong').toString('base64')}`, 401]] as const) {
      const url = `${API_BASE_PATH}/customers`;
      const res = await sandbox.app.request(url, { headers: { AUTHORIZATION: header } });
      const read = await readChecked(sandbox.app, 'GET', url, res);
      expect(read.status, header).toBe(status);
    }
  });

  it('a business customer created under a lower-case scheme is the same tenant as under Basic', async () => {
    const sandbox = makeSandbox();
    const client = sandbox.client();
    const created = await client.call('POST', '/customers', business(), { authorization: `basic ${Buffer.from('test-client:test-secret').toString('base64')}` });
    expect(created.status).toBe(201);
    expect((await client.get(`/customers/${created.body.id}`)).status).toBe(200);
  });
});
