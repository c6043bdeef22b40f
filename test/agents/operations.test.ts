/** Agent Operations (/agents/me/*): the agent's token only, its customer only, the permissions its policy grants. */
import { describe, expect, it } from 'vitest';
import { refusal, usdAccount } from '../helpers.js';
import { agentWorld, ALL_PERMISSIONS, bearerClient, payoutQuote, policy } from './helpers.js';

describe('credentials', () => {
  it('opens /agents/me/* with the Bearer token only: platform credentials there are 401, the token elsewhere is 401', async () => {
    const { client, sandbox, connectAgent } = await agentWorld();
    const { agent, as } = await connectAgent();
    const me = await as.get('/agents/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: agent.id, isConnected: true });

    const platform = await client.get('/agents/me');
    expect(platform.status).toBe(401);
    expect(platform.body.code).toBe('UNAUTHORIZED');
    expect(platform.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await client.get('/agents/me/transactions')).status).toBe(401);

    for (const path of ['/customers', '/agents', `/agents/${agent.id}`, '/agents/approvals', '/transactions', '/__admin/health', '/__admin/snapshot']) {
      const res = await as.get(path);
      expect(res.status, path).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
    expect((await as.post(`/agents/${agent.id}/device-codes`)).status).toBe(401);

    for (const token of ['agt_bm9wZQ.xxxxxxxx', `${agent.token}x`, 'abc']) {
      const res = await bearerClient(sandbox.app, token).get('/agents/me');
      expect(res.status, token).toBe(401);
      expect(res.body.reason).toBe('Unknown, expired or revoked access token');
    }
    // No credentials at all.
    expect((await bearerClient(sandbox.app, '').get('/agents/me')).status).toBe(401);
  });

  it('a paused agent gets 403 on everything but GET /agents/me, until resumed; a deleted one 401 at once', async () => {
    const { client, alice, connectAgent } = await agentWorld();
    const { agent, as } = await connectAgent();
    expect((await client.patch(`/agents/${agent.id}`, { isPaused: true })).status).toBe(200);
    expect((await as.get('/agents/me')).body.isPaused).toBe(true);
    for (const [method, path, body] of [
      ['GET', '/agents/me/transactions', undefined],
      ['GET', '/agents/me/actions', undefined],
      ['GET', '/agents/me/internal-accounts', undefined],
      ['POST', '/agents/me/transfer-out', { source: { accountId: alice.usd }, destination: { accountId: alice.external['000'] }, amount: 100 }],
      ['POST', '/agents/me/quotes', payoutQuote(alice.usd, alice.external['000'], 100)],
    ] as const) {
      const res = await as.call(method, path, body);
      expect(res.status, path).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', details: { isPaused: true } });
    }
    expect((await client.patch(`/agents/${agent.id}`, { isPaused: false })).status).toBe(200);
    expect((await as.get('/agents/me/transactions')).status).toBe(200);

    expect((await client.delete(`/agents/${agent.id}`)).status).toBe(204);
    expect((await as.get('/agents/me/transactions')).status).toBe(401);
  });
});

describe('permissions', () => {
  it('refuses each operation without its permission (403 FORBIDDEN naming it) and allows it with exactly that one', async () => {
    const w = await agentWorld();
    const { alice } = w;
    /** Each operation, a valid request for it, and the permission the public description says it needs. */
    const cases = [
      ['GET', '/agents/me/transactions', undefined, 'VIEW_TRANSACTIONS'],
      ['GET', `/agents/me/transactions/${(await w.client.post('/transfer-out', { source: { accountId: alice.usd }, destination: { accountId: alice.external['000'] }, amount: 1 })).body.id}`, undefined, 'VIEW_TRANSACTIONS'],
      ['GET', '/agents/me/internal-accounts', undefined, 'VIEW_TRANSACTIONS'],
      ['POST', '/agents/me/quotes', payoutQuote(alice.usd, alice.external['000'], 100), 'CREATE_QUOTES'],
      ['POST', '/agents/me/transfer-out', { source: { accountId: alice.usd }, destination: { accountId: alice.external['000'] }, amount: 100 }, 'CREATE_TRANSFERS'],
      ['POST', '/agents/me/transfer-in', { source: { accountId: alice.external['000'] }, destination: { accountId: alice.usd }, amount: 100 }, 'CREATE_TRANSFERS'],
      ['GET', '/agents/me/external-accounts', undefined, 'MANAGE_EXTERNAL_ACCOUNTS'],
      ['POST', '/agents/me/external-accounts', usdAccount(undefined, '555000111000'), 'MANAGE_EXTERNAL_ACCOUNTS'],
      ['GET', `/agents/me/external-accounts/${alice.external['000']}`, undefined, 'MANAGE_EXTERNAL_ACCOUNTS'],
      ['DELETE', `/agents/me/external-accounts/${alice.external['005']}`, undefined, 'MANAGE_EXTERNAL_ACCOUNTS'],
    ] as const;
    for (const needed of ALL_PERMISSIONS) {
      const without = await w.connectAgent({ policy: policy({ permissions: ALL_PERMISSIONS.filter((p) => p !== needed) }) });
      const only = await w.connectAgent({ policy: policy({ permissions: [needed] }) });
      for (const [method, path, body, permission] of cases) {
        if (permission !== needed) continue;
        const refused = await without.as.call(method, path, body);
        expect(refused.status, `${method} ${path} without ${needed}`).toBe(403);
        expect(refused.body).toMatchObject({ code: 'FORBIDDEN', details: { requiredPermission: needed } });
        const allowed = await only.as.call(method, path, body);
        expect(allowed.status, `${method} ${path} with only ${needed}: ${JSON.stringify(allowed.body)}`).toBeLessThan(300);
      }
    }
    // Executing: the quote must be the agent's own, so the agent without EXECUTE_QUOTES makes one first.
    const noExecute = await w.connectAgent({ policy: policy({ permissions: ['CREATE_QUOTES'] }) });
    const own = (await noExecute.as.post('/agents/me/quotes', payoutQuote(alice.usd, alice.external['000'], 100))).body;
    const refused = await noExecute.as.post(`/agents/me/quotes/${own.id}/execute`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', details: { requiredPermission: 'EXECUTE_QUOTES' } });
    // immediatelyExecute needs EXECUTE_QUOTES as well as CREATE_QUOTES.
    const immediate = await noExecute.as.post('/agents/me/quotes', { ...payoutQuote(alice.usd, alice.external['000'], 100), immediatelyExecute: true });
    expect(immediate.status).toBe(403);
    expect(immediate.body.details.requiredPermission).toBe('EXECUTE_QUOTES');
    const both = await w.connectAgent({ policy: policy({ permissions: ['CREATE_QUOTES', 'EXECUTE_QUOTES'] }) });
    const quote = (await both.as.post('/agents/me/quotes', payoutQuote(alice.usd, alice.external['000'], 100))).body;
    expect((await both.as.post(`/agents/me/quotes/${quote.id}/execute`)).status).toBe(200);
    // Reading itself, its own quotes and its own actions needs nothing.
    const none = await w.connectAgent({ policy: policy({ permissions: [] }) });
    expect((await none.as.get('/agents/me')).status).toBe(200);
    expect((await none.as.get('/agents/me/actions')).status).toBe(200);
    await w.client.patch(`/agents/${both.agent.id}/policy`, { permissions: [] });
    expect((await both.as.get(`/agents/me/quotes/${quote.id}`)).status).toBe(200);
  });
});

describe('confinement to the agent’s customer', () => {
  it('answers another customer’s transaction, account, quote or action as if it did not exist', async () => {
    const w = await agentWorld();
    const { client, alice, bob } = w;
    const mine = await w.connectAgent();
    const bobs = await w.connectAgent({}, bob.id);

    const bobTransfer = (await bobs.as.post('/agents/me/transfer-out', { source: { accountId: bob.usd }, destination: { accountId: bob.external['000'] }, amount: 100 })).body;
    const bobQuote = (await bobs.as.post('/agents/me/quotes', payoutQuote(bob.usd, bob.external['000'], 100))).body;
    const platformTransfer = (await client.post('/transfer-out', { source: { accountId: alice.usd }, destination: { accountId: alice.external['000'] }, amount: 100 })).body;

    const notFound = async (path: string, code: string, method = 'GET') => {
      const res = await mine.as.call(method, path, method === 'POST' ? {} : undefined);
      expect(res.status, path).toBe(404);
      expect(res.body.code, path).toBe(code);
    };
    await notFound(`/agents/me/transactions/${bobTransfer.transaction.id}`, 'TRANSACTION_NOT_FOUND');
    await notFound('/agents/me/transactions/Transaction:nope', 'TRANSACTION_NOT_FOUND');
    await notFound(`/agents/me/quotes/${bobQuote.id}`, 'QUOTE_NOT_FOUND');
    await notFound(`/agents/me/quotes/${bobQuote.id}/execute`, 'QUOTE_NOT_FOUND', 'POST');
    await notFound(`/agents/me/actions/${bobTransfer.id}`, 'REFERENCE_NOT_FOUND');
    await notFound(`/agents/me/external-accounts/${bob.external['000']}`, 'REFERENCE_NOT_FOUND');
    await notFound(`/agents/me/external-accounts/${bob.external['000']}`, 'REFERENCE_NOT_FOUND', 'DELETE');
    expect((await client.get(`/customers/external-accounts/${bob.external['000']}`)).status).toBe(200);

    // The customer's own transaction, made by the platform, is visible (VIEW_TRANSACTIONS covers the customer's).
    expect((await mine.as.get(`/agents/me/transactions/${platformTransfer.id}`)).status).toBe(200);
    const list = (await mine.as.get('/agents/me/transactions?limit=100')).body;
    // The sandbox fundings of the customer's accounts are its incoming payments.
    const fundings = (await client.get(`/transactions?customerId=${alice.id}&type=INCOMING`)).body.data.map((t: any) => t.id);
    expect(fundings.length).toBeGreaterThan(0);
    expect(list.data.map((t: any) => t.id)).toEqual([platformTransfer.id, ...fundings]);
    expect(list.data.every((t: any) => t.customerId === alice.id)).toBe(true);

    // Money movement with another customer's account: 404 on transfers, the field error of an unknown id on quotes.
    for (const body of [
      { source: { accountId: bob.usd }, destination: { accountId: alice.external['000'] }, amount: 100 },
      { source: { accountId: alice.usd }, destination: { accountId: bob.external['000'] }, amount: 100 },
    ]) {
      const res = await mine.as.post('/agents/me/transfer-out', body);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('REFERENCE_NOT_FOUND');
    }
    const pull = await mine.as.post('/agents/me/transfer-in', { source: { accountId: bob.external['000'] }, destination: { accountId: alice.usd }, amount: 100 });
    expect(pull.status).toBe(404);
    const foreignSource = await mine.as.post('/agents/me/quotes', payoutQuote(bob.usd, alice.external['000'], 100));
    expect(foreignSource.status).toBe(400);
    expect(foreignSource.body.details.errors).toEqual([{ field: 'source.accountId', message: `No internal or external account ${bob.usd}` }]);
    const foreignDestination = await mine.as.post('/agents/me/quotes', payoutQuote(alice.usd, bob.usd, 100));
    expect(foreignDestination.body.details.errors).toEqual([{ field: 'destination.accountId', message: `No internal or external account ${bob.usd}` }]);
    // The same answers as for ids that do not exist at all.
    const unknown = await mine.as.post('/agents/me/quotes', payoutQuote('InternalAccount:nope', alice.external['000'], 100));
    expect(unknown.body.details.errors).toEqual([{ field: 'source.accountId', message: 'No internal or external account InternalAccount:nope' }]);
    // Bob's transfer and the platform's; the rest are the set-up's fundings, incoming payments.
    expect((await client.get('/transactions?type=OUTGOING&limit=100')).body.totalCount).toBe(2);
  });

  it('lists the customer’s internal accounts (only the allowed ones when restricted) and manages its external accounts', async () => {
    const w = await agentWorld();
    const { alice, bob } = w;
    const open = await w.connectAgent();
    const internal = (await open.as.get('/agents/me/internal-accounts')).body;
    expect(internal.data.map((a: any) => a.id).sort()).toEqual([alice.usd, alice.eur].sort());
    expect(internal.data.find((a: any) => a.id === alice.usd).balance.amount).toBe(1_000_000);
    expect((await open.as.get('/agents/me/internal-accounts?currency=EUR')).body.data.map((a: any) => a.id)).toEqual([alice.eur]);
    const paged = (await open.as.get('/agents/me/internal-accounts?limit=1')).body;
    expect(paged).toMatchObject({ hasMore: true, totalCount: 2 });
    const rest = (await open.as.get(`/agents/me/internal-accounts?limit=1&cursor=${paged.nextCursor}`)).body;
    expect([paged.data[0].id, rest.data[0].id].sort()).toEqual([alice.usd, alice.eur].sort());

    const restricted = await w.connectAgent({ policy: policy({ accountRestrictions: { allowedAccountIds: [alice.eur] } }) });
    expect((await restricted.as.get('/agents/me/internal-accounts')).body.data.map((a: any) => a.id)).toEqual([alice.eur]);

    const external = await open.as.get('/agents/me/external-accounts?limit=100');
    expect(external.body.data.map((a: any) => a.id).sort()).toEqual(Object.values(alice.external).sort());
    const created = await open.as.post('/agents/me/external-accounts', usdAccount(undefined, '555000111000'));
    expect(created.status).toBe(201);
    expect(created.body.customerId).toBe(alice.id);
    const explicit = await open.as.post('/agents/me/external-accounts', usdAccount(alice.id, '555000111001'));
    expect(explicit.status).toBe(201);
    const foreign = await open.as.post('/agents/me/external-accounts', usdAccount(bob.id, '555000111002'));
    expect(foreign.status).toBe(400);
    expect(foreign.body.details.errors).toEqual([{ field: 'customerId', message: `Customer ${bob.id} not found` }]);
    const invalid = await open.as.post('/agents/me/external-accounts', usdAccount(undefined, '555000111105'));
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('INVALID_BANK_ACCOUNT');
    expect((await open.as.get(`/agents/me/external-accounts/${created.body.id}`)).body.id).toBe(created.body.id);
    expect((await open.as.delete(`/agents/me/external-accounts/${created.body.id}`)).status).toBe(204);
    expect((await open.as.get(`/agents/me/external-accounts/${created.body.id}`)).status).toBe(404);
  });
});

describe('what agents make', () => {
  it('records agentId on the transactions of transfers and quote executions, and the quote is the agent’s', async () => {
    const w = await agentWorld();
    const { client, alice } = w;
    const { agent, as } = await w.connectAgent();
    const out = await as.post('/agents/me/transfer-out', { source: { accountId: alice.usd }, destination: { accountId: alice.external['000'] }, amount: 1_500 });
    expect(out.status).toBe(201);
    expect(out.body).toMatchObject({
      agentId: agent.id,
      customerId: alice.id,
      platformCustomerId: alice.platformCustomerId,
      status: 'APPROVED',
      type: 'TRANSFER_OUT',
      transferDetails: { amount: 1_500, currency: 'USD', sourceAccountId: alice.usd, destinationAccountId: alice.external['000'] },
      transaction: { type: 'OUTGOING', status: 'COMPLETED', agentId: agent.id },
    });
    const pull = await as.post('/agents/me/transfer-in', { source: { accountId: alice.external['000'] }, destination: { accountId: alice.usd }, amount: 2_500 });
    expect(pull.status).toBe(201);
    expect(pull.body).toMatchObject({ type: 'TRANSFER_IN', status: 'APPROVED', transaction: { type: 'INCOMING', status: 'COMPLETED', agentId: agent.id } });

    const quote = await as.post('/agents/me/quotes', payoutQuote(alice.usd, alice.external['000'], 3_000));
    expect(quote.status).toBe(201);
    expect(quote.body).toMatchObject({ status: 'PENDING', totalSendingAmount: 3_000 });
    expect(quote.body.agentId).toBeUndefined();
    expect((await as.get(`/agents/me/quotes/${quote.body.id}`)).body).toEqual(quote.body);
    // The platform sees the agent's quote too.
    expect((await client.get(`/quotes/${quote.body.id}`)).body.id).toBe(quote.body.id);
    const executed = await as.post(`/agents/me/quotes/${quote.body.id}/execute`);
    expect(executed.status).toBe(200);
    expect(executed.body).toMatchObject({ type: 'EXECUTE_QUOTE', status: 'APPROVED', quote: { id: quote.body.id, status: 'COMPLETED' }, transaction: { id: quote.body.transactionId, agentId: agent.id, quoteId: quote.body.id } });
    expect(executed.body.transferDetails).toBeUndefined();
    // Executing again: the quote is spent.
    const again = await as.post(`/agents/me/quotes/${quote.body.id}/execute`);
    expect(again.status).toBe(409);

    const platform = (await client.post('/transfer-out', { source: { accountId: alice.usd }, destination: { accountId: alice.external['000'] }, amount: 100 })).body;
    expect(platform.agentId).toBeUndefined();
    const listed = (await client.get('/transactions?limit=100')).body.data;
    expect(listed.filter((t: any) => t.agentId === agent.id)).toHaveLength(3);
    expect((await w.balance(alice.usd)).available).toBe(1_000_000 - 1_500 + 2_500 - 3_000 - 100);
    expect((await as.get('/agents/me/actions')).body.data.map((a: any) => a.type)).toEqual(['EXECUTE_QUOTE', 'TRANSFER_IN', 'TRANSFER_OUT']);
    expect((await as.get('/agents/me/actions?status=REJECTED')).body.data).toEqual([]);
  });

  it('creates and executes in one call with immediatelyExecute (a pull by quote), or leaves no quote when refused', async () => {
    const w = await agentWorld();
    const { alice } = w;
    const { as } = await w.connectAgent({ policy: policy({ spendingLimits: { currency: 'USD', perTransactionLimit: 5_000 } }) });
    const pull = await as.post('/agents/me/quotes', { ...payoutQuote(alice.external['000'], alice.usd, 4_000), immediatelyExecute: true });
    expect(pull.status).toBe(201);
    expect(pull.body.status).toBe('COMPLETED');
    const [action] = (await as.get('/agents/me/actions')).body.data;
    expect(action).toMatchObject({ type: 'EXECUTE_QUOTE', status: 'APPROVED', quote: { id: pull.body.id } });

    const refused = await as.post('/agents/me/quotes', { ...payoutQuote(alice.external['000'], alice.usd, 5_001), immediatelyExecute: true });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('VELOCITY_LIMIT_EXCEEDED');
    expect((await w.client.get('/quotes?limit=100')).body.data.map((q: any) => q.id)).toEqual([pull.body.id]);
    const realtime = await as.post('/agents/me/quotes', {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId: alice.usd },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000,
      immediatelyExecute: true,
    });
    expect(realtime.status).toBe(400);
    expect(realtime.body.details.errors[0].field).toBe('immediatelyExecute');
  });

  it('honours Idempotency-Key: the same request answers the first result; another request with the key is 409', async () => {
    const w = await agentWorld();
    const { alice } = w;
    const { as } = await w.connectAgent();
    const body = { source: { accountId: alice.usd }, destination: { accountId: alice.external['000'] }, amount: 700 };
    const first = await as.post('/agents/me/transfer-out', body, { 'idempotency-key': 'k1' });
    const second = await as.post('/agents/me/transfer-out', body, { 'idempotency-key': 'k1' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    // Quote creation and transfers have no 409 in the public description: a reused key is a bad header.
    const other = await as.post('/agents/me/transfer-out', { ...body, amount: 701 }, { 'idempotency-key': 'k1' });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'Idempotency-Key' }] } });
    expect((await w.balance(alice.usd)).available).toBe(1_000_000 - 700);

    const quote = (await as.post('/agents/me/quotes', payoutQuote(alice.usd, alice.external['000'], 300), { 'idempotency-key': 'q1' })).body;
    expect((await as.post('/agents/me/quotes', payoutQuote(alice.usd, alice.external['000'], 300), { 'idempotency-key': 'q1' })).body.id).toBe(quote.id);
    const run = await as.post(`/agents/me/quotes/${quote.id}/execute`, {}, { 'idempotency-key': 'e1' });
    const rerun = await as.post(`/agents/me/quotes/${quote.id}/execute`, {}, { 'idempotency-key': 'e1' });
    expect(rerun.status).toBe(200);
    expect(rerun.body.id).toBe(run.body.id);
    // Execution has a 409: the key with another quote is CONFLICT.
    const another = (await as.post('/agents/me/quotes', payoutQuote(alice.usd, alice.external['000'], 200))).body;
    const clash = await as.post(`/agents/me/quotes/${another.id}/execute`, {}, { 'idempotency-key': 'e1' });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('CONFLICT');
    expect((await w.balance(alice.usd)).available).toBe(1_000_000 - 700 - 300);
    expect((await as.get('/agents/me/actions')).body.totalCount).toBe(2);
  });

  it('answers bad bodies and refusals of the money layer as POST /transfer-out does', async () => {
    const w = await agentWorld();
    const { alice } = w;
    const { as } = await w.connectAgent({ policy: policy({ spendingLimits: { currency: 'USD', perTransactionLimit: 100_000_000 } }) });
    const invalid = await as.post('/agents/me/transfer-out', { source: {}, amount: -1 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details.errors.map((e: any) => e.field).sort()).toEqual(['amount', 'destination', 'source.accountId']);
    const wrongWay = await as.post('/agents/me/transfer-out', { source: { accountId: alice.external['000'] }, destination: { accountId: alice.usd }, amount: 1 });
    expect(wrongWay.body.code).toBe('INVALID_REQUEST_FORMAT');
    const currency = await as.post('/agents/me/transfer-out', { source: { accountId: alice.eur }, destination: { accountId: alice.external['000'] }, amount: 1 });
    expect(currency.body.code).toBe('INVALID_CURRENCY');
    const broke = await as.post('/agents/me/transfer-out', { source: { accountId: alice.usd }, destination: { accountId: alice.external['000'] }, amount: 1_000_001 });
    expect(broke.status).toBe(400);
    expect(broke.body.code).toBe('INSUFFICIENT_FUNDS');
    expect((await as.get('/agents/me/actions')).body.totalCount).toBe(0);
    expect((await w.balance(alice.usd)).available).toBe(1_000_000);
  });
});

