/**
 * The account and card-source webhook families, end to end: each flow driven
 * over the API, its webhooks received by a real HTTP endpoint on 127.0.0.1,
 * each signature checked with the key the control plane serves, each `data`
 * equal to a GET of the resource after the change, and exactly one event per
 * change (none for a non-change).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { verify } from 'node:crypto';
import { individual, makeSandbox, usdAccount, type Client } from '../helpers.js';
import { startReceiver, type Receiver } from '../control/receiver.js';
import { signatureOfHeader } from '../support/webhook-signature.js';
import { travelRuleConfig } from '../support/travel-rule.js';

interface Envelope {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, any>;
}

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

interface World {
  client: Client;
  receiver: Receiver;
  pem: string;
  /** How many webhooks had arrived when the current step began. */
  mark: number;
}

async function setUp(): Promise<World> {
  receiver = await startReceiver();
  const client = makeSandbox().client();
  // Regulated: customers are approved at creation, so they can hold and move money at once.
  expect((await client.patch('/config', { webhookEndpoint: receiver.url, isRegulatedFinancialInstitution: true })).status).toBe(200);
  const pem = (await client.get('/__admin/webhooks/public-key')).body.pem as string;
  return { client, receiver, pem, mark: 0 };
}

/** Every event in the outbox (a page at a time). */
async function outboxSize(client: Client): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  for (;;) {
    const page = (await client.get(`/__admin/events?limit=100${cursor ? `&cursor=${cursor}` : ''}`)).body;
    count += page.data.length;
    if (!page.hasMore) return count;
    cursor = page.nextCursor;
  }
}

/**
 * The webhooks that arrived since the last call, once every event in the
 * outbox has arrived, each with its signature verified; `family` keeps the
 * types starting with it.
 */
async function pushed(world: World, family?: string): Promise<Envelope[]> {
  const total = await outboxSize(world.client);
  await world.receiver.waitFor(total);
  // Nothing beyond the outbox arrives: one delivery per event.
  expect(world.receiver.received).toHaveLength(total);
  const fresh = world.receiver.received.slice(world.mark);
  world.mark = total;
  return fresh
    .map((r) => {
      const signature = signatureOfHeader(r.headers['x-service-signature']);
      expect(verify('sha256', Buffer.from(r.body), { key: world.pem, dsaEncoding: 'der' }, signature)).toBe(true);
      return JSON.parse(r.body) as Envelope;
    })
    .filter((e) => family === undefined || e.type.startsWith(family));
}

async function customer(world: World, fullName = 'Hook Person'): Promise<{ id: string; usd: string }> {
  const created = await world.client.post('/customers', individual({ fullName }));
  expect(created.status).toBe(201);
  const usd = (await world.client.get(`/customers/internal-accounts?customerId=${created.body.id}&currency=USD`)).body.data[0].id as string;
  return { id: created.body.id, usd };
}

/** An internal account as GET shows it (it has no GET of its own: its customer's list, or the platform's). */
async function internalAccount(client: Client, id: string, customerId?: string): Promise<Record<string, any>> {
  const list = await client.get(customerId ? `/customers/internal-accounts?customerId=${customerId}&limit=100` : '/platform/internal-accounts');
  expect(list.status).toBe(200);
  const found = list.body.data.find((a: { id: string }) => a.id === id);
  expect(found).toBeDefined();
  return found;
}

const types = (events: Envelope[]) => events.map((e) => e.type);

async function fund(world: World, accountId: string, amount: number) {
  expect((await world.client.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount })).status).toBe(200);
}

async function payout(world: World, from: string, to: string, amount: number) {
  const quote = await world.client.post('/quotes', {
    source: { sourceType: 'ACCOUNT', accountId: from },
    destination: { destinationType: 'ACCOUNT', accountId: to },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
    description: 'webhook families',
  });
  expect(quote.status).toBe(201);
  const executed = await world.client.post(`/quotes/${quote.body.id}/execute`);
  expect(executed.status).toBe(200);
  return quote.body;
}

