/** The control plane's state tools: clock set, snapshot export and restore, the request journal, faults and scenarios. */
import { describe, expect, it } from 'vitest';
import { fixtureFile, individual, makeSandbox, usdAccount } from '../helpers.js';
import { createSandbox, manualTime, StartupError } from '../../src/index.js';
import { otpLogin, signed, walletSandbox } from '../wallet/helpers.js';

describe('clock', () => {
  it('sets the clock to an instant, running what falls due; never backwards', async () => {
    const client = makeSandbox({ time: manualTime(Date.parse('2026-03-01T09:00:00.000Z')) }).client();
    await client.patch('/config', { isRegulatedFinancialInstitution: true });
    const customer = await client.post('/customers', individual({ currencies: ['USD'] }));
    const account = (await client.get(`/customers/internal-accounts?customerId=${customer.body.id}`)).body.data[0].id;
    const card = await client.post('/cards', { customerId: customer.body.id, form: 'VIRTUAL', fundingSource: account });
    const now = Date.parse((await client.get('/__admin/clock')).body.now);
    const target = new Date(now + 3_600_000).toISOString();
    const set = await client.post('/__admin/clock', { to: target });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ now: target, ran: [expect.objectContaining({ kind: 'card.activate' })] });
    expect((await client.get(`/cards/${card.body.id}`)).body.status).toBe('ACTIVE');
    const back = await client.post('/__admin/clock', { to: new Date(now).toISOString() });
    expect(back).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', details: { errors: [{ field: 'to' }] } } });
    expect((await client.post('/__admin/clock', { to: 'tomorrow' })).status).toBe(400);
  });
});

describe('snapshots', () => {
  it('export -> reset -> restore gives back identical state, files and pending jobs included', async () => {
    const { client } = await walletSandbox();
    await client.patch('/config', { isRegulatedFinancialInstitution: true });
    const customer = await client.post('/customers', individual({ fullName: 'Snap Shot', currencies: ['USD'] }));
    const usd = (await client.get(`/customers/internal-accounts?customerId=${customer.body.id}&type=INTERNAL_FIAT`)).body.data[0].id;
    await client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: 50_000 });
    await client.post('/customers/external-accounts', usdAccount(customer.body.id, '000123005'));
    const document = await client.upload('/documents', { documentHolder: customer.body.id, documentType: 'PASSPORT', country: 'US', file: fixtureFile('passport.png') });
    expect(document.status).toBe(201);
    await client.post('/cards', { customerId: customer.body.id, form: 'VIRTUAL', fundingSource: usd });
    await client.post('/__admin/clock/advance', { seconds: 3600 });
    // A card issued last is still PROCESSING: its activation job must survive the round trip.
    const pendingCard = await client.post('/cards', { customerId: customer.body.id, form: 'VIRTUAL', fundingSource: usd });

    const exported = await client.get('/__admin/snapshot');
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({ format: 'paysandbox-snapshot/1', clock: { clockOffsetMs: expect.any(Number) }, files: { [document.body.id]: expect.any(String) } });
    expect(JSON.stringify(exported.body)).not.toContain('secretSha256');

    expect((await client.post('/__admin/reset')).status).toBe(200);
    expect((await client.get('/customers')).body.data).toEqual([]);
    const restored = await client.call('PUT', '/__admin/snapshot', exported.body);
    expect(restored).toMatchObject({ status: 200, body: { restored: true } });

    const again = await client.get('/__admin/snapshot');
    const { exportedAt: _a, ...before } = exported.body;
    const { exportedAt: _b, ...after } = again.body;
    expect(after).toEqual(before);
    expect((await client.get(`/customers/${customer.body.id}`)).body.fullName).toBe('Snap Shot');
    const file = await client.get(`/documents/${document.body.id}`);
    expect(file.status).toBe(200);
    await client.post('/__admin/clock/advance', { seconds: 5 });
    expect((await client.get(`/cards/${pendingCard.body.id}`)).body.status).toBe('ACTIVE');
    // The restored credentials still work: the same client id signs in and acts.
    expect((await client.get('/__admin/health')).status).toBe(200);
  });

  it('refuses a bad snapshot with every offending field and changes nothing', async () => {
    const client = makeSandbox().client();
    const customer = await client.post('/customers', individual());
    const exported = (await client.get('/__admin/snapshot')).body;
    const bad = {
      ...exported,
      customers: { 'Customer:x': { id: 'Customer:y', customerType: 'INDIVIDUAL' } },
      ledgerEntries: { 'LedgerEntry:1': { id: 'LedgerEntry:1', accountId: 'InternalAccount:missing', amount: 5, currency: 'USD', kind: 'X', status: 'POSTED', createdAt: '2026-01-01T00:00:00Z' } },
      surprise: true,
    };
    const reply = await client.call('PUT', '/__admin/snapshot', bad);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('INVALID_INPUT');
    const fields = reply.body.details.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['surprise', 'customers.Customer:x.platformCustomerId']));
    expect((await client.get(`/customers/${customer.body.id}`)).status).toBe(200);
    const references = await client.call('PUT', '/__admin/snapshot', { ...exported, ledgerEntries: bad.ledgerEntries });
    expect(references.body.details.errors).toEqual([{ field: 'ledgerEntries.LedgerEntry:1.accountId', message: expect.stringMatching(/No internal account/) }]);
    expect((await client.get('/customers')).body.data).toHaveLength(1);
  });
});

