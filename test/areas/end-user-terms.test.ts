/** End User Terms: the current version, consent on customers, and the opt-in rule on customer-scoped money movement. */
import { beforeEach, describe, expect, it } from 'vitest';
import { individual, makeSandbox, usdAccount, type Client } from '../helpers.js';

let sandbox: ReturnType<typeof makeSandbox>;
let client: Client;
beforeEach(() => {
  sandbox = makeSandbox();
  client = sandbox.client();
});

const consent = (overrides: Record<string, unknown> = {}) => ({ acceptedAt: '2025-01-02T03:04:05.000Z', ipAddress: '198.51.100.24', termsVersion: 'V1', acceptanceMethod: 'CHECKBOX', ...overrides });

describe('GET /customers/end-user-terms', () => {
  it('names the current version and a URL the sandbox serves; the path is no customer id', async () => {
    const res = await client.get('/customers/end-user-terms');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ version: 'V1', url: 'http://localhost/legal/end-user-terms/V1' });
    const page = await sandbox.app.request(new URL(res.body.url).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('End User Terms, version V1');
    expect((await sandbox.app.request('/legal/end-user-terms/V9')).status).toBe(404);
    expect((await sandbox.app.request('/2025-10-13/customers/end-user-terms')).status).toBe(401);
  });
});

describe('endUserTermsConsent', () => {
  it('is recorded at creation and by PATCH, and shown on the customer', async () => {
    const created = await client.post('/customers', individual({ endUserTermsConsent: consent() }));
    expect(created.status).toBe(201);
    expect(created.body.endUserTermsConsent).toEqual(consent());
    const plain = (await client.post('/customers', individual({ platformCustomerId: 'p2' }))).body;
    expect(plain.endUserTermsConsent).toBeUndefined();
    const patched = await client.patch(`/customers/${plain.id}`, { customerType: 'INDIVIDUAL', endUserTermsConsent: consent({ ipAddress: '2001:db8::1', acceptanceMethod: 'CLICK_TO_ACCEPT' }) });
    expect(patched.status).toBe(200);
    expect((await client.get(`/customers/${plain.id}`)).body.endUserTermsConsent).toEqual(consent({ ipAddress: '2001:db8::1', acceptanceMethod: 'CLICK_TO_ACCEPT' }));
  });

  it('refuses an unknown version with 400 END_USER_TERMS_VERSION_NOT_FOUND, on create and on PATCH', async () => {
    const res = await client.post('/customers', individual({ endUserTermsConsent: consent({ termsVersion: 'V2' }) }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('END_USER_TERMS_VERSION_NOT_FOUND');
    expect(res.body.details.errors).toEqual([expect.objectContaining({ field: 'endUserTermsConsent.termsVersion', constraint: { enum: ['V1'] } })]);
    expect((await client.get('/customers')).body.totalCount).toBe(0);
    const id = (await client.post('/customers', individual())).body.id;
    const patch = await client.patch(`/customers/${id}`, { customerType: 'INDIVIDUAL', endUserTermsConsent: consent({ termsVersion: 'v1' }) });
    expect(patch.status).toBe(400);
    expect(patch.body.code).toBe('END_USER_TERMS_VERSION_NOT_FOUND');
    expect((await client.get(`/customers/${id}`)).body.endUserTermsConsent).toBeUndefined();
  });

  it('names every bad field of a consent', async () => {
    const res = await client.post('/customers', individual({ endUserTermsConsent: { acceptedAt: 'yesterday', ipAddress: '999.1.1.1', termsVersion: '', acceptanceMethod: 'NOD' } }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(res.body.details.errors.map((e: any) => e.field).sort()).toEqual([
      'endUserTermsConsent.acceptanceMethod',
      'endUserTermsConsent.acceptedAt',
      'endUserTermsConsent.ipAddress',
      'endUserTermsConsent.termsVersion',
    ]);
    const future = await client.post('/customers', individual({ endUserTermsConsent: consent({ acceptedAt: '2999-01-01T00:00:00.000Z' }) }));
    expect(future.status).toBe(400);
    expect(future.body.details.errors[0].field).toBe('endUserTermsConsent.acceptedAt');
  });
});

describe('END_USER_TERMS_NOT_ACCEPTED (requireEndUserTermsConsent)', () => {
  async function fundedCustomer(extra: Record<string, unknown> = {}) {
    const customer = (await client.post('/customers', individual({ platformCustomerId: `c-${Math.random()}`, ...extra }))).body;
    const account = (await client.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data[0];
    await client.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 100_000 });
    const external = (await client.post('/customers/external-accounts', usdAccount(customer.id, '000111222000'))).body.id;
    return { customer, accountId: account.id as string, external: external as string };
  }
  const quote = (accountId: string, external: string) =>
    client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId }, destination: { destinationType: 'ACCOUNT', accountId: external }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1000 });

  it('is off by default: customers without consent move money as before', async () => {
    expect((await client.get('/config')).body.requireEndUserTermsConsent).toBe(false);
    const { accountId, external } = await fundedCustomer();
    expect((await quote(accountId, external)).status).toBe(201);
    expect((await client.post('/transfer-out', { source: { accountId }, destination: { accountId: external }, amount: 100 })).status).toBe(201);
  });

  it('once opted in, refuses quotes, execution and transfers of customers without consent with 403; consent lifts it', async () => {
    const { customer, accountId, external } = await fundedCustomer();
    const early = (await quote(accountId, external)).body;
    expect((await client.patch('/config', { requireEndUserTermsConsent: true })).body.requireEndUserTermsConsent).toBe(true);
    const refused = await quote(accountId, external);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'END_USER_TERMS_NOT_ACCEPTED', details: { customerId: customer.id } });
    expect((await client.post(`/quotes/${early.id}/execute`, {})).status).toBe(403);
    expect((await client.post('/transfer-out', { source: { accountId }, destination: { accountId: external }, amount: 100 })).status).toBe(403);
    expect((await client.post('/transfer-in', { source: { accountId: external }, destination: { accountId }, amount: 100 })).status).toBe(403);
    expect((await client.get('/quotes')).body.totalCount).toBe(1);

    await client.patch(`/customers/${customer.id}`, { customerType: 'INDIVIDUAL', endUserTermsConsent: consent() });
    expect((await quote(accountId, external)).status).toBe(201);
    expect((await client.post(`/quotes/${early.id}/execute`, {})).status).toBe(200);
    const consenting = await fundedCustomer({ endUserTermsConsent: consent() });
    expect((await quote(consenting.accountId, consenting.external)).status).toBe(201);
  });

  it("does not apply to regulated platforms or to the platform's own money", async () => {
    await client.patch('/config', { requireEndUserTermsConsent: true, isRegulatedFinancialInstitution: true });
    const { accountId, external } = await fundedCustomer();
    expect((await quote(accountId, external)).status).toBe(201);
    await client.patch('/config', { isRegulatedFinancialInstitution: false });
    const platform = (await client.get('/platform/internal-accounts')).body.data.find((a: any) => a.balance.currency.code === 'USD');
    await client.post(`/sandbox/internal-accounts/${platform.id}/fund`, { amount: 10_000 });
    const platformExternal = (await client.post('/platform/external-accounts', usdAccount(undefined, '000999888000'))).body.id;
    expect((await quote(platform.id, platformExternal)).status).toBe(201);
  });
});
