/**
 * The presets that are fixture files (scenarios/*.yaml): whichever way one
 * is applied (POST /__admin/scenarios/:name, buildSandbox or createSandbox
 * with `scenario`, a reset of a tenant of such a sandbox), its steps run
 * through the API and build what the file documents; they are the
 * sandbox's own set-up, so they show neither in the request journal nor in
 * the coverage, and the tenant's requests wait until they have run.
 * (`--scenario` on the command line: test/cli/serving.test.ts.)
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { presetFixture, ScenarioFileError } from '../../src/control/scenarios.service.js';
import { individual, makeSandbox, TEST_EPOCH_MS, type Client, type Reply } from '../helpers.js';
import { comparable } from '../support/comparable.js';
import { createCustomer } from '../../src/areas/customers/customers.service.js';

type Get = (path: string) => Promise<{ status: number; body: any }>;

async function ok(get: Get, path: string) {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return res.body;
}

const customerNamed = async (get: Get, platformCustomerId: string) => {
  const list = await ok(get, `/customers?platformCustomerId=${platformCustomerId}`);
  expect(list.data).toHaveLength(1);
  return list.data[0];
};

const usdAccountOf = async (get: Get, customerId: string) => (await ok(get, `/customers/internal-accounts?customerId=${customerId}&currency=USD`)).data;

/** What each fixture preset's file says it builds, read back through the API. */
const BUILDS: Record<string, (get: Get) => Promise<void>> = {
  starter: async (get) => {
    const customers = (await ok(get, '/customers')).data;
    expect(customers.map((c: any) => [c.platformCustomerId, c.customerType]).sort()).toEqual([
      ['starter-acme', 'BUSINESS'],
      ['starter-alice', 'INDIVIDUAL'],
    ]);
    for (const customer of customers) {
      const [account] = await usdAccountOf(get, customer.id);
      expect({ balance: account.balance, total: account.totalBalance.amount }).toEqual({ balance: { amount: 100_000, currency: expect.objectContaining({ code: 'USD' }) }, total: 100_000 });
    }
    const alice = customers.find((c: any) => c.platformCustomerId === 'starter-alice');
    const external = (await ok(get, `/customers/external-accounts?customerId=${alice.id}`)).data;
    expect(external.map((a: any) => [a.platformAccountId, a.currency, a.accountInfo.accountNumber ?? a.accountInfo.iban, a.beneficiaryVerificationStatus]).sort()).toEqual([
      ['starter-eur-103', 'EUR', 'DE89370400440532013103', 'PARTIAL_MATCH'],
      ['starter-usd-000', 'USD', '000123456000', 'MATCHED'],
      ['starter-usd-002', 'USD', '000123456002', 'MATCHED'],
      ['starter-usd-005', 'USD', '000123456005', 'MATCHED'],
    ]);
  },
  payouts: async (get) => {
    expect((await ok(get, '/customers')).data).toHaveLength(1);
    const sender = await customerNamed(get, 'payouts-sender');
    expect(sender).toMatchObject({ customerType: 'INDIVIDUAL', fullName: 'Sam Sender', email: 'sam@example.com' });
    const accounts = await usdAccountOf(get, sender.id);
    expect(accounts).toHaveLength(1);
    expect({ balance: accounts[0].balance.amount, total: accounts[0].totalBalance.amount, currency: accounts[0].balance.currency.code }).toEqual({ balance: 1_000_000, total: 1_000_000, currency: 'USD' });
    const external = (await ok(get, `/customers/external-accounts?customerId=${sender.id}&limit=100`)).data;
    expect(external.map((a: any) => [a.platformAccountId, a.accountInfo.accountNumber, a.currency, a.status]).sort()).toEqual(
      ['000', '002', '003', '004', '005', '006', '007'].map((suffix) => [`payouts-usd-${suffix}`, `000123456${suffix}`, 'USD', 'ACTIVE']),
    );
  },
  wallet: async (get) => {
    expect((await ok(get, '/config')).embeddedWalletConfig).toMatchObject({ appName: 'Sandbox Wallet' });
    const owner = await customerNamed(get, 'wallet-owner');
    expect(owner.email).toBe('wallet@example.com');
    const wallets = (await ok(get, `/customers/internal-accounts?customerId=${owner.id}&type=EMBEDDED_WALLET`)).data;
    expect(wallets.map((w: any) => [w.type, w.balance.amount])).toEqual([['EMBEDDED_WALLET', 50_000]]);
  },
  cards: async (get) => {
    expect((await ok(get, '/config')).isRegulatedFinancialInstitution).toBe(true);
    const holder = await customerNamed(get, 'cards-holder');
    expect(holder.kycStatus).toBe('APPROVED');
    const [account] = await usdAccountOf(get, holder.id);
    expect(account.balance.amount).toBe(100_000);
    const cards = (await ok(get, '/cards')).data;
    expect(cards.map((c: any) => [c.status, c.form, c.fundingSource])).toEqual([['ACTIVE', 'VIRTUAL', account.id]]);
  },
};

