/** POST /__admin/fixtures: a list of API steps, checked whole, then run through the API step by step. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSandbox, refusal, TEST_EPOCH_MS, usdAccount } from '../helpers.js';
import { createSandbox, manualTime } from '../../src/index.js';

const ISSUE_EXAMPLE = {
  fixtures: [
    { name: 'jane', request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Jane Doe' } },
    { name: 'accounts', request: 'GET /customers/internal-accounts?customerId=${jane.id}' },
    { request: 'POST /sandbox/internal-accounts/${accounts.data.0.id}/fund', body: { amount: 150000 } },
    { name: 'people', repeat: 3, request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Person ${i}' }, expect: { status: 201 } },
    { advance: 360 },
  ],
};

const load = (client: ReturnType<ReturnType<typeof makeSandbox>['client']>, fixture: unknown) => client.post('/__admin/fixtures', fixture);

describe('running a fixture', () => {
  it('runs the steps in order through the API, reading earlier answers, repeating with ${i} and moving the clock', async () => {
    const client = makeSandbox().client();
    const before = Date.parse((await client.get('/__admin/clock')).body.now);
    const answer = await load(client, ISSUE_EXAMPLE);
    expect(answer.status).toBe(200);
    const customers = (await client.get('/customers?limit=10')).body.data as Array<{ id: string; fullName: string }>;
    const byName = Object.fromEntries(customers.map((c) => [c.fullName, c.id]));
    expect(Object.keys(byName).sort()).toEqual(['Jane Doe', 'Person 1', 'Person 2', 'Person 3']);
    const account = (await client.get(`/customers/internal-accounts?customerId=${byName['Jane Doe']}`)).body.data[0];
    expect(answer.body.steps).toEqual([
      { name: 'jane', request: 'POST /customers', status: 201, ids: [byName['Jane Doe']] },
      { name: 'accounts', request: `GET /customers/internal-accounts?customerId=${byName['Jane Doe']}`, status: 200, ids: [] },
      { request: `POST /sandbox/internal-accounts/${account.id}/fund`, status: 200, ids: [] },
      { name: 'people', request: 'POST /customers', status: 201, ids: [byName['Person 1'], byName['Person 2'], byName['Person 3']] },
      { request: 'advance 360', status: 200, ids: [] },
    ]);
    expect(account.balance.amount).toBe(150000);
    expect(Date.parse(answer.body.now) - before).toBe(360_000);
    // The steps went through the API as requests of the tenant: the journal has them.
    expect((await client.get('/__admin/requests/count?method=POST&path=/customers')).body.count).toBe(4);
    expect((await client.get('/__admin/requests/count?method=POST&path=/sandbox/internal-accounts/*/fund')).body.count).toBe(1);
  });

  it('passes query, headers and a whole-value reference that keeps its type', async () => {
    const client = makeSandbox().client();
    const answer = await load(client, {
      fixtures: [
        { name: 'jane', request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Jane Doe' } },
        { name: 'accounts', request: 'GET /customers/internal-accounts', query: { customerId: '${jane.id}', limit: 5 } },
        { name: 'funded', request: 'POST /sandbox/internal-accounts/${accounts.data.0.id}/fund', body: { amount: 2500 } },
        { request: 'POST /sandbox/internal-accounts/${accounts.data.0.id}/fund', body: { amount: '${funded.balance.amount}' }, headers: { 'X-Request-Id': 'fixture-${funded.balance.amount}' } },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.steps[1].request).toMatch(/^GET \/customers\/internal-accounts\?customerId=Customer%3A.+&limit=5$/);
    expect((await client.get('/__admin/requests?path=/fund&limit=1')).body.data[0]).toMatchObject({ requestId: 'fixture-2500', requestBody: { amount: 2500 } });
  });

  it('checks an expected status and a partial body, and accepts an error answer it expects', async () => {
    const client = makeSandbox().client();
    const answer = await load(client, {
      fixtures: [
        { name: 'jane', request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Jane Doe' }, expect: { status: 201, body: { fullName: 'Jane Doe', customerType: 'INDIVIDUAL' } } },
        { request: 'GET /customers/${jane.id}', expect: { body: { id: '${jane.id}' } } },
        { request: 'GET /customers/Customer:00000000-0000-4000-8000-000000000999', expect: { status: 404, body: { code: 'USER_NOT_FOUND' } } },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.steps.map((s: { status: number }) => s.status)).toEqual([201, 200, 404]);
  });

  it('reads ${env.NAME} from the environment', async () => {
    process.env.FIXTURE_TEST_NAME = 'Env Person';
    try {
      const client = makeSandbox().client();
      const answer = await load(client, { fixtures: [{ request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: '${env.FIXTURE_TEST_NAME}' } }] });
      expect(answer.status).toBe(200);
      expect((await client.get('/customers')).body.data[0].fullName).toBe('Env Person');
    } finally {
      delete process.env.FIXTURE_TEST_NAME;
    }
  });

  it('runs the same fixture text again as a new run (its check kept), and checks one that reads the environment again each time', async () => {
    const client = makeSandbox().client();
    const fixture = { fixtures: [{ name: 'jane', request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Jane Doe' } }, { request: 'POST /customers/external-accounts', body: usdAccount('${jane.id}', '000123456003') }] };
    const first = await load(client, fixture);
    const second = await load(client, fixture);
    expect([first.status, second.status]).toEqual([200, 200]);
    const customers = (await client.get('/customers?limit=10')).body.data as Array<{ id: string }>;
    expect(customers.map((c) => c.id).sort()).toEqual([first.body.steps[0].ids[0], second.body.steps[0].ids[0]].sort());
    const accounts = (await client.get('/customers/external-accounts?limit=10')).body.data as Array<{ id: string; customerId: string }>;
    // Each run's second step used its own first step's answer, and reports the id it made.
    expect(second.body.steps[1].ids).toEqual([accounts.find((a) => a.customerId === second.body.steps[0].ids[0])!.id]);
    expect(first.body.steps[1].ids).toEqual([accounts.find((a) => a.customerId === first.body.steps[0].ids[0])!.id]);

    const readsEnvironment = {
      fixtures: [
        { request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Before Env' } },
        { request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: '${env.FIXTURE_TEST_KEPT_NAME}' } },
      ],
    };
    process.env.FIXTURE_TEST_KEPT_NAME = 'Kept Person';
    try {
      expect((await load(client, readsEnvironment)).status).toBe(200);
    } finally {
      delete process.env.FIXTURE_TEST_KEPT_NAME;
    }
    const unset = await load(client, readsEnvironment);
    expect(unset.status).toBe(400);
    expect(unset.body).toMatchObject({ code: 'FIXTURE_UNDEFINED_REFERENCE', reason: 'Step fixtures[1]: ${env.FIXTURE_TEST_KEPT_NAME}: the environment has no FIXTURE_TEST_KEPT_NAME' });
    // Refused by the check, before anything ran: one customer of the first run, none of the refused one.
    const named = ((await client.get('/customers?limit=10')).body.data as Array<{ fullName: string }>).map((c) => c.fullName);
    expect(named.filter((name) => name === 'Before Env')).toEqual(['Before Env']);
    // A refused fixture is refused again.
    const unknownKey = { fixtures: [{ request: 'POST /customers', bodyy: {} }] };
    expect((await load(client, unknownKey)).body.code).toBe('FIXTURE_UNKNOWN_KEY');
    expect((await load(client, unknownKey)).body.code).toBe('FIXTURE_UNKNOWN_KEY');
  });

  it('runs control-plane steps under /__admin', async () => {
    const client = makeSandbox().client();
    const answer = await load(client, {
      fixtures: [
        { name: 'jane', request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Jane Doe' } },
        { name: 'accounts', request: 'GET /customers/internal-accounts?customerId=${jane.id}' },
        { request: 'POST /__admin/internal-accounts/${accounts.data.0.id}/status', body: { status: 'FROZEN' }, expect: { body: { status: 'FROZEN' } } },
      ],
    });
    expect(answer.status).toBe(200);
  });
});

describe('a fixture is checked whole before anything runs', () => {
  const first = { name: 'jane', request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Jane Doe' } };

  async function refused(fixture: unknown) {
    const client = makeSandbox().client();
    const answer = await load(client, fixture);
    // Nothing ran: the valid first step made no customer.
    expect((await client.get('/customers')).body.data).toEqual([]);
    return answer;
  }

  it('refuses an unknown key of a step, naming the step and the key', async () => {
    const answer = await refused({ fixtures: [first, { name: 'oops', request: 'GET /customers', bodyy: {} }] });
    expect(answer).toMatchObject({
      status: 400,
      body: refusal(400, 'FIXTURE_UNKNOWN_KEY', 'Step fixtures[1] (oops): Unknown key "bodyy"', { step: 'fixtures[1] (oops)', index: 1, errors: [{ field: 'fixtures[1].bodyy', message: 'Unknown key "bodyy"' }] }),
    });
    expect((await refused({ fixtures: [first], extra: true })).body).toMatchObject({ code: 'FIXTURE_UNKNOWN_KEY', details: { errors: [{ field: 'extra' }] } });
    expect((await refused({ fixtures: [first, { advance: 5, request: 'GET /customers' }] })).body).toMatchObject({ code: 'FIXTURE_UNKNOWN_KEY', details: { index: 1, errors: [{ field: 'fixtures[1].request' }] } });
    expect((await refused({ fixtures: [first, { request: 'GET /customers', expect: { statuss: 200 } }] })).body).toMatchObject({ code: 'FIXTURE_UNKNOWN_KEY', details: { errors: [{ field: 'fixtures[1].expect.statuss' }] } });
  });

  it('refuses a reference to a step not defined earlier, to a later step, or ${i} outside a repeat', async () => {
    const later = await refused({ fixtures: [first, { request: 'GET /customers/${bob.id}' }, { name: 'bob', request: 'POST /customers', body: {} }] });
    expect(later).toMatchObject({
      status: 400,
      body: refusal(400, 'FIXTURE_UNDEFINED_REFERENCE', 'Step fixtures[1]: ${bob.id}: no earlier step is named "bob"', { step: 'fixtures[1]', index: 1, errors: [{ field: 'fixtures[1]', message: '${bob.id}: no earlier step is named "bob"' }] }),
    });
    const itself = await refused({ fixtures: [{ name: 'self', request: 'POST /customers', body: { fullName: '${self.id}' } }] });
    expect(itself.body).toMatchObject({ code: 'FIXTURE_UNDEFINED_REFERENCE', details: { index: 0 } });
    const i = await refused({ fixtures: [first, { request: 'POST /customers', body: { fullName: 'P ${i}' } }] });
    expect(i.body).toMatchObject({ code: 'FIXTURE_UNDEFINED_REFERENCE', reason: 'Step fixtures[1]: ${i}: ${i} is only defined in a repeated step' });
    const env = await refused({ fixtures: [first, { request: 'POST /customers', body: { fullName: '${env.FIXTURE_TEST_UNSET_VARIABLE}' } }] });
    expect(env.body).toMatchObject({ code: 'FIXTURE_UNDEFINED_REFERENCE', reason: 'Step fixtures[1]: ${env.FIXTURE_TEST_UNSET_VARIABLE}: the environment has no FIXTURE_TEST_UNSET_VARIABLE' });
  });

  it('refuses a route the sandbox does not have, and a method the path does not take', async () => {
    const missing = await refused({ fixtures: [first, { request: 'GET /customerz/${jane.id}' }] });
    expect(missing).toMatchObject({
      status: 400,
      body: refusal(400, 'FIXTURE_UNKNOWN_ROUTE', 'Step fixtures[1]: The sandbox has no route GET /customerz/${jane.id}', { step: 'fixtures[1]', index: 1, errors: [{ field: 'fixtures[1].request', message: 'The sandbox has no route GET /customerz/${jane.id}' }] }),
    });
    expect((await refused({ fixtures: [first, { request: 'PUT /customers' }] })).body.code).toBe('FIXTURE_UNKNOWN_ROUTE');
    expect((await refused({ fixtures: [first, { request: 'POST /__admin/clock/rewind' }] })).body.code).toBe('FIXTURE_UNKNOWN_ROUTE');
    expect((await refused({ fixtures: [first, { request: 'GET /customers/${jane.id}/extra/segment' }] })).body.code).toBe('FIXTURE_UNKNOWN_ROUTE');
  });

  it('refuses a repeat below 1, above 1,000 or not whole; 1 and 1,000 run', async () => {
    for (const repeat of [0, -1, 1.5, 1001, '3']) {
      const answer = await refused({ fixtures: [first, { request: 'POST /customers', repeat, body: {} }] });
      expect(answer.body, String(repeat)).toMatchObject({ code: 'FIXTURE_INVALID_REPEAT', details: { index: 1, errors: [{ field: 'fixtures[1].repeat' }] } });
      expect(answer.status).toBe(400);
    }
    const client = makeSandbox().client();
    expect((await load(client, { fixtures: [{ request: 'GET /customers', repeat: 1 }] })).status).toBe(200);
    const many = await load(client, { fixtures: [{ request: 'GET /customers?limit=1', repeat: 1000 }] });
    expect(many.status).toBe(200);
  });

  it('refuses what is not a fixture: a snapshot, a step without request, a bad request line, a reused or reserved name', async () => {
    const snapshot = await refused({ customers: {} });
    expect(snapshot.body).toMatchObject({ code: 'FIXTURE_INVALID', details: { errors: [{ field: 'fixtures' }] } });
    expect(snapshot.body.reason).toContain('a snapshot goes to PUT /__admin/snapshot');
    expect((await refused({ fixtures: [first, { name: 'x' }] })).body).toMatchObject({ code: 'FIXTURE_INVALID', details: { errors: [{ field: 'fixtures[1].request' }] } });
    expect((await refused({ fixtures: [first, { request: 'FETCH /customers' }] })).body).toMatchObject({ code: 'FIXTURE_INVALID', details: { errors: [{ field: 'fixtures[1].request' }] } });
    expect((await refused({ fixtures: [first, { name: 'jane', request: 'GET /customers' }] })).body).toMatchObject({ code: 'FIXTURE_INVALID', reason: 'Step fixtures[1] (jane): An earlier step is already named jane' });
    expect((await refused({ fixtures: [{ name: 'env', request: 'GET /customers' }] })).body.code).toBe('FIXTURE_INVALID');
    expect((await refused({ fixtures: [first, 'GET /customers'] })).body).toMatchObject({ code: 'FIXTURE_INVALID', details: { index: 1 } });
    expect((await refused({ fixtures: [first, { advance: 0 }] })).body).toMatchObject({ code: 'FIXTURE_INVALID', details: { errors: [{ field: 'fixtures[1].advance' }] } });
  });
});

describe('a failing step stops the run', () => {
  it("names the step, the request and the API's error body; the steps before it stay done", async () => {
    const client = makeSandbox().client();
    const answer = await load(client, {
      fixtures: [
        { name: 'jane', request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Jane Doe' } },
        { name: 'closed', request: 'POST /customers/external-accounts', body: usdAccount('${jane.id}', '000123456105') },
        { request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Never Made' } },
      ],
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 'FIXTURE_STEP_FAILED',
      details: { step: 'fixtures[1] (closed)', index: 1, request: 'POST /customers/external-accounts', status: 400, body: { code: 'INVALID_BANK_ACCOUNT' } },
    });
    expect(answer.body.reason).toMatch(/^Step fixtures\[1\] \(closed\): POST \/customers\/external-accounts answered 400 INVALID_BANK_ACCOUNT: /);
    expect((await client.get('/customers')).body.data.map((c: { fullName: string }) => c.fullName)).toEqual(['Jane Doe']);
  });

  it('stops on an answer its expect does not match: the status, or a member of the body', async () => {
    const client = makeSandbox().client();
    const status = await load(client, { fixtures: [{ name: 'jane', request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Jane Doe' }, expect: { status: 200 } }] });
    expect(status).toMatchObject({
      status: 409,
      body: { code: 'FIXTURE_EXPECTATION_FAILED', reason: 'Step fixtures[0] (jane): POST /customers answered 201; answer.status is 201, expected 200', details: { step: 'fixtures[0] (jane)', index: 0, request: 'POST /customers', status: 201, mismatch: { field: 'answer.status', expected: 200, actual: 201 } } },
    });
    const body = await load(client, { fixtures: [{ request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Jo Doe' }, expect: { body: { fullName: 'Jo Doe', kycStatus: 'APPROVED' } } }] });
    expect(body.body).toMatchObject({ code: 'FIXTURE_EXPECTATION_FAILED', details: { mismatch: { field: 'answer.body.kycStatus', expected: 'APPROVED' } } });
    const list = await load(client, { fixtures: [{ request: 'GET /customers', expect: { body: { data: [{}] } } }] });
    expect(list.body).toMatchObject({ code: 'FIXTURE_EXPECTATION_FAILED', details: { mismatch: { field: 'answer.body.data' } } });
    // An error answer is a failure unless expect names its status, even with a body to match.
    const unexpected = await load(client, { fixtures: [{ request: 'GET /customers/Customer:00000000-0000-4000-8000-000000000999', expect: { body: { code: 'USER_NOT_FOUND' } } }] });
    expect(unexpected.body).toMatchObject({ code: 'FIXTURE_STEP_FAILED', details: { status: 404 } });
  });

  it('stops when a reference reads nothing in an earlier answer', async () => {
    const client = makeSandbox().client();
    const answer = await load(client, {
      fixtures: [
        { name: 'none', request: 'GET /customers' },
        { request: 'GET /customers/${none.data.0.id}' },
      ],
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 'FIXTURE_UNDEFINED_REFERENCE', reason: 'Step fixtures[1]: ${none.data.0.id}: the answer of none has nothing at none.data.0', details: { index: 1 } } });
  });
});

describe('createSandbox({ fixtures }) and loadFixtures', () => {
  // Several steps: a request that did not wait for the set-up would see only some of them.
  const jane = { fixtures: [{ name: 'jane', request: 'GET /customers' }, { advance: 1 }, { request: 'GET /customers?limit=1' }, { request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Jane Doe' } }] };

  it('sets up every fresh and reset tenant from a fixture object or a YAML file, its requests waiting for it; loadFixtures adds to what a tenant holds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paysandbox-fixtures-'));
    const file = join(dir, 'jane.yaml');
    writeFileSync(file, 'fixtures:\n  - request: POST /customers\n    body: { customerType: INDIVIDUAL, fullName: Yaml Jane }\n');
    for (const fixtures of [jane, file]) {
      const sandbox = await createSandbox({ fixtures, time: manualTime(TEST_EPOCH_MS) });
      try {
        const names = async (client = sandbox.client()) => ((await client.get<{ data: Array<{ fullName: string }> }>('/customers')).body.data).map((c) => c.fullName);
        const expected = fixtures === file ? ['Yaml Jane'] : ['Jane Doe'];
        expect(await names()).toEqual(expected);
        expect(await names(sandbox.client('second-tenant'))).toEqual(expected);
        await sandbox.reset();
        expect(await names()).toEqual(expected);
        const result = await sandbox.loadFixtures(fixtures);
        expect(result.steps).toHaveLength(fixtures === file ? 1 : 4);
        expect(await names()).toEqual([...expected, ...expected]);
      } finally {
        await sandbox.close();
      }
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('rejects a fixture that fails, naming the step; refuses a bad one before starting', async () => {
    const failing = { fixtures: [{ name: 'lookup', request: 'GET /customers/Customer:00000000-0000-4000-8000-000000000009' }] };
    await expect(createSandbox({ fixtures: failing })).rejects.toThrow(/^Step fixtures\[0\] \(lookup\): GET \/customers\/Customer:\S+ answered 404 USER_NOT_FOUND/);
    await expect(createSandbox({ fixtures: { fixtures: [{ request: 'GET /nowhere' }] } })).rejects.toThrow('fixtures: FIXTURE_UNKNOWN_ROUTE: Step fixtures[0]: The sandbox has no route GET /nowhere');
    await expect(createSandbox({ fixtures: '/nonexistent/fixture.json' })).rejects.toThrow('cannot read fixtures file /nonexistent/fixture.json: ENOENT');
    const sandbox = await createSandbox();
    try {
      await expect(sandbox.loadFixtures(failing)).rejects.toMatchObject({ status: 409, body: { code: 'FIXTURE_STEP_FAILED' } });
    } finally {
      await sandbox.close();
    }
  });
});
