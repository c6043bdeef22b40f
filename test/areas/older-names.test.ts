/**
 * Errors that teach, where the service's guides still write an older name:
 * accountType CLABE (now MXN_ACCOUNT) and US_ACCOUNT (now USD_ACCOUNT), the
 * path /internal-account (now /customers/internal-accounts), USDC amounts
 * written with 2 decimals (USDC has 6), and a card for a customer the guide
 * has just created (how to get an APPROVED customer in this sandbox).
 */
import { describe, expect, it } from 'vitest';
import { business, individual, makeSandbox, refusal, type Client } from '../helpers.js';

const clabeAccount = (customerId: string | undefined, accountType: string) => ({
  ...(customerId ? { customerId } : {}),
  currency: 'MXN',
  accountInfo: { accountType, clabeNumber: '123456789012345678', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Maria Garcia' } },
});

async function newCustomer(client: Client, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/customers', individual(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('an older accountType on external-account creation', () => {
  it.each([
    ['/customers/external-accounts', true],
    ['/platform/external-accounts', false],
  ])('%s: CLABE is 400 INVALID_INPUT naming MXN_ACCOUNT; MXN_ACCOUNT is created', async (path, forCustomer) => {
    const client = makeSandbox().client();
    const customerId = forCustomer ? (await newCustomer(client)).id : undefined;
    const res = await client.post(path, clabeAccount(customerId, 'CLABE'));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(res.body.reason).toBe('accountType CLABE is the older name of MXN_ACCOUNT: send accountType MXN_ACCOUNT');
    expect(res.body.details.errors).toHaveLength(1);
    expect(res.body.details.errors[0].field).toBe('accountInfo.accountType');
    expect(res.body.details.errors[0].message).toContain('accountType CLABE is the older name of MXN_ACCOUNT');
    const renamed = await client.post(path, clabeAccount(customerId, 'MXN_ACCOUNT'));
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(201);
    expect(renamed.body.accountInfo).toMatchObject({ accountType: 'MXN_ACCOUNT', clabeNumber: '123456789012345678' });
  });

  it('US_ACCOUNT is 400 naming USD_ACCOUNT', async () => {
    const client = makeSandbox().client();
    const customer = await newCustomer(client);
    const res = await client.post('/customers/external-accounts', {
      customerId: customer.id,
      currency: 'USD',
      accountInfo: { accountType: 'US_ACCOUNT', accountNumber: '123456001', routingNumber: '021000021', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Alice Test' } },
    });
    expect([res.status, res.body.code, res.body.reason]).toEqual([400, 'INVALID_INPUT', 'accountType US_ACCOUNT is the older name of USD_ACCOUNT: send accountType USD_ACCOUNT']);
  });

  it('a name that is no older name (another letter case, an unknown type) is the plain refusal of the field', async () => {
    const client = makeSandbox().client();
    const customer = await newCustomer(client);
    for (const accountType of ['clabe', 'CLABE_ACCOUNT']) {
      const res = await client.post('/customers/external-accounts', clabeAccount(customer.id, accountType));
      expect([res.status, res.body.code, res.body.reason]).toEqual([400, 'INVALID_INPUT', 'Invalid value for accountInfo.accountType']);
      expect(res.body.details.errors[0].message).not.toContain('older name');
      expect(res.body.details.errors[0].message).toContain('MXN_ACCOUNT');
    }
  });
});

describe('/internal-account, the older path', () => {
  it.each(['GET', 'POST', 'PATCH', 'PUT', 'DELETE'])('%s is 404 NOT_FOUND suggesting /customers/internal-accounts', async (method) => {
    const client = makeSandbox().client();
    const res = await client.call(method, '/internal-account?customerId=Customer:019542f5-b3e7-1d02-0000-000000000001&currency=USD', method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect(res.body.details.didYouMean).toContain('GET /2025-10-13/customers/internal-accounts');
  });
});

describe('a USDC amount too small for its fees', () => {
  async function usdcQuote(client: Client, amount: number) {
    const customer = await newCustomer(client, { currencies: ['USDC', 'USD'] });
    const accounts = (await client.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data as any[];
    const usdc = accounts.find((a) => a.balance.currency.code === 'USDC');
    const usd = accounts.find((a) => a.balance.currency.code === 'USD');
    return client.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: usdc.id },
      destination: { destinationType: 'ACCOUNT', accountId: usd.id },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: amount,
    });
  }

  it('says USDC amounts have 6 decimals and what the amount is', async () => {
    const client = makeSandbox().client();
    // 10.00 USDC as a guide writes it: 1000, which is a thousandth of a USDC.
    const res = await usdcQuote(client, 1_000);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_AMOUNT');
    expect(res.body.reason).toBe(`After ${res.body.details.fees} in fees nothing is left to send: USDC amounts have 6 decimals, so 1000 is 0.001000 USDC`);
    expect(res.body.details.fees).toBeGreaterThan(250_000);
  });

  it('10 USDC in 6 decimals is a quote', async () => {
    const client = makeSandbox().client();
    const res = await usdcQuote(client, 10_000_000);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.sendingCurrency.code).toBe('USDC');
  });
});

describe('a card for a customer just created', () => {
  const individualReason =
    "The cardholder's kycStatus is UNVERIFIED. In this sandbox an individual becomes APPROVED through POST /verifications once its details and an identity document (POST /documents) are in, or at creation when the platform sets skipVerificationPaperwork or isRegulatedFinancialInstitution (PATCH /config); a fullName ending in 001, 002, 003 is not approved at once.";

  it('is refused with the ways to an APPROVED customer; following one, the card is issued', async () => {
    const client = makeSandbox().client();
    const customer = await newCustomer(client);
    const account = (await client.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data[0].id;
    const refused = await client.post('/cards', { customerId: customer.id, form: 'VIRTUAL', fundingSource: account });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(refusal(400, 'CARDHOLDER_KYC_NOT_APPROVED', individualReason, { customerId: customer.id, status: 'UNVERIFIED' }));
    // The reason's second way: skip the paperwork, then a new customer is APPROVED at creation.
    expect((await client.patch('/config', { skipVerificationPaperwork: true })).status).toBe(200);
    const approved = await newCustomer(client);
    expect(approved.kycStatus).toBe('APPROVED');
    const approvedAccount = (await client.get(`/customers/internal-accounts?customerId=${approved.id}`)).body.data[0].id;
    const issued = await client.post('/cards', { customerId: approved.id, form: 'VIRTUAL', fundingSource: approvedAccount });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  });

  it('a business: kybStatus and the way through POST /verifications', async () => {
    const client = makeSandbox().client();
    const created = await client.post('/customers', business());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const account = (await client.get(`/customers/internal-accounts?customerId=${created.body.id}`)).body.data[0].id;
    const refused = await client.post('/cards', { customerId: created.body.id, form: 'VIRTUAL', fundingSource: account });
    expect(refused.status).toBe(400);
    expect(refused.body.reason).toBe(
      "The cardholder's kybStatus is UNVERIFIED. In this sandbox a business becomes APPROVED through POST /verifications once its details, documents and beneficial owners are in (with skipVerificationPaperwork, PATCH /config, the documents are not needed); a registrationNumber ending in 001, 002, 003 is not approved at once.",
    );
  });
});
