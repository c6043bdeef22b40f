/**
 * The case next to the tested one (issue 38): for each rule a survivor of
 * the last audit sat beside, the other status, the other side of the
 * boundary, the other letter case, the second step or the other code path,
 * over HTTP. Each `it` names its row of the table.
 */
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { parseCorsOrigins } from '../../src/core/cors.js';
import { API_BASE_PATH } from '../../src/core/version.js';
import { fixtureFile, individual, makeSandbox } from '../helpers.js';
import { stablecoinSandbox } from '../stablecoins/helpers.js';
import { activeCard, advance, clockNow, eventsOf, fundedCustomer, realtimeQuote, usdAccountOf } from './fixtures.js';
import { travelRuleConfig } from '../support/travel-rule.js';

const purchase = { currency: { code: 'USD' }, merchant: { descriptor: 'CORNER SHOP', mcc: '5814', country: 'US' } };

describe('#1 an internal account is stamped when its balance changes', () => {
  it('a card hold, later than creation: GET and BALANCE_UPDATED show updatedAt = the sandbox clock at the hold', async () => {
    const { client, customerId, cardId } = await activeCard();
    await advance(client, 3_600);
    const at = await clockNow(client);
    expect((await client.post(`/sandbox/cards/${cardId}/simulate/authorization`, { amount: 1_000, ...purchase })).status).toBe(200);
    const account = await usdAccountOf(client, customerId);
    expect(account.updatedAt).toBe(at);
    expect(Date.parse(account.createdAt)).toBeLessThan(Date.parse(at));
    expect((await eventsOf(client, 'INTERNAL_ACCOUNT.BALANCE_UPDATED')).at(0)?.data).toEqual(account);
  });

  it('a payout, later than creation: GET shows updatedAt = the sandbox clock at the payout', async () => {
    const { client, customerId, accountId, payee } = await fundedCustomer();
    await advance(client, 90);
    const quote = (await client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId }, destination: { destinationType: 'ACCOUNT', accountId: payee }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000 })).body;
    const at = await clockNow(client);
    expect((await client.post(`/quotes/${quote.id}/execute`)).status).toBe(200);
    const account = await usdAccountOf(client, customerId);
    expect(account.updatedAt).toBe(at);
    expect((await eventsOf(client, 'INTERNAL_ACCOUNT.BALANCE_UPDATED')).at(0)?.data).toEqual(account);
  });
});

describe('#2 only an ACTIVE internal account funds a mint or is held for a burn', () => {
  it('PENDING, FROZEN, FAILED, CLOSED in turn: a mint from it, a mint to it and a burn from it are 400 naming the field; nothing is held', async () => {
    const box = stablecoinSandbox();
    const coin = await box.enabledStablecoin();
    const spark = await box.sparkWallet();
    const bank = await box.usdBank();
    const usd = await box.platformAccount('USD');
    const acme = await box.platformAccount('ACME');
    expect((await box.client.post(`/sandbox/internal-accounts/${usd.id}/fund`, { amount: 1_000 })).status).toBe(200);
    // Stock the ACME account through a completed mint from the provider balance, so a burn has something to hold.
    const providerFunded = { type: 'PROVIDER_INTERNAL_BALANCE', sourceTokenIdentifier: 'USDC', cryptoNetwork: 'SOLANA' };
    expect((await box.mint(coin.id, { amount: '1000000', fundingSource: providerFunded, destination: { accountId: acme.id } })).status).toBe(201);
    await box.advance(35);
    // CLOSED last: it is final.
    for (const status of ['PENDING', 'FROZEN', 'FAILED', 'CLOSED']) {
      for (const id of [usd.id, acme.id]) expect((await box.client.post(`/__admin/internal-accounts/${id}/status`, { status })).status).toBe(200);
      const mint = await box.mint(coin.id, { amount: '1000000', fundingSource: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: usd.id }, destination: { accountId: spark } });
      expect([status, mint.status, mint.body.code, mint.body.details?.errors?.[0]?.field]).toEqual([status, 400, 'INVALID_INPUT', 'fundingSource.accountId']);
      const burn = await box.burn(coin.id, { amount: '500000', source: { type: 'SERVICE_INTERNAL_ACCOUNT', accountId: acme.id }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: bank, rail: 'ACH_CREDIT' } });
      expect([status, burn.status, burn.body.code, burn.body.details?.field]).toEqual([status, 400, 'STABLECOIN_BURN_SOURCE_NOT_SUPPORTED', 'source.accountId']);
      const credit = await box.mint(coin.id, { amount: '1000000', fundingSource: providerFunded, destination: { accountId: acme.id } });
      expect([status, credit.status, credit.body.code, credit.body.details?.errors?.[0]?.field]).toEqual([status, 400, 'INVALID_INPUT', 'destination.accountId']);
      expect(await box.platformAccount('USD')).toMatchObject({ balance: 1_000, total: 1_000 });
      expect(await box.platformAccount('ACME')).toMatchObject({ balance: 100, total: 100 });
    }
  });
});

