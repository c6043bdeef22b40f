import { beforeEach, describe, expect, it } from 'vitest';
import { address, business, fixtureFile, individual, makeSandbox, type Client } from '../helpers.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const IDENTITY_TYPES = ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'];
const INDIVIDUAL_FIELDS = ['fullName', 'birthDate', 'nationality', 'idType', 'identifier', 'address.line1', 'address.city', 'address.state', 'address.postalCode', 'address.country'];
const ADDRESS_FIELDS = ['address.line1', 'address.city', 'address.state', 'address.postalCode', 'address.country'];
const ID = { idType: 'SSN', identifier: '123-45-6789' };

/** Individuals by fullName suffix, and businesses by registrationNumber suffix. */
const NAMES = ['Ann Lee 001', 'Ann Lee 002', 'Ann Lee 003', 'Jane Doe'];
const REGISTRATIONS = ['REG-001', 'REG-002', 'REG-003', 'REG-000'];
/** Owners by lastName suffix (001, 002, other) and what a suffix-resolved business makes of them. */
const OWNER_NAMES = ['Smith 001', 'Smith 002', 'Smith'];
const OWNERS_RESOLVED = ['PENDING', 'REJECTED', 'APPROVED'];
const OWNERS_UNTOUCHED = ['UNVERIFIED', 'UNVERIFIED', 'UNVERIFIED'];

type Config = Record<string, boolean>;
const REGULATED: Array<[string, Config]> = [
  ['isRegulatedFinancialInstitution', { isRegulatedFinancialInstitution: true }],
  ['skipVerificationPaperwork', { skipVerificationPaperwork: true }],
];
const MODES: Array<[string, Config, boolean]> = [['unregulated', {}, false], ...REGULATED.map(([name, config]): [string, Config, boolean] => [`regulated via ${name}`, config, true])];

let client: Client;
beforeEach(() => {
  client = makeSandbox().client();
});

async function useMode(config: Config) {
  const res = Object.keys(config).length > 0 ? await client.patch('/config', config) : await client.get('/config');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ isRegulatedFinancialInstitution: false, skipVerificationPaperwork: false, ...config });
}

async function createCustomer(body: Record<string, unknown>) {
  const res = await client.post('/customers', body);
  expect(res.status).toBe(201);
  return res.body;
}

async function upload(holderId: string, documentType: string, file = fixtureFile('passport.png')) {
  const res = await client.upload('/documents', { file, documentHolder: holderId, documentType, country: 'US' });
  expect(res.status).toBe(201);
  return res.body;
}

const uploadIdentity = (holderId: string, documentType = 'PASSPORT') => upload(holderId, documentType);

/** An individual with every field, idType/identifier and a passport. */
async function completeIndividual(fullName: string) {
  const customer = await createCustomer(individual({ fullName, ...ID }));
  const document = await uploadIdentity(customer.id);
  return { customer, document };
}

const submit = (customerId: string) => client.post('/verifications', { customerId });

async function submitted(customerId: string) {
  const res = await submit(customerId);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ customerId, createdAt: expect.stringMatching(ISO) });
  expect(res.body.id).toMatch(/^Verification:/);
  return res.body;
}

const customer = async (id: string) => (await client.get(`/customers/${id}`)).body;
const verificationsOf = async (customerId: string) => (await client.get(`/verifications?customerId=${encodeURIComponent(customerId)}`)).body.data;

