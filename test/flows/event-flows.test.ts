/**
 * The flows behind the rarer webhook types, over HTTP: the hosted page
 * opened (VERIFICATION.IN_PROGRESS), the last missing item provided
 * (READY_FOR_VERIFICATION), a send awaiting SCA (PENDING_AUTHORIZATION), a
 * real-time-funded quote nobody paid (EXPIRED, late money returned), an
 * incoming UMA payment paid out to the customer's default deposit bank
 * account (INCOMING_PAYMENT.REFUND_*), partial card clearings
 * (PARTIALLY_SETTLED) and an invitation claimed. Each event's `data` is the
 * resource as GET shows it after the change; delayed outcomes are checked
 * before and after their delay on the sandbox clock.
 */
import { verify } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { address, business, fixtureFile, individual, makeSandbox, usdAccount, type Client } from '../helpers.js';
import { startReceiver, type Receiver } from '../control/receiver.js';
import { scaSandbox } from '../sca/helpers.js';
import { signatureOfHeader } from '../support/webhook-signature.js';

interface Event {
  id: string;
  type: string;
  data: Record<string, any>;
}

/** Events of the resource, oldest first. */
async function eventsOf(client: Client, id: string): Promise<Event[]> {
  const { data } = (await client.get('/__admin/events?limit=100')).body;
  return (data as Event[]).filter((e) => (e.data.id ?? e.data.code) === id).reverse();
}

async function typesOf(client: Client, id: string): Promise<string[]> {
  return (await eventsOf(client, id)).map((e) => e.type);
}

/** The newest event of `type` about `id`, checked against GET `path`: its data is the resource after the change. */
async function latestMatchesGet(client: Client, id: string, type: string, path: string): Promise<Event> {
  const event = (await eventsOf(client, id)).filter((e) => e.type === type).pop();
  expect(event, `no ${type} for ${id}`).toBeDefined();
  const fetched = await client.get(path);
  expect(fetched.status).toBe(200);
  expect(event!.data).toEqual(fetched.body);
  return event!;
}

async function advance(client: Client, seconds: number): Promise<void> {
  expect((await client.post('/__admin/clock/advance', { seconds })).status).toBe(200);
}

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

/** A real endpoint; every request it got verified against the published key with node:crypto. */
async function signedEndpoint(client: Client): Promise<Receiver> {
  receiver = await startReceiver();
  expect((await client.patch('/config', { webhookEndpoint: receiver.url })).status).toBe(200);
  return receiver;
}

async function verifiedBodies(client: Client, r: Receiver, count: number): Promise<Event[]> {
  const key = (await client.get('/__admin/webhooks/public-key')).body.pem as string;
  const received = await r.waitFor(count);
  return received.map((request) => {
    const signature = signatureOfHeader(request.headers['x-service-signature']);
    expect(verify('sha256', Buffer.from(request.body, 'utf8'), { key, dsaEncoding: 'der' }, signature)).toBe(true);
    return JSON.parse(request.body) as Event;
  });
}

/** The delivery of event `id` at the endpoint, once it arrives, its signature verified. */
async function deliveredEvent(client: Client, r: Receiver, id: string): Promise<Event> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = (await verifiedBodies(client, r, r.received.length)).find((e) => e.id === id);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`event ${id} never reached the endpoint`);
    await r.waitFor(r.received.length + 1, 5000).catch(() => undefined);
  }
}

