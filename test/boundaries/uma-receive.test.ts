/**
 * POST /sandbox/uma/receive: which account an incoming UMA payment lands in,
 * what it is converted to (in exact minor units, at and above the one-unit
 * boundary), and each refusal read in full.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { individual, makeSandbox, refusal, type Client } from '../helpers.js';

const SENDER = '$success.usd@sandbox.uma.local';
let client: Client;

beforeEach(() => {
  client = makeSandbox().client();
});

const receive = (body: Record<string, unknown>) => client.post('/sandbox/uma/receive', { senderUmaAddress: SENDER, receivingCurrencyCode: 'EUR', receivingCurrencyAmount: 1_000, ...body });

async function customerWith(currencies: string[]) {
  const customer = (await client.post('/customers', individual({ currencies }))).body;
  const accounts = (await client.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data as Array<{ id: string; balance: { amount: number; currency: { code: string } } }>;
  const balances = async () => Object.fromEntries(((await client.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data as typeof accounts).map((a) => [a.balance.currency.code, a.balance.amount]));
  return { customer, account: (code: string) => accounts.find((a) => a.balance.currency.code === code)!.id, balances };
}

describe('POST /sandbox/uma/receive: where the money lands', () => {
  it('in the account held in the paid currency, unconverted', async () => {
    const { customer, account, balances } = await customerWith(['USD', 'EUR']);
    const res = await receive({ receiverUmaAddress: customer.umaAddress });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: 'INCOMING',
      status: 'COMPLETED',
      source: { sourceType: 'UMA_ADDRESS', umaAddress: SENDER, currency: 'EUR' },
      destination: { destinationType: 'ACCOUNT', accountId: account('EUR'), currency: 'EUR' },
      customerId: customer.id,
      sentAmount: { amount: 1_000, currency: { code: 'EUR' } },
      receivedAmount: { amount: 1_000, currency: { code: 'EUR' } },
      exchangeRate: 1,
    });
    expect(await balances()).toEqual({ USD: 0, EUR: 1_000 });
  });

  it('converted into the primary account otherwise, at the rate of the day, in whole minor units', async () => {
    const { customer, account, balances } = await customerWith(['USD']);
    const res = await receive({ customerId: customer.id });
    expect(res.status).toBe(200);
    // 1,000 EUR cents at 0.921411012 EUR a dollar: 1,085.29 US cents, of which 1,085 are credited.
    expect(res.body).toMatchObject({
      destination: { destinationType: 'ACCOUNT', accountId: account('USD'), currency: 'USD' },
      sentAmount: { amount: 1_000, currency: { code: 'EUR' } },
      receivedAmount: { amount: 1_085, currency: { code: 'USD' } },
      exchangeRate: 0.921411012,
    });
    expect(await balances()).toEqual({ USD: 1_085 });
  });

  it('refuses an amount worth less than one minor unit of the account (18 MXN cents), and credits one unit at 19', async () => {
    const { customer, balances } = await customerWith(['USD']);
    const below = await receive({ customerId: customer.id, receivingCurrencyCode: 'MXN', receivingCurrencyAmount: 18 });
    expect(below.status).toBe(400);
    expect(below.body).toEqual(refusal(400, 'INVALID_AMOUNT', '18 MXN is worth less than one minor unit of USD', { field: 'receivingCurrencyAmount' }));
    expect(await balances()).toEqual({ USD: 0 });
    const at = await receive({ customerId: customer.id, receivingCurrencyCode: 'MXN', receivingCurrencyAmount: 19 });
    expect(at.status).toBe(200);
    expect(at.body).toMatchObject({ sentAmount: { amount: 19, currency: { code: 'MXN' } }, receivedAmount: { amount: 1, currency: { code: 'USD' } }, exchangeRate: 18.01428533 });
    expect(await balances()).toEqual({ USD: 1 });
  });
});

describe('POST /sandbox/uma/receive refusals, body in full', () => {
  it('no receiver named: 400 INVALID_INPUT naming receiverUmaAddress', async () => {
    const res = await receive({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(400, 'INVALID_INPUT', 'Name the receiver with receiverUmaAddress or customerId', { errors: [{ field: 'receiverUmaAddress', message: 'Required unless customerId is given' }] }));
  });

  it('an unknown currency: 400 INVALID_CURRENCY naming the field', async () => {
    const { customer } = await customerWith(['USD']);
    const res = await receive({ customerId: customer.id, receivingCurrencyCode: 'XYZ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(400, 'INVALID_CURRENCY', 'Unknown currency XYZ', { field: 'receivingCurrencyCode' }));
  });

  it('the address of a deleted customer: UMA_NOT_FOUND, as for an address nobody has', async () => {
    const { customer } = await customerWith(['USD']);
    expect((await client.delete(`/customers/${customer.id}`)).status).toBe(200);
    for (const address of [customer.umaAddress, '$nobody@sandbox.uma.local']) {
      const res = await receive({ receiverUmaAddress: address });
      expect(res.body, address).toEqual(refusal(res.status, 'UMA_NOT_FOUND', `No customer has the UMA address ${address}`, { field: 'receiverUmaAddress' }));
      expect(res.status).toBe(404);
    }
  });
});