/** The requests and coverage a client sees: nothing of a preset's steps. */
async function expectNoTrace(client: Client) {
  expect((await client.get('/__admin/requests')).body).toEqual({ data: [], total: 0 });
  const coverage = (await client.get('/__admin/coverage')).body;
  expect([coverage.operations.exercised, coverage.outcomes.exercised, coverage.webhooks.emitted]).toEqual([0, 0, 0]);
}

describe('a fixture preset builds what its file documents', () => {
  it.each(Object.keys(BUILDS))('%s: loaded by POST /__admin/scenarios, leaving no trace in the journal or the coverage', async (name) => {
    const client = makeSandbox().client();
    await client.post('/customers', individual({ platformCustomerId: 'goes-away' }));
    expect((await client.delete('/__admin/requests')).status).toBe(200);
    expect((await client.delete('/__admin/coverage')).status).toBe(200);
    const loaded = await client.post(`/__admin/scenarios/${name}`);
    expect(loaded.status).toBe(200);
    // cards lets the issuer activate its card: 5 s of sandbox time.
    expect(loaded.body).toEqual({ scenario: name, now: new Date(TEST_EPOCH_MS + (name === 'cards' ? 5_000 : 0)).toISOString() });
    await expectNoTrace(client);
    await BUILDS[name]!(client.get);
    expect((await client.get('/customers?platformCustomerId=goes-away')).body.data).toEqual([]);
  });

  it.each(Object.keys(BUILDS))('%s: seeding every new tenant of buildSandbox({ scenario }) as the route loads it, field for field, leaving no trace', async (name) => {
    const seeded = makeSandbox({ scenario: name }).client('seeded', 'secret');
    await expectNoTrace(seeded);
    await BUILDS[name]!(seeded.get);
    const routed = makeSandbox().client('routed', 'secret');
    expect((await routed.post(`/__admin/scenarios/${name}`)).status).toBe(200);
    const { events: _a, webhookDeliveries: _b, ...seededState } = (await seeded.get('/__admin/snapshot')).body;
    const { events: _c, webhookDeliveries: _d, ...routedState } = (await routed.get('/__admin/snapshot')).body;
    expect(comparable(seededState)).toEqual(comparable(routedState));
  });

  it.each(Object.keys(BUILDS))('%s: seeding createSandbox({ scenario }), over HTTP', async (name) => {
    const sandbox = await createSandbox({ scenario: name });
    try {
      // Set up before createSandbox resolved, and out of the journal.
      const tenant = sandbox.registry.get('sandbox-test');
      expect(tenant?.customers.size).toBeGreaterThan(0);
      expect(sandbox.registry.ready(tenant!)).toBeUndefined();
      expect(await sandbox.requests.count()).toBe(0);
      const api = sandbox.client();
      await BUILDS[name]!((path) => api.get(path));
    } finally {
      await sandbox.close();
    }
  });
});

