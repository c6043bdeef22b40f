import { beforeEach, describe, expect, it } from 'vitest';
import { business, fixtureFile, individual, makeSandbox, type Client } from '../helpers.js';

let client: Client;
let businessId: string;
beforeEach(async () => {
  client = makeSandbox().client();
  businessId = (await client.post('/customers', business())).body.id;
});

const personalInfo = (lastName = 'Owner', extra: Record<string, unknown> = {}) => ({
  firstName: 'Olive',
  lastName,
  birthDate: '1980-05-05',
  nationality: 'US',
  address: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '73301', country: 'US' },
  idType: 'SSN',
  identifier: '123-45-6789',
  ...extra,
});
const owner = (overrides: Record<string, unknown> = {}) => ({ customerId: businessId, roles: ['UBO'], ownershipPercentage: 40, personalInfo: personalInfo(), ...overrides });

describe('beneficial owners', () => {
  it('creates an owner, UNVERIFIED, and shows it on its business', async () => {
    const res = await client.post('/beneficial-owners', owner());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^BeneficialOwner:[0-9a-f-]{36}$/),
      customerId: businessId,
      roles: ['UBO'],
      ownershipPercentage: 40,
      personalInfo: personalInfo(),
      kycStatus: 'UNVERIFIED',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await client.get(`/beneficial-owners/${res.body.id}`)).body).toEqual(res.body);
    expect((await client.get(`/customers/${businessId}`)).body.beneficialOwners).toEqual([res.body]);
  });

  it('reports every invalid field at once', async () => {
    const res = await client.post('/beneficial-owners', {
      customerId: businessId,
      roles: ['OWNER'],
      ownershipPercentage: 101,
      personalInfo: { ...personalInfo(), birthDate: '05/05/1980', identifier: '123456789', address: { line1: 'x' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.errors.map((e: any) => e.field)).toEqual([
      'roles.0',
      'ownershipPercentage',
      'personalInfo.birthDate',
      'personalInfo.address.postalCode',
      'personalInfo.address.country',
      'personalInfo.identifier',
    ]);
  });

  it('belongs to a business customer only, and a known one', async () => {
    const person = (await client.post('/customers', individual())).body.id;
    const res = await client.post('/beneficial-owners', owner({ customerId: person }));
    expect(res.status).toBe(400);
    expect(res.body.details.errors).toEqual([{ field: 'customerId', message: expect.stringContaining('business customers') }]);
    expect((await client.post('/beneficial-owners', owner({ customerId: 'Customer:00000000-0000-4000-8000-000000000000' }))).status).toBe(404);
  });

  it('keeps the owners of one business at 100% or less', async () => {
    await client.post('/beneficial-owners', owner({ ownershipPercentage: 70 }));
    const res = await client.post('/beneficial-owners', owner({ ownershipPercentage: 40 }));
    expect(res.status).toBe(400);
    expect(res.body.details.errors).toEqual([{ field: 'ownershipPercentage', message: 'The other owners already hold 70%; at most 30% is left' }]);
    expect((await client.post('/beneficial-owners', owner({ ownershipPercentage: 30 }))).status).toBe(201);
  });

  it('lists the owners of a business, requiring customerId', async () => {
    const a = (await client.post('/beneficial-owners', owner({ ownershipPercentage: 10 }))).body.id;
    const b = (await client.post('/beneficial-owners', owner({ ownershipPercentage: 10 }))).body.id;
    expect((await client.get(`/beneficial-owners?customerId=${businessId}`)).body).toMatchObject({ data: [{ id: b }, { id: a }], hasMore: false, totalCount: 2 });
    const missing = await client.get('/beneficial-owners');
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors).toEqual([{ field: 'customerId', message: 'Required' }]);
  });

  it('updates only what is sent, merging personalInfo', async () => {
    const created = (await client.post('/beneficial-owners', owner())).body;
    const res = await client.patch(`/beneficial-owners/${created.id}`, { roles: ['DIRECTOR', 'UBO'], personalInfo: { lastName: 'Renamed' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ roles: ['DIRECTOR', 'UBO'], ownershipPercentage: 40, personalInfo: { ...personalInfo(), lastName: 'Renamed' } });
    const bad = await client.patch(`/beneficial-owners/${created.id}`, { ownershipPercentage: -1, personalInfo: { nationality: 'usa' } });
    expect(bad.body.details.errors.map((e: any) => e.field)).toEqual(['ownershipPercentage', 'personalInfo.nationality']);
    expect((await client.get(`/beneficial-owners/${created.id}`)).body).toEqual(res.body);
  });

  it('deletes an owner and its documents', async () => {
    const created = (await client.post('/beneficial-owners', owner())).body;
    await client.upload('/documents', { documentHolder: created.id, documentType: 'PASSPORT', country: 'US', file: fixtureFile('passport.png') });
    expect((await client.delete(`/beneficial-owners/${created.id}`)).status).toBe(204);
    expect((await client.get(`/beneficial-owners/${created.id}`)).status).toBe(404);
    expect((await client.get(`/documents?documentHolder=${created.id}`)).body.totalCount).toBe(0);
  });
});
