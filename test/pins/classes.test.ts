/**
 * Issue 38's classes, closed area by area over HTTP with expectations from
 * the spec and the reference: each comparison of amounts, times and counts
 * at one below, at and one above; each comparison of client-supplied text in
 * another letter case and with a near miss; each rule that depends on an
 * earlier step as a sequence; each field stamped on change equal to the
 * sandbox clock at the change, later than creation. (The rows of the issue's
 * table: neighbours.test.ts; state x operation matrices: test/states/.)
 */
import { describe, expect, it } from 'vitest';
import { business, individual, makeSandbox, usdAccount, type Client } from '../helpers.js';
import { walletSandbox } from '../wallet/helpers.js';
import { activeCard, advance, clockNow, eventsOf, fundedCustomer, realtimeQuote, usdAccountOf } from './fixtures.js';

const merchant = (descriptor: string) => ({ currency: { code: 'USD' }, merchant: { descriptor, mcc: '5814', country: 'US' } });

/** A card authorization of `amount` at `descriptor`, and a way to clear it that answers [status, settledAmount, available]. */
async function authorized(amount: number, descriptor: string) {
  const card = await activeCard();
  const auth = await card.client.post(`/sandbox/cards/${card.cardId}/simulate/authorization`, { amount, ...merchant(descriptor) });
  expect(auth.body.status).toBe('AUTHORIZED');
  const clear = async (value: number) => {
    const res = await card.client.post(`/sandbox/cards/${card.cardId}/simulate/clearing`, { cardTransactionId: auth.body.id, amount: value });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return [res.body.status, res.body.settledAmount, (await usdAccountOf(card.client, card.customerId)).balance.amount];
  };
  return { ...card, id: auth.body.id as string, clear };
}