describe('VERIFICATION.IN_PROGRESS: the hosted verification page is opened', () => {
  it('is sent once when the page opens, not on a reload, and again after a submission sent the person back', async () => {
    const sandbox = makeSandbox();
    const client = sandbox.client();
    const customerId = (await client.post('/customers', business())).body.id as string;
    const link = (await client.post(`/customers/${customerId}/kyc-link`, {})).body;
    const path = new URL(link.kycUrl).pathname;
    expect(await typesOf(client, customerId)).toEqual([]);

    expect((await sandbox.app.request(path)).status).toBe(200);
    const [verification] = (await client.get(`/verifications?customerId=${encodeURIComponent(customerId)}`)).body.data;
    expect(verification).toMatchObject({ verificationStatus: 'IN_PROGRESS', errors: [] });
    await latestMatchesGet(client, verification.id, 'VERIFICATION.IN_PROGRESS', `/verifications/${verification.id}`);

    // A reload is not a second start.
    expect((await sandbox.app.request(path)).status).toBe(200);
    const inProgress = (await client.get('/__admin/events?type=VERIFICATION.IN_PROGRESS')).body.data;
    expect(inProgress).toHaveLength(1);

    // Submitted without the paperwork: RESOLVE_ERRORS; opening the page again is a new start.
    expect((await client.post('/verifications', { customerId })).body.verificationStatus).toBe('RESOLVE_ERRORS');
    expect((await sandbox.app.request(path)).status).toBe(200);
    expect((await client.get('/__admin/events?type=VERIFICATION.IN_PROGRESS')).body.data).toHaveLength(2);
  });

  it('is not sent for a customer already decided or in manual review', async () => {
    const sandbox = makeSandbox();
    const client = sandbox.client();
    // A link given while undecided, opened after the API approved the customer.
    const approved = (await client.post('/customers', individual({ idType: 'SSN', identifier: '123-45-6789' }))).body;
    const early = (await client.post(`/customers/${approved.id}/kyc-link`, {})).body;
    expect((await client.upload('/documents', { file: fixtureFile('passport.png'), documentHolder: approved.id, documentType: 'PASSPORT', country: 'US' })).status).toBe(201);
    expect((await client.post('/verifications', { customerId: approved.id })).body.verificationStatus).toBe('APPROVED');
    // In manual review (suffix 001), decided at creation on a regulated platform.
    expect((await client.patch('/config', { isRegulatedFinancialInstitution: true })).status).toBe(200);
    const reviewed = (await client.post('/customers', individual({ fullName: 'Ann Lee 001' }))).body;
    expect(reviewed.kycStatus).toBe('PENDING');
    const inReview = (await client.post(`/customers/${reviewed.id}/kyc-link`, {})).body;
    for (const link of [early, inReview]) expect((await sandbox.app.request(new URL(link.kycUrl).pathname)).status).toBe(200);
    expect((await client.get('/__admin/events?type=VERIFICATION.IN_PROGRESS')).body.data).toEqual([]);
  });
});

