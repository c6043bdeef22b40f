/**
 * Cards over HTTP: issuance and activation, the lifecycle table, funding
 * changes, reveal, and the simulated card network with every descriptor
 * suffix, checked against the funding source's balances. No assertion ever
 * prints a card number: they are compared as booleans.
 */
import { describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { manualTime } from '../../src/core/clock.js';
import { individual, makeSandbox, refusal, type Client } from '../helpers.js';

type Balances = { balance: number; total: number };

async function cardSandbox(options: Parameters<typeof makeSandbox>[0] = {}) {
  const sandbox = makeSandbox(options);
  const client = sandbox.client();
  // Regulated: the KYC suffix applies at creation, so the cardholder is APPROVED at once.
  expect((await client.patch('/config', { isRegulatedFinancialInstitution: true })).status).toBe(200);
  const customer = await client.post('/customers', individual({ fullName: 'Card Holder', currencies: ['USD', 'EUR'] }));
  expect(customer.body.kycStatus).toBe('APPROVED');
  const accounts = (await client.get(`/customers/internal-accounts?customerId=${customer.body.id}`)).body.data;
  const usd = accounts.find((a: { balance: { currency: { code: string } } }) => a.balance.currency.code === 'USD').id;
  const eur = accounts.find((a: { balance: { currency: { code: string } } }) => a.balance.currency.code === 'EUR').id;
  return { ...sandbox, client, customerId: customer.body.id as string, usd: usd as string, eur: eur as string };
}

async function balances(client: Client, customerId: string, accountId: string): Promise<Balances> {
  const account = (await client.get(`/customers/internal-accounts?customerId=${customerId}`)).body.data.find((a: { id: string }) => a.id === accountId);
  return { balance: account.balance.amount, total: account.totalBalance.amount };
}

async function advance(client: Client, seconds: number) {
  expect((await client.post('/__admin/clock/advance', { seconds })).status).toBe(200);
}

/** An ACTIVE card on the USD account, funded with `funds`. */
async function activeCard(funds = 100_000, options: Parameters<typeof makeSandbox>[0] = {}) {
  const box = await cardSandbox(options);
  const card = await box.client.post('/cards', { customerId: box.customerId, form: 'VIRTUAL', fundingSource: box.usd });
  expect(card.status).toBe(201);
  await advance(box.client, 5);
  if (funds > 0) await box.client.post(`/sandbox/internal-accounts/${box.usd}/fund`, { amount: funds });
  return { ...box, card: card.body as { id: string; last4: string } };
}

const authorize = (client: Client, cardId: string, amount: number, descriptor = 'COFFEE SHOP 000') =>
  client.post(`/sandbox/cards/${cardId}/simulate/authorization`, { amount, currency: { code: 'USD' }, merchant: { descriptor, mcc: '5814', country: 'US' } });

function luhnValid(pan: string): boolean {
  let sum = 0;
  [...pan].reverse().forEach((ch, i) => {
    let d = Number(ch);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  });
  return sum % 10 === 0;
}

describe('issuing a card', () => {
  it('starts PROCESSING with the card fields, then becomes ACTIVE after 5 s of clock time with CARD.STATUS_CHANGE', async () => {
    const { client, customerId, usd } = await cardSandbox();
    const issued = await client.post('/cards', { customerId, form: 'VIRTUAL', fundingSource: usd });
    expect(issued.status).toBe(201);
    expect(issued.body).toEqual({
      id: expect.stringMatching(/^Card:/),
      customerId,
      status: 'PROCESSING',
      brand: expect.stringMatching(/^(VISA|MASTERCARD)$/),
      form: 'VIRTUAL',
      last4: expect.stringMatching(/^\d{4}$/),
      expMonth: expect.any(Number),
      expYear: expect.any(Number),
      fundingSource: usd,
      currency: 'USD',
      platformCardId: expect.any(String),
      processorRef: expect.stringMatching(/^proc_/),
      issuerRef: expect.stringMatching(/^iss_/),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await client.get('/__admin/events?type=CARD.STATUS_CHANGE')).body.data).toEqual([]);
    await advance(client, 4);
    expect((await client.get(`/cards/${issued.body.id}`)).body.status).toBe('PROCESSING');
    await advance(client, 1);
    expect((await client.get(`/cards/${issued.body.id}`)).body.status).toBe('ACTIVE');
    const events = (await client.get('/__admin/events?type=CARD.STATUS_CHANGE')).body.data;
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ id: issued.body.id, status: 'ACTIVE', last4: issued.body.last4 });
  });

  it('refuses a cardholder whose KYC is not APPROVED', async () => {
    const sandbox = makeSandbox();
    const client = sandbox.client();
    const customer = await client.post('/customers', individual());
    const account = (await client.get(`/customers/internal-accounts?customerId=${customer.body.id}`)).body.data[0].id;
    const reply = await client.post('/cards', { customerId: customer.body.id, form: 'VIRTUAL', fundingSource: account });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(
      refusal(
        400,
        'CARDHOLDER_KYC_NOT_APPROVED',
        "The cardholder's kycStatus is UNVERIFIED. In this sandbox an individual becomes APPROVED through POST /verifications once its details and an identity document (POST /documents) are in, or at creation when the platform sets skipVerificationPaperwork or isRegulatedFinancialInstitution (PATCH /config); a fullName ending in 001, 002, 003 is not approved at once.",
        { customerId: customer.body.id, status: 'UNVERIFIED' },
      ),
    );
  });

  it("refuses a funding source that is unknown or another customer's (400 FUNDING_SOURCE_INELIGIBLE), an unknown cardholder (400: POST /cards has no 404) or a form it does not know", async () => {
    const { client, customerId } = await cardSandbox();
    const unknown = await client.post('/cards', { customerId, form: 'VIRTUAL', fundingSource: 'InternalAccount:nope' });
    const ineligible = (accountId: string, why: string) => refusal(400, 'FUNDING_SOURCE_INELIGIBLE', `${accountId} cannot fund this card: ${why}`, { field: 'fundingSource' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(ineligible('InternalAccount:nope', 'no internal account has this id'));
    const other = await client.post('/customers', individual({ fullName: 'Someone Else' }));
    const theirs = (await client.get(`/customers/internal-accounts?customerId=${other.body.id}`)).body.data[0].id;
    const foreign = await client.post('/cards', { customerId, form: 'VIRTUAL', fundingSource: theirs });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual(ineligible(theirs, `it is not an internal account of ${customerId}`));
    const platform = (await client.get('/platform/internal-accounts')).body.data[0].id;
    expect((await client.post('/cards', { customerId, form: 'VIRTUAL', fundingSource: platform })).body.code).toBe('FUNDING_SOURCE_INELIGIBLE');
    const physical = await client.post('/cards', { customerId, form: 'PHYSICAL', fundingSource: theirs });
    expect(physical.status).toBe(400);
    expect(physical.body.details.errors[0].field).toBe('form');
    const nobody = await client.post('/cards', { customerId: 'Customer:nope', form: 'VIRTUAL', fundingSource: theirs });
    expect(nobody).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', details: { errors: [{ field: 'customerId', message: 'Customer Customer:nope not found' }] } } });
    expect((await client.get('/cards')).body.data).toEqual([]);
  });

  it('lists cards newest first with filters, and 404s an unknown card', async () => {
    const { client, customerId, usd, eur } = await cardSandbox();
    const a = await client.post('/cards', { customerId, form: 'VIRTUAL', fundingSource: usd });
    const b = await client.post('/cards', { customerId, form: 'VIRTUAL', fundingSource: eur });
    expect(b.body.currency).toBe('EUR');
    const all = await client.get(`/cards?customerId=${customerId}`);
    expect(all.body.data.map((c: { id: string }) => c.id)).toEqual([b.body.id, a.body.id]);
    expect((await client.get(`/cards?fundingSource=${usd}`)).body.data.map((c: { id: string }) => c.id)).toEqual([a.body.id]);
    expect((await client.get(`/cards?platformCardId=${b.body.platformCardId}`)).body.data).toHaveLength(1);
    await advance(client, 5);
    await client.patch(`/cards/${a.body.id}`, { status: 'FROZEN' });
    expect((await client.get('/cards?status=FROZEN')).body.data.map((c: { id: string }) => c.id)).toEqual([a.body.id]);
    const page = await client.get('/cards?limit=1');
    expect(page.body).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    expect((await client.get(`/cards?limit=1&cursor=${page.body.nextCursor}`)).body.data[0].id).toBe(a.body.id);
    expect((await client.get('/cards/Card:nope')).body).toMatchObject({ status: 404, code: 'REFERENCE_NOT_FOUND', details: { resource: 'Card', id: 'Card:nope' } });
  });

  it("filters by the public description's names too (cardholderId, accountId, state), and sorts with sortOrder", async () => {
    const { client, customerId, usd, eur } = await cardSandbox();
    const other = await client.post('/customers', individual({ fullName: 'Other Holder', currencies: ['USD'] }));
    const otherUsd = (await client.get(`/customers/internal-accounts?customerId=${other.body.id}`)).body.data[0].id;
    const ids: string[] = [];
    for (const [holder, account] of [[customerId, usd], [customerId, eur], [other.body.id, otherUsd], [customerId, usd]]) {
      const card = await client.post('/cards', { customerId: holder, form: 'VIRTUAL', fundingSource: account });
      expect(card.status).toBe(201);
      ids.push(card.body.id);
    }
    const [a, b, c, d] = ids as [string, string, string, string];
    await advance(client, 5);
    expect((await client.patch(`/cards/${d}`, { status: 'FROZEN' })).status).toBe(200);
    const list = async (query: string) => {
      const res = await client.get(`/cards?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((card: { id: string }) => card.id);
    };
    expect(await list(`cardholderId=${customerId}`)).toEqual([d, b, a]);
    expect(await list(`customerId=${customerId}`)).toEqual([d, b, a]);
    expect(await list(`accountId=${usd}`)).toEqual([d, a]);
    expect(await list(`fundingSource=${usd}`)).toEqual([d, a]);
    expect(await list('state=FROZEN')).toEqual([d]);
    expect(await list('state=ACTIVE')).toEqual([c, b, a]);
    expect(await list('status=ACTIVE')).toEqual([c, b, a]);
    expect(await list(`cardholderId=${customerId}&state=ACTIVE&accountId=${usd}`)).toEqual([a]);
    // Both names of one filter must both match.
    expect(await list(`cardholderId=${customerId}&customerId=${other.body.id}`)).toEqual([]);
    expect(await list('sortOrder=desc')).toEqual([d, c, b, a]);
    expect(await list('sortOrder=asc')).toEqual([a, b, c, d]);
    expect(await list(`sortOrder=asc&cardholderId=${customerId}`)).toEqual([a, b, d]);
    // Ascending pages: more matches than the limit, each card once, in order.
    const first = await client.get(`/cards?sortOrder=asc&cardholderId=${customerId}&limit=2`);
    expect(first.body).toMatchObject({ hasMore: true, totalCount: 3, nextCursor: expect.any(String) });
    expect(first.body.data.map((card: { id: string }) => card.id)).toEqual([a, b]);
    const second = await client.get(`/cards?sortOrder=asc&cardholderId=${customerId}&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ hasMore: false, totalCount: 3 });
    expect(second.body.nextCursor).toBeUndefined();
    expect(second.body.data.map((card: { id: string }) => card.id)).toEqual([d]);
    // A cursor belongs to its order.
    expect((await client.get(`/cards?sortOrder=desc&cursor=${first.body.nextCursor}`)).body).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
    const bad = await client.get('/cards?sortOrder=up&state=GONE');
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(['sortOrder', 'state']);
  });
});

describe("the public description's names in card bodies (cardholderId, fundingSources, state)", () => {
  const lastJournalEntry = async (client: Client) => (await client.get('/__admin/requests?limit=1')).body.data[0];

  it('are applied and never reported as unknown: no Sandbox-Warning, no unknownInputs; a member truly unknown still is', async () => {
    const { client, customerId, usd } = await cardSandbox();
    const created = await client.post('/cards', { cardholderId: customerId, form: 'VIRTUAL', fundingSources: [usd] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ customerId, fundingSource: usd });
    expect(created.headers.get('sandbox-warning')).toBeNull();
    expect((await lastJournalEntry(client)).unknownInputs).toBeUndefined();
    await advance(client, 5);

    const frozen = await client.patch(`/cards/${created.body.id}`, { state: 'FROZEN', fundingSources: [usd] });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    expect(frozen.body).toMatchObject({ status: 'FROZEN', fundingSource: usd });
    expect(frozen.headers.get('sandbox-warning')).toBeNull();
    expect((await lastJournalEntry(client)).unknownInputs).toBeUndefined();

    const extra = await client.patch(`/cards/${created.body.id}`, { state: 'ACTIVE', colour: 'blue' });
    expect(extra.status).toBe(200);
    expect(extra.body.status).toBe('ACTIVE');
    expect(extra.headers.get('sandbox-warning')).toBe('unknown body fields ignored: "colour"');
    expect((await lastJournalEntry(client)).unknownInputs).toEqual({ body: ['colour'] });
  });

  it('the spec name wins when both are given, and the alias is still not unknown', async () => {
    const { client, customerId, usd, eur } = await cardSandbox();
    const created = await client.post('/cards', { customerId, cardholderId: 'Customer:other', form: 'VIRTUAL', fundingSource: usd, fundingSources: [eur] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ customerId, fundingSource: usd });
    expect(created.headers.get('sandbox-warning')).toBeNull();
  });

  it('more than one funding source is refused on fundingSource', async () => {
    const { client, customerId, usd, eur } = await cardSandbox();
    const res = await client.post('/cards', { cardholderId: customerId, form: 'VIRTUAL', fundingSources: [usd, eur] });
    expect(res.status).toBe(400);
    expect(res.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['fundingSource']);
  });
});

describe('maxSpendPerTransaction', () => {
  it('set on POST: exactly the limit is approved, one unit more declined with SPEND_LIMIT_EXCEEDED and nothing moves', async () => {
    const box = await cardSandbox();
    const { client, customerId, usd } = box;
    const created = await client.post('/cards', { customerId, form: 'VIRTUAL', fundingSource: usd, maxSpendPerTransaction: 5_000 });
    expect(created.status).toBe(201);
    expect(created.body.maxSpendPerTransaction).toBe(5_000);
    await advance(client, 5);
    await client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 100_000 });
    const below = await authorize(client, created.body.id, 4_999);
    expect(below.status).toBe(200);
    const at = await authorize(client, created.body.id, 5_000);
    expect(at.status).toBe(200);
    expect(at.body).toMatchObject({ status: 'AUTHORIZED', authorizedAmount: 5_000 });
    const over = await authorize(client, created.body.id, 5_001);
    expect(over.status).toBe(202);
    expect(over.body).toMatchObject({ declineReason: 'SPEND_LIMIT_EXCEEDED', message: expect.stringContaining('5000') });
    expect(await balances(client, customerId, usd)).toEqual({ balance: 100_000 - 4_999 - 5_000, total: 100_000 - 4_999 - 5_000 });
  });

  it('PATCH alone sets, replaces and (null) clears it; a card without one has no limit', async () => {
    const { client, card } = await activeCard(1_000_000);
    expect((await authorize(client, card.id, 500_000)).status).toBe(200);
    const set = await client.patch(`/cards/${card.id}`, { maxSpendPerTransaction: 1_000 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: card.id, status: 'ACTIVE', maxSpendPerTransaction: 1_000 });
    expect((await client.get(`/cards/${card.id}`)).body.maxSpendPerTransaction).toBe(1_000);
    expect((await authorize(client, card.id, 1_000)).status).toBe(200);
    expect((await authorize(client, card.id, 1_001)).body.declineReason).toBe('SPEND_LIMIT_EXCEEDED');
    const raised = await client.patch(`/cards/${card.id}`, { maxSpendPerTransaction: 1_001 });
    expect(raised.body.maxSpendPerTransaction).toBe(1_001);
    expect((await authorize(client, card.id, 1_001)).status).toBe(200);
    const cleared = await client.patch(`/cards/${card.id}`, { maxSpendPerTransaction: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.maxSpendPerTransaction).toBeUndefined();
    expect((await authorize(client, card.id, 100_000)).status).toBe(200);
  });

  it('a credit into the card is not held to the limit', async () => {
    const { client, card } = await activeCard(10_000);
    await client.patch(`/cards/${card.id}`, { maxSpendPerTransaction: 100 });
    const credit = await client.post(`/sandbox/cards/${card.id}/simulate/credit_authorization`, { amount: 5_000, currency: { code: 'USD' }, merchant: { descriptor: 'REFUNDS 000' } });
    expect(credit.status).toBe(202);
    expect(credit.body.declineReason).toBeUndefined();
  });

  it.each([
    [0, 'maxSpendPerTransaction'],
    [-1, 'maxSpendPerTransaction'],
    [1.5, 'maxSpendPerTransaction'],
    ['100', 'maxSpendPerTransaction'],
  ])('refuses %j on PATCH and POST (400 on the field)', async (value, field) => {
    const { client, card, customerId, usd } = await activeCard(0);
    const patch = await client.patch(`/cards/${card.id}`, { maxSpendPerTransaction: value });
    expect(patch.status).toBe(400);
    expect(patch.body.details.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    const post = await client.post('/cards', { customerId, form: 'VIRTUAL', fundingSource: usd, maxSpendPerTransaction: value });
    expect(post.status).toBe(400);
    expect(post.body.details.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });

  it('cannot come with status CLOSED (400), and 1 is the smallest limit', async () => {
    const { client, card } = await activeCard(10_000);
    const closing = await client.patch(`/cards/${card.id}`, { status: 'CLOSED', maxSpendPerTransaction: 1_000 });
    expect(closing.status).toBe(400);
    expect(closing.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['maxSpendPerTransaction']);
    expect((await client.get(`/cards/${card.id}`)).body.status).toBe('ACTIVE');
    expect((await client.patch(`/cards/${card.id}`, { maxSpendPerTransaction: 1 })).status).toBe(200);
    expect((await authorize(client, card.id, 1)).status).toBe(200);
    expect((await authorize(client, card.id, 2)).body.declineReason).toBe('SPEND_LIMIT_EXCEEDED');
  });
});

describe('platformCardId on POST /cards', () => {
  it('is assigned by the service (spec): sending one is 400 naming the field, and the card is not issued', async () => {
    const { client, customerId, usd } = await cardSandbox();
    const res = await client.post('/cards', { customerId, form: 'VIRTUAL', fundingSource: usd, platformCardId: 'card-emp-001' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'platformCardId', message: expect.stringContaining('Assigned by the service') }] } });
    expect((await client.get(`/cards?customerId=${customerId}`)).body.data).toEqual([]);
    const issued = await client.post('/cards', { customerId, form: 'VIRTUAL', fundingSource: usd });
    expect(issued.status).toBe(201);
    const found = await client.get(`/cards?platformCardId=${issued.body.platformCardId}`);
    expect(found.body.data.map((c: { id: string }) => c.id)).toEqual([issued.body.id]);
  });
});

