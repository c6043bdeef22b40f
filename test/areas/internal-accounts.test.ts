import { beforeEach, describe, expect, it } from 'vitest';
import { individual, makeSandbox, type Client } from '../helpers.js';
import { postEntry } from '../../src/areas/internal-accounts/ledger.js';

let client: Client;
beforeEach(() => {
  client = makeSandbox().client();
});

async function customerAccount(currencies?: string[]) {
  const customer = (await client.post('/customers', individual(currencies ? { currencies } : {}))).body;
  return { customer, account: (await client.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data[0] };
}

describe('platform internal accounts', () => {
  it('holds one account per supported currency, not paginated', async () => {
    const res = await client.get('/platform/internal-accounts');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(res.body.data.map((a: any) => a.balance.currency.code)).toEqual(['USD', 'EUR', 'MXN', 'BRL', 'GBP', 'USDC', 'BTC']);
    expect(res.body.data.every((a: any) => a.customerId === undefined && a.status === 'ACTIVE')).toBe(true);
    expect((await client.get('/platform/internal-accounts?currency=BTC')).body.data.map((a: any) => a.type)).toEqual(['INTERNAL_CRYPTO']);
    expect((await client.get('/platform/internal-accounts?type=INTERNAL_CRYPTO')).body.data).toHaveLength(2);
  });

  it('opens an account when config adds a currency', async () => {
    const patch = await client.patch('/config', {
      supportedCurrencies: [{ currencyCode: 'KES', minAmount: 1, maxAmount: 1_000_000, requiredCounterpartyFields: [], enabledTransactionTypes: ['INCOMING', 'OUTGOING'] }],
    });
    expect(patch.status).toBe(200);
    expect((await client.get('/platform/internal-accounts?currency=KES')).body.data).toHaveLength(1);
  });
});

describe('customer internal accounts', () => {
  it('shows funding instructions with valid check digits', async () => {
    const { account } = await customerAccount(['USD', 'EUR', 'MXN']);
    const list = (await client.get(`/customers/internal-accounts?customerId=${account.customerId}`)).body.data;
    const info = Object.fromEntries(list.map((a: any) => [a.balance.currency.code, a.fundingPaymentInstructions[0].accountOrWalletInfo]));
    const aba = info.USD.routingNumber.split('').map(Number);
    expect((3 * (aba[0] + aba[3] + aba[6]) + 7 * (aba[1] + aba[4] + aba[7]) + aba[2] + aba[5] + aba[8]) % 10).toBe(0);
    const iban: string = info.EUR.iban;
    const numeric = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
    expect(BigInt(numeric) % 97n).toBe(1n);
    expect(info.MXN.clabeNumber).toMatch(/^\d{18}$/);
    expect(info.USD.reference).toMatch(/^PSB[A-Z0-9]{8}$/);
  });

  it('filters by customer, currency and type, and paginates', async () => {
    const a = await customerAccount(['USD', 'EUR']);
    await customerAccount(['USD']);
    expect((await client.get('/customers/internal-accounts')).body.totalCount).toBe(3);
    expect((await client.get('/customers/internal-accounts?currency=USD')).body.totalCount).toBe(2);
    expect((await client.get(`/customers/internal-accounts?customerId=${a.customer.id}&currency=EUR`)).body.data).toHaveLength(1);
    expect((await client.get('/customers/internal-accounts?type=INTERNAL_CRYPTO')).body.data).toEqual([]);
    expect((await client.get('/customers/internal-accounts?type=SOMETHING')).status).toBe(400);
    const page = (await client.get('/customers/internal-accounts?limit=2')).body;
    expect(page).toMatchObject({ hasMore: true, totalCount: 3 });
  });
});

describe('POST /sandbox/internal-accounts/{accountId}/fund', () => {
  it('credits at once; the balance is the sum of the fundings', async () => {
    const { account } = await customerAccount();
    const first = await client.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 1500 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: account.id, balance: { amount: 1500, currency: { code: 'USD' } }, totalBalance: { amount: 1500 } });
    const second = await client.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 250 });
    expect(second.body.balance.amount).toBe(1750);
    const listed = (await client.get(`/customers/internal-accounts?customerId=${account.customerId}`)).body.data[0];
    expect(listed.balance.amount).toBe(1750);
  });

  it('funds a platform account', async () => {
    const eur = (await client.get('/platform/internal-accounts?currency=EUR')).body.data[0];
    expect((await client.post(`/sandbox/internal-accounts/${eur.id}/fund`, { amount: 99 })).body.balance.amount).toBe(99);
  });

  it.each([
    [{ amount: 0 }, 'Must be greater than or equal to 1'],
    [{ amount: -5 }, 'Must be greater than or equal to 1'],
    [{ amount: 1.5 }, 'Expected int'],
    [{ amount: '100' }, 'Expected number'],
    [{}, 'Required'],
    [{ amount: 100_000_000_001 }, 'Must be less than or equal to 100000000000'],
  ])('rejects %j with a field error on amount and credits nothing', async (body, message) => {
    const { account } = await customerAccount();
    const res = await client.post(`/sandbox/internal-accounts/${account.id}/fund`, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'amount', message }] } });
    expect((await client.get(`/customers/internal-accounts?customerId=${account.customerId}`)).body.data[0].balance.amount).toBe(0);
  });

  it('404s an unknown account', async () => {
    const res = await client.post('/sandbox/internal-accounts/InternalAccount:00000000-0000-4000-8000-000000000000/fund', { amount: 1 });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'REFERENCE_NOT_FOUND', details: { resource: 'InternalAccount' } });
  });

  it('refuses a balance beyond exact integers with AMOUNT_OUT_OF_RANGE, crediting nothing', async () => {
    const sandbox = makeSandbox();
    const c = sandbox.client();
    const customer = (await c.post('/customers', individual())).body;
    const account = (await c.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data[0];
    // Set-up only: a balance near the largest exact integer, as years of funding would leave it.
    postEntry(sandbox.registry.get('test-client')!, { accountId: account.id, amount: Number.MAX_SAFE_INTEGER - 50, currency: 'USD', kind: 'TEST_SETUP' });
    const res = await c.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 100 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('AMOUNT_OUT_OF_RANGE');
    const after = (await c.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data[0].balance.amount;
    expect(after).toBe(Number.MAX_SAFE_INTEGER - 50);
    expect((await c.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 50 })).body.balance.amount).toBe(Number.MAX_SAFE_INTEGER);
  });
});