describe('the ends an agent names', () => {
  it('transfer-in pulls from an external account into an internal one, transfer-out the reverse: the wrong kind at either end is 400 naming it', async () => {
    const { alice, connectAgent } = await agentWorld();
    const { as } = await connectAgent();
    const wrong = async (path: string, source: string, destination: string, field: string, reason: string) => {
      const res = await as.post(path, { source: { accountId: source }, destination: { accountId: destination }, amount: 100 });
      expect(res.status, `${path} ${field}`).toBe(400);
      expect(res.body).toEqual(refusal(400, 'INVALID_REQUEST_FORMAT', reason, { field }));
    };
    await wrong('/agents/me/transfer-in', alice.usd, alice.eur, 'source.accountId', 'transfer-in pulls from an external account');
    await wrong('/agents/me/transfer-in', alice.external['000'], alice.external['002'], 'destination.accountId', 'transfer-in credits an internal account');
    await wrong('/agents/me/transfer-out', alice.external['000'], alice.external['002'], 'source.accountId', 'transfer-out debits an internal account');
    await wrong('/agents/me/transfer-out', alice.usd, alice.eur, 'destination.accountId', 'transfer-out pays an external account');
    expect((await as.get('/agents/me/actions')).body.data).toEqual([]);
  });

  it('a real-time funded quote is its own customer’s: another customerId is 400, none takes the agent’s customer', async () => {
    const { alice, bob, connectAgent } = await agentWorld();
    const { as } = await connectAgent();
    const realtime = (customerId?: string) =>
      as.post('/agents/me/quotes', {
        source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', ...(customerId ? { customerId } : {}) },
        destination: { destinationType: 'ACCOUNT', accountId: alice.external['000'] },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 1_000,
      });
    const other = await realtime(bob.id);
    expect(other.status).toBe(400);
    expect(other.body.details.errors).toEqual([{ field: 'source.customerId', message: `Customer ${bob.id} not found` }]);
    const own = await realtime();
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.source).toEqual({ sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: alice.id });
    expect((await realtime(alice.id)).status).toBe(201);
  });

  it('lists the customer’s internal accounts by currency and by type', async () => {
    const { alice, connectAgent } = await agentWorld();
    const { as } = await connectAgent();
    const ids = async (query: string) => ((await as.get(`/agents/me/internal-accounts${query}`)).body.data as Array<{ id: string }>).map((a) => a.id);
    expect(await ids('?currency=EUR')).toEqual([alice.eur]);
    expect((await ids('?type=INTERNAL_FIAT')).sort()).toEqual([alice.usd, alice.eur].sort());
    expect(await ids('?type=EMBEDDED_WALLET')).toEqual([]);
    expect(await ids('?currency=EUR&type=EMBEDDED_WALLET')).toEqual([]);
    expect((await ids('')).sort()).toEqual([alice.usd, alice.eur].sort());
  });
});
