/**
 * What each internal-account status blocks. The reference: only an ACTIVE
 * account sends or receives payments (PENDING is still being provisioned,
 * FROZEN held for compliance, FAILED never provisioned, CLOSED closed for
 * good). So for PENDING, FROZEN, FAILED and CLOSED: no sandbox funding, no
 * quote from or to it, no transfer out of or into it (400 naming the field:
 * these operations declare no 409), no new card on it (400
 * FUNDING_SOURCE_INELIGIBLE) and no card authorization against it (declined
 * CARD_PAUSED). Each passes again once the account is ACTIVE; after CLOSED
 * it never is.
 */
import { describe, expect, it } from 'vitest';
import { individual, makeSandbox, usdAccount, type Client } from '../helpers.js';

async function world() {
  const client = makeSandbox().client();
  expect((await client.patch('/config', { isRegulatedFinancialInstitution: true })).status).toBe(200);
  const holder = (await client.post('/customers', individual({ fullName: 'State Person' }))).body.id as string;
  const usd = (await client.get(`/customers/internal-accounts?customerId=${holder}&currency=USD`)).body.data[0].id as string;
  const other = (await client.post('/customers', individual({ fullName: 'Other Person' }))).body.id as string;
  const otherUsd = (await client.get(`/customers/internal-accounts?customerId=${other}&currency=USD`)).body.data[0].id as string;
  const bank = (await client.post('/customers/external-accounts', usdAccount(holder, '000123456000'))).body.id as string;
  expect((await client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 100_000 })).status).toBe(200);
  expect((await client.post(`/sandbox/internal-accounts/${otherUsd}/fund`, { amount: 100_000 })).status).toBe(200);
  // A card issued while the account is ACTIVE, then activated.
  const card = (await client.post('/cards', { customerId: holder, form: 'VIRTUAL', fundingSource: usd })).body.id as string;
  await client.post('/__admin/clock/advance', { seconds: 5 });
  expect((await client.get(`/cards/${card}`)).body.status).toBe('ACTIVE');
  return { client, holder, usd, otherUsd, bank, card };
}

type World = Awaited<ReturnType<typeof world>>;

const quote = (w: World, from: string, to: string) =>
  w.client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId: from }, destination: { destinationType: 'ACCOUNT', accountId: to }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 100, description: 'state pin' });

/** Every operation an account's status decides, each answering [status, code or decline reason]. */
function operations(w: World): Record<string, () => Promise<[number, string | undefined]>> {
  const answer = async (p: Promise<{ status: number; body: any }>): Promise<[number, string | undefined]> => {
    const res = await p;
    return [res.status, res.body.code ?? res.body.declineReason];
  };
  return {
    funding: () => answer(w.client.post(`/sandbox/internal-accounts/${w.usd}/fund`, { amount: 100 })),
    'quote from it': () => answer(quote(w, w.usd, w.bank)),
    'quote to it': () => answer(quote(w, w.otherUsd, w.usd)),
    'transfer out of it': () => answer(w.client.post('/transfer-out', { source: { accountId: w.usd }, destination: { accountId: w.bank }, amount: 100 })),
    'transfer into it': () => answer(w.client.post('/transfer-in', { source: { accountId: w.bank }, destination: { accountId: w.usd }, amount: 100 })),
    'card issue': () => answer(w.client.post('/cards', { customerId: w.holder, form: 'VIRTUAL', fundingSource: w.usd })),
    'card authorization': () =>
      answer(w.client.post(`/sandbox/cards/${w.card}/simulate/authorization`, { amount: 100, currency: { code: 'USD' }, merchant: { descriptor: 'STATE SHOP', mcc: '5814', country: 'US' } })),
  };
}

/** What each operation answers while the account cannot move money. */
const BLOCKED: Record<string, [number, string]> = {
  funding: [400, 'INVALID_INPUT'],
  'quote from it': [400, 'INVALID_INPUT'],
  'quote to it': [400, 'INVALID_INPUT'],
  'transfer out of it': [400, 'INVALID_INPUT'],
  'transfer into it': [400, 'INVALID_INPUT'],
  'card issue': [400, 'FUNDING_SOURCE_INELIGIBLE'],
  'card authorization': [202, 'CARD_PAUSED'],
};

/** What each operation answers on an ACTIVE account. */
const PASSING: Record<string, number> = { funding: 200, 'quote from it': 201, 'quote to it': 201, 'transfer out of it': 201, 'transfer into it': 201, 'card issue': 201, 'card authorization': 200 };

async function setStatus(client: Client, id: string, status: string) {
  return client.post(`/__admin/internal-accounts/${id}/status`, { status });
}

async function expectAll(w: World, expected: 'blocked' | 'passing', status: string) {
  for (const [name, run] of Object.entries(operations(w))) {
    const [code, reason] = await run();
    if (expected === 'blocked') expect([code, reason], `${name} while ${status}`).toEqual(BLOCKED[name]);
    else {
      expect(code, `${name} while ${status}`).toBe(PASSING[name]);
      expect(reason, `${name} while ${status}`).toBeUndefined();
    }
  }
}

describe('internal account states', () => {
  it('an ACTIVE account does all of it', async () => {
    const w = await world();
    await expectAll(w, 'passing', 'ACTIVE');
  });

  it.each(['PENDING', 'FROZEN', 'FAILED'])('%s blocks funding, quotes, transfers, card issue and card authorizations; each passes once ACTIVE again', async (status) => {
    const w = await world();
    expect((await setStatus(w.client, w.usd, status)).status).toBe(200);
    const before = (await w.client.get(`/customers/internal-accounts?customerId=${w.holder}&currency=USD`)).body.data[0];
    await expectAll(w, 'blocked', status);
    // Nothing moved while it was blocked.
    expect((await w.client.get(`/customers/internal-accounts?customerId=${w.holder}&currency=USD`)).body.data[0]).toEqual(before);
    expect((await setStatus(w.client, w.usd, 'ACTIVE')).status).toBe(200);
    await expectAll(w, 'passing', 'ACTIVE again');
  });

  it('CLOSED blocks all of it, for good: it never becomes ACTIVE again', async () => {
    const w = await world();
    expect((await setStatus(w.client, w.usd, 'CLOSED')).status).toBe(200);
    await expectAll(w, 'blocked', 'CLOSED');
    const reopen = await setStatus(w.client, w.usd, 'ACTIVE');
    expect([reopen.status, reopen.body.code]).toEqual([409, 'INVALID_STATE_TRANSITION']);
    await expectAll(w, 'blocked', 'CLOSED, after an attempt to reopen it');
  });

  it('a quote made while ACTIVE is not executed while FROZEN (400 naming the field), and is once ACTIVE again', async () => {
    const w = await world();
    const made = await quote(w, w.usd, w.bank);
    expect(made.status).toBe(201);
    expect((await setStatus(w.client, w.usd, 'FROZEN')).status).toBe(200);
    const refused = await w.client.post(`/quotes/${made.body.id}/execute`);
    expect([refused.status, refused.body.code]).toEqual([400, 'INVALID_INPUT']);
    expect((await w.client.get(`/quotes/${made.body.id}`)).body.status).toBe(made.body.status);
    expect((await setStatus(w.client, w.usd, 'ACTIVE')).status).toBe(200);
    expect((await w.client.post(`/quotes/${made.body.id}/execute`)).status).toBe(200);
  });
});