describe('VERIFICATION.READY_FOR_VERIFICATION: the last missing item is provided', () => {
  const upload = (client: Client, holder: string) => client.upload('/documents', { file: fixtureFile('passport.png'), documentHolder: holder, documentType: 'PASSPORT', country: 'US' });

  it('follows the last missing item, not an earlier one; the next submission decides it', async () => {
    const client = makeSandbox().client();
    const customerId = (await client.post('/customers', individual())).body.id as string;
    const first = (await client.post('/verifications', { customerId })).body;
    expect(first.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(first.errors.map((e: { field?: string; type: string }) => e.field ?? e.type)).toEqual(['idType', 'identifier', 'MISSING_IDENTITY_DOCUMENT']);

    // Two of three items: still missing one, nothing sent.
    expect((await client.patch(`/customers/${customerId}`, { customerType: 'INDIVIDUAL', idType: 'SSN', identifier: '123-45-6789' })).status).toBe(200);
    expect(await typesOf(client, customerId)).toEqual([]);
    expect((await client.get('/__admin/events?type=VERIFICATION.READY_FOR_VERIFICATION')).body.data).toEqual([]);

    // The last one.
    expect((await upload(client, customerId)).status).toBe(201);
    const [ready] = (await client.get(`/verifications?customerId=${encodeURIComponent(customerId)}`)).body.data;
    expect(ready).toMatchObject({ verificationStatus: 'READY_FOR_VERIFICATION', errors: [], customerId });
    expect(ready.id).not.toBe(first.id);
    await latestMatchesGet(client, ready.id, 'VERIFICATION.READY_FOR_VERIFICATION', `/verifications/${ready.id}`);
    expect((await client.get(`/customers/${customerId}`)).body.kycStatus).toBe('UNVERIFIED');

    const decided = (await client.post('/verifications', { customerId })).body;
    expect(decided.verificationStatus).toBe('APPROVED');
    // Nothing is waiting any more: another document sends nothing.
    expect((await upload(client, customerId)).status).toBe(201);
    expect((await client.get('/__admin/events?type=VERIFICATION.READY_FOR_VERIFICATION')).body.data).toHaveLength(1);
  });

  it('a refused document is resolved by a new document only, not by a field change', async () => {
    const client = makeSandbox().client();
    // Suffix 003: a complete submission finds the identity document too blurry.
    const customerId = (await client.post('/customers', individual({ fullName: 'Ann Lee 003', idType: 'SSN', identifier: '123-45-6789' }))).body.id as string;
    expect((await upload(client, customerId)).status).toBe(201);
    const refused = (await client.post('/verifications', { customerId })).body;
    expect(refused).toMatchObject({ verificationStatus: 'RESOLVE_ERRORS', errors: [{ type: 'POOR_QUALITY_DOCUMENT' }] });
    expect((await client.patch(`/customers/${customerId}`, { customerType: 'INDIVIDUAL', email: 'ann@example.com' })).status).toBe(200);
    expect((await client.get('/__admin/events?type=VERIFICATION.READY_FOR_VERIFICATION')).body.data).toEqual([]);
    expect((await upload(client, customerId)).status).toBe(201);
    expect((await client.get('/__admin/events?type=VERIFICATION.READY_FOR_VERIFICATION')).body.data).toHaveLength(1);
  });

  it('a business: its last document, of an owner, makes it ready', async () => {
    const client = makeSandbox().client();
    const customerId = (await client.post('/customers', business({ businessInfo: { legalName: 'Acme Inc', country: 'US', registrationNumber: 'REG-001', incorporatedOn: '2015-06-01', taxId: '12-3456789' } }))).body.id as string;
    expect((await client.post('/verifications', { customerId })).body.verificationStatus).toBe('RESOLVE_ERRORS');
    for (const documentType of ['CERTIFICATE_OF_INCORPORATION', 'SHAREHOLDER_REGISTER', 'UTILITY_BILL']) {
      expect((await client.upload('/documents', { file: fixtureFile('certificate.pdf'), documentHolder: customerId, documentType, country: 'US' })).status).toBe(201);
    }
    const ownerRes = await client.post('/beneficial-owners', { customerId, roles: ['UBO'], ownershipPercentage: 100, personalInfo: { firstName: 'Olive', lastName: 'Owner', birthDate: '1980-01-01', nationality: 'US', address, idType: 'SSN', identifier: '123-45-6789' } });
    expect(ownerRes.status).toBe(201);
    const owner = ownerRes.body;
    expect((await client.get('/__admin/events?type=VERIFICATION.READY_FOR_VERIFICATION')).body.data).toEqual([]);
    expect((await upload(client, owner.id)).status).toBe(201);
    const events = (await client.get('/__admin/events?type=VERIFICATION.READY_FOR_VERIFICATION')).body.data;
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual((await client.get(`/verifications/${events[0].data.id}`)).body);
    expect((await client.post('/verifications', { customerId })).body.verificationStatus).toBe('PENDING_MANUAL_REVIEW');
  });
});

describe('OUTGOING_PAYMENT.PENDING_AUTHORIZATION: a send awaiting Strong Customer Authentication', () => {
  it('carries the transaction as GET shows it, delivered signed to the endpoint', async () => {
    const box = scaSandbox();
    const client = box.client;
    const endpoint = await signedEndpoint(client);
    const customer = await box.euCustomer();
    const accountId = await box.fundedEurAccount(customer.id);
    const beneficiary = await box.eurBeneficiary(customer.id);
    const quote = (await client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId }, destination: { destinationType: 'ACCOUNT', accountId: beneficiary }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1000 })).body;
    const before = endpoint.received.length;
    expect((await client.post(`/quotes/${quote.id}/execute`, {})).body.status).toBe('PENDING_AUTHORIZATION');
    const event = await latestMatchesGet(client, quote.transactionId, 'OUTGOING_PAYMENT.PENDING_AUTHORIZATION', `/transactions/${quote.transactionId}`);
    expect(endpoint.received.length).toBeGreaterThanOrEqual(before);
    expect(await deliveredEvent(client, endpoint, event.id)).toEqual({ ...event, timestamp: expect.any(String) });
    expect(await typesOf(client, quote.transactionId)).toEqual(['OUTGOING_PAYMENT.PENDING_AUTHORIZATION']);
  });
});