describe('INTERNAL_ACCOUNT.BALANCE_UPDATED', () => {
  it('is sent once per funding, carrying the account as GET shows it after', async () => {
    const world = await setUp();
    const holder = await customer(world);
    await pushed(world);
    await fund(world, holder.usd, 10_000);
    const [first, ...more] = await pushed(world, 'INTERNAL_ACCOUNT');
    expect(more).toEqual([]);
    expect(first).toMatchObject({ type: 'INTERNAL_ACCOUNT.BALANCE_UPDATED', id: expect.stringMatching(/^Webhook:/) });
    expect(first!.data).toEqual(await internalAccount(world.client, holder.usd, holder.id));
    expect(first!.data.balance.amount).toBe(10_000);
    expect(first!.data.totalBalance.amount).toBe(10_000);

    await fund(world, holder.usd, 1);
    const second = await pushed(world, 'INTERNAL_ACCOUNT');
    expect(types(second)).toEqual(['INTERNAL_ACCOUNT.BALANCE_UPDATED']);
    expect(second[0]!.data).toEqual(await internalAccount(world.client, holder.usd, holder.id));
    expect(second[0]!.data.balance.amount).toBe(10_001);
  });

  it('a payout that completes at once: one event with the final balances, though the money was held and then debited', async () => {
    const world = await setUp();
    const holder = await customer(world);
    await fund(world, holder.usd, 50_000);
    const bank = (await world.client.post('/customers/external-accounts', usdAccount(holder.id, '000123456000'))).body.id;
    await pushed(world);
    await payout(world, holder.usd, bank, 10_000);
    const events = await pushed(world, 'INTERNAL_ACCOUNT');
    expect(types(events)).toEqual(['INTERNAL_ACCOUNT.BALANCE_UPDATED']);
    expect(events[0]!.data).toEqual(await internalAccount(world.client, holder.usd, holder.id));
    expect([events[0]!.data.balance.amount, events[0]!.data.totalBalance.amount]).toEqual([40_000, 40_000]);
  });

  it('a payout whose money is held and given back in the same request sends nothing: the account shows what it showed', async () => {
    const world = await setUp();
    const holder = await customer(world);
    await fund(world, holder.usd, 50_000);
    const before = await internalAccount(world.client, holder.usd, holder.id);
    // 002: execution fails, the hold is released; 004: delivery fails, the sender is refunded at once.
    for (const suffix of ['002', '004']) {
      const bank = (await world.client.post('/customers/external-accounts', usdAccount(holder.id, `000123456${suffix}`))).body.id;
      await pushed(world);
      await payout(world, holder.usd, bank, 10_000);
      expect(await pushed(world, 'INTERNAL_ACCOUNT'), suffix).toEqual([]);
      const after = await internalAccount(world.client, holder.usd, holder.id);
      expect([after.balance, after.totalBalance]).toEqual([before.balance, before.totalBalance]);
    }
  });

  it('a delayed payout: the hold when it starts, nothing while it waits, the debit when the sandbox clock reaches its delay', async () => {
    const world = await setUp();
    const holder = await customer(world);
    await fund(world, holder.usd, 50_000);
    // Ending in 003: completes after 360 seconds.
    const bank = (await world.client.post('/customers/external-accounts', usdAccount(holder.id, '000123456003'))).body.id;
    await pushed(world);
    await payout(world, holder.usd, bank, 10_000);
    const held = await pushed(world, 'INTERNAL_ACCOUNT');
    expect(types(held)).toEqual(['INTERNAL_ACCOUNT.BALANCE_UPDATED']);
    expect([held[0]!.data.balance.amount, held[0]!.data.totalBalance.amount]).toEqual([40_000, 50_000]);
    expect(held[0]!.data).toEqual(await internalAccount(world.client, holder.usd, holder.id));

    expect((await world.client.post('/__admin/clock/advance', { seconds: 359 })).status).toBe(200);
    expect(await pushed(world, 'INTERNAL_ACCOUNT')).toEqual([]);
    expect((await world.client.post('/__admin/clock/advance', { seconds: 1 })).status).toBe(200);
    const debited = await pushed(world, 'INTERNAL_ACCOUNT');
    expect(types(debited)).toEqual(['INTERNAL_ACCOUNT.BALANCE_UPDATED']);
    expect([debited[0]!.data.balance.amount, debited[0]!.data.totalBalance.amount]).toEqual([40_000, 40_000]);
    expect(debited[0]!.data).toEqual(await internalAccount(world.client, holder.usd, holder.id));
  });

  it('a transfer between two customers: one event for each end', async () => {
    const world = await setUp();
    const sender = await customer(world, 'Sender Person');
    const receiving = await customer(world, 'Receiver Person');
    await fund(world, sender.usd, 20_000);
    await pushed(world);
    await payout(world, sender.usd, receiving.usd, 5_000);
    const events = await pushed(world, 'INTERNAL_ACCOUNT');
    expect(events.map((e) => [e.type, e.data.id]).sort()).toEqual(
      [
        ['INTERNAL_ACCOUNT.BALANCE_UPDATED', sender.usd],
        ['INTERNAL_ACCOUNT.BALANCE_UPDATED', receiving.usd],
      ].sort(),
    );
    const bySender = events.find((e) => e.data.id === sender.usd)!;
    const byReceiver = events.find((e) => e.data.id === receiving.usd)!;
    expect(bySender.data).toEqual(await internalAccount(world.client, sender.usd, sender.id));
    expect(byReceiver.data).toEqual(await internalAccount(world.client, receiving.usd, receiving.id));
    expect(bySender.data.balance.amount).toBe(15_000);
    expect(byReceiver.data.balance.amount).toBeGreaterThan(0);
  });

  it('card activity: the authorization hold and the clearing, one event each; a decline moves nothing and sends nothing', async () => {
    const world = await setUp();
    const holder = await customer(world);
    await fund(world, holder.usd, 30_000);
    const card = (await world.client.post('/cards', { customerId: holder.id, form: 'VIRTUAL', fundingSource: holder.usd })).body;
    await world.client.post('/__admin/clock/advance', { seconds: 5 });
    await pushed(world);
    const merchant = { descriptor: 'COFFEE SHOP', mcc: '5814', country: 'US' };
    const auth = await world.client.post(`/sandbox/cards/${card.id}/simulate/authorization`, { amount: 2_500, currency: { code: 'USD' }, merchant });
    expect(auth.status).toBe(200);
    const held = await pushed(world, 'INTERNAL_ACCOUNT');
    expect(types(held)).toEqual(['INTERNAL_ACCOUNT.BALANCE_UPDATED']);
    expect(held[0]!.data).toEqual(await internalAccount(world.client, holder.usd, holder.id));
    expect(held[0]!.data.balance.amount).toBe(27_500);

    expect((await world.client.post(`/sandbox/cards/${card.id}/simulate/clearing`, { cardTransactionId: auth.body.id, amount: 2_000 })).status).toBe(200);
    const cleared = await pushed(world, 'INTERNAL_ACCOUNT');
    expect(types(cleared)).toEqual(['INTERNAL_ACCOUNT.BALANCE_UPDATED']);
    expect(cleared[0]!.data).toEqual(await internalAccount(world.client, holder.usd, holder.id));
    expect([cleared[0]!.data.balance.amount, cleared[0]!.data.totalBalance.amount]).toEqual([28_000, 28_000]);

    // Ending in 003: declined CARD_PAUSED, nothing held.
    await world.client.post(`/sandbox/cards/${card.id}/simulate/authorization`, { amount: 100, currency: { code: 'USD' }, merchant: { ...merchant, descriptor: 'COFFEE SHOP 003' } });
    expect(await pushed(world, 'INTERNAL_ACCOUNT')).toEqual([]);
  });
});