describe('#3 the admin review never activates a wallet whose ownership proof failed', () => {
  it('UNVERIFIED (after a bad signature) and PENDING_OWNERSHIP_VERIFICATION: 409 INVALID_STATE_TRANSITION for every review status; a bank account is reviewed', async () => {
    const client = makeSandbox().client();
    expect((await client.patch('/config', travelRuleConfig('BTC'))).status).toBe(200);
    const customerId = (await client.post('/customers', individual())).body.id;
    const wallet = { customerId, currency: 'BTC', ownershipType: 'FIRST_PARTY', accountInfo: { accountType: 'SPARK_WALLET', address: 'sp1qqgqzqvzq2ps8pqys5zcvp58q7000' } };
    const failed = (await client.post('/customers/external-accounts', wallet)).body.id;
    const pending = (await client.post('/customers/external-accounts', wallet)).body.id;
    expect((await client.post(`/customers/external-accounts/${failed}/challenge`, { method: 'WALLET_SIGNATURE' })).status).toBe(201);
    expect((await client.post(`/customers/external-accounts/${failed}/verify`, { signature: 'sandbox-invalid-signature' })).status).toBe(400);
    for (const [id, state] of [[failed, 'UNVERIFIED'], [pending, 'PENDING_OWNERSHIP_VERIFICATION']] as const) {
      expect((await client.get(`/customers/external-accounts/${id}`)).body.status).toBe(state);
      for (const status of ['ACTIVE', 'UNDER_REVIEW', 'INACTIVE']) {
        const review = await client.post(`/__admin/external-accounts/${id}/status`, { status });
        expect([state, status, review.status, review.body.code]).toEqual([state, status, 409, 'INVALID_STATE_TRANSITION']);
      }
      expect((await client.get(`/customers/external-accounts/${id}`)).body.status).toBe(state);
    }
    const bank = (await client.post('/customers/external-accounts', { customerId, currency: 'USD', accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '000123456000', routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' } } })).body.id;
    expect((await client.post(`/__admin/external-accounts/${bank}/status`, { status: 'INACTIVE' })).body.status).toBe('INACTIVE');
  });
});

describe('#4 a late clearing of a settled in-parts authorization (descriptor 007)', () => {
  it('after a partial and a 0 clearing, a late clearing stays SETTLED and pulls what it adds', async () => {
    const { client, customerId, cardId } = await activeCard();
    const auth = (await client.post(`/sandbox/cards/${cardId}/simulate/authorization`, { amount: 5_000, ...purchase, merchant: { ...purchase.merchant, descriptor: 'TAXI RIDE 007' } })).body;
    const clear = async (amount: number) => {
      const res = await client.post(`/sandbox/cards/${cardId}/simulate/clearing`, { cardTransactionId: auth.id, amount });
      expect(res.status).toBe(200);
      return [res.body.status, res.body.settledAmount, (await usdAccountOf(client, customerId)).balance.amount];
    };
    expect(await clear(2_000)).toEqual(['PARTIALLY_SETTLED', 2_000, 5_000]);
    expect(await clear(0)).toEqual(['SETTLED', 2_000, 8_000]);
    expect(await clear(1_000)).toEqual(['SETTLED', 3_000, 7_000]);
    expect(await clear(0)).toEqual(['SETTLED', 3_000, 7_000]);
  });
});

describe('#5 real-time funding takes the exact amount only', () => {
  it.each([
    ['one cent more', 1, 'FAILED'],
    ['one cent less', -1, 'FAILED'],
    ['the exact amount', 0, 'COMPLETED'],
  ])('%s: %s', async (_name, delta, status) => {
    const { client, customerId } = await fundedCustomer('000000001', 1);
    const receiver = (await client.post('/customers', individual({ fullName: 'Receiver Person', email: 'r@example.com' }))).body.id;
    const to = (await usdAccountOf(client, receiver)).id;
    const quote = await realtimeQuote(client, customerId, to);
    const sent = await client.post('/sandbox/send', { quoteId: quote.id, currencyCode: 'USD', currencyAmount: quote.totalSendingAmount + delta });
    expect(sent.status).toBe(200);
    expect([sent.body.status, sent.body.failureReason]).toEqual([status, status === 'FAILED' ? 'FUNDING_AMOUNT_MISMATCH' : undefined]);
    expect((await usdAccountOf(client, receiver)).balance.amount).toBe(status === 'FAILED' ? 0 : quote.totalReceivingAmount);
  });
});

describe('#6 the inviter never claims their own invitation, in any letter case', () => {
  it.each(['$Alice@sandbox.uma.local', '$ALICE@SANDBOX.UMA.LOCAL', '$alice@Sandbox.Uma.Local'])('%s is 400 INVALID_UMA_ADDRESS; a near miss ($alice2@…) claims it', async (self) => {
    const sandbox = makeSandbox();
    const alpha = sandbox.client('platform-alpha', 'a');
    const beta = sandbox.client('platform-beta', 'b');
    expect((await alpha.post('/customers', individual({ umaAddress: '$alice@sandbox.uma.local' }))).status).toBe(201);
    const code = (await alpha.post('/invitations', { inviterUma: '$alice@sandbox.uma.local' })).body.code;
    const refused = await beta.post(`/invitations/${code}/claim`, { inviteeUma: self });
    expect([refused.status, refused.body.code, refused.body.details?.errors?.[0]?.field]).toEqual([400, 'INVALID_UMA_ADDRESS', 'inviteeUma']);
    expect(await eventsOf(alpha, 'INVITATION.CLAIMED')).toEqual([]);
    const claimed = await beta.post(`/invitations/${code}/claim`, { inviteeUma: '$alice2@sandbox.uma.local' });
    expect([claimed.status, claimed.body.status]).toEqual([200, 'CLAIMED']);
  });
});

describe('#7 re-verifying a changed e-mail leaves an APPROVED customer APPROVED', () => {
  it('APPROVED, a new e-mail (PENDING), its code confirmed: still APPROVED, the e-mail VERIFIED', async () => {
    const client = makeSandbox().client();
    const id = (await client.post('/customers', individual({ region: 'DE', email: 'jana@example.de', phoneNumber: '+4915123456789', idType: 'SSN', identifier: '123-45-6789' }))).body.id;
    await client.upload('/documents', { file: fixtureFile('passport.png'), documentHolder: id, documentType: 'PASSPORT', country: 'DE' });
    for (const channel of ['email', 'phone']) {
      expect((await client.post(`/customers/${id}/verify-${channel}`)).status).toBe(204);
      expect((await client.post(`/customers/${id}/verify-${channel}/confirm`, { code: '123456' })).status).toBe(200);
    }
    expect((await client.post('/verifications', { customerId: id })).body.verificationStatus).toBe('APPROVED');
    expect((await client.get(`/customers/${id}`)).body.kycStatus).toBe('APPROVED');
    const changed = await client.patch(`/customers/${id}`, { customerType: 'INDIVIDUAL', email: 'jana.new@example.de' });
    expect([changed.body.contactVerification, changed.body.kycStatus]).toEqual([{ email: 'PENDING', phone: 'VERIFIED' }, 'APPROVED']);
    expect((await client.post(`/customers/${id}/verify-email`)).status).toBe(204);
    const confirmed = await client.post(`/customers/${id}/verify-email/confirm`, { code: '123456' });
    expect([confirmed.status, confirmed.body.contactVerification.email, confirmed.body.kycStatus]).toEqual([200, 'VERIFIED', 'APPROVED']);
    expect((await client.get(`/customers/${id}`)).body.kycStatus).toBe('APPROVED');
  });
});

describe('#8 a fault’s path pattern ends at a segment boundary', () => {
  const faultSandbox = makeSandbox();
  it.each([
    ['/customer', '/customers', false],
    ['/customers', '/customers', true],
    ['/customers', '/customers/Customer:x', true],
    ['/CUSTOMERS', '/customers', false],
    ['/customers/*', '/customers/Customer:x', true],
    ['/customers/*', '/customers', false],
    ['/quotes/*/execute', '/quotes/Quote:1/executed', false],
  ])('armed on %s, GET %s is hit: %s', async (pattern, path, hit) => {
    const client = faultSandbox.client();
    expect((await client.delete('/__admin/faults')).status).toBe(200);
    expect((await client.post('/__admin/faults', { kind: 'ERROR', code: 'INTERNAL_ERROR', path: pattern, count: 1 })).status).toBe(201);
    const res = await client.get(path);
    expect(res.body.code === 'INTERNAL_ERROR').toBe(hit);
    expect((await client.get('/__admin/faults')).body.data).toHaveLength(hit ? 0 : 1);
  });
});

describe('#9 Vary: Origin with --cors-origins, whatever the origin', () => {
  it('a listed origin and an unlisted one (another port, a longer host, another case of a listed one) all get Vary: Origin', async () => {
    const { app } = makeSandbox({ corsOrigins: parseCorsOrigins('http://localhost:5173') });
    const authorization = `Basic ${Buffer.from('cors-app:secret').toString('base64')}`;
    const cases: [string, string | null][] = [
      ['http://localhost:5173', 'http://localhost:5173'],
      ['HTTP://LOCALHOST:5173', 'HTTP://LOCALHOST:5173'],
      ['http://localhost:51730', null],
      ['http://localhost:5173.example.com', null],
      ['https://localhost:5173', null],
    ];
    for (const [origin, allowed] of cases) {
      for (const res of [
        await app.request(`${API_BASE_PATH}/customers`, { headers: { origin, authorization } }),
        await app.request(`${API_BASE_PATH}/customers`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } }),
      ]) {
        expect([origin, res.headers.get('vary')?.split(/,\s*/).includes('Origin'), res.headers.get('access-control-allow-origin')]).toEqual([origin, true, allowed]);
      }
    }
  });
});

describe('#10 the all-tenants coverage report covers from its earliest tenant', () => {
  it('since is the earliest tenant’s, not the latest', async () => {
    const sandbox = await createSandbox({ log: 'silent' });
    try {
      const early = sandbox.client('tenant-early');
      const late = sandbox.client('tenant-late');
      expect((await early.get('/customers')).status).toBe(200);
      await late.advanceClock(86_400);
      expect((await late.delete('/__admin/coverage')).status).toBe(200);
      const earlySince = (await early.coverage()).since;
      const lateSince = (await late.coverage()).since;
      expect(Date.parse(lateSince) - Date.parse(earlySince)).toBeGreaterThanOrEqual(86_400_000);
      for (const client of [early, late]) expect((await client.coverage({ allTenants: true })).since).toBe(earlySince);
    } finally {
      await sandbox.close();
    }
  });
});

describe('#11 HEAD is GET when choosing between 404 and 405', () => {
  const { app } = makeSandbox();
  it.each([
    ['HEAD', '/docs/assets/nope.js', 404, null],
    ['GET', '/docs/assets/nope.js', 404, null],
    ['POST', '/docs/assets/nope.js', 405, 'GET, HEAD'],
    ['HEAD', '/docs/assets/swagger-ui-bundle.js', 200, null],
    ['head', '/docs/assets/nope.js', 404, null],
  ])('%s %s is %i (Allow %s)', async (method, path, status, allow) => {
    const res = await app.request(path, { method });
    expect([res.status, res.headers.get('allow')]).toEqual([status, allow]);
  });
});
