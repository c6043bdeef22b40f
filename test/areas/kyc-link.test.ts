import { beforeEach, describe, expect, it } from 'vitest';
import { address, business, fixtureFile, individual, makeSandbox } from '../helpers.js';
import { DOCUMENT_TYPES } from '../../src/areas/documents/documents.schemas.js';

let sandbox: ReturnType<typeof makeSandbox>;
let client: ReturnType<ReturnType<typeof makeSandbox>['client']>;
beforeEach(() => {
  sandbox = makeSandbox();
  client = sandbox.client();
});

const pathOf = (url: string) => new URL(url).pathname;

function form(fields: Record<string, string | Blob>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

describe('hosted verification links', () => {
  // The suffix decides at creation when paperwork is skipped; a decided verification is final (spec), for the link as for POST /verifications.
  it.each([
    ['Jane Doe 001', 'PENDING', 201],
    ['Jane Doe 003', 'UNVERIFIED', 201],
    ['Jane Doe 002', 'REJECTED', 400],
    ['Jane Doe', 'APPROVED', 400],
  ])('a link for %s (%s) answers %i', async (fullName, kycStatus, status) => {
    expect((await client.patch('/config', { skipVerificationPaperwork: true })).status).toBe(200);
    const customer = (await client.post('/customers', individual({ fullName }))).body;
    expect(customer.kycStatus).toBe(kycStatus);
    const res = await client.post(`/customers/${customer.id}/kyc-link`);
    expect(res.status).toBe(status);
    if (status === 400) {
      expect(res.body).toMatchObject({ code: 'INVALID_INPUT', reason: `Customer ${customer.id} is already ${kycStatus}; its verification is final`, details: { customerId: customer.id, status: kycStatus } });
      expect((await client.get(`/customers/${customer.id}/kyc-link`)).status).toBe(400);
    } else expect(res.body.provider).toBe('SUMSUB');
  });

  it('creates a single-use link to a page the sandbox serves', async () => {
    const customerId = (await client.post('/customers', individual())).body.id;
    const res = await client.post(`/customers/${customerId}/kyc-link`, { redirectUri: 'https://app.example.com/kyc-done' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ kycUrl: expect.stringMatching(/^http:\/\/localhost\/hosted\/kyc\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{32}$/), expiresAt: expect.any(String), provider: 'SUMSUB', token: expect.any(String) });
    const now = Date.parse((await client.get('/__admin/clock')).body.now);
    expect(Date.parse(res.body.expiresAt) - now).toBeGreaterThan(59 * 60_000);
    expect((await client.get(`/customers/${customerId}/kyc-link`)).status).toBe(200);
    expect((await client.get('/customers/Customer:00000000-0000-4000-8000-000000000000/kyc-link')).status).toBe(404);
    expect((await client.post(`/customers/${customerId}/kyc-link`, { redirectUri: 'not a url' })).status).toBe(400);
  });

  it('lets a person complete an individual verification in the browser, as the API would', async () => {
    const customerId = (await client.post('/customers', individual({ address: undefined }))).body.id;
    const link = (await client.post(`/customers/${customerId}/kyc-link`, { redirectUri: 'https://app.example.com/done' })).body;
    const page = await sandbox.app.request(pathOf(link.kycUrl));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<label for="address.city">City</label>');
    expect(html).toContain('value="Jane Doe"');

    const incomplete = await sandbox.app.request(pathOf(link.kycUrl), { method: 'POST', body: form({ idType: 'SSN', identifier: '123-45-6789' }) });
    expect(incomplete.status).toBe(200);
    expect(await incomplete.text()).toContain('Still needed');
    expect((await client.get(`/verifications?customerId=${customerId}`)).body.data[0].verificationStatus).toBe('RESOLVE_ERRORS');

    const done = await sandbox.app.request(pathOf(link.kycUrl), {
      method: 'POST',
      body: form({ 'address.line1': '1 Main St', 'address.city': 'Austin', 'address.state': 'TX', 'address.postalCode': '73301', 'address.country': 'US', documentType: 'PASSPORT', file: fixtureFile('passport.png') }),
    });
    const text = await done.text();
    expect(done.status).toBe(200);
    expect(text).toContain('<p class="status" role="status">APPROVED</p>');
    expect(text).toContain('href="https://app.example.com/done?status=APPROVED"');
    expect((await client.get(`/customers/${customerId}`)).body.kycStatus).toBe('APPROVED');
    expect((await client.get(`/documents?documentHolder=${customerId}`)).body.totalCount).toBe(1);

    const reused = await sandbox.app.request(pathOf(link.kycUrl));
    expect(reused.status).toBe(410);
    expect(await reused.text()).toContain('already used');
  });

  it('takes a document of exactly 10 MB, and answers a larger upload with a page (413) before reading it', async () => {
    const customerId = (await client.post('/customers', individual({ address: undefined }))).body.id;
    const link = (await client.post(`/customers/${customerId}/kyc-link`)).body;
    const tooLarge = await sandbox.app.request(pathOf(link.kycUrl), {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(10 * 1024 * 1024 + 64 * 1024 + 1) },
      body: Buffer.alloc(10 * 1024 * 1024 + 64 * 1024 + 1, 0x20),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await tooLarge.text()).toContain('The document is larger than 10 MB.');
    expect((await client.get(`/documents?documentHolder=${customerId}`)).body.totalCount).toBe(0);

    const exact = Buffer.alloc(10 * 1024 * 1024, 0);
    const png = Buffer.from(await fixtureFile('passport.png').arrayBuffer());
    png.copy(exact);
    const done = await sandbox.app.request(pathOf(link.kycUrl), {
      method: 'POST',
      body: form({ idType: 'SSN', identifier: '123-45-6789', 'address.line1': '1 Main St', 'address.city': 'Austin', 'address.state': 'TX', 'address.postalCode': '73301', 'address.country': 'US', documentType: 'PASSPORT', file: new File([exact], 'limit.png', { type: 'image/png' }) }),
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('<p class="status" role="status">APPROVED</p>');
    expect((await client.get(`/documents?documentHolder=${customerId}`)).body.totalCount).toBe(1);
  });

  it('shows field errors on the page and changes nothing', async () => {
    const customerId = (await client.post('/customers', individual())).body.id;
    const link = (await client.post(`/customers/${customerId}/kyc-link`)).body;
    const res = await sandbox.app.request(pathOf(link.kycUrl), { method: 'POST', body: form({ birthDate: 'yesterday' }) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('birthDate: Must be a valid date');
    expect((await client.get(`/customers/${customerId}`)).body.birthDate).toBe('1990-01-31');
  });

  it('approves a regulated business with a final suffix without asking for documents', async () => {
    await client.patch('/config', { isRegulatedFinancialInstitution: true });
    const customerId = (await client.post('/customers', business())).body.id;
    const link = (await client.post(`/customers/${customerId}/kyc-link`)).body;
    const res = await sandbox.app.request(pathOf(link.kycUrl), { method: 'POST', body: form({}) });
    expect(await res.text()).toContain('APPROVED');
    expect((await client.get(`/customers/${customerId}`)).body.kybStatus).toBe('APPROVED');
  });

  it('offers the documents the customer type needs, and shows what is on file and what is still needed', async () => {
    const options = (html: string) => [...html.matchAll(/<option value="([A-Z_]+)">/g)].map((m) => m[1]);
    const person = (await client.post('/customers', individual({ fullName: 'Ann Lee' }))).body.id;
    const personLink = (await client.post(`/customers/${person}/kyc-link`, { redirectUri: 'https://app.example.com/done?from=kyc' })).body;
    let html = await (await sandbox.app.request(pathOf(personLink.kycUrl))).text();
    expect(html).toContain('<h1>Verify Ann Lee</h1>');
    expect(options(html)).toEqual(['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID']);
    expect(html).not.toContain('Documents on file');
    expect(html).not.toContain('Beneficial owners');
    expect((await client.upload('/documents', { documentHolder: person, documentType: 'PASSPORT', country: 'US', file: fixtureFile('passport.png') })).status).toBe(201);
    html = await (await sandbox.app.request(pathOf(personLink.kycUrl))).text();
    expect(html).toContain('<p>Documents on file: PASSPORT (passport.png)</p>');
    const incomplete = await (await sandbox.app.request(pathOf(personLink.kycUrl), { method: 'POST', body: form({ 'address.line1': '' }) })).text();
    const missing = (await client.get(`/verifications?customerId=${person}`)).body.data[0].errors as Array<{ field?: string; type: string; reason: string }>;
    expect(missing.length).toBeGreaterThan(0);
    expect(incomplete).toContain('<p>Still needed:</p>');
    for (const e of missing) expect(incomplete).toContain(`<li>${e.field ?? e.type}: ${e.reason}</li>`);
    const done = await (
      await sandbox.app.request(pathOf(personLink.kycUrl), {
        method: 'POST',
        body: form({ 'address.line1': '1 Main St', 'address.city': 'Austin', 'address.state': 'TX', 'address.postalCode': '73301', 'address.country': 'US', idType: 'SSN', identifier: '123-45-6789', documentType: 'PASSPORT', file: fixtureFile('passport.png') }),
      })
    ).text();
    // The way back keeps the query the app gave it.
    expect(done).toContain('href="https://app.example.com/done?from=kyc&amp;status=APPROVED"');

    const company = (await client.post('/customers', business({ businessInfo: { legalName: 'Acme & Sons', country: 'US', registrationNumber: 'REG-1', incorporatedOn: '2015-06-01', taxId: '12-3456789' } }))).body.id;
    const companyLink = (await client.post(`/customers/${company}/kyc-link`)).body;
    html = await (await sandbox.app.request(pathOf(companyLink.kycUrl))).text();
    expect(html).toContain('<h1>Verify Acme &amp; Sons</h1>');
    expect(options(html)).toEqual(DOCUMENT_TYPES.filter((t) => !['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID', 'SELFIE'].includes(t)));
    expect(options(html)).toContain('CERTIFICATE_OF_INCORPORATION');
    expect(html).toContain('<p>Beneficial owners: none yet; add them with POST /beneficial-owners</p>');
    const owner = await client.post('/beneficial-owners', { customerId: company, roles: ['UBO'], ownershipPercentage: 40, personalInfo: { firstName: 'Sam', lastName: 'Poe', birthDate: '1980-05-05', nationality: 'US', address, idType: 'SSN', identifier: '123-45-6789' } });
    expect(owner.status, JSON.stringify(owner.body)).toBe(201);
    html = await (await sandbox.app.request(pathOf(companyLink.kycUrl))).text();
    expect(html).toContain('<p>Beneficial owners: Sam Poe (UNVERIFIED)</p>');
  });

  it('escapes everything it renders', async () => {
    const customerId = (await client.post('/customers', individual({ fullName: '<script>alert("x")</script>' }))).body.id;
    const link = (await client.post(`/customers/${customerId}/kyc-link`)).body;
    const html = await (await sandbox.app.request(pathOf(link.kycUrl))).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('refuses unknown and expired links', async () => {
    expect((await sandbox.app.request('/hosted/kyc/nonsense')).status).toBe(404);
    const customerId = (await client.post('/customers', individual())).body.id;
    const link = (await client.post(`/customers/${customerId}/kyc-link`)).body;
    await client.post('/__admin/clock/advance', { seconds: 3601 });
    const expired = await sandbox.app.request(pathOf(link.kycUrl));
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('expired');
  });
});
