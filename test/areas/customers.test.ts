import { beforeEach, describe, expect, it } from 'vitest';
import { address, business, fixtureFile, individual, makeSandbox, type Client } from '../helpers.js';

const CUSTOMER_ID = /^Customer:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let client: Client;
beforeEach(() => {
  client = makeSandbox().client();
});

describe('POST /customers', () => {
  it('creates an individual, UNVERIFIED, with generated identifiers and a USD internal account', async () => {
    const res = await client.post('/customers', individual());
    expect(res.status).toBe(201);
    const c = res.body;
    expect(c.id).toMatch(CUSTOMER_ID);
    expect(c).toMatchObject({ customerType: 'INDIVIDUAL', kycStatus: 'UNVERIFIED', fullName: 'Jane Doe', birthDate: '1990-01-31', nationality: 'US', address, isDeleted: false });
    expect(c.platformCustomerId).toBe(c.id.slice('Customer:'.length));
    expect(c.umaAddress).toMatch(/^\$janedoe\.[0-9a-f]{6}@sandbox\.uma\.local$/);
    expect(c.createdAt).toMatch(ISO);
    expect(c.updatedAt).toBe(c.createdAt);
    const accounts = (await client.get(`/customers/internal-accounts?customerId=${c.id}`)).body.data;
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ customerId: c.id, type: 'INTERNAL_FIAT', status: 'ACTIVE', balance: { amount: 0, currency: { code: 'USD', decimals: 2 } } });
  });

  it('creates a business, always kybStatus UNVERIFIED, with one internal account per requested currency', async () => {
    const res = await client.post('/customers', business({ currencies: ['USD', 'EUR', 'USDC'], platformCustomerId: 'acme-1' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ customerType: 'BUSINESS', kybStatus: 'UNVERIFIED', platformCustomerId: 'acme-1', businessInfo: { legalName: 'Acme Inc', registrationNumber: 'REG-000' } });
    expect(res.body.kycStatus).toBeUndefined();
    const accounts = (await client.get(`/customers/internal-accounts?customerId=${res.body.id}`)).body.data;
    expect(accounts.map((a: any) => [a.balance.currency.code, a.type]).sort()).toEqual([
      ['EUR', 'INTERNAL_FIAT'],
      ['USD', 'INTERNAL_FIAT'],
      ['USDC', 'INTERNAL_CRYPTO'],
    ]);
  });

  it('keeps the UMA address it is given', async () => {
    const res = await client.post('/customers', individual({ umaAddress: '$jane@example.com' }));
    expect(res.body.umaAddress).toBe('$jane@example.com');
  });

  it('reports every invalid field of an individual at once', async () => {
    const res = await client.post('/customers', {
      customerType: 'INDIVIDUAL',
      fullName: '',
      email: 'not-an-email',
      phoneNumber: '0044 12',
      birthDate: '1990-02-30',
      nationality: 'usa',
      idType: 'PASSPORT',
      currencies: ['USD', 'XYZ'],
      umaAddress: 'jane@example.com',
      address: { line1: '1 Main St', country: 'US' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(res.body.details.errors).toEqual(
      expect.arrayContaining([
        { field: 'fullName', message: 'Must not be empty', constraint: { minLength: 1 } },
        { field: 'email', message: 'Must be a valid email', constraint: { format: 'email' } },
        { field: 'phoneNumber', message: 'Must be a valid e.164 value', constraint: { pattern: '^\\+[1-9]\\d{1,14}$', format: 'e.164' } },
        { field: 'birthDate', message: 'Must be a valid date', constraint: { format: 'date' } },
        { field: 'nationality', message: 'Must be a valid iso3166-1-alpha-2 value', constraint: { pattern: '^[A-Z]{2}$', format: 'iso3166-1-alpha-2' } },
        { field: 'idType', message: 'Must be one of: SSN, ITIN, EIN, NON_US_TAX_ID', constraint: { enum: ['SSN', 'ITIN', 'EIN', 'NON_US_TAX_ID'] } },
        expect.objectContaining({ field: 'currencies.1', constraint: { enum: expect.arrayContaining(['USD', 'EUR', 'BTC']) } }),
        expect.objectContaining({ field: 'umaAddress', constraint: expect.objectContaining({ pattern: expect.any(String) }) }),
        { field: 'address.postalCode', message: 'Required' },
      ]),
    );
    expect(res.body.details.errors).toHaveLength(9);
  });

  it('checks an SSN identifier even when other fields fail too', async () => {
    const res = await client.post('/customers', individual({ idType: 'SSN', identifier: '123456789', email: 'bad' }));
    expect(res.status).toBe(400);
    expect(res.body.details.errors).toEqual([
      { field: 'email', message: 'Must be a valid email', constraint: { format: 'email' } },
      { field: 'identifier', message: 'An SSN has the form ###-##-####', constraint: { format: 'us-ssn', pattern: '^\\d{3}-\\d{2}-\\d{4}$' } },
    ]);
  });

  it('requires the business information of a business', async () => {
    const res = await client.post('/customers', { customerType: 'BUSINESS', businessInfo: { legalName: 'Acme', incorporatedOn: 'yesterday' } });
    expect(res.status).toBe(400);
    expect(res.body.details.errors).toEqual([
      { field: 'businessInfo.country', message: 'Required' },
      { field: 'businessInfo.incorporatedOn', message: 'Must be a valid date', constraint: { format: 'date' } },
      { field: 'businessInfo.taxId', message: 'Required' },
    ]);
  });

  it('generates the UMA address from the name: lower case, letters and digits only, 24 at most, "customer" when none is left', async () => {
    const tag = '[0-9a-f]{6}';
    const person = (await client.post('/customers', individual({ fullName: "Zoë O'Brien-Smith 3rd of Somewhere Far Away" }))).body;
    expect(person.umaAddress).toMatch(new RegExp(`^\\$zoobriensmith3rdofsomewh\\.${tag}@sandbox\\.uma\\.local$`));
    const company = (await client.post('/customers', business({ businessInfo: { ...business().businessInfo, legalName: 'Acme, Inc.' } }))).body;
    expect(company.umaAddress).toMatch(new RegExp(`^\\$acmeinc\\.${tag}@sandbox\\.uma\\.local$`));
    const symbols = (await client.post('/customers', individual({ fullName: '李 — ★' }))).body;
    expect(symbols.umaAddress).toMatch(new RegExp(`^\\$customer\\.${tag}@sandbox\\.uma\\.local$`));
  });

  it('rejects an unknown customerType with its allowed values', async () => {
    const res = await client.post('/customers', { customerType: 'ROBOT' });
    expect(res.status).toBe(400);
    expect(res.body.details.errors).toEqual([{ field: 'customerType', message: 'Must be one of: INDIVIDUAL, BUSINESS', constraint: { enum: ['INDIVIDUAL', 'BUSINESS'] } }]);
  });

  it('rejects a known currency the platform does not support', async () => {
    const res = await client.post('/customers', individual({ currencies: ['KES'] }));
    expect(res.status).toBe(400);
    expect(res.body.details.errors).toEqual([
      { field: 'currencies.0', message: 'Not a currency this platform supports', constraint: { enum: ['USD', 'EUR', 'MXN', 'BRL', 'GBP', 'USDC', 'BTC'] } },
    ]);
  });

  it('refuses a duplicate platformCustomerId with 409 CONFLICT and a taken UMA address with 409 UMA_ADDRESS_EXISTS', async () => {
    await client.post('/customers', individual({ platformCustomerId: 'p-1', umaAddress: '$jane@example.com' }));
    const dupId = await client.post('/customers', individual({ platformCustomerId: 'p-1' }));
    expect(dupId.status).toBe(409);
    expect(dupId.body).toMatchObject({ code: 'CONFLICT', details: { field: 'platformCustomerId' } });
    const dupUma = await client.post('/customers', individual({ umaAddress: '$JANE@example.com' }));
    expect(dupUma.status).toBe(409);
    expect(dupUma.body.code).toBe('UMA_ADDRESS_EXISTS');
    expect((await client.get('/customers')).body.totalCount).toBe(1);
  });
});

describe('GET/PATCH/DELETE /customers/{customerId}', () => {
  it('404s an unknown customer with USER_NOT_FOUND, wherever it is named', async () => {
    const id = 'Customer:00000000-0000-4000-8000-000000000000';
    const replies = [
      await client.get(`/customers/${id}`),
      await client.patch(`/customers/${id}`, { customerType: 'INDIVIDUAL', fullName: 'x' }),
      await client.delete(`/customers/${id}`),
      await client.post('/verifications', { customerId: id }),
      await client.post(`/customers/${id}/kyc-link`, {}),
      await client.post('/beneficial-owners', {
        customerId: id,
        roles: ['UBO'],
        ownershipPercentage: 30,
        personalInfo: { firstName: 'A', lastName: 'B', birthDate: '1980-01-01', nationality: 'US', address, idType: 'SSN', identifier: '123-45-6789' },
      }),
    ];
    for (const res of replies) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'USER_NOT_FOUND', status: 404, details: { resource: 'Customer', id } });
    }
  });

  it('never returns identifier (write-only): not on create, get, list, update, delete, nor in webhooks; verification still uses it', async () => {
    const created = await client.post('/customers', individual({ fullName: 'Ida Lee', idType: 'SSN', identifier: '123-45-6789' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ idType: 'SSN', fullName: 'Ida Lee' });
    expect(created.body).not.toHaveProperty('identifier');
    const id = created.body.id;
    expect((await client.get(`/customers/${id}`)).body).not.toHaveProperty('identifier');
    expect((await client.get('/customers')).body.data[0]).not.toHaveProperty('identifier');
    const updated = await client.patch(`/customers/${id}`, { customerType: 'INDIVIDUAL', identifier: '987-65-4321' });
    expect(updated.status).toBe(200);
    expect(updated.body).not.toHaveProperty('identifier');
    // The stored identifier still counts: a complete submission resolves (Ida Lee: APPROVED), with no MISSING_FIELD identifier.
    expect((await client.upload('/documents', { documentHolder: id, documentType: 'PASSPORT', country: 'US', file: fixtureFile('passport.png') })).status).toBe(201);
    const verification = await client.post('/verifications', { customerId: id });
    expect(verification.body).toMatchObject({ verificationStatus: 'APPROVED', errors: [] });
    const events = (await client.get('/__admin/events?limit=100')).body.data.filter((e: any) => e.type.startsWith('CUSTOMER.'));
    expect(events.map((e: any) => e.type)).toContain('CUSTOMER.KYC_APPROVED');
    for (const e of events) expect(JSON.stringify(e)).not.toContain('6789');
    expect((await client.delete(`/customers/${id}`)).body).not.toHaveProperty('identifier');
    expect(JSON.stringify((await client.get('/openapi.json')).body.components.schemas.IndividualCustomer.properties.identifier)).toContain('"writeOnly":true');
  });

  it('updates only the fields sent, at the clock time', async () => {
    const created = (await client.post('/customers', individual())).body;
    await client.post('/__admin/clock/advance', { seconds: 60 });
    const res = await client.patch(`/customers/${created.id}`, { customerType: 'INDIVIDUAL', fullName: 'Jane Q. Doe', email: 'jq@example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fullName: 'Jane Q. Doe', email: 'jq@example.com', birthDate: '1990-01-31', createdAt: created.createdAt });
    expect(Date.parse(res.body.updatedAt) - Date.parse(created.updatedAt)).toBeGreaterThanOrEqual(60_000);
    expect((await client.get(`/customers/${created.id}`)).body.fullName).toBe('Jane Q. Doe');
  });

  it('merges businessInfo and opens accounts for newly added currencies', async () => {
    const created = (await client.post('/customers', business())).body;
    const res = await client.patch(`/customers/${created.id}`, { customerType: 'BUSINESS', businessInfo: { doingBusinessAs: 'Acme' }, currencies: ['USD', 'MXN'] });
    expect(res.status).toBe(200);
    expect(res.body.businessInfo).toMatchObject({ legalName: 'Acme Inc', doingBusinessAs: 'Acme', taxId: '12-3456789' });
    const codes = (await client.get(`/customers/internal-accounts?customerId=${created.id}`)).body.data.map((a: any) => a.balance.currency.code).sort();
    expect(codes).toEqual(['MXN', 'USD']);
  });

  it('keeps its own UMA address on update, refuses another customer\'s, and refuses an unsupported currency without opening an account', async () => {
    const jane = (await client.post('/customers', individual({ umaAddress: '$jane@sandbox.uma.local' }))).body;
    const john = (await client.post('/customers', individual({ umaAddress: '$john@sandbox.uma.local' }))).body;
    const own = await client.patch(`/customers/${jane.id}`, { customerType: 'INDIVIDUAL', umaAddress: '$jane@sandbox.uma.local' });
    expect(own.status).toBe(200);
    expect(own.body.umaAddress).toBe('$jane@sandbox.uma.local');
    const taken = await client.patch(`/customers/${jane.id}`, { customerType: 'INDIVIDUAL', umaAddress: john.umaAddress });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'UMA_ADDRESS_EXISTS', message: `UMA address ${john.umaAddress} is already taken`, details: { field: 'umaAddress' } });

    const accounts = async () => (await client.get(`/customers/internal-accounts?customerId=${jane.id}`)).body.data.map((a: any) => a.currency).sort();
    const before = await accounts();
    const unsupported = await client.patch(`/customers/${jane.id}`, { customerType: 'INDIVIDUAL', currencies: ['USD', 'KES'] });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'currencies.1', message: 'Not a currency this platform supports' }] } });
    expect(await accounts()).toEqual(before);
  });

  it('refuses to change the customer type, and invalid fields, without changing anything', async () => {
    const created = (await client.post('/customers', individual())).body;
    const typeChange = await client.patch(`/customers/${created.id}`, { customerType: 'BUSINESS' });
    expect(typeChange.status).toBe(400);
    expect(typeChange.body.details.errors).toEqual([{ field: 'customerType', message: expect.stringContaining('cannot change'), constraint: { enum: ['INDIVIDUAL'] } }]);
    const bad = await client.patch(`/customers/${created.id}`, { customerType: 'INDIVIDUAL', email: 'nope', fullName: 'Changed' });
    expect(bad.status).toBe(400);
    expect((await client.get(`/customers/${created.id}`)).body).toEqual(created);
  });

  it('deletes softly: isDeleted, accounts closed, 410 afterwards, hidden from lists unless asked', async () => {
    const created = (await client.post('/customers', individual({ platformCustomerId: 'gone' }))).body;
    const del = await client.delete(`/customers/${created.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ id: created.id, isDeleted: true });
    expect((await client.delete(`/customers/${created.id}`)).body.code).toBe('CUSTOMER_DELETED');
    expect((await client.delete(`/customers/${created.id}`)).status).toBe(410);
    expect((await client.patch(`/customers/${created.id}`, { customerType: 'INDIVIDUAL', fullName: 'x' })).status).toBe(410);
    expect((await client.get(`/customers/${created.id}`)).body.isDeleted).toBe(true);
    expect((await client.get('/customers')).body.data).toEqual([]);
    expect((await client.get('/customers?isIncludingDeleted=true')).body.data.map((c: any) => c.id)).toEqual([created.id]);
    const account = (await client.get(`/customers/internal-accounts?customerId=${created.id}`)).body.data[0];
    expect(account.status).toBe('CLOSED');
    // Funding has no 409 in the public description: a CLOSED account is bad input.
    const fund = await client.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 100 });
    expect(fund.status).toBe(400);
    expect(fund.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'accountId', message: expect.stringContaining('CLOSED') }] } });
    // A deleted customer's platformCustomerId can be used again.
    expect((await client.post('/customers', individual({ platformCustomerId: 'gone' }))).status).toBe(201);
  });
});

describe('GET /customers filters', () => {
  it('filters by type, platformCustomerId, umaAddress, currency, region and creation time', async () => {
    const jane = (await client.post('/customers', individual({ platformCustomerId: 'jane', region: 'US', currencies: ['USD'] }))).body;
    await client.post('/__admin/clock/advance', { seconds: 3600 });
    const acme = (await client.post('/customers', business({ platformCustomerId: 'acme', region: 'MX', currencies: ['MXN'] }))).body;
    const ids = async (query: string) => (await client.get(`/customers?${query}`)).body.data.map((c: any) => c.id);

    expect(await ids('')).toEqual([acme.id, jane.id]);
    expect(await ids('customerType=INDIVIDUAL')).toEqual([jane.id]);
    expect(await ids('customerType=BUSINESS')).toEqual([acme.id]);
    expect(await ids('platformCustomerId=acme')).toEqual([acme.id]);
    expect(await ids(`umaAddress=${encodeURIComponent(jane.umaAddress.toUpperCase())}`)).toEqual([jane.id]);
    expect(await ids('currency=MXN')).toEqual([acme.id]);
    expect(await ids('region=US')).toEqual([jane.id]);
    expect(await ids(`createdAfter=${encodeURIComponent(acme.createdAt)}`)).toEqual([acme.id]);
    expect(await ids(`createdBefore=${encodeURIComponent(jane.createdAt)}`)).toEqual([jane.id]);
    expect(await ids(`updatedAfter=${encodeURIComponent(jane.createdAt)}&customerType=INDIVIDUAL`)).toEqual([jane.id]);
  });

  it('filters by update and creation time at, just before and just after each bound (both bounds inclusive)', async () => {
    const jane = (await client.post('/customers', individual())).body;
    await client.post('/__admin/clock/advance', { seconds: 3600 });
    const acme = (await client.post('/customers', business())).body;
    await client.post('/__admin/clock/advance', { seconds: 60 });
    const updated = (await client.patch(`/customers/${jane.id}`, { customerType: 'INDIVIDUAL', fullName: 'Jane Roe' })).body;
    const [t0, t1, t2] = [Date.parse(jane.createdAt), Date.parse(acme.createdAt), Date.parse(updated.updatedAt)];
    expect([t1 - t0, t2 - t1]).toEqual([3_600_000, 60_000]);
    const at = (ms: number) => encodeURIComponent(new Date(ms).toISOString());
    const ids = async (query: string) => {
      const res = await client.get(`/customers?${query}`);
      expect(res.status).toBe(200);
      return res.body.data.map((c: any) => c.id);
    };

    expect(await ids(`updatedAfter=${at(t2)}`)).toEqual([jane.id]);
    expect(await ids(`updatedAfter=${at(t2 + 1)}`)).toEqual([]);
    expect(await ids(`updatedAfter=${at(t1)}`)).toEqual([acme.id, jane.id]);
    expect(await ids(`updatedAfter=${at(t1 + 1)}`)).toEqual([jane.id]);
    expect(await ids(`updatedBefore=${at(t1)}`)).toEqual([acme.id]);
    expect(await ids(`updatedBefore=${at(t1 - 1)}`)).toEqual([]);
    expect(await ids(`updatedBefore=${at(t2)}`)).toEqual([acme.id, jane.id]);
    expect(await ids(`updatedBefore=${at(t2 - 1)}`)).toEqual([acme.id]);
    expect(await ids(`createdBefore=${at(t0)}`)).toEqual([jane.id]);
    expect(await ids(`createdBefore=${at(t0 - 1)}`)).toEqual([]);
    expect(await ids(`createdAfter=${at(t1)}`)).toEqual([acme.id]);
    expect(await ids(`createdAfter=${at(t1 + 1)}`)).toEqual([]);
    // Both bounds together: a window holding only acme's creation and update.
    expect(await ids(`updatedAfter=${at(t1)}&updatedBefore=${at(t2 - 1)}`)).toEqual([acme.id]);
  });

  it('returns only the customers that pass every filter, deleted ones hidden under every index unless asked', async () => {
    const jane = (await client.post('/customers', individual({ platformCustomerId: 'jane', region: 'US' }))).body;
    const acme = (await client.post('/customers', business({ platformCustomerId: 'acme', region: 'MX', currencies: ['MXN'] }))).body;
    const gone = (await client.post('/customers', individual({ platformCustomerId: 'gone', region: 'US', currencies: ['USD'] }))).body;
    expect((await client.delete(`/customers/${gone.id}`)).status).toBe(200);
    const ids = async (query: string) => {
      const res = await client.get(`/customers?${query}`);
      expect(res.status).toBe(200);
      return res.body.data.map((c: any) => c.id);
    };

    // Two filters of which each customer passes one: none passes both.
    expect(await ids('customerType=BUSINESS&region=US')).toEqual([]);
    expect(await ids('customerType=INDIVIDUAL&region=MX')).toEqual([]);
    expect(await ids('platformCustomerId=jane&customerType=BUSINESS')).toEqual([]);
    expect(await ids('platformCustomerId=jane&customerType=INDIVIDUAL')).toEqual([jane.id]);
    // The deleted customer, found through each index, only when asked.
    expect(await ids('customerType=INDIVIDUAL')).toEqual([jane.id]);
    expect(await ids('customerType=INDIVIDUAL&isIncludingDeleted=true')).toEqual([gone.id, jane.id]);
    expect(await ids('platformCustomerId=gone')).toEqual([]);
    expect(await ids('platformCustomerId=gone&isIncludingDeleted=true')).toEqual([gone.id]);
    expect(await ids(`umaAddress=${encodeURIComponent(gone.umaAddress)}`)).toEqual([]);
    expect(await ids(`umaAddress=${encodeURIComponent(gone.umaAddress)}&isIncludingDeleted=true`)).toEqual([gone.id]);
    expect(await ids('region=US')).toEqual([jane.id]);
    expect(await ids('isIncludingDeleted=true')).toEqual([gone.id, acme.id, jane.id]);
    // jane gave no currencies: she matches no currency filter (her account's currency is not a stated currency).
    expect(jane.currencies).toBeUndefined();
    expect(await ids('currency=USD')).toEqual([]);
    expect(await ids('currency=USD&isIncludingDeleted=true')).toEqual([gone.id]);
    expect(await ids('currency=MXN')).toEqual([acme.id]);
  });

  it('rejects bad filter values with field errors', async () => {
    const res = await client.get('/customers?customerType=ROBOT&createdAfter=yesterday&region=usa&isIncludingDeleted=maybe');
    expect(res.status).toBe(400);
    expect(res.body.details.errors.map((e: any) => e.field).sort()).toEqual(['createdAfter', 'customerType', 'isIncludingDeleted', 'region']);
  });
});