describe('OUTGOING_PAYMENT.EXPIRED: a real-time-funded quote nobody paid', () => {
  async function realtimeQuote(client: Client) {
    const customerId = (await client.post('/customers', individual({ idType: 'SSN', identifier: '123-45-6789' }))).body.id as string;
    await client.upload('/documents', { file: fixtureFile('passport.png'), documentHolder: customerId, documentType: 'PASSPORT', country: 'US' });
    expect((await client.post('/verifications', { customerId })).body.verificationStatus).toBe('APPROVED');
    const destination = (await client.post('/customers/external-accounts', usdAccount(customerId, '000123456000'))).body.id as string;
    const quote = await client.post('/quotes', { source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId }, destination: { destinationType: 'ACCOUNT', accountId: destination }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 10_000 });
    expect(quote.status).toBe(201);
    return quote.body as { id: string; transactionId: string; totalSendingAmount: number };
  }

  it('opens its payment EXPIRED (QUOTE_EXPIRED) at 300 s, not at 299 s; late money goes back, each time', async () => {
    const client = makeSandbox().client();
    const endpoint = await signedEndpoint(client);
    const quote = await realtimeQuote(client);

    await advance(client, 299);
    expect((await client.get(`/quotes/${quote.id}`)).body.status).toBe('PENDING');
    expect((await client.get(`/transactions/${quote.transactionId}`)).status).toBe(404);
    expect(await typesOf(client, quote.transactionId)).toEqual([]);

    await advance(client, 1);
    expect((await client.get(`/quotes/${quote.id}`)).body.status).toBe('EXPIRED');
    const expired = (await client.get(`/transactions/${quote.transactionId}`)).body;
    expect(expired).toMatchObject({ status: 'EXPIRED', type: 'OUTGOING', failureReason: 'QUOTE_EXPIRED', quoteId: quote.id, sentAmount: { amount: quote.totalSendingAmount } });
    expect(expired.refund).toBeUndefined();
    const event = await latestMatchesGet(client, quote.transactionId, 'OUTGOING_PAYMENT.EXPIRED', `/transactions/${quote.transactionId}`);
    expect(await deliveredEvent(client, endpoint, event.id)).toEqual({ ...event, timestamp: expect.any(String) });

    // Late money: the payer gets it back.
    const late = await client.post('/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ id: quote.transactionId, status: 'EXPIRED', refund: { status: 'COMPLETED', reason: 'TIMEOUT' } });
    expect(await typesOf(client, quote.transactionId)).toEqual(['OUTGOING_PAYMENT.EXPIRED', 'OUTGOING_PAYMENT.REFUND_PENDING', 'OUTGOING_PAYMENT.REFUND_COMPLETED']);
    await latestMatchesGet(client, quote.transactionId, 'OUTGOING_PAYMENT.REFUND_COMPLETED', `/transactions/${quote.transactionId}`);

    // A second late send goes back too; the payment stays EXPIRED.
    expect((await client.post('/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' })).status).toBe(200);
    expect(await typesOf(client, quote.transactionId)).toEqual([
      'OUTGOING_PAYMENT.EXPIRED', 'OUTGOING_PAYMENT.REFUND_PENDING', 'OUTGOING_PAYMENT.REFUND_COMPLETED', 'OUTGOING_PAYMENT.REFUND_PENDING', 'OUTGOING_PAYMENT.REFUND_COMPLETED',
    ]);
    expect((await client.get(`/transactions/${quote.transactionId}`)).body.status).toBe('EXPIRED');
    // Money in another currency is refused as before.
    const wrong = await client.post('/sandbox/send', { quoteId: quote.id, currencyCode: 'EUR' });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'INVALID_CURRENCY']);
  });

  it('a quote paid in time never expires: its expiry is cancelled', async () => {
    const client = makeSandbox().client();
    const quote = await realtimeQuote(client);
    expect((await client.get('/__admin/clock')).body.pendingJobs.map((j: { kind: string }) => j.kind)).toContain('quote.expireUnpaid');
    await advance(client, 100);
    expect((await client.post('/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' })).body.status).toBe('COMPLETED');
    expect((await client.get('/__admin/clock')).body.pendingJobs).toEqual([]);
    await advance(client, 400);
    expect((await client.get(`/transactions/${quote.transactionId}`)).body.status).toBe('COMPLETED');
    expect((await client.get('/__admin/events?type=OUTGOING_PAYMENT.EXPIRED')).body.data).toEqual([]);
  });
});