describe('request journal', () => {
  it('lists recent requests newest first, filterable, with secrets, bundles, signatures and card numbers redacted', async () => {
    const { client, openWallet } = await walletSandbox();
    const wallet = await openWallet();
    const { key } = await otpLogin(client, wallet.emailCredentialId);
    await signed(client, 'PATCH', `/internal-accounts/${wallet.accountId}`, { privateEnabled: true }, key);
    // A card number in a card field is redacted; the same digits in a name are not a card number's field.
    await client.post('/customers', { customerType: 'INDIVIDUAL', fullName: 'Card 4111111111111111 In Name', cardNumber: '5105105105105100' });
    await client.get('/customers/Customer:missing');

    const all = (await client.get('/__admin/requests?limit=100')).body;
    expect(all.total).toBeGreaterThan(5);
    const first = all.data[0];
    expect(first).toMatchObject({ method: 'GET', path: '/2025-10-13/customers/Customer:missing', status: 404, durationMs: expect.any(Number), responseBody: { code: 'USER_NOT_FOUND' } });
    const text = JSON.stringify(all);
    expect(text).not.toContain('5105105105105100');
    expect(text).toContain('Card 4111111111111111 In Name');
    expect(text).toContain('[redacted card number]');
    const verify = all.data.find((e: { path: string; requestBody?: { encryptedOtpBundle?: string } }) => e.path.endsWith('/verify') && e.requestBody?.encryptedOtpBundle);
    expect(verify.requestBody.encryptedOtpBundle).toBe('[redacted]');
    const challenge = all.data.find((e: { path: string }) => e.path.endsWith('/challenge'));
    expect(challenge.responseBody.otpEncryptionTargetBundle).toBe('[redacted]');

    const filtered = (await client.get('/__admin/requests?method=PATCH&status=200&path=internal-accounts')).body.data;
    expect(filtered).toHaveLength(1);
    expect(filtered[0].requestBody).toEqual({ privateEnabled: true });
    expect((await client.get('/__admin/requests?path=internal-accounts&method=PATCH')).body.data.map((e: { status: number }) => e.status)).toEqual([200, 202]);
  });

  it("keeps each tenant's journal to itself", async () => {
    const sandbox = makeSandbox();
    await sandbox.client('one', 's').get('/customers');
    expect((await sandbox.client('two', 's').get('/__admin/requests')).body.data).toEqual([]);
  });
});

describe('faults', () => {
  it('answers matching requests with an injected error, for N requests', async () => {
    const client = makeSandbox().client();
    const armed = await client.post('/__admin/faults', { kind: 'ERROR', code: 'INTERNAL_ERROR', method: 'POST', path: '/customers', count: 2 });
    expect(armed).toMatchObject({ status: 201, body: { kind: 'ERROR', code: 'INTERNAL_ERROR', remaining: 2 } });
    expect((await client.get('/customers')).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const reply = await client.post('/customers', individual());
      expect(reply).toMatchObject({ status: 500, body: { code: 'INTERNAL_ERROR', details: { faultId: armed.body.id } } });
    }
    expect((await client.post('/customers', individual())).status).toBe(201);
    expect((await client.get('/__admin/faults')).body.data).toEqual([]);
  });

  it('matches path patterns with * for one segment, and stays until cleared without a count', async () => {
    const client = makeSandbox().client();
    await client.post('/__admin/faults', { kind: 'ERROR', code: 'RATE_LIMITED', path: '/customers/*' });
    expect((await client.get('/customers')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await client.get('/customers/Customer:abc')).status).toBe(429);
    expect((await client.delete('/__admin/faults')).body).toEqual({ removed: 1 });
    expect((await client.get('/customers/Customer:abc')).status).toBe(404);
  });

  it('delays matching requests by the injected latency', async () => {
    const client = makeSandbox().client();
    await client.post('/__admin/faults', { kind: 'LATENCY', latencyMs: 150, path: '/config', count: 1 });
    const started = performance.now();
    expect((await client.get('/config')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect((await client.get('/__admin/faults')).body.data).toEqual([]);
    const bad = await client.post('/__admin/faults', { kind: 'LATENCY', latencyMs: 0 });
    expect(bad.status).toBe(400);
    expect((await client.post('/__admin/faults', { kind: 'ERROR', code: 'NOPE' })).status).toBe(400);
  });
});

describe('scenarios in the control plane', () => {
  it('lists the presets and loads one into the tenant, replacing what was there', async () => {
    const client = makeSandbox().client();
    const list = (await client.get('/__admin/scenarios')).body.data.map((s: { name: string }) => s.name);
    expect(list).toEqual(['empty', 'starter', 'kyc-matrix', 'payouts', 'wallet', 'cards', 'agents']);
    await client.post('/customers', individual({ fullName: 'Goes Away' }));
    const loaded = await client.post('/__admin/scenarios/cards');
    expect(loaded).toMatchObject({ status: 200, body: { scenario: 'cards' } });
    const cards = (await client.get('/cards')).body.data;
    expect(cards).toHaveLength(1);
    expect(cards[0].status).toBe('ACTIVE');
    expect((await client.get('/customers')).body.data.map((c: { fullName: string }) => c.fullName)).not.toContain('Goes Away');
    const unknown = await client.post('/__admin/scenarios/nope');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'INVALID_INPUT', details: { validScenarios: ['empty', 'starter', 'kyc-matrix', 'payouts', 'wallet', 'cards', 'agents'] } });
    expect(unknown.body.reason).toBe('Unknown scenario "nope"; choose one of empty, starter, kyc-matrix, payouts, wallet, cards, agents');
  });

  it('starts createSandbox tenants from a scenario; an unknown one stops start-up', async () => {
    const sandbox = await createSandbox({ scenario: 'wallet' });
    try {
      const auth = { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` };
      const customers = await (await fetch(`${sandbox.url}/customers`, { headers: auth })).json();
      expect(customers.data).toHaveLength(1);
    } finally {
      await sandbox.close();
    }
    await expect(createSandbox({ scenario: 'nope' })).rejects.toBeInstanceOf(StartupError);
  });
});
