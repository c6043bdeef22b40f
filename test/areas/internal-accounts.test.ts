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

  it('gives every currency its own instructions, whole and well formed: bank details with valid check digits, wallets on their networks', async () => {
    const codes = ['USD', 'EUR', 'MXN', 'GBP', 'BRL', 'CAD', 'USDC', 'SOL', 'USDT', 'TRX', 'BTC', 'USDB', 'ETH', 'POL'];
    const limits = { minAmount: 1, maxAmount: 1_000_000, requiredCounterpartyFields: [], enabledTransactionTypes: ['OUTGOING', 'INCOMING'] };
    expect((await client.patch('/config', { supportedCurrencies: codes.map((currencyCode) => ({ currencyCode, ...limits })) })).status).toBe(200);
    const customer = (await client.post('/customers', individual({ currencies: codes }))).body;
    const accounts = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&limit=50`)).body.data as any[];
    const by = Object.fromEntries(accounts.map((a) => [a.balance.currency.code, a]));
    expect(Object.keys(by).sort()).toEqual([...codes].sort());
    const info = (code: string) => {
      const [instructions, ...more] = by[code].fundingPaymentInstructions;
      expect(more, code).toEqual([]);
      expect(instructions.instructionsNotes, code).toBe('Include the reference so the deposit is credited to this account.');
      expect(instructions.isPlatformAccount, code).toBe(false);
      return instructions.accountOrWalletInfo;
    };
    const reference = expect.stringMatching(/^PSB[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/);
    const digits = (text: string) => text.split('').map(Number);

    expect(info('USD')).toEqual({ accountType: 'USD_ACCOUNT', accountNumber: expect.stringMatching(/^\d{12}$/), routingNumber: expect.stringMatching(/^0\d{8}$/), bankName: 'Sandbox Bank', paymentRails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'], reference });
    const aba = digits(info('USD').routingNumber);
    expect((3 * (aba[0]! + aba[3]! + aba[6]!) + 7 * (aba[1]! + aba[4]! + aba[7]!) + aba[2]! + aba[5]! + aba[8]!) % 10).toBe(0);

    expect(info('EUR')).toEqual({ accountType: 'EUR_ACCOUNT', iban: expect.stringMatching(/^DE\d{20}$/), swiftCode: 'SNDBDEFFXXX', paymentRails: ['SEPA', 'SEPA_INSTANT'], reference });
    const iban: string = info('EUR').iban;
    expect(BigInt((iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55))) % 97n).toBe(1n);

    expect(info('MXN')).toEqual({ accountType: 'MXN_ACCOUNT', clabeNumber: expect.stringMatching(/^002180\d{12}$/), paymentRails: ['SPEI'], reference });
    const clabe = digits(info('MXN').clabeNumber);
    const weighted = clabe.slice(0, 17).reduce((sum, d, i) => sum + ((d * [3, 7, 1][i % 3]!) % 10), 0);
    expect((10 - (weighted % 10)) % 10).toBe(clabe[17]);

    expect(info('GBP')).toEqual({ accountType: 'GBP_ACCOUNT', sortCode: expect.stringMatching(/^\d{6}$/), accountNumber: expect.stringMatching(/^\d{8}$/), paymentRails: ['FASTER_PAYMENTS'], reference });
    expect(info('BRL')).toEqual({ accountType: 'BRL_ACCOUNT', qrCode: expect.stringMatching(/^00020126360014br\.gov\.bcb\.pix0114\d{14}5204000053039865802BR5912SANDBOX BANK6009SAO PAULO62070503PSB6304[0-9A-F]{4}$/) });
    // A currency with no bank scheme of its own is paid by SWIFT.
    expect(info('CAD')).toEqual({ accountType: 'SWIFT_ACCOUNT', country: 'US', swiftCode: 'SNDBUS33XXX', bankName: 'Sandbox Bank', accountNumber: expect.stringMatching(/^\d{12}$/), paymentRails: ['SWIFT'], accountHolderName: 'Sandbox Payments Ltd', reference });

    const base58 = (length: number) => expect.stringMatching(new RegExp(`^[1-9A-HJ-NP-Za-km-z]{${length}}$`));
    const tron = expect.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const spark = expect.stringMatching(/^sp1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{58}$/);
    const evm = expect.stringMatching(/^0x[0-9a-f]{40}$/);
    expect(info('USDC')).toEqual({ accountType: 'SOLANA_WALLET', address: base58(44), assetType: 'USDC' });
    expect(info('SOL')).toEqual({ accountType: 'SOLANA_WALLET', address: base58(44) });
    expect(info('USDT')).toEqual({ accountType: 'TRON_WALLET', address: tron, assetType: 'USDT' });
    expect(info('TRX')).toEqual({ accountType: 'TRON_WALLET', address: tron, assetType: 'TRX' });
    expect(info('BTC')).toEqual({ accountType: 'SPARK_WALLET', address: spark, assetType: 'BTC' });
    expect(info('USDB')).toEqual({ accountType: 'SPARK_WALLET', address: spark, assetType: 'USDB' });
    expect(info('ETH')).toEqual({ accountType: 'ETHEREUM_WALLET', address: evm });
    expect(info('POL')).toEqual({ accountType: 'POLYGON_WALLET', address: evm });
    for (const a of accounts) expect(a.type, a.balance.currency.code).toBe(['USD', 'EUR', 'MXN', 'GBP', 'BRL', 'CAD'].includes(a.balance.currency.code) ? 'INTERNAL_FIAT' : 'INTERNAL_CRYPTO');

    // Derived from the account: the same on every read, different for another account, and the platform's flagged as such.
    expect((await client.get(`/customers/internal-accounts?customerId=${customer.id}&limit=50`)).body.data).toEqual(accounts);
    const other = (await client.get(`/customers/internal-accounts?customerId=${(await client.post('/customers', individual({ currencies: ['USD'] }))).body.id}`)).body.data[0];
    expect(other.fundingPaymentInstructions[0].accountOrWalletInfo.accountNumber).not.toBe(info('USD').accountNumber);
    const platform = (await client.get('/platform/internal-accounts?currency=USD')).body.data[0];
    expect(platform.fundingPaymentInstructions[0].isPlatformAccount).toBe(true);
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