async function events(type?: string): Promise<any[]> {
  const res = await client.get(`/__admin/events?limit=100${type ? `&type=${encodeURIComponent(type)}` : ''}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

/** The CUSTOMER.* events about one customer, newest first. */
const customerEvents = async (id: string) => (await events()).filter((e) => e.type.startsWith('CUSTOMER.') && e.data.id === id);

/** The verification was recorded as VERIFICATION.<status> carrying it. */
async function expectVerificationEvent(verification: any) {
  const matching = (await events(`VERIFICATION.${verification.verificationStatus}`)).filter((e) => e.data.id === verification.id);
  expect(matching).toHaveLength(1);
  expect(matching[0]).toEqual({ id: expect.stringMatching(/^Webhook:/), type: `VERIFICATION.${verification.verificationStatus}`, timestamp: expect.stringMatching(ISO), data: verification });
}

const missingField = (resourceId: string, field: string) => ({ resourceId, type: 'MISSING_FIELD', field, reason: expect.any(String) });
const missingFields = (resourceId: string, fields: string[]) => fields.map((f) => missingField(resourceId, f));
const missingIdentity = (resourceId: string) => ({ resourceId, type: 'MISSING_IDENTITY_DOCUMENT', acceptedDocumentTypes: IDENTITY_TYPES, reason: expect.any(String) });
const missingDocument = (type: string, example: string) => (resourceId: string) => ({ resourceId, type, acceptedDocumentTypes: expect.arrayContaining([example]), reason: expect.any(String) });
const missingLegal = missingDocument('MISSING_LEGAL_PRESENCE_DOCUMENT', 'CERTIFICATE_OF_INCORPORATION');
const missingOwnership = missingDocument('MISSING_OWNERSHIP_STRUCTURE_DOCUMENT', 'SHAREHOLDER_REGISTER');
const missingProof = missingDocument('MISSING_PROOF_OF_ADDRESS_DOCUMENT', 'UTILITY_BILL');
const missingOwner = (resourceId: string) => ({ resourceId, type: 'MISSING_BENEFICIAL_OWNER', reason: expect.any(String) });
const emptyPacketErrors = (id: string) => [missingLegal(id), missingOwnership(id), missingProof(id), missingOwner(id)];

/** The three business documents, each with the error its absence gives. */
const BUSINESS_DOCUMENTS: Array<[string, (id: string) => object]> = [
  ['CERTIFICATE_OF_INCORPORATION', missingLegal],
  ['SHAREHOLDER_REGISTER', missingOwnership],
  ['UTILITY_BILL', missingProof],
];

const businessBody = (registrationNumber: string, overrides: Record<string, unknown> = {}) =>
  business({ businessInfo: { legalName: 'Acme Inc', country: 'US', registrationNumber, incorporatedOn: '2015-06-01', taxId: '12-3456789' }, ...overrides });

async function addOwner(businessId: string, lastName: string, ownershipPercentage = 30) {
  const res = await client.post('/beneficial-owners', {
    customerId: businessId,
    roles: ['UBO'],
    ownershipPercentage,
    personalInfo: { firstName: 'Sam', lastName, birthDate: '1980-05-05', nationality: 'US', address, ...ID },
  });
  expect(res.status).toBe(201);
  expect(res.body.kycStatus).toBe('UNVERIFIED');
  return res.body;
}

/** Uploads business documents (all three unless told) and adds owners, each with a driver's license unless told. */
async function fillPacket(businessId: string, ownerLastNames: string[], { documents = BUSINESS_DOCUMENTS.map(([t]) => t), ownerIdentity = true } = {}) {
  for (const type of documents) await upload(businessId, type, fixtureFile('certificate.pdf'));
  const owners: any[] = [];
  for (const lastName of ownerLastNames) {
    const owner = await addOwner(businessId, lastName);
    if (ownerIdentity) await uploadIdentity(owner.id, 'DRIVERS_LICENSE');
    owners.push(owner);
  }
  return owners;
}

async function completeBusiness(registrationNumber: string, ownerLastNames: string[] = ['Smith'], options: { ownerIdentity?: boolean } = {}) {
  const created = await createCustomer(businessBody(registrationNumber));
  const owners = await fillPacket(created.id, ownerLastNames, options);
  return { business: created, owners };
}

/** Each owner's kycStatus, read from GET /beneficial-owners/{id} and from the business. */
async function expectOwners(businessId: string, owners: any[], statuses: string[]) {
  for (const [i, owner] of owners.entries()) {
    const res = await client.get(`/beneficial-owners/${owner.id}`);
    expect(res.status).toBe(200);
    expect(res.body.kycStatus, owner.personalInfo.lastName).toBe(statuses[i]);
  }
  const listed = (await customer(businessId)).beneficialOwners;
  expect(listed.map((o: any) => [o.id, o.kycStatus])).toEqual(owners.map((o, i) => [o.id, statuses[i]]));
}

describe('individual KYC on an unregulated platform', () => {
  beforeEach(() => useMode({}));

  it.each(NAMES)('creates %s UNVERIFIED; an incomplete submission lists every missing item and changes nothing', async (fullName) => {
    const created = await createCustomer({ customerType: 'INDIVIDUAL', fullName });
    expect(created.kycStatus).toBe('UNVERIFIED');
    const verification = await submitted(created.id);
    expect(verification.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(verification.errors).toEqual([...missingFields(created.id, INDIVIDUAL_FIELDS.slice(1)), missingIdentity(created.id)]);
    expect((await customer(created.id)).kycStatus).toBe('UNVERIFIED');
    expect(await customerEvents(created.id)).toEqual([]);
    await expectVerificationEvent(verification);
  });

  it('lists all ten fields in order, then the identity document, for a customer with nothing', async () => {
    const created = await createCustomer({ customerType: 'INDIVIDUAL' });
    const verification = await submitted(created.id);
    expect(verification).toMatchObject({ verificationStatus: 'RESOLVE_ERRORS' });
    expect(verification.errors).toEqual([...missingFields(created.id, INDIVIDUAL_FIELDS), missingIdentity(created.id)]);
  });

  it.each(NAMES)('%s with every field but no identity document gets only MISSING_IDENTITY_DOCUMENT', async (fullName) => {
    const created = await createCustomer(individual({ fullName, ...ID }));
    const verification = await submitted(created.id);
    expect(verification.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(verification.errors).toEqual([missingIdentity(created.id)]);
    expect((await customer(created.id)).kycStatus).toBe('UNVERIFIED');
  });

  it('names missing address parts by dot path', async () => {
    const created = await createCustomer(individual({ ...ID, address: { line1: '1 Market St', postalCode: '94105', country: 'US' } }));
    await uploadIdentity(created.id);
    const verification = await submitted(created.id);
    expect(verification.errors).toEqual(missingFields(created.id, ['address.city', 'address.state']));
  });

  it("counts neither a non-identity document nor another customer's passport", async () => {
    const created = await createCustomer(individual(ID));
    const other = await createCustomer(individual(ID));
    await upload(created.id, 'UTILITY_BILL');
    await uploadIdentity(other.id);
    expect((await submitted(created.id)).errors).toEqual([missingIdentity(created.id)]);
  });

  it.each(IDENTITY_TYPES)('accepts a %s as the identity document', async (documentType) => {
    const created = await createCustomer(individual(ID));
    await uploadIdentity(created.id, documentType);
    expect(await submitted(created.id)).toMatchObject({ verificationStatus: 'APPROVED', errors: [] });
  });

  it.each([
    ['Ann Lee 001', 'PENDING_MANUAL_REVIEW', 'PENDING', 'CUSTOMER.KYC_PENDING'],
    ['Ann Lee 002', 'REJECTED', 'REJECTED', 'CUSTOMER.KYC_REJECTED'],
    ['Jane Doe', 'APPROVED', 'APPROVED', 'CUSTOMER.KYC_APPROVED'],
  ])('a complete submission of %s gives %s and kycStatus %s', async (fullName, verificationStatus, kycStatus, eventType) => {
    const { customer: created } = await completeIndividual(fullName);
    expect(created.kycStatus).toBe('UNVERIFIED');
    const verification = await submitted(created.id);
    expect(verification).toMatchObject({ verificationStatus, errors: [] });
    const now = await customer(created.id);
    expect(now.kycStatus).toBe(kycStatus);
    const customerEventList = await customerEvents(created.id);
    expect(customerEventList.map((e) => e.type)).toEqual([eventType]);
    expect(customerEventList[0].data).toEqual(now);
    await expectVerificationEvent(verification);
  });

  it('a complete submission of Ann Lee 003 gets POOR_QUALITY_DOCUMENT on the identity document and stays UNVERIFIED', async () => {
    const { customer: created, document } = await completeIndividual('Ann Lee 003');
    const verification = await submitted(created.id);
    expect(verification.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(verification.errors).toEqual([{ resourceId: document.id, type: 'POOR_QUALITY_DOCUMENT', reason: expect.any(String) }]);
    expect((await customer(created.id)).kycStatus).toBe('UNVERIFIED');
    expect(await customerEvents(created.id)).toEqual([]);
    await expectVerificationEvent(verification);
  });
});

describe.each(REGULATED)('individual KYC on a regulated platform (%s)', (_switch, config) => {
  beforeEach(() => useMode(config));

  it.each([
    ['Ann Lee 001', 'PENDING', ['CUSTOMER.KYC_PENDING']],
    ['Ann Lee 002', 'REJECTED', ['CUSTOMER.KYC_REJECTED']],
    ['Ann Lee 003', 'UNVERIFIED', []],
    ['Jane Doe', 'APPROVED', ['CUSTOMER.KYC_APPROVED']],
  ])('resolves %s at creation, without documents, to %s', async (fullName, kycStatus, eventTypes) => {
    const created = await createCustomer(individual({ fullName }));
    expect(created.kycStatus).toBe(kycStatus);
    expect((await customer(created.id)).kycStatus).toBe(kycStatus);
    const customerEventList = await customerEvents(created.id);
    expect(customerEventList.map((e) => e.type)).toEqual(eventTypes);
    for (const event of customerEventList) expect(event.data).toEqual(created);
  });

  it.each([
    ['Ann Lee 002', 'REJECTED'],
    ['Jane Doe', 'APPROVED'],
  ])('%s is final from creation: POST /verifications is 400 INVALID_INPUT and records nothing', async (fullName, kycStatus) => {
    const created = await createCustomer(individual({ fullName }));
    const res = await submit(created.id);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(await verificationsOf(created.id)).toEqual([]);
    expect((await events()).filter((e) => e.type.startsWith('VERIFICATION.'))).toEqual([]);
    expect((await customer(created.id)).kycStatus).toBe(kycStatus);
  });

  it.each([
    ['Ann Lee 001', 'PENDING'],
    ['Ann Lee 003', 'UNVERIFIED'],
  ])('%s still has the full requirements: an incomplete submission lists every missing item', async (fullName, kycStatus) => {
    const bare = await createCustomer({ customerType: 'INDIVIDUAL', fullName });
    expect(bare.kycStatus).toBe(kycStatus);
    const first = await submitted(bare.id);
    expect(first.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(first.errors).toEqual([...missingFields(bare.id, INDIVIDUAL_FIELDS.slice(1)), missingIdentity(bare.id)]);
    expect((await customer(bare.id)).kycStatus).toBe(kycStatus);
    await expectVerificationEvent(first);

    const noDocument = await createCustomer(individual({ fullName, ...ID }));
    expect((await submitted(noDocument.id)).errors).toEqual([missingIdentity(noDocument.id)]);
    expect((await customer(noDocument.id)).kycStatus).toBe(kycStatus);
  });

  it('a complete submission of Ann Lee 001 goes to PENDING_MANUAL_REVIEW and stays PENDING', async () => {
    const { customer: created } = await completeIndividual('Ann Lee 001');
    const verification = await submitted(created.id);
    expect(verification).toMatchObject({ verificationStatus: 'PENDING_MANUAL_REVIEW', errors: [] });
    expect((await customer(created.id)).kycStatus).toBe('PENDING');
    await expectVerificationEvent(verification);
  });

  it('a complete submission of Ann Lee 003 gets POOR_QUALITY_DOCUMENT and stays UNVERIFIED', async () => {
    const { customer: created, document } = await completeIndividual('Ann Lee 003');
    const verification = await submitted(created.id);
    expect(verification.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(verification.errors).toEqual([{ resourceId: document.id, type: 'POOR_QUALITY_DOCUMENT', reason: expect.any(String) }]);
    expect((await customer(created.id)).kycStatus).toBe('UNVERIFIED');
    expect(await customerEvents(created.id)).toEqual([]);
  });
});

describe.each(MODES)('final and repeated individual submissions (%s)', (_mode, config, regulated) => {
  beforeEach(() => useMode(config));

  it.each([
    ['Jane Doe', 'APPROVED', 'Jane Doe 002'],
    ['Ann Lee 002', 'REJECTED', 'Jane Doe'],
  ])('%s, once %s, refuses POST /verifications with 400 and keeps its status when renamed to %s', async (fullName, kycStatus, newName) => {
    const { customer: created } = await completeIndividual(fullName);
    expect(created.kycStatus).toBe(regulated ? kycStatus : 'UNVERIFIED');
    if (!regulated) expect((await submitted(created.id)).verificationStatus).toBe(kycStatus);
    expect((await customer(created.id)).kycStatus).toBe(kycStatus);
    const count = (await verificationsOf(created.id)).length;
    const eventCount = (await events()).length;

    const res = await submit(created.id);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(await verificationsOf(created.id)).toHaveLength(count);
    expect(await events()).toHaveLength(eventCount);

    const renamed = await client.patch(`/customers/${created.id}`, { customerType: 'INDIVIDUAL', fullName: newName });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ fullName: newName, kycStatus });
    expect((await customer(created.id)).kycStatus).toBe(kycStatus);
    expect((await submit(created.id)).status).toBe(400);
    expect(await verificationsOf(created.id)).toHaveLength(count);
  });

  it('a PENDING (001) customer can be submitted again and stays PENDING_MANUAL_REVIEW', async () => {
    const { customer: created } = await completeIndividual('Ann Lee 001');
    const first = await submitted(created.id);
    const second = await submitted(created.id);
    expect(first).toMatchObject({ verificationStatus: 'PENDING_MANUAL_REVIEW', errors: [] });
    expect(second).toMatchObject({ verificationStatus: 'PENDING_MANUAL_REVIEW', errors: [] });
    expect(second.id).not.toBe(first.id);
    expect((await customer(created.id)).kycStatus).toBe('PENDING');
    expect(await verificationsOf(created.id)).toEqual([second, first]);
    // Only the move to PENDING is an event, not staying there.
    expect((await customerEvents(created.id)).map((e) => e.type)).toEqual(['CUSTOMER.KYC_PENDING']);
    expect((await events('VERIFICATION.PENDING_MANUAL_REVIEW')).map((e) => e.data)).toEqual([second, first]);
  });
});

describe.each(MODES)('business creation and beneficial owners (%s)', (_mode, config) => {
  beforeEach(() => useMode(config));

  it.each(REGISTRATIONS)('creates business %s with kybStatus UNVERIFIED and no customer event', async (registrationNumber) => {
    const created = await createCustomer(businessBody(registrationNumber));
    expect(created).toMatchObject({ customerType: 'BUSINESS', kybStatus: 'UNVERIFIED', beneficialOwners: [] });
    expect(created.kycStatus).toBeUndefined();
    expect(await customerEvents(created.id)).toEqual([]);
  });

  it('adds a beneficial owner UNVERIFIED and shows it on the business', async () => {
    const created = await createCustomer(businessBody('REG-000'));
    const personalInfo = { firstName: 'Sam', lastName: 'Smith', birthDate: '1980-05-05', nationality: 'US', address, ...ID };
    const res = await client.post('/beneficial-owners', { customerId: created.id, roles: ['UBO'], ownershipPercentage: 50, personalInfo });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ customerId: created.id, roles: ['UBO'], ownershipPercentage: 50, personalInfo, kycStatus: 'UNVERIFIED' });
    expect((await client.get(`/beneficial-owners/${res.body.id}`)).body).toEqual(res.body);
    expect((await customer(created.id)).beneficialOwners).toEqual([res.body]);
  });
});

describe('business KYB on an unregulated platform', () => {
  beforeEach(() => useMode({}));

  it.each(REGISTRATIONS)('an empty packet of %s lists every missing item and stays UNVERIFIED', async (registrationNumber) => {
    const created = await createCustomer(businessBody(registrationNumber));
    const verification = await submitted(created.id);
    expect(verification.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(verification.errors).toEqual(emptyPacketErrors(created.id));
    expect((await customer(created.id)).kybStatus).toBe('UNVERIFIED');
    expect(await customerEvents(created.id)).toEqual([]);
    await expectVerificationEvent(verification);
  });

  it.each(REGISTRATIONS)('%s without an address, otherwise complete, gets one MISSING_FIELD per address field', async (registrationNumber) => {
    const created = await createCustomer(businessBody(registrationNumber, { address: undefined }));
    await fillPacket(created.id, ['Smith']);
    const verification = await submitted(created.id);
    expect(verification.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(verification.errors).toEqual(missingFields(created.id, ADDRESS_FIELDS));
    expect((await customer(created.id)).kybStatus).toBe('UNVERIFIED');
  });

  it('a business without a registration number gets MISSING_FIELD businessInfo.registrationNumber', async () => {
    const body = business();
    delete (body.businessInfo as Record<string, unknown>).registrationNumber;
    const created = await createCustomer(body);
    await fillPacket(created.id, ['Smith']);
    const verification = await submitted(created.id);
    expect(verification.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(verification.errors).toEqual([missingField(created.id, 'businessInfo.registrationNumber')]);
  });

  describe.each(['REG-001', 'REG-000'])('%s', (registrationNumber) => {
    it.each(BUSINESS_DOCUMENTS)('without a %s-like document gets exactly its error', async (type, error) => {
      const created = await createCustomer(businessBody(registrationNumber));
      await fillPacket(created.id, ['Smith'], { documents: BUSINESS_DOCUMENTS.map(([t]) => t).filter((t) => t !== type) });
      const verification = await submitted(created.id);
      expect(verification.verificationStatus).toBe('RESOLVE_ERRORS');
      expect(verification.errors).toEqual([error(created.id)]);
      expect((await customer(created.id)).kybStatus).toBe('UNVERIFIED');
    });
  });

  it.each(REGISTRATIONS)('%s with documents but no beneficial owner gets MISSING_BENEFICIAL_OWNER', async (registrationNumber) => {
    const { business: created } = await completeBusiness(registrationNumber, []);
    const verification = await submitted(created.id);
    expect(verification.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(verification.errors).toEqual([missingOwner(created.id)]);
    expect((await customer(created.id)).kybStatus).toBe('UNVERIFIED');
  });

  it.each(['REG-001', 'REG-003'])('%s needs an identity document for each owner, by owner id', async (registrationNumber) => {
    const { business: created, owners } = await completeBusiness(registrationNumber, ['Smith', 'Jones'], { ownerIdentity: false });
    const first = await submitted(created.id);
    expect(first.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(first.errors).toEqual([missingIdentity(owners[0].id), missingIdentity(owners[1].id)]);
    await uploadIdentity(owners[0].id);
    expect((await submitted(created.id)).errors).toEqual([missingIdentity(owners[1].id)]);
    expect((await customer(created.id)).kybStatus).toBe('UNVERIFIED');
    await expectOwners(created.id, owners, ['UNVERIFIED', 'UNVERIFIED']);
  });

  it.each([
    ['REG-002', 'REJECTED'],
    ['REG-000', 'APPROVED'],
  ])('%s does not need owner identity documents and resolves %s', async (registrationNumber, status) => {
    const { business: created } = await completeBusiness(registrationNumber, ['Smith'], { ownerIdentity: false });
    expect(await submitted(created.id)).toMatchObject({ verificationStatus: status, errors: [] });
    expect((await customer(created.id)).kybStatus).toBe(status);
  });

  it.each([
    ['REG-001', 'PENDING_MANUAL_REVIEW', 'PENDING', 'CUSTOMER.KYB_PENDING', OWNERS_UNTOUCHED],
    ['REG-002', 'REJECTED', 'REJECTED', 'CUSTOMER.KYB_REJECTED', OWNERS_RESOLVED],
    ['REG-003', 'PENDING_MANUAL_REVIEW', 'PENDING', 'CUSTOMER.KYB_PENDING', OWNERS_UNTOUCHED],
    ['REG-000', 'APPROVED', 'APPROVED', 'CUSTOMER.KYB_APPROVED', OWNERS_RESOLVED],
  ])('a complete packet of %s gives %s, kybStatus %s', async (registrationNumber, verificationStatus, kybStatus, eventType, ownerStatuses) => {
    const { business: created, owners } = await completeBusiness(registrationNumber, OWNER_NAMES);
    const verification = await submitted(created.id);
    expect(verification).toMatchObject({ verificationStatus, errors: [] });
    const now = await customer(created.id);
    expect(now.kybStatus).toBe(kybStatus);
    await expectOwners(created.id, owners, ownerStatuses);
    const customerEventList = await customerEvents(created.id);
    expect(customerEventList.map((e) => e.type)).toEqual([eventType]);
    expect(customerEventList[0].data).toEqual(now);
    expect(customerEventList[0].data.beneficialOwners.map((o: any) => o.kycStatus)).toEqual(ownerStatuses);
    await expectVerificationEvent(verification);
  });
});

describe.each(REGULATED)('business KYB on a regulated platform (%s)', (_switch, config) => {
  beforeEach(() => useMode(config));

  it.each([
    ['REG-002', 'REJECTED', 'CUSTOMER.KYB_REJECTED'],
    ['REG-000', 'APPROVED', 'CUSTOMER.KYB_APPROVED'],
  ])('%s resolves %s at the first submission with no documents and no owners', async (registrationNumber, status, eventType) => {
    const created = await createCustomer(businessBody(registrationNumber));
    const verification = await submitted(created.id);
    expect(verification).toMatchObject({ verificationStatus: status, errors: [] });
    const now = await customer(created.id);
    expect(now.kybStatus).toBe(status);
    const customerEventList = await customerEvents(created.id);
    expect(customerEventList.map((e) => e.type)).toEqual([eventType]);
    expect(customerEventList[0].data).toEqual(now);
    await expectVerificationEvent(verification);
  });

  it.each(['REG-002', 'REG-000'])('%s resolves its undocumented owners by lastName at the first submission', async (registrationNumber) => {
    const created = await createCustomer(businessBody(registrationNumber));
    const owners = await fillPacket(created.id, OWNER_NAMES, { documents: [], ownerIdentity: false });
    await submitted(created.id);
    await expectOwners(created.id, owners, OWNERS_RESOLVED);
    const [event] = await customerEvents(created.id);
    expect(event.data.beneficialOwners.map((o: any) => [o.id, o.kycStatus])).toEqual(owners.map((o, i) => [o.id, OWNERS_RESOLVED[i]]));
  });

  it.each(['REG-001', 'REG-003'])('%s with an empty packet lists every missing item and stays UNVERIFIED', async (registrationNumber) => {
    const created = await createCustomer(businessBody(registrationNumber));
    const verification = await submitted(created.id);
    expect(verification.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(verification.errors).toEqual(emptyPacketErrors(created.id));
    expect((await customer(created.id)).kybStatus).toBe('UNVERIFIED');
    expect(await customerEvents(created.id)).toEqual([]);
  });

  it.each(['REG-001', 'REG-003'])('%s without an address or owner identity documents lists those', async (registrationNumber) => {
    const created = await createCustomer(businessBody(registrationNumber, { address: undefined }));
    const owners = await fillPacket(created.id, ['Smith'], { ownerIdentity: false });
    const verification = await submitted(created.id);
    expect(verification.verificationStatus).toBe('RESOLVE_ERRORS');
    expect(verification.errors).toEqual([...missingFields(created.id, ADDRESS_FIELDS), missingIdentity(owners[0].id)]);
    expect((await customer(created.id)).kybStatus).toBe('UNVERIFIED');
  });

  it.each(['REG-001', 'REG-003'])('a complete packet of %s goes to PENDING_MANUAL_REVIEW; owners stay UNVERIFIED', async (registrationNumber) => {
    const { business: created, owners } = await completeBusiness(registrationNumber, OWNER_NAMES);
    const verification = await submitted(created.id);
    expect(verification).toMatchObject({ verificationStatus: 'PENDING_MANUAL_REVIEW', errors: [] });
    const now = await customer(created.id);
    expect(now.kybStatus).toBe('PENDING');
    await expectOwners(created.id, owners, OWNERS_UNTOUCHED);
    const customerEventList = await customerEvents(created.id);
    expect(customerEventList.map((e) => e.type)).toEqual(['CUSTOMER.KYB_PENDING']);
    expect(customerEventList[0].data).toEqual(now);
    await expectVerificationEvent(verification);
  });
});

describe.each(MODES)('owners resolve with their business (%s)', (_mode, config) => {
  beforeEach(() => useMode(config));

  it.each([
    ['REG-000', 'APPROVED', 'CUSTOMER.KYB_APPROVED'],
    ['REG-002', 'REJECTED', 'CUSTOMER.KYB_REJECTED'],
  ])('a complete %s business resolves %s, its owners 001/002/other to PENDING/REJECTED/APPROVED', async (registrationNumber, status, eventType) => {
    const { business: created, owners } = await completeBusiness(registrationNumber, OWNER_NAMES);
    expect(await submitted(created.id)).toMatchObject({ verificationStatus: status, errors: [] });
    await expectOwners(created.id, owners, OWNERS_RESOLVED);
    const [event, ...older] = await customerEvents(created.id);
    expect(older).toEqual([]);
    expect(event.type).toBe(eventType);
    expect(event.data.beneficialOwners.map((o: any) => [o.id, o.kycStatus])).toEqual(owners.map((o, i) => [o.id, OWNERS_RESOLVED[i]]));
  });

  it.each([
    ['REG-000', 'APPROVED'],
    ['REG-002', 'REJECTED'],
  ])('a %s business, once %s, refuses POST /verifications with 400 and records nothing', async (registrationNumber, status) => {
    const { business: created } = await completeBusiness(registrationNumber);
    await submitted(created.id);
    expect((await customer(created.id)).kybStatus).toBe(status);
    const count = (await verificationsOf(created.id)).length;
    const eventCount = (await events()).length;
    const res = await submit(created.id);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(await verificationsOf(created.id)).toHaveLength(count);
    expect(await events()).toHaveLength(eventCount);
    expect((await customer(created.id)).kybStatus).toBe(status);
  });
});

describe('reading verifications', () => {
  it('GET /verifications/{id} returns exactly what POST returned', async () => {
    const incomplete = await submitted((await createCustomer({ customerType: 'INDIVIDUAL', fullName: 'Ann Lee 001' })).id);
    const approved = await submitted((await completeIndividual('Jane Doe')).customer.id);
    for (const verification of [incomplete, approved]) {
      const res = await client.get(`/verifications/${verification.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(verification);
    }
  });

  it('lists a customer’s verifications newest first and filters by verificationStatus', async () => {
    const jane = await createCustomer(individual());
    const other = await createCustomer({ customerType: 'INDIVIDUAL', fullName: 'Someone Else' });
    const first = await submitted(jane.id);
    expect(first.verificationStatus).toBe('RESOLVE_ERRORS');
    const otherErrors = await submitted(other.id);
    expect((await client.patch(`/customers/${jane.id}`, { customerType: 'INDIVIDUAL', ...ID })).status).toBe(200);
    await uploadIdentity(jane.id);
    const second = await submitted(jane.id);
    expect(second.verificationStatus).toBe('APPROVED');

    // Providing the last missing item made a READY_FOR_VERIFICATION verification in between.
    const [, ready] = await verificationsOf(jane.id);
    expect(ready).toMatchObject({ verificationStatus: 'READY_FOR_VERIFICATION', errors: [] });
    expect(await verificationsOf(jane.id)).toEqual([second, ready, first]);
    expect((await client.get('/verifications?verificationStatus=APPROVED')).body.data).toEqual([second]);
    expect((await client.get('/verifications?verificationStatus=RESOLVE_ERRORS')).body.data).toEqual([otherErrors, first]);
    expect((await client.get(`/verifications?customerId=${encodeURIComponent(jane.id)}&verificationStatus=RESOLVE_ERRORS`)).body.data).toEqual([first]);
  });

  it('404s an unknown verification', async () => {
    const res = await client.get('/verifications/Verification:00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('REFERENCE_NOT_FOUND');
  });
});

