import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { business, fixtureFile, individual, makeSandbox, type Client } from '../helpers.js';

let client: Client;
let customerId: string;
beforeEach(async () => {
  client = makeSandbox().client();
  customerId = (await client.post('/customers', individual())).body.id;
});

const upload = (fields: Record<string, string | Blob>) => client.upload('/documents', { documentHolder: customerId, documentType: 'PASSPORT', country: 'US', ...fields });

describe('POST /documents', () => {
  it.each([
    ['passport.png', 'PASSPORT'],
    ['drivers-license.jpg', 'DRIVERS_LICENSE'],
    ['certificate.pdf', 'NATIONAL_ID'],
  ] as const)('stores a %s', async (name, documentType) => {
    const res = await upload({ documentType, file: fixtureFile(name), documentNumber: 'X1234567', issuingAuthority: 'State Dept', side: 'FRONT' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^Document:[0-9a-f-]{36}$/),
      documentHolder: customerId,
      documentType,
      side: 'FRONT',
      country: 'US',
      documentNumber: 'X1234567',
      issuingAuthority: 'State Dept',
      fileName: name,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await client.get(`/documents/${res.body.id}`)).body).toEqual(res.body);
  });

  it('judges a file by its content, not its name', async () => {
    const disguised = await upload({ file: new File([Buffer.from('just some text, not an image')], 'passport.png') });
    expect(disguised.status).toBe(400);
    expect(disguised.body.details.errors).toEqual([{ field: 'file', message: 'The file must be a JPEG, PNG or PDF (checked by its content, not its name)' }]);
    const renamed = await upload({ file: fixtureFile('certificate.pdf', 'scan.txt') });
    expect(renamed.status).toBe(201);
  });

  it('rejects an empty file and a missing file', async () => {
    const empty = await upload({ file: new File([], 'empty.png') });
    expect(empty.status).toBe(400);
    expect(empty.body.details.errors).toEqual([{ field: 'file', message: 'The file is empty' }]);
    const missing = await upload({});
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors.map((e: any) => e.field)).toEqual(['file']);
  });

  it('rejects a file over 10 MB with 413 and a field error on file', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    readFileSync(new URL('../../fixtures/passport.png', import.meta.url)).copy(big);
    const res = await upload({ file: new File([big], 'huge.png') });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { errors: [{ field: 'file', message: 'The file is larger than 10 MB' }] } });
    const exact = Buffer.alloc(10 * 1024 * 1024, 0);
    readFileSync(new URL('../../fixtures/passport.png', import.meta.url)).copy(exact);
    expect((await upload({ file: new File([exact], 'limit.png') })).status).toBe(201);
  });

  it('refuses an upload body over the limit with 413 before reading it, declared or chunked', async () => {
    const { app } = makeSandbox();
    const body = Buffer.alloc(10 * 1024 * 1024 + 64 * 1024 + 1, 0x20);
    const headers = { authorization: `Basic ${Buffer.from('test-client:test-secret').toString('base64')}`, 'content-type': 'multipart/form-data; boundary=x' };
    const declared = await app.request('/2025-10-13/documents', { method: 'POST', headers: { ...headers, 'content-length': String(body.length) }, body });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { errors: [{ field: 'file' }] } });
    const chunks = new ReadableStream({ start(controller) { controller.enqueue(body.subarray(0, 1 << 20)); controller.enqueue(body.subarray(1 << 20)); controller.close(); } });
    const chunked = await app.request('/2025-10-13/documents', { method: 'POST', headers, body: chunks, duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('reports every invalid metadata field at once', async () => {
    const res = await client.upload('/documents', { documentType: 'SELFIE_STICK', country: 'usa', file: fixtureFile('passport.png') });
    expect(res.status).toBe(400);
    expect(res.body.details.errors.map((e: any) => e.field)).toEqual(['documentHolder', 'documentType', 'country']);
  });

  it('404s an unknown holder and 410s a deleted customer', async () => {
    const unknown = await upload({ documentHolder: 'Customer:00000000-0000-4000-8000-000000000000', file: fixtureFile('passport.png') });
    expect(unknown.status).toBe(404);
    await client.delete(`/customers/${customerId}`);
    expect((await upload({ file: fixtureFile('passport.png') })).status).toBe(410);
  });

  it('accepts a beneficial owner as holder', async () => {
    const biz = (await client.post('/customers', business())).body.id;
    const owner = (
      await client.post('/beneficial-owners', {
        customerId: biz,
        roles: ['UBO'],
        ownershipPercentage: 60,
        personalInfo: { firstName: 'Olive', lastName: 'Owner', birthDate: '1980-05-05', nationality: 'US', address: { line1: '1 Main', postalCode: '10001', country: 'US' }, idType: 'SSN', identifier: '123-45-6789' },
      })
    ).body.id;
    const res = await upload({ documentHolder: owner, file: fixtureFile('passport.png') });
    expect(res.status).toBe(201);
    expect((await client.get(`/documents?documentHolder=${owner}`)).body.data.map((d: any) => d.id)).toEqual([res.body.id]);
  });

  it.each([
    ['X0000201', 'LOW_QUALITY'],
    ['X0000202', 'DATA_MISMATCH'],
    ['X0000203', 'EXPIRED'],
    ['X0000204', 'SUSPECTED_FRAUD'],
    ['X0000205', 'UNSUITABLE_DOCUMENT'],
    ['X0000206', 'INCOMPLETE'],
  ])('rejects documentNumber %s with 400 %s and stores nothing', async (documentNumber, code) => {
    const res = await upload({ documentNumber, file: fixtureFile('passport.png') });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, status: 400, details: { field: 'documentNumber' } });
    expect((await client.get(`/documents?documentHolder=${customerId}`)).body.totalCount).toBe(0);
  });
});