/** Platform alpha with alice ($alice@sandbox.uma.local), and platform beta in the same sandbox. */
async function twoPlatforms() {
  const sandbox = makeSandbox();
  const alpha = sandbox.client('platform-alpha', 'a');
  const beta = sandbox.client('platform-beta', 'b');
  const alice = (await alpha.post('/customers', individual({ umaAddress: '$alice@sandbox.uma.local' }))).body;
  const invite = async (body: Record<string, unknown> = {}) => {
    const res = await alpha.post('/invitations', { inviterUma: '$alice@sandbox.uma.local', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  return { alpha, beta, alice, invite };
}

/** An EU customer (contact verification) whose e-mail and phone wait for their codes. */
async function contactCustomer(client: Client, email = 'jana@example.de') {
  const res = await client.post('/customers', individual({ region: 'DE', email, phoneNumber: '+4915123456789', platformCustomerId: email }));
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe('boundaries', () => {
  it.each([
    ['one below the authorization', 4_999, ['PARTIALLY_SETTLED', 4_999, 5_000]],
    ['at the authorization', 5_000, ['SETTLED', 5_000, 5_000]],
    ['one above the authorization', 5_001, ['SETTLED', 5_001, 4_999]],
  ])('an in-parts merchant (007) cleared %s: %s', async (_name, amount, expected) => {
    const { clear } = await authorized(5_000, 'TAXI RIDE 007');
    expect(await clear(amount)).toEqual(expected);
  });

  it('a re-size of a partly cleared authorization: one below what cleared is 400 naming amount; at it and one above pass', async () => {
    const { client, cardId, id, clear } = await authorized(5_000, 'TAXI RIDE 007');
    expect(await clear(2_000)).toEqual(['PARTIALLY_SETTLED', 2_000, 5_000]);
    const resize = (amount: number) => client.post(`/sandbox/cards/${cardId}/simulate/authorization_advice`, { cardTransactionId: id, amount });
    const below = await resize(1_999);
    expect([below.status, below.body.code, below.body.details.errors[0].field]).toEqual([400, 'INVALID_INPUT', 'amount']);
    expect((await resize(2_001)).body.authorizedAmount).toBe(2_001);
    expect((await resize(2_000)).body.authorizedAmount).toBe(2_000);
  });

  it('an invitation’s expiresAt on the sandbox clock: at now or before is 400, a millisecond later 201; PENDING a millisecond before it, EXPIRED at it', async () => {
    const { alpha, beta, invite } = await twoPlatforms();
    await advance(alpha, 3_600);
    const now = Date.parse(await clockNow(alpha));
    for (const offset of [-1, 0]) {
      const refused = await alpha.post('/invitations', { inviterUma: '$alice@sandbox.uma.local', expiresAt: new Date(now + offset).toISOString() });
      expect([offset, refused.status, refused.body.code, refused.body.details.errors[0].field]).toEqual([offset, 400, 'INVALID_INPUT', 'expiresAt']);
    }
    const soon = await invite({ expiresAt: new Date(now + 1).toISOString() });
    const later = await invite({ expiresAt: new Date(now + 600_000).toISOString() });
    await advance(alpha, 599.999);
    expect((await beta.get(`/invitations/${later.code}`)).body.status).toBe('PENDING');
    expect((await beta.get(`/invitations/${soon.code}`)).body.status).toBe('EXPIRED');
    await advance(alpha, 0.001);
    expect((await beta.get(`/invitations/${later.code}`)).body.status).toBe('EXPIRED');
  });

  it('the owners of a business: at 100% in all passes, one point more is 400 naming ownershipPercentage, on create and on update', async () => {
    const client = makeSandbox().client();
    const customerId = (await client.post('/customers', business())).body.id;
    const personalInfo = { firstName: 'Olive', lastName: 'Owner', birthDate: '1980-05-05', nationality: 'US', address: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '73301', country: 'US' }, idType: 'SSN', identifier: '123-45-6789' };
    const create = (ownershipPercentage: number) => client.post('/beneficial-owners', { customerId, roles: ['UBO'], ownershipPercentage, personalInfo });
    const first = (await create(70)).body.id;
    const over = await create(31);
    expect([over.status, over.body.details.errors[0].field]).toEqual([400, 'ownershipPercentage']);
    expect((await create(29)).status).toBe(201);
    expect((await create(1)).status).toBe(201);
    // 100% held: the owner's own share does not count against it when it is updated.
    expect((await client.patch(`/beneficial-owners/${first}`, { ownershipPercentage: 70 })).status).toBe(200);
    expect((await client.patch(`/beneficial-owners/${first}`, { ownershipPercentage: 69 })).status).toBe(200);
    const overUpdate = await client.patch(`/beneficial-owners/${first}`, { ownershipPercentage: 71 });
    expect([overUpdate.status, overUpdate.body.details.errors[0].field]).toEqual([400, 'ownershipPercentage']);
  });

  it('a fault armed for 2 requests answers exactly 2, the third passes', async () => {
    const client = makeSandbox().client();
    expect((await client.post('/__admin/faults', { kind: 'ERROR', code: 'INTERNAL_ERROR', path: '/customers', count: 2 })).body.remaining).toBe(2);
    const statuses = [];
    for (let n = 0; n < 3; n++) statuses.push((await client.get('/customers')).status);
    expect(statuses).toEqual([500, 500, 200]);
  });

  it('a contact code confirmed 599.999 s after it was sent passes; at 600 s it is 400 naming code', async () => {
    const client = makeSandbox().client();
    const onTime = await contactCustomer(client, 'a@example.de');
    const late = await contactCustomer(client, 'b@example.de');
    for (const id of [onTime, late]) expect((await client.post(`/customers/${id}/verify-email`)).status).toBe(204);
    await advance(client, 599.999);
    expect((await client.post(`/customers/${onTime}/verify-email/confirm`, { code: '123456' })).body.contactVerification.email).toBe('VERIFIED');
    await advance(client, 0.001);
    const expired = await client.post(`/customers/${late}/verify-email/confirm`, { code: '123456' });
    expect([expired.status, expired.body.details.errors[0].field]).toEqual([400, 'code']);
  });
});

describe('identity', () => {
  it('an inviter’s UMA address in another case is the same customer; near misses are 400 INVALID_UMA_ADDRESS', async () => {
    const { alpha } = await twoPlatforms();
    for (const inviterUma of ['$ALICE@sandbox.uma.local', '$Alice@SANDBOX.uma.local']) expect((await alpha.post('/invitations', { inviterUma })).status, inviterUma).toBe(201);
    for (const inviterUma of ['$alic@sandbox.uma.local', '$alice1@sandbox.uma.local', '$alice@sandbox.uma.local.example', '$alice@sandbox.uma']) {
      const res = await alpha.post('/invitations', { inviterUma });
      expect([inviterUma, res.status, res.body.code]).toEqual([inviterUma, 400, 'INVALID_UMA_ADDRESS']);
    }
  });

  it('a UMA address taken in another case is 409 UMA_ADDRESS_EXISTS; a longer one is free; the umaAddress filter ignores case, not length', async () => {
    const { alpha, alice } = await twoPlatforms();
    const taken = await alpha.post('/customers', individual({ umaAddress: '$ALICE@sandbox.uma.local', platformCustomerId: 'other' }));
    expect([taken.status, taken.body.code]).toEqual([409, 'UMA_ADDRESS_EXISTS']);
    expect((await alpha.post('/customers', individual({ umaAddress: '$alice2@sandbox.uma.local', platformCustomerId: 'longer' }))).status).toBe(201);
    const found = async (address: string) => (await alpha.get(`/customers?umaAddress=${encodeURIComponent(address)}`)).body.data.map((c: { id: string }) => c.id);
    expect(await found('$ALICE@Sandbox.Uma.Local')).toEqual([alice.id]);
    expect(await found('$alic@sandbox.uma.local')).toEqual([]);
  });

  it('a UMA payment to the receiver’s address in another case lands in its account; to a near miss, 404-like UMA_NOT_FOUND', async () => {
    const { alpha, alice } = await twoPlatforms();
    const receive = (receiverUmaAddress: string) => alpha.post('/sandbox/uma/receive', { senderUmaAddress: '$success.usd@sandbox.uma.local', receiverUmaAddress, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 1_000 });
    expect((await receive('$ALICE@SANDBOX.UMA.LOCAL')).body.status).toBe('COMPLETED');
    expect((await usdAccountOf(alpha, alice.id)).balance.amount).toBe(1_000);
    for (const near of ['$alicee@sandbox.uma.local', '$alic@sandbox.uma.local']) expect((await receive(near)).body.code, near).toBe('UMA_NOT_FOUND');
    expect((await usdAccountOf(alpha, alice.id)).balance.amount).toBe(1_000);
  });

  it('real-time funding in a currency code of another case or a longer code is refused; nothing is paid', async () => {
    const { client, customerId } = await fundedCustomer('000000001', 1);
    const quote = await realtimeQuote(client, customerId, (await client.post('/customers/external-accounts', usdAccount(customerId, '000000011'))).body.id);
    // Lower case is not a currency code at all (400 INVALID_INPUT); a longer or another code is not the quote's.
    for (const [currencyCode, code] of [['usd', 'INVALID_INPUT'], ['Usd', 'INVALID_INPUT'], ['USDC', 'INVALID_CURRENCY'], ['USDT', 'INVALID_CURRENCY'], ['EUR', 'INVALID_CURRENCY']]) {
      const res = await client.post('/sandbox/send', { quoteId: quote.id, currencyCode });
      expect([currencyCode, res.status, res.body.code]).toEqual([currencyCode, 400, code]);
    }
    expect((await client.get(`/quotes/${quote.id}`)).body.status).toBe(quote.status);
    expect((await client.post('/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' })).body.status).toBe('COMPLETED');
  });

  it('an e-mail that is another EMAIL_OTP credential’s, in any case, is 409 before any challenge; near misses go on to the signed retry (202)', async () => {
    const { openWallet, client } = await walletSandbox();
    const wallet = await openWallet({ email: 'mine@example.com' });
    await openWallet({ email: 'taken@example.com' });
    const change = (email: string) => client.patch(`/customers/${wallet.customerId}`, { customerType: 'INDIVIDUAL', email });
    for (const email of ['TAKEN@EXAMPLE.COM', 'taken@Example.com']) expect([email, (await change(email)).body.code]).toEqual([email, 'EMAIL_OTP_EMAIL_ALREADY_EXISTS']);
    for (const email of ['aken@example.com', 'taken@example.co', 'taken@example.comm', 'xtaken@example.com']) expect([email, (await change(email)).status]).toEqual([email, 202]);
    expect((await client.get(`/customers/${wallet.customerId}`)).body.email).toBe('mine@example.com');
  });
});

describe('second steps', () => {
  it('a zero clearing of an ordinary authorization releases the hold; a second zero changes nothing; a late clearing pulls what it adds', async () => {
    const { clear } = await authorized(3_000, 'CORNER SHOP');
    expect(await clear(0)).toEqual(['SETTLED', 0, 10_000]);
    expect(await clear(0)).toEqual(['SETTLED', 0, 10_000]);
    expect(await clear(1_000)).toEqual(['SETTLED', 1_000, 9_000]);
  });

  it('an invitation claimed, then claimed again or cancelled; one cancelled, then cancelled again: each second step is refused with the first step’s code', async () => {
    const { alpha, beta, invite } = await twoPlatforms();
    const claimed = await invite();
    expect((await beta.post(`/invitations/${claimed.code}/claim`, { inviteeUma: '$bob@beta.example' })).status).toBe(200);
    for (const res of [await beta.post(`/invitations/${claimed.code}/claim`, { inviteeUma: '$carol@beta.example' }), await alpha.post(`/invitations/${claimed.code}/cancel`)]) {
      expect([res.status, res.body.code]).toEqual([400, 'INVITATION_ALREADY_CLAIMED']);
    }
    expect((await alpha.get(`/invitations/${claimed.code}`)).body.inviteeUma).toBe('$bob@beta.example');
    expect(await eventsOf(alpha, 'INVITATION.CLAIMED')).toHaveLength(1);
    const cancelled = await invite();
    expect((await alpha.post(`/invitations/${cancelled.code}/cancel`)).status).toBe(200);
    const again = await alpha.post(`/invitations/${cancelled.code}/cancel`);
    expect([again.status, again.body.code]).toEqual([400, 'INVITATION_CANCELLED']);
  });

  it('contact codes: a re-send replaces the code’s clock; after VERIFIED a re-send or a second confirm is 409', async () => {
    const client = makeSandbox().client();
    const id = await contactCustomer(client);
    expect((await client.post(`/customers/${id}/verify-email`)).status).toBe(204);
    await advance(client, 500);
    expect((await client.post(`/customers/${id}/verify-email`)).status).toBe(204);
    // 700 s after the first send, 200 s after the re-send: the re-send counts.
    await advance(client, 200);
    expect((await client.post(`/customers/${id}/verify-email/confirm`, { code: '123456' })).body.contactVerification.email).toBe('VERIFIED');
    for (const res of [await client.post(`/customers/${id}/verify-email`), await client.post(`/customers/${id}/verify-email/confirm`, { code: '123456' })]) {
      expect([res.status, res.body.code]).toEqual([409, 'CONFLICT']);
    }
  });

  it('a real-time quote paid the wrong amount is FAILED and refunded; paying it again, even exactly, is 400 and moves nothing', async () => {
    const { client, customerId } = await fundedCustomer('000000001', 1);
    const receiver = (await client.post('/customers', individual({ fullName: 'Receiver Person', email: 'r@example.com' }))).body.id;
    const to = (await usdAccountOf(client, receiver)).id;
    const quote = await realtimeQuote(client, customerId, to);
    const first = await client.post('/sandbox/send', { quoteId: quote.id, currencyCode: 'USD', currencyAmount: quote.totalSendingAmount + 1 });
    expect([first.body.status, first.body.failureReason, first.body.refund?.status]).toEqual(['FAILED', 'FUNDING_AMOUNT_MISMATCH', 'COMPLETED']);
    for (const currencyAmount of [quote.totalSendingAmount, quote.totalSendingAmount + 1]) {
      const again = await client.post('/sandbox/send', { quoteId: quote.id, currencyCode: 'USD', currencyAmount });
      expect([again.status, again.body.code]).toEqual([400, 'INVALID_INPUT']);
    }
    expect((await client.get(`/transactions/${quote.transactionId}`)).body).toEqual(first.body);
    expect((await usdAccountOf(client, receiver)).balance.amount).toBe(0);
  });

  it('an account review to the status it has: 200, and no second EXTERNAL_ACCOUNT.STATUS_UPDATED', async () => {
    const { client, payee } = await fundedCustomer();
    for (let n = 0; n < 2; n++) expect((await client.post(`/__admin/external-accounts/${payee}/status`, { status: 'UNDER_REVIEW' })).body.status).toBe('UNDER_REVIEW');
    const sent = (await eventsOf(client, 'EXTERNAL_ACCOUNT.STATUS_UPDATED')).filter((e) => e.data.id === payee);
    expect(sent.map((e) => e.data.status)).toEqual(['UNDER_REVIEW']);
  });
});

describe('stamps, at a sandbox time later than creation', () => {
  it('an external account’s review stamps updatedAt; its webhook carries the account as GET shows it', async () => {
    const { client, payee } = await fundedCustomer();
    await advance(client, 3_600);
    const at = await clockNow(client);
    expect((await client.post(`/__admin/external-accounts/${payee}/status`, { status: 'INACTIVE' })).status).toBe(200);
    const account = (await client.get(`/customers/external-accounts/${payee}`)).body;
    expect([account.status, account.updatedAt]).toEqual(['INACTIVE', at]);
    expect(Date.parse(account.createdAt)).toBeLessThan(Date.parse(at));
    expect((await eventsOf(client, 'EXTERNAL_ACCOUNT.STATUS_UPDATED')).at(0)?.data).toEqual(account);
  });

  it('an internal account’s status change stamps updatedAt; STATUS_UPDATED carries it', async () => {
    const { client, customerId, accountId } = await fundedCustomer();
    await advance(client, 3_600);
    const at = await clockNow(client);
    expect((await client.post(`/__admin/internal-accounts/${accountId}/status`, { status: 'FROZEN' })).status).toBe(200);
    const account = await usdAccountOf(client, customerId);
    expect([account.status, account.updatedAt]).toEqual(['FROZEN', at]);
    expect((await eventsOf(client, 'INTERNAL_ACCOUNT.STATUS_UPDATED')).at(0)?.data).toEqual(account);
  });

  it('a delayed payout (003, 360 s): statusHistory’s COMPLETED, settledAt and updatedAt are the clock at completion', async () => {
    const { client, accountId } = await fundedCustomer('000000003');
    const payee = (await client.post('/customers/external-accounts', usdAccount((await client.get('/customers')).body.data[0].id, '000123456003'))).body.id;
    await advance(client, 60);
    const quote = (await client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId }, destination: { destinationType: 'ACCOUNT', accountId: payee }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000 })).body;
    const started = await clockNow(client);
    expect((await client.post(`/quotes/${quote.id}/execute`)).status).toBe(200);
    await advance(client, 360);
    const at = await clockNow(client);
    const payment = (await client.get(`/transactions/${quote.transactionId}`)).body;
    expect(payment).toMatchObject({ status: 'COMPLETED', settledAt: at, updatedAt: at, createdAt: started });
    expect(payment.statusHistory.at(-1)).toEqual({ status: 'COMPLETED', at });
  });

  it('a real-time funding mismatch: the refund’s initiatedAt and settledAt, and FAILED in statusHistory, are the clock at the payment', async () => {
    const { client, customerId, payee } = await fundedCustomer('000000001', 1);
    const quote = await realtimeQuote(client, customerId, payee);
    await advance(client, 120);
    const at = await clockNow(client);
    const failed = (await client.post('/sandbox/send', { quoteId: quote.id, currencyCode: 'USD', currencyAmount: quote.totalSendingAmount - 1 })).body;
    expect(failed).toMatchObject({ status: 'FAILED', updatedAt: at, refund: { status: 'COMPLETED', initiatedAt: at, settledAt: at } });
    expect(failed.statusHistory.at(-1)).toEqual({ status: 'FAILED', at });
  });

  it('a card clearing stamps the card transaction’s updatedAt', async () => {
    const { client, id, clear } = await authorized(2_000, 'CORNER SHOP');
    await advance(client, 600);
    const at = await clockNow(client);
    expect(await clear(2_000)).toEqual(['SETTLED', 2_000, 8_000]);
    const transaction = (await client.get(`/transactions/${id}`)).body;
    expect([transaction.updatedAt, Date.parse(transaction.createdAt) < Date.parse(at)]).toEqual([at, true]);
  });

  it('a card’s activation, freeze and limit change each stamp updatedAt (CARD.STATUS_CHANGE carries it); the same limit again does not', async () => {
    const { client, cardId } = await activeCard(0);
    const card = async () => (await client.get(`/cards/${cardId}`)).body;
    const activated = await card();
    // activeCard waits the 5 s of activation.
    expect([activated.status, Date.parse(activated.updatedAt) - Date.parse(activated.createdAt)]).toEqual(['ACTIVE', 5_000]);
    await advance(client, 1_800);
    const frozenAt = await clockNow(client);
    expect((await client.patch(`/cards/${cardId}`, { status: 'FROZEN' })).body.updatedAt).toBe(frozenAt);
    expect((await eventsOf(client, 'CARD.STATUS_CHANGE')).at(0)?.data).toEqual(await card());
    await advance(client, 60);
    const limitedAt = await clockNow(client);
    expect((await client.patch(`/cards/${cardId}`, { maxSpendPerTransaction: 2_500 })).body.updatedAt).toBe(limitedAt);
    await advance(client, 60);
    expect((await client.patch(`/cards/${cardId}`, { maxSpendPerTransaction: 2_500 })).body.updatedAt).toBe(limitedAt);
  });

  it('an invitation’s claimedAt and cancelledAt are the creator’s clock at the change', async () => {
    const { alpha, beta, invite } = await twoPlatforms();
    const claimed = await invite();
    const cancelled = await invite();
    await advance(alpha, 900);
    const at = await clockNow(alpha);
    expect((await beta.post(`/invitations/${claimed.code}/claim`, { inviteeUma: '$bob@beta.example' })).body.claimedAt).toBe(at);
    expect((await alpha.post(`/invitations/${cancelled.code}/cancel`)).body.cancelledAt).toBe(at);
  });

  it('a confirmed contact code stamps the customer’s updatedAt', async () => {
    const client = makeSandbox().client();
    const id = await contactCustomer(client);
    expect((await client.post(`/customers/${id}/verify-email`)).status).toBe(204);
    await advance(client, 300);
    const at = await clockNow(client);
    const confirmed = await client.post(`/customers/${id}/verify-email/confirm`, { code: '123456' });
    expect([confirmed.body.updatedAt, (await client.get(`/customers/${id}`)).body.updatedAt]).toEqual([at, at]);
  });
});