describe('INCOMING_PAYMENT.REFUND_*: an incoming UMA payment paid out to the default deposit bank account', () => {
  async function receiver(client: Client, suffix: string) {
    const customerId = (await client.post('/customers', individual({ umaAddress: `$jane${suffix}@sandbox.uma.local` }))).body.id as string;
    const account = await client.post('/customers/external-accounts', usdAccount(customerId, `000123456${suffix}`, { defaultUmaDepositAccount: true }));
    expect(account.status).toBe(201);
    const payment = await client.post('/sandbox/uma/receive', { senderUmaAddress: '$alice@example.com', customerId, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 5_000 });
    expect(payment.status).toBe(200);
    expect(payment.body.destination.accountId).toBe(account.body.id);
    return payment.body.id as string;
  }

  const SENT_BACK = ['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.FAILED', 'INCOMING_PAYMENT.REFUND_PENDING', 'INCOMING_PAYMENT.REFUND_COMPLETED'];

  it.each([['002'], ['004'], ['006']])('suffix %s: the payout fails, the money goes back to the sender', async (suffix) => {
    const client = makeSandbox().client();
    const id = await receiver(client, suffix);
    expect((await client.get(`/transactions/${id}`)).body).toMatchObject({ type: 'INCOMING', status: 'FAILED', failureReason: 'OFFRAMP_FAILED', refund: { status: 'COMPLETED', reason: 'TRANSACTION_FAILED' } });
    expect(await typesOf(client, id)).toEqual(SENT_BACK);
    await latestMatchesGet(client, id, 'INCOMING_PAYMENT.REFUND_COMPLETED', `/transactions/${id}`);
  });

  it('suffix 007: the return fails too (REFUND_FAILED)', async () => {
    const client = makeSandbox().client();
    const id = await receiver(client, '007');
    expect((await client.get(`/transactions/${id}`)).body).toMatchObject({ status: 'FAILED', refund: { status: 'FAILED' } });
    expect(await typesOf(client, id)).toEqual(['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.FAILED', 'INCOMING_PAYMENT.REFUND_PENDING', 'INCOMING_PAYMENT.REFUND_FAILED']);
    await latestMatchesGet(client, id, 'INCOMING_PAYMENT.REFUND_FAILED', `/transactions/${id}`);
  });

  it('suffix 003: pending at 359 s, COMPLETED at 360 s, nothing sent back', async () => {
    const client = makeSandbox().client();
    const id = await receiver(client, '003');
    await advance(client, 359);
    expect((await client.get(`/transactions/${id}`)).body.status).toBe('PENDING');
    await advance(client, 1);
    expect((await client.get(`/transactions/${id}`)).body.status).toBe('COMPLETED');
    expect(await typesOf(client, id)).toEqual(['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.COMPLETED']);
  });

  it('suffix 005: COMPLETED, returned by the bank at 30 s (not at 29 s), then sent back', async () => {
    const client = makeSandbox().client();
    const id = await receiver(client, '005');
    await advance(client, 29);
    expect((await client.get(`/transactions/${id}`)).body.status).toBe('COMPLETED');
    expect(await typesOf(client, id)).toEqual(['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.COMPLETED']);
    await advance(client, 1);
    expect((await client.get(`/transactions/${id}`)).body).toMatchObject({ status: 'FAILED', failureReason: 'OFFRAMP_FAILED', refund: { status: 'COMPLETED' } });
    expect(await typesOf(client, id)).toEqual(['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.COMPLETED', 'INCOMING_PAYMENT.FAILED', 'INCOMING_PAYMENT.REFUND_PENDING', 'INCOMING_PAYMENT.REFUND_COMPLETED']);
  });

  it('any other suffix completes; money for an internal account is unchanged by the rows', async () => {
    const client = makeSandbox().client();
    const id = await receiver(client, '000');
    expect((await client.get(`/transactions/${id}`)).body.status).toBe('COMPLETED');
    // Without a default deposit bank account the money lands in the internal account, whatever its customer's other accounts end in.
    const customerId = (await client.post('/customers', individual({ umaAddress: '$plain@sandbox.uma.local' }))).body.id as string;
    expect((await client.post('/customers/external-accounts', usdAccount(customerId, '000123456002'))).status).toBe(201);
    const internal = await client.post('/sandbox/uma/receive', { senderUmaAddress: '$alice@example.com', customerId, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 5_000 });
    expect(internal.body).toMatchObject({ status: 'COMPLETED', destination: { accountId: expect.stringMatching(/^InternalAccount:/) } });
  });

  it('with a webhook endpoint: approved by its 200, then paid out and sent back, every event signed and equal to GET', async () => {
    const client = makeSandbox().client();
    const endpoint = await signedEndpoint(client);
    const id = await receiver(client, '004');
    // The endpoint's answer to INCOMING_PAYMENT.PENDING approves; the rest follows.
    const deadline = Date.now() + 5000;
    while ((await client.get(`/transactions/${id}`)).body.refund?.status !== 'COMPLETED' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await typesOf(client, id)).toEqual(SENT_BACK);
    const stored = await eventsOf(client, id);
    const delivered = (await verifiedBodies(client, endpoint, stored.length)).filter((e) => e.data.id === id);
    expect(delivered.map((e) => e.type).sort()).toEqual([...SENT_BACK].sort());
    await latestMatchesGet(client, id, 'INCOMING_PAYMENT.REFUND_COMPLETED', `/transactions/${id}`);
  });
});