describe('card lifecycle (PATCH /cards/{id})', () => {
  it('freezes, unfreezes and closes, each with CARD.STATUS_CHANGE; CLOSED is final with a reason', async () => {
    const { client, card } = await activeCard(0);
    expect((await client.patch(`/cards/${card.id}`, { status: 'FROZEN' })).body.status).toBe('FROZEN');
    expect((await client.patch(`/cards/${card.id}`, { status: 'ACTIVE' })).body.status).toBe('ACTIVE');
    const closed = await client.patch(`/cards/${card.id}`, { status: 'CLOSED' });
    expect(closed.body).toMatchObject({ status: 'CLOSED', statusReason: 'CLOSED_BY_PLATFORM' });
    const statuses = (await client.get('/__admin/events?type=CARD.STATUS_CHANGE&limit=100')).body.data.map((e: { data: { status: string } }) => e.data.status);
    expect(statuses).toEqual(['CLOSED', 'ACTIVE', 'FROZEN', 'ACTIVE']);
  });

  it('closes a FROZEN card', async () => {
    const { client, card } = await activeCard(0);
    await client.patch(`/cards/${card.id}`, { status: 'FROZEN' });
    expect((await client.patch(`/cards/${card.id}`, { status: 'CLOSED' })).body.status).toBe('CLOSED');
  });

  // The public description's 409s: CLOSED -> CLOSED is CARD_ALREADY_CLOSED, any other move is INVALID_STATE_TRANSITION.
  it.each([
    ['CLOSED', 'CARD_ALREADY_CLOSED'],
    ['ACTIVE', 'INVALID_STATE_TRANSITION'],
    ['FROZEN', 'INVALID_STATE_TRANSITION'],
  ])('refuses CLOSED -> %s with 409 %s', async (status, code) => {
    const { client, card } = await activeCard(0);
    await client.patch(`/cards/${card.id}`, { status: 'CLOSED' });
    const reply = await client.patch(`/cards/${card.id}`, { status });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual(
      code === 'CARD_ALREADY_CLOSED'
        ? refusal(409, code, `Card ${card.id} is already CLOSED`, { status: 'CLOSED' })
        : refusal(409, code, `A CLOSED card cannot become ${status}; CLOSED is final`, { from: 'CLOSED', to: status, allowed: [] }),
    );
    expect((await client.get(`/cards/${card.id}`)).body.status).toBe('CLOSED');
  });

  it('refuses a new funding source on a CLOSED card with 409 CARD_NOT_MUTABLE', async () => {
    const { client, card, usd } = await activeCard(0);
    await client.patch(`/cards/${card.id}`, { status: 'CLOSED' });
    const reply = await client.patch(`/cards/${card.id}`, { fundingSource: usd });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual(refusal(409, 'CARD_NOT_MUTABLE', `Card ${card.id} is CLOSED; nothing about it can change`, { status: 'CLOSED' }));
  });

  it.each(['ACTIVE', 'FROZEN', 'CLOSED'])('refuses PROCESSING -> %s with 409 INVALID_STATE_TRANSITION', async (status) => {
    const { client, customerId, usd } = await cardSandbox();
    const card = await client.post('/cards', { customerId, form: 'VIRTUAL', fundingSource: usd });
    const reply = await client.patch(`/cards/${card.body.id}`, { status });
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual(refusal(409, 'INVALID_STATE_TRANSITION', `A PROCESSING card cannot become ${status}`, { from: 'PROCESSING', to: status, allowed: expect.any(Array) }));
  });

  it('refuses the current status as a move (409), and needs status or fundingSource', async () => {
    const { client, card } = await activeCard(0);
    expect((await client.patch(`/cards/${card.id}`, { status: 'ACTIVE' })).body).toEqual(
      refusal(409, 'INVALID_STATE_TRANSITION', `Card ${card.id} is already ACTIVE`, { from: 'ACTIVE', to: 'ACTIVE', allowed: ['FROZEN', 'CLOSED'] }),
    );
    expect((await client.get('/__admin/events?type=CARD.STATUS_CHANGE')).body.data).toHaveLength(1);
    const empty = await client.patch(`/cards/${card.id}`, {});
    expect(empty.status).toBe(400);
    expect((await client.patch(`/cards/${card.id}`, { status: 'PAUSED' })).status).toBe(400);
  });

  it("moves to another of the cardholder's accounts in the card's currency only", async () => {
    const { client, card, customerId, eur } = await activeCard(0);
    expect((await client.patch(`/cards/${card.id}`, { fundingSource: eur })).body).toEqual(
      refusal(400, 'FUNDING_SOURCE_INELIGIBLE', `${eur} cannot fund this card: the card is in USD and the account in EUR`, { field: 'fundingSource' }),
    );
    const second = await client.patch(`/customers/${customerId}`, { customerType: 'INDIVIDUAL', currencies: ['USD', 'EUR', 'MXN'] });
    expect(second.status).toBe(200);
    const mxn = (await client.get(`/customers/internal-accounts?customerId=${customerId}&currency=MXN`)).body.data[0].id;
    expect((await client.patch(`/cards/${card.id}`, { fundingSource: mxn })).body.code).toBe('FUNDING_SOURCE_INELIGIBLE');
    expect(await client.patch(`/cards/${card.id}`, { fundingSource: 'InternalAccount:nope' })).toMatchObject({ status: 400, body: { code: 'FUNDING_SOURCE_INELIGIBLE' } });
  });
});

