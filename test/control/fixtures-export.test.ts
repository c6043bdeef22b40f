/**
 * GET /__admin/fixtures/export records a session as a fixture; replayed
 * into an empty tenant it builds the same resources and sends the same
 * webhooks, in the same order.
 */
import { describe, expect, it } from 'vitest';
import { fixtureFile, individual, makeSandbox, usdAccount, type Client } from '../helpers.js';
import { comparable } from '../support/comparable.js';

async function eventTypes(client: Client): Promise<string[]> {
  const page = await client.get('/__admin/events?limit=100');
  return (page.body.data as Array<{ type: string }>).map((e) => e.type).reverse();
}

/** A session as an app's developer would click through it: customers, accounts, a payout, a card, time passing. */
async function session(client: Client) {
  await client.patch('/config', { isRegulatedFinancialInstitution: true });
  const jane = (await client.post('/customers', individual({ fullName: 'Jane Doe', idType: 'SSN', identifier: '123-45-6789', currencies: ['USD'] }))).body;
  await client.post('/customers', individual({ fullName: 'John Roe', email: 'john@example.com' }));
  const accounts = (await client.get(`/customers/internal-accounts?customerId=${encodeURIComponent(jane.id)}`)).body.data;
  const usd = accounts[0].id;
  expect((await client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 100_000 })).status).toBe(200);
  const bank = (await client.post('/customers/external-accounts', usdAccount(jane.id, '000123456003'))).body;
  // A read that reveals nothing a later step uses is not a step.
  await client.get('/customers');
  const quote = (await client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId: usd }, destination: { destinationType: 'ACCOUNT', accountId: bank.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 10_000 })).body;
  expect((await client.post(`/quotes/${quote.id}/execute`, {}, { 'Idempotency-Key': 'execute-1' })).status).toBe(200);
  // A refused write is not part of the session.
  expect((await client.post('/customers/external-accounts', usdAccount(jane.id, '000123456105'))).status).toBe(400);
  await client.post('/__admin/clock/advance', { seconds: 360 });
  const card = (await client.post('/cards', { customerId: jane.id, form: 'VIRTUAL', fundingSource: usd })).body;
  await client.post('/__admin/clock/advance', { seconds: 5 });
  return { jane, usd, bank, quote, card };
}

describe('recording a session as a fixture', () => {
  it('exports the writes in order, ids made by earlier steps as references, the revealing read kept, clock advances kept', async () => {
    const client = makeSandbox().client();
    await session(client);
    const exported = await client.get('/__admin/fixtures/export');
    expect(exported.status).toBe(200);
    const steps = exported.body.fixtures as Array<Record<string, unknown>>;
    expect(steps.map((s) => s.request ?? `advance ${s.advance}`)).toEqual([
      'PATCH /config',
      'POST /customers',
      'POST /customers',
      'GET /customers/internal-accounts',
      'POST /sandbox/internal-accounts/${internalAccounts1.data.0.id}/fund',
      'POST /customers/external-accounts',
      'POST /quotes',
      'POST /quotes/${quote1.id}/execute',
      'advance 360',
      'POST /cards',
      'advance 5',
    ]);
    expect(steps[1]).toMatchObject({ name: 'customer1', body: { fullName: 'Jane Doe', identifier: '123-45-6789' } });
    expect(steps[2]!.name).toBeUndefined();
    expect(steps[3]).toEqual({ name: 'internalAccounts1', request: 'GET /customers/internal-accounts', query: { customerId: '${customer1.id}' } });
    expect(steps[5]).toMatchObject({ name: 'externalAccount1', body: { customerId: '${customer1.id}' } });
    expect(steps[6]).toMatchObject({ body: { source: { accountId: '${internalAccounts1.data.0.id}' }, destination: { accountId: '${externalAccount1.id}' } } });
    expect(steps[7]).toMatchObject({ headers: { 'idempotency-key': 'execute-1' } });
    expect(steps[9]).toMatchObject({ body: { customerId: '${customer1.id}', fundingSource: '${internalAccounts1.data.0.id}' } });
  });

  it('replayed into an empty tenant, builds the same resources field for field and sends the same webhooks in the same order', async () => {
    const sandbox = makeSandbox();
    const original = sandbox.client('recorder', 'recorder-secret');
    const made = await session(original);
    expect((await original.get(`/transactions?limit=5`)).body.data[0]).toMatchObject({ status: 'COMPLETED' });
    expect((await original.get(`/cards/${made.card.id}`)).body.status).toBe('ACTIVE');
    const fixture = (await original.get('/__admin/fixtures/export')).body;

    const replay = sandbox.client('replayer', 'replayer-secret');
    const loaded = await replay.post('/__admin/fixtures', fixture);
    expect(loaded.status).toBe(200);
    expect(loaded.body.steps).toHaveLength(11);

    const [before, after] = [(await original.get('/__admin/snapshot')).body, (await replay.get('/__admin/snapshot')).body];
    expect(comparable(after)).toEqual(comparable(before));
    expect(Object.keys(before.customers)).toHaveLength(2);
    expect(Object.keys(before.cards)).toHaveLength(1);
    expect(await eventTypes(replay)).toEqual(await eventTypes(original));
    expect((await eventTypes(original)).length).toBeGreaterThan(5);
  });

  it('starts again at a reset; an empty session exports an empty fixture', async () => {
    const client = makeSandbox().client();
    await client.post('/customers', individual());
    await client.post('/__admin/reset');
    expect((await client.get('/__admin/fixtures/export')).body.fixtures).toEqual([]);
    await client.post('/customers', individual({ fullName: 'After Reset' }));
    expect((await client.get('/__admin/fixtures/export')).body.fixtures).toEqual([{ request: 'POST /customers', body: individual({ fullName: 'After Reset' }) }]);
  });

  it('leaves out what a fixture cannot replay (a multipart upload), naming it in the description', async () => {
    const client = makeSandbox().client();
    const customer = (await client.post('/customers', individual())).body;
    expect((await client.upload('/documents', { documentHolder: customer.id, documentType: 'PASSPORT', country: 'US', file: fixtureFile('passport.png') })).status).toBe(201);
    const exported = (await client.get('/__admin/fixtures/export')).body;
    expect(exported.fixtures.map((s: { request: string }) => s.request)).toEqual(['POST /customers']);
    expect(exported.description).toBe('Recorded from the request journal; left out, as a fixture cannot replay them: POST /documents: its body is not JSON ([multipart form])');
  });

  it('refuses to export when the journal no longer holds every write since the reset', async () => {
    const client = makeSandbox().client();
    await client.post('/customers', individual());
    for (let n = 0; n < 1_000; n++) await client.get('/customers?limit=1');
    const answer = await client.get('/__admin/fixtures/export');
    expect(answer).toMatchObject({ status: 409, body: { code: 'FIXTURE_EXPORT_INCOMPLETE' } });
    // Exactly at the limit: the first write is still there.
    const full = makeSandbox().client();
    await full.post('/customers', individual());
    for (let n = 0; n < 999; n++) await full.get('/customers?limit=1');
    expect((await full.get('/__admin/fixtures/export')).status).toBe(200);
  });
});
