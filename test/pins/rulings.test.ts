/**
 * Behaviour the spec leaves open, ruled from the reference (docs/decisions/0012):
 * each rule with the case beside it (the other status, the second step, the
 * other path to the same check).
 */
import { describe, expect, it } from 'vitest';
import { individual, makeSandbox, usdAccount, type Client } from '../helpers.js';
import { agentWorld } from '../agents/helpers.js';

async function fundedCustomer(client: Client) {
  const customerId = (await client.post('/customers', individual())).body.id as string;
  const usd = (await client.get(`/customers/internal-accounts?customerId=${customerId}&currency=USD`)).body.data[0].id as string;
  expect((await client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 1_000_000 })).status).toBe(200);
  return { customerId, usd };
}

const quote = (client: Client, from: string, to: string) =>
  client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId: from }, destination: { destinationType: 'ACCOUNT', accountId: to }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 100, description: 'ruling' });

describe('an external account under review or INACTIVE moves no money', () => {
  it.each(['UNDER_REVIEW', 'INACTIVE'])('%s: a quote to it, a transfer out to it and a pull from it are 400 naming the field; ACTIVE again, each passes', async (status) => {
    const client = makeSandbox().client();
    const { customerId, usd } = await fundedCustomer(client);
    const bank = (await client.post('/customers/external-accounts', usdAccount(customerId, '000123456000'))).body.id as string;
    expect((await client.post(`/__admin/external-accounts/${bank}/status`, { status })).status).toBe(200);

    const message = `ExternalAccount ${bank} is ${status}; it can move money once it is ACTIVE`;
    const quoted = await quote(client, usd, bank);
    expect([quoted.status, quoted.body.code]).toEqual([400, 'INVALID_INPUT']);
    expect(quoted.body.details.errors).toEqual([{ field: 'destination.accountId', message }]);
    const out = await client.post('/transfer-out', { source: { accountId: usd }, destination: { accountId: bank }, amount: 1 });
    expect([out.status, out.body.details?.errors]).toEqual([400, [{ field: 'destination.accountId', message }]]);
    const pull = await client.post('/transfer-in', { source: { accountId: bank }, destination: { accountId: usd }, amount: 1 });
    expect([pull.status, pull.body.details?.errors]).toEqual([400, [{ field: 'source.accountId', message }]]);

    expect((await client.post(`/__admin/external-accounts/${bank}/status`, { status: 'ACTIVE' })).status).toBe(200);
    expect((await quote(client, usd, bank)).status).toBe(201);
    expect((await client.post('/transfer-out', { source: { accountId: usd }, destination: { accountId: bank }, amount: 1 })).status).toBe(201);
  });

  it("an agent's transfer out to an INACTIVE account and pull from it: 400 naming the field; ACTIVE again, it passes", async () => {
    const w = await agentWorld();
    const { as } = await w.connectAgent();
    const bank = w.alice.external['000'];
    expect((await w.client.post(`/__admin/external-accounts/${bank}/status`, { status: 'INACTIVE' })).status).toBe(200);
    const message = `ExternalAccount ${bank} is INACTIVE; it can move money once it is ACTIVE`;
    const out = await as.post('/agents/me/transfer-out', { source: { accountId: w.alice.usd }, destination: { accountId: bank }, amount: 1 });
    expect([out.status, out.body.code, out.body.details?.errors]).toEqual([400, 'INVALID_INPUT', [{ field: 'destination.accountId', message }]]);
    const pull = await as.post('/agents/me/transfer-in', { source: { accountId: bank }, destination: { accountId: w.alice.usd }, amount: 1 });
    expect([pull.status, pull.body.details?.errors]).toEqual([400, [{ field: 'source.accountId', message }]]);
    expect((await w.client.post(`/__admin/external-accounts/${bank}/status`, { status: 'ACTIVE' })).status).toBe(200);
    expect((await as.post('/agents/me/transfer-out', { source: { accountId: w.alice.usd }, destination: { accountId: bank }, amount: 1 })).status).toBe(201);
  });

  it('a quote given while ACTIVE is not executed once the account is INACTIVE: nothing moves', async () => {
    const client = makeSandbox().client();
    const { customerId, usd } = await fundedCustomer(client);
    const bank = (await client.post('/customers/external-accounts', usdAccount(customerId, '000123456000'))).body.id as string;
    const given = await quote(client, usd, bank);
    expect(given.status).toBe(201);
    expect((await client.post(`/__admin/external-accounts/${bank}/status`, { status: 'INACTIVE' })).status).toBe(200);
    const executed = await client.post(`/quotes/${given.body.id}/execute`);
    expect([executed.status, executed.body.code, executed.body.details?.errors?.[0]?.field]).toEqual([400, 'INVALID_INPUT', 'destination.accountId']);
    expect((await client.get(`/customers/internal-accounts?customerId=${customerId}&currency=USD`)).body.data[0]).toMatchObject({ id: usd, balance: { amount: 1_000_000 } });
    expect((await client.get(`/quotes/${given.body.id}`)).body.status).toBe('PENDING');
  });
});

describe('a card PATCHed to the status it has', () => {
  it('is 409 INVALID_STATE_TRANSITION, changes nothing and sends nothing; the move next to it passes', async () => {
    const client = makeSandbox().client();
    // A regulated platform approves the cardholder at creation.
    expect((await client.patch('/config', { isRegulatedFinancialInstitution: true })).status).toBe(200);
    const { customerId, usd } = await fundedCustomer(client);
    const card = (await client.post('/cards', { customerId, form: 'VIRTUAL', fundingSource: usd })).body;
    expect((await client.post('/__admin/clock/advance', { seconds: 5 })).status).toBe(200);
    const active = (await client.get(`/cards/${card.id}`)).body;
    expect(active.status).toBe('ACTIVE');
    const cardEvents = async () => (await client.get('/__admin/events?type=CARD.STATUS_CHANGE')).body.data.length as number;
    const sent = await cardEvents();
    expect(sent).toBe(1);

    const again = await client.patch(`/cards/${card.id}`, { status: 'ACTIVE' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'INVALID_STATE_TRANSITION', reason: `Card ${card.id} is already ACTIVE`, details: { from: 'ACTIVE', to: 'ACTIVE', allowed: ['FROZEN', 'CLOSED'] } });
    expect((await client.get(`/cards/${card.id}`)).body).toEqual(active);
    expect(await cardEvents()).toBe(sent);

    expect((await client.patch(`/cards/${card.id}`, { status: 'FROZEN' })).body.status).toBe('FROZEN');
    const frozenAgain = await client.patch(`/cards/${card.id}`, { status: 'FROZEN', maxSpendPerTransaction: 5_000 });
    expect([frozenAgain.status, frozenAgain.body.reason]).toEqual([409, `Card ${card.id} is already FROZEN`]);
    expect((await client.get(`/cards/${card.id}`)).body.maxSpendPerTransaction).toBeUndefined();
    expect((await client.patch(`/cards/${card.id}`, { status: 'ACTIVE' })).body.status).toBe('ACTIVE');
  });
});