describe('INTERNAL_ACCOUNT.STATUS_UPDATED and FUNDING_INSTRUCTIONS_UPDATED', () => {
  it('each status change once; to or from ACTIVE the funding instructions change too; the same status twice sends nothing; CLOSED is final', async () => {
    const world = await setUp();
    const holder = await customer(world);
    const served = (await internalAccount(world.client, holder.usd, holder.id)).fundingPaymentInstructions;
    expect(served.length).toBeGreaterThan(0);
    await pushed(world);
    const move = (status: string) => world.client.post(`/__admin/internal-accounts/${holder.usd}/status`, { status });

    const steps: Array<[string, string[], number]> = [
      ['PENDING', ['INTERNAL_ACCOUNT.STATUS_UPDATED', 'INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED'], 0],
      ['PENDING', [], 0],
      ['FROZEN', ['INTERNAL_ACCOUNT.STATUS_UPDATED'], 0],
      ['ACTIVE', ['INTERNAL_ACCOUNT.STATUS_UPDATED', 'INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED'], served.length],
      ['ACTIVE', [], served.length],
      ['FAILED', ['INTERNAL_ACCOUNT.STATUS_UPDATED', 'INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED'], 0],
      ['CLOSED', ['INTERNAL_ACCOUNT.STATUS_UPDATED'], 0],
      ['CLOSED', [], 0],
    ];
    for (const [status, expected, instructions] of steps) {
      await world.client.post('/__admin/clock/advance', { seconds: 1 });
      const res = await move(status);
      expect(res.status, status).toBe(200);
      const shown = await internalAccount(world.client, holder.usd, holder.id);
      expect(res.body).toEqual(shown);
      expect(shown.status).toBe(status);
      expect(shown.fundingPaymentInstructions).toHaveLength(instructions);
      const events = await pushed(world, 'INTERNAL_ACCOUNT');
      expect(types(events), status).toEqual(expected);
      for (const e of events) expect(e.data).toEqual(shown);
      if (expected.length > 0) expect(shown.updatedAt).toBe((await world.client.get('/__admin/clock')).body.now);
    }
    for (const status of ['ACTIVE', 'PENDING', 'FROZEN', 'FAILED']) {
      const res = await move(status);
      expect([res.status, res.body.code]).toEqual([409, 'INVALID_STATE_TRANSITION']);
    }
    expect(await pushed(world, 'INTERNAL_ACCOUNT')).toEqual([]);
    expect((await world.client.post('/__admin/internal-accounts/InternalAccount:nobody/status', { status: 'FROZEN' })).status).toBe(404);
    expect((await move('OPEN')).status).toBe(400);
  });

  it('a deleted customer: each of its accounts CLOSED and announced, its funding instructions withdrawn', async () => {
    const world = await setUp();
    const created = await world.client.post('/customers', individual({ fullName: 'Leaving Person', currencies: ['USD', 'EUR'] }));
    const accounts = (await world.client.get(`/customers/internal-accounts?customerId=${created.body.id}`)).body.data as Array<{ id: string }>;
    expect(accounts.length).toBeGreaterThan(0);
    await pushed(world);
    expect((await world.client.delete(`/customers/${created.body.id}`)).status).toBe(200);
    const events = await pushed(world, 'INTERNAL_ACCOUNT');
    for (const account of accounts) {
      const mine = events.filter((e) => e.data.id === account.id);
      expect(types(mine)).toEqual(['INTERNAL_ACCOUNT.STATUS_UPDATED', 'INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED']);
      const shown = await internalAccount(world.client, account.id, created.body.id);
      expect(shown).toMatchObject({ status: 'CLOSED', fundingPaymentInstructions: [] });
      for (const e of mine) expect(e.data).toEqual(shown);
    }
    expect(events).toHaveLength(2 * accounts.length);
  });
});