describe('events', () => {
  it('records every submission as VERIFICATION.<status>, newest first, in the webhook envelope, filterable by type', async () => {
    const created = await createCustomer(individual());
    const first = await submitted(created.id);
    await uploadIdentity(created.id);
    expect((await client.patch(`/customers/${created.id}`, { customerType: 'INDIVIDUAL', ...ID })).status).toBe(200);
    const second = await submitted(created.id);
    expect([first.verificationStatus, second.verificationStatus]).toEqual(['RESOLVE_ERRORS', 'APPROVED']);

    const verificationEvents = (await events()).filter((e) => e.type.startsWith('VERIFICATION.'));
    const ready = (await client.get(`/verifications?customerId=${encodeURIComponent(created.id)}&verificationStatus=READY_FOR_VERIFICATION`)).body.data[0];
    expect(verificationEvents).toEqual([
      { id: expect.stringMatching(/^Webhook:/), type: 'VERIFICATION.APPROVED', timestamp: expect.stringMatching(ISO), data: second },
      { id: expect.stringMatching(/^Webhook:/), type: 'VERIFICATION.READY_FOR_VERIFICATION', timestamp: expect.stringMatching(ISO), data: ready },
      { id: expect.stringMatching(/^Webhook:/), type: 'VERIFICATION.RESOLVE_ERRORS', timestamp: expect.stringMatching(ISO), data: first },
    ]);
    const approvedOnly = await events('VERIFICATION.APPROVED');
    expect(approvedOnly.map((e) => e.data)).toEqual([second]);
    const kyc = await events('CUSTOMER.KYC_APPROVED');
    expect(kyc).toHaveLength(1);
    expect(kyc[0]).toEqual({ id: expect.stringMatching(/^Webhook:/), type: 'CUSTOMER.KYC_APPROVED', timestamp: expect.stringMatching(ISO), data: await customer(created.id) });
  });
});

describe('bad submissions', () => {
  it('404s an unknown customer', async () => {
    const res = await submit('Customer:00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('USER_NOT_FOUND');
  });

  it('410s a deleted customer', async () => {
    const { customer: created } = await completeIndividual('Jane Doe');
    expect((await client.delete(`/customers/${created.id}`)).status).toBe(200);
    const res = await submit(created.id);
    expect(res.status).toBe(410);
    expect(res.body.code).toBe('CUSTOMER_DELETED');
    expect(await verificationsOf(created.id)).toEqual([]);
  });

  it('requires customerId', async () => {
    const res = await client.post('/verifications', {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(res.body.details.errors[0].field).toBe('customerId');
  });
});