describe('list, replace and delete', () => {
  it('lists newest first, filters by holder, paginates', async () => {
    const other = (await client.post('/customers', individual())).body.id;
    const a = (await upload({ file: fixtureFile('passport.png') })).body.id;
    const b = (await upload({ file: fixtureFile('drivers-license.jpg'), documentType: 'DRIVERS_LICENSE' })).body.id;
    const c = (await upload({ documentHolder: other, file: fixtureFile('passport.png') })).body.id;
    expect((await client.get('/documents')).body.data.map((d: any) => d.id)).toEqual([c, b, a]);
    expect((await client.get(`/documents?documentHolder=${customerId}`)).body.data.map((d: any) => d.id)).toEqual([b, a]);
    const page = (await client.get('/documents?limit=2')).body;
    expect(page).toMatchObject({ hasMore: true, totalCount: 3 });
  });

  it('replaces the file and metadata, keeping the id and holder', async () => {
    const original = (await upload({ file: fixtureFile('passport.png'), documentNumber: 'X0000201' })).body;
    expect(original.code).toBe('LOW_QUALITY');
    const stored = (await upload({ file: fixtureFile('passport.png'), documentNumber: 'P1' })).body;
    const res = await client.upload(`/documents/${stored.id}`, { documentType: 'NATIONAL_ID', country: 'MX', file: fixtureFile('certificate.pdf') }, 'PUT');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: stored.id, documentHolder: customerId, documentType: 'NATIONAL_ID', country: 'MX', fileName: 'certificate.pdf' });
    expect(res.body.documentNumber).toBeUndefined();
    const rejected = await client.upload(`/documents/${stored.id}`, { documentType: 'PASSPORT', country: 'US', documentNumber: 'Z203', file: fixtureFile('passport.png') }, 'PUT');
    expect(rejected.body.code).toBe('EXPIRED');
    expect((await client.get(`/documents/${stored.id}`)).body.documentType).toBe('NATIONAL_ID');
  });

  it('deletes with 204, then 404', async () => {
    const id = (await upload({ file: fixtureFile('passport.png') })).body.id;
    expect((await client.delete(`/documents/${id}`)).status).toBe(204);
    expect((await client.get(`/documents/${id}`)).status).toBe(404);
    expect((await client.delete(`/documents/${id}`)).status).toBe(404);
  });

  it('refuses to delete a document a decided verification relied on', async () => {
    const id = (await upload({ file: fixtureFile('passport.png') })).body.id;
    await client.patch(`/customers/${customerId}`, { customerType: 'INDIVIDUAL', idType: 'SSN', identifier: '123-45-6789' });
    expect((await client.post('/verifications', { customerId })).body.verificationStatus).toBe('APPROVED');
    const res = await client.delete(`/documents/${id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
  });
});

describe('storage', () => {
  it('keeps the bytes beside the tenant file, not only in memory, and removes them on delete', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paysandbox-docs-'));
    try {
      const sandbox = makeSandbox({ dataDir: dir });
      const c = sandbox.client('docs', 's');
      const holder = (await c.post('/customers', individual())).body.id;
      const doc = (await c.upload('/documents', { documentHolder: holder, documentType: 'PASSPORT', country: 'US', file: fixtureFile('passport.png') })).body;
      const filesDir = readdirSync(join(dir, 'tenants')).find((n) => n.endsWith('.files'))!;
      const stored = readdirSync(join(dir, 'tenants', filesDir));
      expect(stored.map(decodeURIComponent)).toEqual([doc.id]);
      expect(readFileSync(join(dir, 'tenants', filesDir, stored[0]!))).toEqual(readFileSync(new URL('../../fixtures/passport.png', import.meta.url)));
      await c.delete(`/documents/${doc.id}`);
      expect(readdirSync(join(dir, 'tenants', filesDir))).toEqual([]);
      await sandbox.registry.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