describe('a sandbox started with a fixture preset', () => {
  it('seeds a reset tenant again, and only with the preset', async () => {
    const client = makeSandbox({ scenario: 'payouts' }).client();
    expect((await client.post('/customers', individual({ platformCustomerId: 'extra' }))).status).toBe(201);
    expect((await client.get('/customers')).body.data).toHaveLength(2);
    expect((await client.post('/__admin/reset')).status).toBe(200);
    // The client's own requests stay in the journal; the preset's steps, run twice, never showed.
    expect((await client.get('/__admin/requests')).body.data.map((r: any) => `${r.method} ${r.path}`)).toEqual(['GET /2025-10-13/customers', 'POST /2025-10-13/customers']);
    await BUILDS.payouts!(client.get);
  });

  it("holds a new tenant's first request until the preset has run", async () => {
    const sandbox = makeSandbox({ scenario: 'payouts' });
    const tenant = sandbox.registry.ensure('early');
    const setUp = sandbox.registry.ready(tenant);
    expect(setUp).toBeInstanceOf(Promise);
    // Nothing of the preset is there yet: its steps run through the app, after the tenant is made.
    expect(tenant.customers.size).toBe(0);
    const external = await sandbox.client('early', 'secret').get('/customers/external-accounts?limit=100');
    expect(external.body.data).toHaveLength(7);
    expect(sandbox.registry.ready(tenant)).toBeUndefined();
  });

  it('holds requests made while POST /__admin/scenarios loads a preset until it has loaded', async () => {
    const sandbox = makeSandbox();
    const client = sandbox.client('loading', 'secret');
    await client.post('/customers', individual({ platformCustomerId: 'goes-away' }));
    // The preset's steps wait for a gate, opened once a request has come in meanwhile.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const held: { meanwhile?: Promise<Reply> } = {};
    const extend = sandbox.registry.extendSetUp.bind(sandbox.registry);
    vi.spyOn(sandbox.registry, 'extendSetUp').mockImplementation((tenant, run) => {
      const running = extend(tenant, () => gate.then(run));
      held.meanwhile = client.get('/customers');
      return running;
    });
    const loading = client.post('/__admin/scenarios/payouts');
    let answered = false;
    while (held.meanwhile === undefined) await new Promise((resolve) => setImmediate(resolve));
    const meanwhile = held.meanwhile;
    void meanwhile.then(() => (answered = true));
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    open();
    expect((await meanwhile).body.data.map((c: any) => c.platformCustomerId)).toEqual(['payouts-sender']);
    expect((await loading).status).toBe(200);
  });

  it('exports, after a preset load, only what the client did since', async () => {
    const client = makeSandbox().client();
    expect((await client.post('/__admin/scenarios/starter')).status).toBe(200);
    expect((await client.post('/customers', individual({ platformCustomerId: 'after-load' }))).status).toBe(201);
    const exported = await client.get('/__admin/fixtures/export');
    expect(exported.status).toBe(200);
    expect(exported.body.fixtures).toHaveLength(1);
    expect(exported.body.fixtures[0]).toMatchObject({ request: 'POST /customers', body: { platformCustomerId: 'after-load' } });
  });
});

describe('a broken preset file', () => {
  const broken = (text: string) => {
    const file = join(mkdtempSync(join(tmpdir(), 'paysandbox-preset-')), 'broken.yaml');
    writeFileSync(file, text);
    return { name: `broken-${Math.random().toString(36).slice(2)}`, file: () => file };
  };

  it('is named with what is wrong: unreadable, not YAML, not a fixture, without a description', () => {
    const missing = { name: 'missing', file: () => join(tmpdir(), 'paysandbox-no-such-preset.yaml') };
    expect(() => presetFixture(missing)).toThrow(ScenarioFileError);
    expect(() => presetFixture(missing)).toThrow(/^scenario missing: cannot read fixtures file .*paysandbox-no-such-preset\.yaml: ENOENT$/);
    expect(() => presetFixture(broken('fixtures: [\n'))).toThrow(/is not valid YAML/);
    expect(() => presetFixture(broken('description: x\nfixtures:\n  - request: POST /nowhere\n'))).toThrow(/: FIXTURE_UNKNOWN_ROUTE: .*POST \/nowhere/);
    expect(() => presetFixture(broken('fixtures:\n  - request: GET /customers\n'))).toThrow(/ has no description$/);
    expect(() => presetFixture(broken('description: "  "\nfixtures:\n  - request: GET /customers\n'))).toThrow(/ has no description$/);
    const fine = broken('description: One read\nfixtures:\n  - request: GET /customers\n');
    expect(presetFixture(fine)).toEqual({ description: 'One read', fixtures: [{ request: 'GET /customers' }] });
    // Read once: the file is not read again.
    writeFileSync(fine.file(), 'not: [a fixture');
    expect(presetFixture(fine).description).toBe('One read');
  });

  it('stops a load at the failing step with a clear error, not a stack', async () => {
    // The sandbox's own seed takes the sender's platformCustomerId: the preset's POST /customers clashes.
    const client = makeSandbox({ seed: (tenant) => void createCustomer(tenant, { customerType: 'INDIVIDUAL', platformCustomerId: 'payouts-sender', fullName: 'Taken First' }) }).client();
    const failed = await client.post('/__admin/scenarios/payouts');
    expect(failed.status).toBe(500);
    expect(failed.body.code).toBe('INTERNAL_ERROR');
    expect(failed.body.reason).toMatch(/^The scenario payouts stopped at a step \(scenarios\/payouts\.yaml\): Step fixtures\[0\] \(sender\): POST \/customers answered 409 CONFLICT: platformCustomerId payouts-sender is already used by /);
    expect(failed.body.details).toMatchObject({ scenario: 'payouts', step: { code: 'FIXTURE_STEP_FAILED', details: { index: 0, status: 409 } } });
  });
});
