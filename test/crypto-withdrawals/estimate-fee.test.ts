/** POST /crypto/estimate-withdrawal-fee: every network row, exact minor units, boundaries and every 400/404. */
import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_NETWORKS } from '../../src/areas/crypto-withdrawals/networks.js';
import { individual, makeSandbox } from '../helpers.js';

async function setup() {
  const client = makeSandbox().client();
  // SOL and USDT accounts: the platform supports them too.
  const config = (await client.get('/config')).body;
  const extra = ['SOL', 'USDT'].map((currencyCode) => ({ currencyCode, minAmount: 1, maxAmount: 10 ** 15, requiredCounterpartyFields: [], enabledTransactionTypes: ['INCOMING', 'OUTGOING'] }));
  expect((await client.patch('/config', { supportedCurrencies: [...config.supportedCurrencies, ...extra] })).status).toBe(200);
  const customer = (await client.post('/customers', individual({ currencies: ['USD', 'USDC', 'BTC', 'SOL', 'USDT'] }))).body;
  const accounts = (await client.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data as Array<{ id: string; type: string; balance: { currency: { code: string } } }>;
  const of = (code: string) => accounts.find((a) => a.balance.currency.code === code)!.id;
  return { client, of };
}

const ADDRESSES: Record<string, string> = {
  SOLANA: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  ETHEREUM: '0x52908400098527886E0F7030069857D2E4169EE7',
  BASE: '0x52908400098527886E0F7030069857D2E4169EE7',
  POLYGON: '0x52908400098527886E0F7030069857D2E4169EE7',
  TRON: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  SPARK: 'sp1pgss9qjxdh8j7tc8yz0x4u4l5kgg3zacy5ylxssqm6lfmt4j8hya3h4vl7p',
  LIGHTNING: 'alice@wallet.example',
  BITCOIN: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
};

describe('POST /crypto/estimate-withdrawal-fee', () => {
  it('USDC on SOLANA: 5,000 lamports, converted into USDC minor units and rounded up', async () => {
    const { client, of } = await setup();
    const res = await client.post('/crypto/estimate-withdrawal-fee', { internalAccountId: of('USDC'), currency: 'USDC', cryptoNetwork: 'SOLANA', amount: 1_000_000, destinationAddress: ADDRESSES.SOLANA });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ networkFee: 5_000, networkFeeAsset: 'SOL', applicationFee: 0, totalFee: expect.any(Number), netAmount: expect.any(Number) });
    // 5,000 lamports = 0.000005 SOL; at about 150 USD per SOL that is about 0.00075 USDC = 750 micro-USDC (the rate drifts by at most 1 %).
    expect(res.body.totalFee).toBeGreaterThanOrEqual(735);
    expect(res.body.totalFee).toBeLessThanOrEqual(765);
    expect(res.body.netAmount).toBe(1_000_000 - res.body.totalFee);
    expect(Number.isInteger(res.body.totalFee)).toBe(true);
  });

  it('a withdrawal in the fee asset itself costs exactly the network fee (SOL, BTC on each of its networks)', async () => {
    const { client, of } = await setup();
    for (const [currency, network] of [['SOL', 'SOLANA'], ['BTC', 'BITCOIN'], ['BTC', 'LIGHTNING'], ['BTC', 'SPARK']] as const) {
      const res = await client.post('/crypto/estimate-withdrawal-fee', { internalAccountId: of(currency), currency, cryptoNetwork: network, amount: 100_000, destinationAddress: ADDRESSES[network] });
      const fee = WITHDRAWAL_NETWORKS[network]!.networkFee;
      expect(res.body, network).toEqual({ networkFee: fee, networkFeeAsset: currency, applicationFee: 0, totalFee: fee, netAmount: 100_000 - fee });
    }
  });

  it.each(Object.keys(WITHDRAWAL_NETWORKS))('network %s: its fee asset, and the address format it accepts', async (network) => {
    const { client, of } = await setup();
    const row = WITHDRAWAL_NETWORKS[network]!;
    const currency = row.assets.find((a) => ['USDC', 'USDT', 'BTC', 'SOL'].includes(a))!;
    const ok = await client.post('/crypto/estimate-withdrawal-fee', { internalAccountId: of(currency), currency, cryptoNetwork: network, amount: 10 ** 9, destinationAddress: ADDRESSES[network] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.networkFeeAsset).toBe(row.feeAsset);
    const bad = await client.post('/crypto/estimate-withdrawal-fee', { internalAccountId: of(currency), currency, cryptoNetwork: network, amount: 10 ** 9, destinationAddress: 'not an address' });
    expect([bad.status, bad.body.details.errors[0].field]).toEqual([400, 'destinationAddress']);
  });

  it('the amount must exceed the fees: equal is 400 INVALID_AMOUNT, one more nets 1', async () => {
    const { client, of } = await setup();
    const body = { internalAccountId: of('BTC'), currency: 'BTC', cryptoNetwork: 'BITCOIN', destinationAddress: ADDRESSES.BITCOIN };
    const equal = await client.post('/crypto/estimate-withdrawal-fee', { ...body, amount: 2_000 });
    expect([equal.status, equal.body.code]).toEqual([400, 'INVALID_AMOUNT']);
    expect((await client.post('/crypto/estimate-withdrawal-fee', { ...body, amount: 2_001 })).body.netAmount).toBe(1);
  });

  it('400 for a currency the account does not hold, a fiat currency, a network that does not carry it, an unknown network; 404 for an unknown account', async () => {
    const { client, of } = await setup();
    const base = { amount: 1_000_000, destinationAddress: ADDRESSES.SOLANA };
    const wrongCurrency = await client.post('/crypto/estimate-withdrawal-fee', { ...base, internalAccountId: of('USDC'), currency: 'USDT', cryptoNetwork: 'SOLANA' });
    expect([wrongCurrency.status, wrongCurrency.body.code]).toEqual([400, 'INVALID_CURRENCY']);
    const fiat = await client.post('/crypto/estimate-withdrawal-fee', { ...base, internalAccountId: of('USD'), currency: 'USD', cryptoNetwork: 'SOLANA' });
    expect([fiat.status, fiat.body.code]).toEqual([400, 'INVALID_CURRENCY']);
    const notCarried = await client.post('/crypto/estimate-withdrawal-fee', { internalAccountId: of('USDC'), currency: 'USDC', cryptoNetwork: 'TRON', amount: 1_000_000, destinationAddress: ADDRESSES.TRON });
    expect([notCarried.status, notCarried.body.details.errors[0].field]).toEqual([400, 'cryptoNetwork']);
    expect(notCarried.body.details.errors[0].constraint.enum).toEqual(['SOLANA', 'ETHEREUM', 'BASE', 'POLYGON']);
    const unknownNetwork = await client.post('/crypto/estimate-withdrawal-fee', { ...base, internalAccountId: of('USDC'), currency: 'USDC', cryptoNetwork: 'DOGE' });
    expect([unknownNetwork.status, unknownNetwork.body.details.errors[0].field]).toEqual([400, 'cryptoNetwork']);
    const missing = await client.post('/crypto/estimate-withdrawal-fee', { ...base, internalAccountId: 'InternalAccount:nope', currency: 'USDC', cryptoNetwork: 'SOLANA' });
    expect([missing.status, missing.body.code]).toEqual([404, 'REFERENCE_NOT_FOUND']);
    const empty = await client.post('/crypto/estimate-withdrawal-fee', {});
    expect(empty.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(['amount', 'cryptoNetwork', 'currency', 'destinationAddress', 'internalAccountId']);
  });
});