describe('CARD_TRANSACTION.PARTIALLY_SETTLED: a merchant that clears in parts (descriptor 007)', () => {
  async function purchase(descriptor: string, amount = 5_000) {
    const client = makeSandbox().client();
    expect((await client.patch('/config', { isRegulatedFinancialInstitution: true })).status).toBe(200);
    const customer = (await client.post('/customers', individual({ fullName: 'Card Holder' }))).body;
    const usd = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=USD`)).body.data[0].id as string;
    const card = (await client.post('/cards', { customerId: customer.id, form: 'VIRTUAL', fundingSource: usd })).body;
    await advance(client, 5);
    await client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 10_000 });
    const auth = await client.post(`/sandbox/cards/${card.id}/simulate/authorization`, { amount, currency: { code: 'USD' }, merchant: { descriptor, mcc: '5812', country: 'US' } });
    expect(auth.status).toBe(200);
    const clear = (value: number) => client.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: auth.body.id, amount: value });
    const available = async () => (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=USD`)).body.data[0].balance.amount as number;
    return { client, id: auth.body.id as string, clear, available, cardId: card.id as string };
  }

  it('below the authorization: PARTIALLY_SETTLED, the rest held; clearings add up to SETTLED at the authorization', async () => {
    const { client, id, clear, available } = await purchase('TAXI RIDE 007');
    expect(await available()).toBe(5_000);
    expect((await clear(2_000)).status).toBe(200);
    expect((await client.get(`/transactions/${id}`)).body).toMatchObject({ status: 'PARTIALLY_SETTLED', settledAmount: 2_000, settlementSummary: { count: 1, totalAmount: 2_000 } });
    await latestMatchesGet(client, id, 'CARD_TRANSACTION.PARTIALLY_SETTLED', `/transactions/${id}`);
    expect(await available()).toBe(5_000);
    expect((await clear(2_999)).status).toBe(200);
    expect((await client.get(`/transactions/${id}`)).body).toMatchObject({ status: 'PARTIALLY_SETTLED', settledAmount: 4_999 });
    expect((await clear(1)).status).toBe(200);
    expect((await client.get(`/transactions/${id}`)).body).toMatchObject({ status: 'SETTLED', settledAmount: 5_000 });
    expect(await available()).toBe(5_000);
    expect(await typesOf(client, id)).toEqual(['CARD_TRANSACTION.AUTHORIZED', 'CARD_TRANSACTION.PARTIALLY_SETTLED', 'CARD_TRANSACTION.PARTIALLY_SETTLED', 'CARD_TRANSACTION.SETTLED']);
    await latestMatchesGet(client, id, 'CARD_TRANSACTION.SETTLED', `/transactions/${id}`);
  });

  it('beyond the authorization: SETTLED with a further pull; a late clearing after settlement adds to it', async () => {
    const { client, id, clear, available } = await purchase('TAXI RIDE 007');
    expect((await clear(1_000)).status).toBe(200);
    expect((await clear(4_500)).status).toBe(200);
    expect((await client.get(`/transactions/${id}`)).body).toMatchObject({ status: 'SETTLED', settledAmount: 5_500 });
    expect(await available()).toBe(4_500);
    expect((await clear(500)).status).toBe(200);
    expect((await client.get(`/transactions/${id}`)).body).toMatchObject({ status: 'SETTLED', settledAmount: 6_000 });
    expect(await available()).toBe(4_000);
  });

  it('a 0 clearing closes a partly cleared authorization: SETTLED, the rest released', async () => {
    const { client, id, clear, available } = await purchase('TAXI RIDE 007');
    expect((await clear(2_000)).status).toBe(200);
    expect((await clear(0)).status).toBe(200);
    expect((await client.get(`/transactions/${id}`)).body).toMatchObject({ status: 'SETTLED', settledAmount: 2_000 });
    expect(await available()).toBe(8_000);
    await latestMatchesGet(client, id, 'CARD_TRANSACTION.SETTLED', `/transactions/${id}`);
  });

  it('any other merchant settles on its first clearing, as the spec says', async () => {
    const { client, id, clear, available } = await purchase('TAXI RIDE 000');
    expect((await clear(2_000)).status).toBe(200);
    expect((await client.get(`/transactions/${id}`)).body).toMatchObject({ status: 'SETTLED', settledAmount: 2_000 });
    expect(await available()).toBe(8_000);
  });

  it('a partly cleared authorization can be re-sized, not below what cleared', async () => {
    const { client, id, clear, cardId } = await purchase('TAXI RIDE 007');
    expect((await clear(2_000)).status).toBe(200);
    const below = await client.post(`/sandbox/cards/${cardId}/simulate/authorization_advice`, { cardTransactionId: id, amount: 1_999 });
    expect([below.status, below.body.code, below.body.details.errors[0].field]).toEqual([400, 'INVALID_INPUT', 'amount']);
    const at = await client.post(`/sandbox/cards/${cardId}/simulate/authorization_advice`, { cardTransactionId: id, amount: 2_000 });
    expect(at.status).toBe(202);
    expect(at.body).toMatchObject({ status: 'PARTIALLY_SETTLED', authorizedAmount: 2_000 });
  });
});

describe('INVITATION.CLAIMED', () => {
  it('the trigger claims with the sandbox invitee; data is the invitation as GET shows it', async () => {
    const client = makeSandbox().client();
    const res = await client.post('/__admin/events/trigger', { type: 'INVITATION.CLAIMED' });
    expect(res.status).toBe(200);
    const code = res.body.created.invitation as string;
    const invitation = (await client.get(`/invitations/${encodeURIComponent(code)}`)).body;
    expect(invitation).toMatchObject({ status: 'CLAIMED', inviteeUma: '$invitee@sandbox.uma.local' });
    await latestMatchesGet(client, code, 'INVITATION.CLAIMED', `/invitations/${encodeURIComponent(code)}`);
  });
});
