/**
 * Every blocking state on every operation it blocks, as a matrix over HTTP:
 * an SCA customer locked or suspended (423 ACCOUNT_LOCKED on each operation
 * that checks a proof), an agent paused (403 FORBIDDEN on each of its own
 * routes but GET /agents/me) or deleted (401), an API token deleted (401);
 * and the same operations passing once the state lifts, where it can. Card
 * statuses are in test/states/cards.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ROUTE_PERMISSIONS } from '../../src/areas/permissions.js';
import { makeSandbox, usdAccount, type Reply } from '../helpers.js';
import { scaSandbox } from '../sca/helpers.js';
import { agentWorld, payoutQuote } from '../agents/helpers.js';

describe('SCA: locked and suspended x the operations that check a proof', () => {
  async function world() {
    const box = scaSandbox();
    const customer = await box.euCustomer();
    const toTrust = await box.eurBeneficiary(customer.id, 'DE89370400440532013000');
    const toUntrust = await box.eurBeneficiary(customer.id, 'DE89370400440532013001');
    const payee = await box.eurBeneficiary(customer.id, 'DE89370400440532013002');
    const { client } = box;
    expect((await client.post(`/customers/external-accounts/${toUntrust}/trust`)).status).toBe(200);
    expect((await client.post(`/customers/external-accounts/${toUntrust}/trust/confirm`, { code: '123456' })).status).toBe(200);
    const q = `?customerId=${customer.id}`;
    let loginChallenge = '';
    /** Each operation: how to get it ready (a pending challenge), and the operation itself with a good proof. */
    const operations: Array<{ name: string; ready: () => Promise<unknown>; act: () => Promise<Reply> }> = [
      {
        name: 'login/complete',
        ready: async () => {
          loginChallenge = (await client.post(`/sca/login/start${q}`, { factor: 'SMS_OTP' })).body.challengeId;
        },
        act: () => client.post(`/sca/login/complete${q}`, { factor: 'SMS_OTP', challengeId: loginChallenge, code: '123456', endUserIpAddress: '203.0.113.42' }),
      },
      { name: 'trust/confirm', ready: () => client.post(`/customers/external-accounts/${toTrust}/trust`), act: () => client.post(`/customers/external-accounts/${toTrust}/trust/confirm`, { code: '123456' }) },
      { name: 'untrust/confirm', ready: () => client.post(`/customers/external-accounts/${toUntrust}/untrust`), act: () => client.post(`/customers/external-accounts/${toUntrust}/untrust/confirm`, { code: '123456' }) },
    ];
    let quoteId = '';
    operations.push({
      name: 'quotes/authorize',
      ready: async () => {
        const quote = await client.post('/quotes', { source: { sourceType: 'REALTIME_FUNDING', currency: 'EUR', customerId: customer.id }, destination: { destinationType: 'ACCOUNT', accountId: payee }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1000 });
        expect(quote.status).toBe(202);
        quoteId = quote.body.id;
      },
      act: () => client.post(`/quotes/${quoteId}/authorize`, { code: '123456' }),
    });
    const fail = () => client.post(`/sca/record-event${q}`, { eventType: 'FAILED_LOGIN_ATTEMPT' });
    /** Up the lockout ladder: five failures lock; each failure after a lock ran out takes the next rung (9: suspended). */
    const failTo = async (attempts: number) => {
      for (let n = 0; n < 5; n++) await fail();
      for (const seconds of [900, 1800, 3600, 86_400].slice(0, attempts - 5)) {
        await box.advance(seconds);
        await fail();
      }
    };
    return { box, customer, operations, failTo, q };
  }

  for (const state of [
    { name: 'locked', failures: 5, suspended: false },
    { name: 'suspended', failures: 9, suspended: true },
  ]) {
    it(`${state.name}: each is 423 ACCOUNT_LOCKED (suspended ${state.suspended}); once lifted each passes`, async () => {
      const { box, operations, failTo, q } = await world();
      await failTo(state.failures);
      for (const op of operations) {
        await op.ready();
        const res = await op.act();
        expect([op.name, res.status, res.body.code, res.body.details?.suspended], JSON.stringify(res.body)).toEqual([op.name, 423, 'ACCOUNT_LOCKED', state.suspended]);
      }
      if (state.suspended) expect((await box.client.post(`/sca/record-event${q}`, { eventType: 'RESET_PASSWORD_COMPLETED' })).status).toBe(200);
      else await box.advance(15 * 60);
      // Challenges issued before a 15-minute lock have expired: each is made ready again (the login first: the quote needs its session).
      for (const op of operations) {
        await op.ready();
        const res = await op.act();
        expect([op.name, res.status], JSON.stringify(res.body)).toEqual([op.name, 200]);
      }
    });
  }
});

describe('agents: paused and deleted x every route of its own', () => {
  const OWN = Object.keys(ROUTE_PERMISSIONS).filter((route) => route.includes(' /agents/me'));

  it('paused: 403 FORBIDDEN (isPaused) everywhere but GET /agents/me; resumed, none is 403; deleted, every one is 401', async () => {
    const w = await agentWorld();
    const { agent, as } = await w.connectAgent();
    const call = (route: string) => {
      const [method, path] = route.split(' ') as [string, string];
      const bodies: Record<string, unknown> = {
        'POST /agents/me/transfer-out': { source: { accountId: w.alice.usd }, destination: { accountId: w.alice.external['000'] }, amount: 100 },
        'POST /agents/me/transfer-in': { source: { accountId: w.alice.external['000'] }, destination: { accountId: w.alice.usd }, amount: 100 },
        'POST /agents/me/quotes': payoutQuote(w.alice.usd, w.alice.external['000'], 100),
        'POST /agents/me/external-accounts': usdAccount(w.alice.id, '77000123456'),
      };
      const body = bodies[route] ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
      return as.call(method, path.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => `Pin:${name}`), body);
    };
    expect(OWN.length).toBeGreaterThan(10);
    expect((await w.client.patch(`/agents/${agent.id}`, { isPaused: true })).status).toBe(200);
    for (const route of OWN) {
      const res = await call(route);
      if (route === 'GET /agents/me') expect([route, res.status]).toEqual([route, 200]);
      else expect([route, res.status, res.body.code, res.body.details?.isPaused], JSON.stringify(res.body)).toEqual([route, 403, 'FORBIDDEN', true]);
    }
    expect((await w.client.patch(`/agents/${agent.id}`, { isPaused: false })).status).toBe(200);
    for (const route of OWN) expect([route, (await call(route)).status === 403]).toEqual([route, false]);
    expect((await w.client.delete(`/agents/${agent.id}`)).status).toBe(204);
    for (const route of OWN) expect([route, (await call(route)).status]).toEqual([route, 401]);
  });
});

describe('API tokens: deleted', () => {
  it('a deleted token is 401 on every read it was let through before', async () => {
    const sandbox = makeSandbox();
    const platform = sandbox.client();
    const token = (await platform.post('/tokens', { name: 'gone', permissions: ['VIEW'] })).body;
    const client = sandbox.client(token.clientId, token.clientSecret);
    const reads = Object.keys(ROUTE_PERMISSIONS).filter((route) => route.startsWith('GET ') && !route.includes('{') && !route.includes('/agents/me'));
    for (const route of reads) expect([route, (await client.get(route.slice(4))).status === 401]).toEqual([route, false]);
    expect((await platform.delete(`/tokens/${token.id}`)).status).toBe(204);
    for (const route of reads) expect([route, (await client.get(route.slice(4))).status]).toEqual([route, 401]);
    expect((await platform.get('/customers')).status).toBe(200);
  });
});