describe('EXTERNAL_ACCOUNT.STATUS_UPDATED', () => {
  const travelRule = travelRuleConfig('USDC');
  const wallet = (customerId: string, address: string) => ({ customerId, currency: 'USDC', ownershipType: 'FIRST_PARTY', accountInfo: { accountType: 'ETHEREUM_WALLET', address } });

  async function expectOne(world: World, id: string, status: string) {
    const events = await pushed(world, 'EXTERNAL_ACCOUNT');
    expect(types(events)).toEqual(['EXTERNAL_ACCOUNT.STATUS_UPDATED']);
    const shown = (await world.client.get(`/customers/external-accounts/${id}`)).body;
    expect(shown.status).toBe(status);
    expect(events[0]!.data).toEqual(shown);
  }

  it('ownership: a failed attempt (UNVERIFIED), a new challenge (PENDING_OWNERSHIP_VERIFICATION), verified (ACTIVE), each once', async () => {
    const world = await setUp();
    expect((await world.client.patch('/config', travelRule)).status).toBe(200);
    const holder = await customer(world);
    const account = (await world.client.post('/customers/external-accounts', wallet(holder.id, '0x52908400098527886E0F7030069857D2E4169EE7'))).body;
    expect(account.status).toBe('PENDING_OWNERSHIP_VERIFICATION');
    await pushed(world);
    // A first challenge changes no status.
    expect((await world.client.post(`/customers/external-accounts/${account.id}/challenge`, { method: 'WALLET_SIGNATURE' })).status).toBe(201);
    expect(await pushed(world, 'EXTERNAL_ACCOUNT')).toEqual([]);
    expect((await world.client.post(`/customers/external-accounts/${account.id}/verify`, { signature: 'sandbox-invalid-signature' })).status).toBe(400);
    await expectOne(world, account.id, 'UNVERIFIED');
    expect((await world.client.post(`/customers/external-accounts/${account.id}/challenge`, { method: 'WALLET_SIGNATURE' })).status).toBe(201);
    await expectOne(world, account.id, 'PENDING_OWNERSHIP_VERIFICATION');
    expect((await world.client.post(`/customers/external-accounts/${account.id}/verify`, { signature: 'sandbox-valid-signature' })).status).toBe(200);
    await expectOne(world, account.id, 'ACTIVE');
  });

  it('ownership by liveness: ACTIVE when the check completes on the sandbox clock, not before', async () => {
    const world = await setUp();
    expect((await world.client.patch('/config', travelRule)).status).toBe(200);
    const holder = await customer(world);
    const account = (await world.client.post('/customers/external-accounts', wallet(holder.id, '0x8ba1f109551bD432803012645Ac136ddd64DBA72'))).body;
    expect((await world.client.post(`/customers/external-accounts/${account.id}/challenge`, { method: 'LIVENESS' })).status).toBe(201);
    await pushed(world);
    await world.client.post('/__admin/clock/advance', { seconds: 9 });
    expect(await pushed(world, 'EXTERNAL_ACCOUNT')).toEqual([]);
    await world.client.post('/__admin/clock/advance', { seconds: 1 });
    await expectOne(world, account.id, 'ACTIVE');
  });

  it('reviews: UNDER_REVIEW, INACTIVE, ACTIVE each once; the same outcome twice sends nothing; an unverified wallet is 409', async () => {
    const world = await setUp();
    const holder = await customer(world);
    const bank = (await world.client.post('/customers/external-accounts', usdAccount(holder.id, '000123456000'))).body;
    await pushed(world);
    for (const status of ['UNDER_REVIEW', 'INACTIVE', 'ACTIVE']) {
      const res = await world.client.post(`/__admin/external-accounts/${bank.id}/status`, { status });
      expect(res.status).toBe(200);
      expect(res.body).toEqual((await world.client.get(`/customers/external-accounts/${bank.id}`)).body);
      await expectOne(world, bank.id, status);
      expect((await world.client.post(`/__admin/external-accounts/${bank.id}/status`, { status })).status).toBe(200);
      expect(await pushed(world, 'EXTERNAL_ACCOUNT')).toEqual([]);
    }
    expect((await world.client.patch('/config', travelRule)).status).toBe(200);
    const pending = (await world.client.post('/customers/external-accounts', wallet(holder.id, '0x52908400098527886E0F7030069857D2E4169EE7'))).body;
    const refused = await world.client.post(`/__admin/external-accounts/${pending.id}/status`, { status: 'ACTIVE' });
    expect([refused.status, refused.body.code]).toEqual([409, 'INVALID_STATE_TRANSITION']);
    expect((await world.client.post(`/__admin/external-accounts/${bank.id}/status`, { status: 'PENDING' })).status).toBe(400);
    expect((await world.client.post('/__admin/external-accounts/ExternalAccount:nobody/status', { status: 'ACTIVE' })).status).toBe(404);
    expect(await pushed(world, 'EXTERNAL_ACCOUNT')).toEqual([]);
  });
});

