/** kyc-matrix: every customer it makes is complete, so POST /verifications gives each row's documented outcome. */
import { describe, expect, it } from 'vitest';
import { individual, type Client } from '../helpers.js';
import { customerByPlatformId, scenarioClient } from './helpers.js';

const submit = async (client: Client, customerId: string) => {
  const res = await client.post('/verifications', { customerId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.customerId).toBe(customerId);
  return res.body;
};

describe('kyc-matrix individuals (unregulated: UNVERIFIED until submitted)', () => {
  it.each([
    ['001', 'PENDING_MANUAL_REVIEW', 'PENDING'],
    ['002', 'REJECTED', 'REJECTED'],
    ['other', 'APPROVED', 'APPROVED'],
  ])('kyc-individual-%s: %s, kycStatus %s', async (row, verificationStatus, kycStatus) => {
    const client = scenarioClient('kyc-matrix');
    const customer = await customerByPlatformId(client, `kyc-individual-${row}`);
    expect(customer.kycStatus).toBe('UNVERIFIED');
    const verification = await submit(client, customer.id);
    expect(verification).toMatchObject({ verificationStatus, errors: [] });
    expect((await client.get(`/customers/${customer.id}`)).body.kycStatus).toBe(kycStatus);
  });

  it('kyc-individual-003: RESOLVE_ERRORS with POOR_QUALITY_DOCUMENT on its passport, kycStatus stays UNVERIFIED', async () => {
    const client = scenarioClient('kyc-matrix');
    const customer = await customerByPlatformId(client, 'kyc-individual-003');
    const documents = (await client.get(`/documents?documentHolder=${encodeURIComponent(customer.id)}`)).body.data;
    expect(documents).toMatchObject([{ documentType: 'PASSPORT', fileName: 'passport.png' }]);
    const verification = await submit(client, customer.id);
    expect(verification.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(verification.errors).toEqual([{ resourceId: documents[0].id, type: 'POOR_QUALITY_DOCUMENT', reason: expect.any(String) }]);
    expect((await client.get(`/customers/${customer.id}`)).body.kycStatus).toBe('UNVERIFIED');
  });
});

describe('kyc-matrix businesses (owners with lastName 001, 002, other)', () => {
  it.each([
    ['001', 'PENDING_MANUAL_REVIEW', 'PENDING', ['UNVERIFIED', 'UNVERIFIED', 'UNVERIFIED']],
    ['002', 'REJECTED', 'REJECTED', ['PENDING', 'REJECTED', 'APPROVED']],
    ['003', 'PENDING_MANUAL_REVIEW', 'PENDING', ['UNVERIFIED', 'UNVERIFIED', 'UNVERIFIED']],
    ['other', 'APPROVED', 'APPROVED', ['PENDING', 'REJECTED', 'APPROVED']],
  ])('kyb-business-%s: %s, kybStatus %s, owners %j', async (row, verificationStatus, kybStatus, owners) => {
    const client = scenarioClient('kyc-matrix');
    const business = await customerByPlatformId(client, `kyb-business-${row}`);
    expect(business.kybStatus).toBe('UNVERIFIED');
    expect(business.beneficialOwners.map((o: any) => o.personalInfo.lastName).sort()).toEqual(['Owner', 'Owner 001', 'Owner 002']);
    const verification = await submit(client, business.id);
    expect(verification).toMatchObject({ verificationStatus, errors: [] });
    const after = (await client.get(`/customers/${business.id}`)).body;
    expect(after.kybStatus).toBe(kybStatus);
    const byName = Object.fromEntries(after.beneficialOwners.map((o: any) => [o.personalInfo.lastName, o.kycStatus]));
    expect([byName['Owner 001'], byName['Owner 002'], byName['Owner']]).toEqual(owners);
  });
});

describe('kyc-matrix and the regulated mode', () => {
  it('PATCH /config regulated applies suffixes at creation to new customers only', async () => {
    const client = scenarioClient('kyc-matrix');
    expect((await client.get('/config')).body.isRegulatedFinancialInstitution).toBe(false);
    expect((await client.patch('/config', { isRegulatedFinancialInstitution: true })).status).toBe(200);
    const created = await client.post('/customers', individual({ fullName: 'New Person 002' }));
    expect(created.status).toBe(201);
    expect(created.body.kycStatus).toBe('REJECTED');
    const existing = await customerByPlatformId(client, 'kyc-individual-002');
    expect(existing.kycStatus).toBe('UNVERIFIED');
    expect((await submit(client, existing.id)).verificationStatus).toBe('REJECTED');
  });
});