describe('reveal', () => {
  it('gives a single-use link to a page with a Luhn-valid number ending in last4; the number is in no API response', async () => {
    const { client, card, app, customerId } = await activeCard(10_000);
    const reveal = await client.post(`/cards/${card.id}/reveal`);
    expect(reveal.status).toBe(200);
    expect(reveal.body).toEqual({ panEmbedUrl: expect.stringMatching(/\/hosted\/cards\/[\w-]+\.[\w-]+$/), expiresAt: expect.any(String) });
    const page = await app.request(new URL(reveal.body.panEmbedUrl).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    const pan = /data-field="pan">([\d ]+)</.exec(html)?.[1]?.replace(/ /g, '') ?? '';
    expect(pan.length === 16 && luhnValid(pan) && pan.endsWith(card.last4)).toBe(true);
    expect(/data-field="cvv">\d{3}</.test(html)).toBe(true);
    expect((await app.request(new URL(reveal.body.panEmbedUrl).pathname)).status).toBe(410);

    // Everything the API can say about the card and its customer, its transactions and its events.
    const tx = await authorize(client, card.id, 500);
    const said = JSON.stringify([
      (await client.get(`/cards/${card.id}`)).body,
      (await client.get('/cards')).body,
      tx.body,
      (await client.get(`/transactions/${tx.body.id}`)).body,
      (await client.get('/__admin/events?limit=100')).body,
      (await client.get(`/customers/${customerId}`)).body,
      (await client.get('/openapi.json')).body,
    ]);
    expect(said.includes(pan)).toBe(false);
  });

  it('writes no card number to the log of a listening sandbox', async () => {
    const written: string[] = [];
    const capture = (chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    };
    // Warnings go to stderr, the per-request lines to stdout: neither may carry the number.
    const spies = [vi.spyOn(process.stderr, 'write').mockImplementation(capture), vi.spyOn(process.stdout, 'write').mockImplementation(capture)];
    let pan = '';
    try {
      const sandbox = await createSandbox({ log: 'json' });
      try {
        const auth = { authorization: `Basic ${Buffer.from('log-test:secret').toString('base64')}`, 'content-type': 'application/json' };
        const call = async (method: string, path: string, body?: unknown) => (await fetch(`${sandbox.url}${path}`, { method, headers: auth, ...(body ? { body: JSON.stringify(body) } : {}) })).json();
        await call('PATCH', '/config', { isRegulatedFinancialInstitution: true });
        const customer = await call('POST', '/customers', individual({ fullName: 'Log Holder' }));
        const account = (await call('GET', `/customers/internal-accounts?customerId=${customer.id}`)).data[0].id;
        const card = await call('POST', '/cards', { customerId: customer.id, form: 'VIRTUAL', fundingSource: account });
        await fetch(`${new URL(sandbox.url).origin}/__admin/clock/advance`, { method: 'POST', headers: auth, body: JSON.stringify({ seconds: 5 }) });
        const reveal = await call('POST', `/cards/${card.id}/reveal`);
        const html = await (await fetch(reveal.panEmbedUrl)).text();
        pan = /data-field="pan">([\d ]+)</.exec(html)?.[1]?.replace(/ /g, '') ?? '';
        await fetch(reveal.panEmbedUrl);
      } finally {
        await sandbox.close();
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(pan.length).toBe(16);
    expect(written.join('')).toContain('/reveal');
    expect(written.join('').includes(pan)).toBe(false);
  });

  it('expires after 60 s of clock time; PROCESSING and CLOSED cards have no reveal (403: the operation has no 409)', async () => {
    const { client, card, app, customerId, usd } = await activeCard(0);
    const reveal = await client.post(`/cards/${card.id}/reveal`);
    await advance(client, 61);
    expect((await app.request(new URL(reveal.body.panEmbedUrl).pathname)).status).toBe(410);
    expect((await app.request('/hosted/cards/nope.nope')).status).toBe(404);
    const fresh = await client.post('/cards', { customerId, form: 'VIRTUAL', fundingSource: usd });
    const processing = await client.post(`/cards/${fresh.body.id}/reveal`);
    expect(processing.status).toBe(403);
    expect(processing.body).toEqual(refusal(403, 'FORBIDDEN', `Card ${fresh.body.id} is still PROCESSING; its number exists once it is ACTIVE`, { status: 'PROCESSING' }));
    await client.patch(`/cards/${card.id}`, { status: 'CLOSED' });
    const closed = await client.post(`/cards/${card.id}/reveal`);
    expect(closed.status).toBe(403);
    expect(closed.body).toEqual(refusal(403, 'FORBIDDEN', `Card ${card.id} is CLOSED; its number can no longer be revealed`, { status: 'CLOSED' }));
    expect((await client.post('/cards/Card:nope/reveal')).body).toMatchObject({ status: 404, code: 'REFERENCE_NOT_FOUND' });
  });
});

describe('the card network', () => {
  it('walks authorize -> clear equal, over and under -> refund, with balances at every step', async () => {
    const { client, card, customerId, usd } = await activeCard(100_000);
    const start = await balances(client, customerId, usd);
    expect(start).toEqual({ balance: 100_000, total: 100_000 });

    // Authorize: one pull on the funding source.
    const auth = await authorize(client, card.id, 1_500);
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({
      id: expect.stringMatching(/^Transaction:/),
      type: 'CARD',
      direction: 'DEBIT',
      status: 'AUTHORIZED',
      cardId: card.id,
      customerId,
      accountId: usd,
      authorizedAmount: 1_500,
      currency: { code: 'USD' },
      merchant: { descriptor: 'COFFEE SHOP 000', mcc: '5814', country: 'US' },
      pullSummary: { count: 1, totalAmount: 1_500, pendingCount: 0 },
    });
    expect(auth.body.settledAmount).toBeUndefined();
    expect(await balances(client, customerId, usd)).toEqual({ balance: 98_500, total: 98_500 });

    // Clear the same amount: SETTLED, nothing more moves.
    const equal = await client.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: auth.body.id, amount: 1_500 });
    expect(equal.body).toMatchObject({ status: 'SETTLED', settledAmount: 1_500, settlementSummary: { count: 1, totalAmount: 1_500 } });
    expect(await balances(client, customerId, usd)).toEqual({ balance: 98_500, total: 98_500 });

    // Clear more than authorized: one further pull for the difference.
    const tip = await authorize(client, card.id, 2_000, 'RESTAURANT 100');
    const over = await client.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: tip.body.id, amount: 2_400 });
    expect(over.body).toMatchObject({ status: 'SETTLED', settledAmount: 2_400, pullSummary: { count: 2, totalAmount: 2_400 } });
    expect(await balances(client, customerId, usd)).toEqual({ balance: 96_100, total: 96_100 });

    // Clear less: the rest goes back.
    const hotel = await authorize(client, card.id, 30_000, 'HOTEL 200');
    expect((await balances(client, customerId, usd)).balance).toBe(66_100);
    const under = await client.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: hotel.body.id, amount: 12_000 });
    expect(under.body).toMatchObject({ status: 'SETTLED', settledAmount: 12_000 });
    expect(await balances(client, customerId, usd)).toEqual({ balance: 84_100, total: 84_100 });

    // A second clearing rolls up into settledAmount.
    const more = await client.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: hotel.body.id, amount: 500 });
    expect(more.body).toMatchObject({ settledAmount: 12_500, settlementSummary: { count: 2, totalAmount: 12_500 } });
    expect((await balances(client, customerId, usd)).balance).toBe(83_600);

    // Refund part of the tip: its own CREDIT row; the purchase stays SETTLED.
    const partial = await client.post(`/sandbox/cards/${card.id}/simulate/return`, { cardTransactionId: tip.body.id, amount: 400 });
    expect(partial.status).toBe(202);
    expect(partial.body.issuerTransactionToken).toMatch(/^itt_/);
    expect(partial.body).toMatchObject({ type: 'CARD', direction: 'CREDIT', status: 'SETTLED', originalTransactionId: tip.body.id, settledAmount: 400, accountId: usd });
    expect(partial.body.id).not.toBe(tip.body.id);
    expect((await client.get(`/transactions/${tip.body.id}`)).body).toMatchObject({ status: 'SETTLED', refundedAmount: 400, refundSummary: { count: 1, totalAmount: 400 } });
    expect((await balances(client, customerId, usd)).balance).toBe(84_000);

    // Refund the rest: REFUNDED; nothing more can be refunded.
    await client.post(`/sandbox/cards/${card.id}/simulate/return`, { cardTransactionId: tip.body.id, amount: 2_000 });
    expect((await client.get(`/transactions/${tip.body.id}`)).body).toMatchObject({ status: 'REFUNDED', refundedAmount: 2_400 });
    expect((await balances(client, customerId, usd)).balance).toBe(86_000);
    const tooMuch = await client.post(`/sandbox/cards/${card.id}/simulate/return`, { cardTransactionId: equal.body.id, amount: 1_501 });
    expect(tooMuch).toMatchObject({ status: 400, body: { code: 'AMOUNT_OUT_OF_RANGE', details: { max: 1_500 } } });
    const again = await client.post(`/sandbox/cards/${card.id}/simulate/return`, { cardTransactionId: tip.body.id, amount: 1 });
    expect(again).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', details: { errors: [{ field: 'cardTransactionId', message: expect.stringContaining('REFUNDED') }] } } });

    // The money adds up: 100,000 - 1,500 - 2,400 - 12,500 + 2,400 refunded.
    expect((await balances(client, customerId, usd)).balance).toBe(100_000 - 1_500 - 2_400 - 12_500 + 2_400);

    // The card's transactions, refunds as their own rows; also in GET /transactions.
    const rows = (await client.get(`/cards/${card.id}/transactions?limit=100`)).body.data;
    expect(rows.map((r: { direction: string }) => r.direction)).toEqual(['CREDIT', 'CREDIT', 'DEBIT', 'DEBIT', 'DEBIT']);
    const listed = (await client.get('/transactions?type=CARD&limit=100')).body.data;
    expect(listed).toHaveLength(5);
    expect((await client.get(`/transactions?accountIdentifier=${usd}&type=CARD&limit=100`)).body.data).toHaveLength(5);
    expect((await client.get('/transactions?status=REFUNDED')).body.data.map((t: { id: string }) => t.id)).toEqual([tip.body.id]);

    // Every change was announced with the full CardTransaction.
    const types = (await client.get('/__admin/events?limit=100')).body.data.map((e: { type: string }) => e.type).filter((t: string) => t.startsWith('CARD_TRANSACTION.'));
    expect(types.filter((t: string) => t === 'CARD_TRANSACTION.AUTHORIZED')).toHaveLength(3);
    expect(types).toContain('CARD_TRANSACTION.REFUNDED');
    const settledEvent = (await client.get('/__admin/events?type=CARD_TRANSACTION.SETTLED&limit=100')).body.data.find((e: { data: { id: string } }) => e.data.id === equal.body.id);
    expect(settledEvent.data).toMatchObject({ status: 'SETTLED', settledAmount: 1_500, pullSummary: { count: 1 } });
  });

  /** A decline as the public description reports it: 202 with the issuer's token and the reason; no card transaction, no DECLINED status, no event. */
  async function expectDeclined(client: Client, reply: { status: number; body: any }, reason: string) {
    expect(reply.status, JSON.stringify(reply.body)).toBe(202);
    expect(reply.body).toEqual({ issuerTransactionToken: expect.stringMatching(/^itt_/), declineReason: reason, message: expect.stringMatching(/^Declined/) });
    expect((await client.get('/transactions?type=CARD&limit=100')).body.data.filter((t: { status: string }) => !['AUTHORIZED', 'SETTLED', 'REFUNDED', 'EXCEPTION'].includes(t.status))).toEqual([]);
  }

  it('declines on suffix 002 (INSUFFICIENT_FUNDS) and 003 (CARD_PAUSED) without a pull or a card transaction', async () => {
    const { client, card, customerId, usd } = await activeCard(10_000);
    for (const [suffix, reason] of [['002', 'INSUFFICIENT_FUNDS'], ['003', 'CARD_PAUSED']] as const) {
      await expectDeclined(client, await authorize(client, card.id, 1_000, `SHOP ${suffix}`), reason);
    }
    expect(await balances(client, customerId, usd)).toEqual({ balance: 10_000, total: 10_000 });
    expect((await client.get(`/cards/${card.id}/transactions`)).body.data).toEqual([]);
    expect((await client.get('/transactions?type=CARD')).body.data).toEqual([]);
    const events = (await client.get('/__admin/events?limit=100')).body.data.map((e: { type: string }) => e.type);
    expect(events.filter((t: string) => t.startsWith('CARD_TRANSACTION.'))).toEqual([]);
  });

  it('approves on suffix 005 with a pull that settles 30 s later', async () => {
    // A clock that moves only when told: the boundary is exact.
    const { client, card, customerId, usd } = await activeCard(10_000, { time: manualTime(Date.parse('2026-06-01T12:00:00.000Z')) });
    const auth = await authorize(client, card.id, 1_000, 'TAXI 005');
    expect(auth.body).toMatchObject({ status: 'AUTHORIZED', pullSummary: { count: 1, pendingCount: 1 } });
    expect(await balances(client, customerId, usd)).toEqual({ balance: 9_000, total: 10_000 });
    const early = await client.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: auth.body.id, amount: 1_000 });
    expect(early).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', details: { errors: [{ field: 'cardTransactionId', message: expect.stringContaining('not settled yet') }] } } });
    // 1 ms before the 30 s: the pull is still pending.
    await advance(client, 29.999);
    expect((await client.get(`/transactions/${auth.body.id}`)).body).toMatchObject({ status: 'AUTHORIZED', pullSummary: { pendingCount: 1 } });
    expect(await balances(client, customerId, usd)).toEqual({ balance: 9_000, total: 10_000 });
    await advance(client, 0.001);
    expect((await client.get(`/transactions/${auth.body.id}`)).body).toMatchObject({ status: 'AUTHORIZED', pullSummary: { pendingCount: 0 } });
    expect(await balances(client, customerId, usd)).toEqual({ balance: 9_000, total: 9_000 });
    expect((await client.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: auth.body.id, amount: 1_000 })).body.status).toBe('SETTLED');
  });

  it('approves on suffix 006, then the pull fails 30 s later: EXCEPTION and the money stays', async () => {
    const { client, card, customerId, usd } = await activeCard(10_000, { time: manualTime(Date.parse('2026-06-01T12:00:00.000Z')) });
    const auth = await authorize(client, card.id, 1_000, 'GADGETS 006');
    expect(auth.body.status).toBe('AUTHORIZED');
    // 1 ms before the 30 s: still AUTHORIZED, nothing reported.
    await advance(client, 29.999);
    expect((await client.get(`/transactions/${auth.body.id}`)).body.status).toBe('AUTHORIZED');
    expect((await client.get('/__admin/events?type=CARD_TRANSACTION.EXCEPTION')).body.data).toEqual([]);
    await advance(client, 0.001);
    const after = (await client.get(`/transactions/${auth.body.id}`)).body;
    expect(after).toMatchObject({ status: 'EXCEPTION', pullSummary: { count: 0, totalAmount: 0 } });
    expect(await balances(client, customerId, usd)).toEqual({ balance: 10_000, total: 10_000 });
    expect((await client.get('/__admin/events?type=CARD_TRANSACTION.EXCEPTION')).body.data[0].data.id).toBe(auth.body.id);
    const clearing = await client.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: auth.body.id, amount: 1_000 });
    expect(clearing).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', details: { errors: [{ field: 'cardTransactionId', message: expect.stringContaining('EXCEPTION') }] } } });
  });

  it('approves any other suffix with an immediate pull', async () => {
    const { client, card, customerId, usd } = await activeCard(10_000);
    const auth = await authorize(client, card.id, 999, 'BOOKS 004');
    expect(auth.body).toMatchObject({ status: 'AUTHORIZED', pullSummary: { pendingCount: 0 } });
    expect(await balances(client, customerId, usd)).toEqual({ balance: 9_001, total: 9_001 });
  });

  it.each(['FROZEN', 'CLOSED'])('declines on a %s card whatever the suffix (CARD_PAUSED)', async (status) => {
    const { client, card } = await activeCard(10_000);
    await client.patch(`/cards/${card.id}`, { status });
    const reply = await authorize(client, card.id, 100, 'SHOP 000');
    await expectDeclined(client, reply, 'CARD_PAUSED');
    expect(reply.body.message).toContain(status);
  });

  it('declines on a PROCESSING card and when the funding balance is below the amount, at, below and above the boundary', async () => {
    const { client, customerId, usd } = await cardSandbox();
    const fresh = await client.post('/cards', { customerId, form: 'VIRTUAL', fundingSource: usd });
    await expectDeclined(client, await authorize(client, fresh.body.id, 100), 'CARD_PAUSED');
    await advance(client, 5);
    await client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 500 });
    await expectDeclined(client, await authorize(client, fresh.body.id, 501), 'INSUFFICIENT_FUNDS');
    const atBoundary = await authorize(client, fresh.body.id, 500);
    expect(atBoundary).toMatchObject({ status: 200, body: { status: 'AUTHORIZED' } });
    expect((await client.get('/transactions?type=CARD')).body.data.map((t: { id: string }) => t.id)).toEqual([atBoundary.body.id]);
  });

  it('marks an over-clearing EXCEPTION when the balance no longer covers the extra pull', async () => {
    const { client, card, customerId, usd } = await activeCard(1_000);
    const auth = await authorize(client, card.id, 1_000);
    const over = await client.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: auth.body.id, amount: 1_200 });
    expect(over.body).toMatchObject({ status: 'EXCEPTION', settledAmount: 1_200, pullSummary: { totalAmount: 1_000 } });
    expect(await balances(client, customerId, usd)).toEqual({ balance: 0, total: 0 });
  });

  it('validates the simulator requests field by field', async () => {
    const { client, card } = await activeCard(1_000);
    const long = await authorize(client, card.id, 100, 'X'.repeat(26));
    expect(long.status).toBe(400);
    expect(long.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['merchant.descriptor']);
    const bad = await client.post(`/sandbox/cards/${card.id}/simulate/authorization`, { amount: 0, currency: {}, merchant: { descriptor: '' } });
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(['amount', 'currency.code', 'merchant.descriptor']);
    const currency = await client.post(`/sandbox/cards/${card.id}/simulate/authorization`, { amount: 100, currency: { code: 'EUR' }, merchant: { descriptor: 'SHOP' } });
    expect(currency).toMatchObject({ status: 400, body: { code: 'INVALID_CURRENCY', details: { errors: [{ field: 'currency.code', constraint: { enum: ['USD'] } }] } } });
    expect((await authorize(client, 'Card:nope', 100)).body).toMatchObject({ status: 404, code: 'REFERENCE_NOT_FOUND' });
    const noTransaction = await client.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: 'Transaction:nope', amount: 1 });
    expect(noTransaction.body).toMatchObject({ status: 404, code: 'TRANSACTION_NOT_FOUND', details: { resource: 'CardTransaction' } });
    const auth = await authorize(client, card.id, 100);
    const early = await client.post(`/sandbox/cards/${card.id}/simulate/return`, { cardTransactionId: auth.body.id, amount: 100 });
    expect(early).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', details: { errors: [{ field: 'cardTransactionId' }] } } });
    expect((await client.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: auth.body.id, amount: -1 })).status).toBe(400);
  });

  it('releases the whole authorization on a zero clearing', async () => {
    const { client, card, customerId, usd } = await activeCard(1_000);
    const auth = await authorize(client, card.id, 600);
    const expired = await client.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: auth.body.id, amount: 0 });
    expect(expired.body).toMatchObject({ status: 'SETTLED', settledAmount: 0 });
    expect(await balances(client, customerId, usd)).toEqual({ balance: 1_000, total: 1_000 });
  });
});