describe('CARD.FUNDING_SOURCE_CHANGE', () => {
  it('once for each PATCH that supplies the source, by either name, the same account too; none for a PATCH without it', async () => {
    const world = await setUp();
    const holder = await customer(world);
    await fund(world, holder.usd, 10_000);
    const card = (await world.client.post('/cards', { customerId: holder.id, form: 'VIRTUAL', fundingSource: holder.usd })).body;
    await world.client.post('/__admin/clock/advance', { seconds: 5 });
    await pushed(world);

    for (const body of [{ fundingSource: holder.usd }, { fundingSources: [holder.usd] }]) {
      const before = (await world.client.get(`/cards/${card.id}`)).body;
      await world.client.post('/__admin/clock/advance', { seconds: 1 });
      const res = await world.client.patch(`/cards/${card.id}`, body);
      expect(res.status).toBe(200);
      const shown = (await world.client.get(`/cards/${card.id}`)).body;
      expect(res.body).toEqual(shown);
      expect(shown.updatedAt > before.updatedAt).toBe(true);
      const events = await pushed(world, 'CARD');
      expect(types(events)).toEqual(['CARD.FUNDING_SOURCE_CHANGE']);
      expect(events[0]!.data).toEqual(shown);
    }

    expect((await world.client.patch(`/cards/${card.id}`, { state: 'FROZEN' })).status).toBe(200);
    expect(types(await pushed(world, 'CARD'))).toEqual(['CARD.STATUS_CHANGE']);

    // Both at once: the status change and the source change, each carrying the card after both.
    expect((await world.client.patch(`/cards/${card.id}`, { state: 'ACTIVE', fundingSources: [holder.usd] })).status).toBe(200);
    const both = await pushed(world, 'CARD');
    expect(types(both)).toEqual(['CARD.STATUS_CHANGE', 'CARD.FUNDING_SOURCE_CHANGE']);
    const shown = (await world.client.get(`/cards/${card.id}`)).body;
    for (const e of both) expect(e.data).toEqual(shown);

    // A source the cardholder does not own is refused, and nothing is sent.
    const other = await customer(world, 'Other Person');
    const refused = await world.client.patch(`/cards/${card.id}`, { fundingSource: other.usd });
    expect([refused.status, refused.body.code]).toEqual([400, 'FUNDING_SOURCE_INELIGIBLE']);
    expect(await pushed(world, 'CARD')).toEqual([]);
  });
});
