/**
 * kyc-matrix: one complete individual per individualKyc row and one complete
 * business per businessKyb row, on an unregulated platform, so that
 * POST /verifications shows every documented outcome.
 *
 * Stays code, not a fixture: completeness needs uploaded files (a passport
 * image, company papers from fixtures/), and POST /documents takes them as
 * multipart/form-data, which a fixture's step (a JSON body) cannot send.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Tenant } from '../src/store/tenant.js';
import { createCustomer } from '../src/areas/customers/customers.service.js';
import { createBeneficialOwner } from '../src/areas/beneficial-owners/beneficial-owners.service.js';
import { uploadDocument, type UploadedFile } from '../src/areas/documents/documents.service.js';
import type { DocumentType } from '../src/areas/documents/documents.schemas.js';

const address = { line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };
const person = { birthDate: '1990-01-31', nationality: 'US', address, idType: 'SSN' as const, identifier: '123-45-6789' };

/** Row key (the platformCustomerId suffix) and the name or registration number that selects it. */
const INDIVIDUALS: ReadonlyArray<[string, string]> = [
  ['001', 'Pat Review 001'],
  ['002', 'Pat Rejected 002'],
  ['003', 'Pat Blurry 003'],
  ['other', 'Pat Approved'],
];
const BUSINESSES: ReadonlyArray<[string, string]> = [
  ['001', 'REG-001'],
  ['002', 'REG-002'],
  ['003', 'REG-003'],
  ['other', 'REG-000'],
];
/** Every business has one owner per beneficialOwnerKyc row; they resolve when their business resolves by its suffix. */
const OWNERS: ReadonlyArray<[lastName: string, percentage: number]> = [
  ['Owner 001', 40],
  ['Owner 002', 30],
  ['Owner', 30],
];

/** fixtures/ is at the package root: one level above scenarios/, two above the compiled dist/scenarios/. */
function fixture(name: string): UploadedFile {
  const url = ['../fixtures/', '../../fixtures/'].map((dir) => new URL(dir + name, import.meta.url)).find((u) => existsSync(u));
  if (!url) throw new Error(`kyc-matrix: fixture ${name} not found`);
  return { name, bytes: readFileSync(url) };
}

export const kycMatrix = {
  name: 'kyc-matrix',
  description:
    'An unregulated platform with complete individuals (fullName 001/002/003/other) and businesses (registrationNumber 001/002/003/other, owners\' lastName 001/002/other), so POST /verifications gives each row\'s outcome; after PATCH /config {isRegulatedFinancialInstitution: true} suffixes apply at creation to customers created afterwards',
  apply(tenant: Tenant): void {
    const passport = fixture('passport.png');
    const certificate = fixture('certificate.pdf');
    const upload = (holderId: string, documentType: DocumentType, file: UploadedFile) => uploadDocument(tenant, holderId, { documentType, country: 'US' }, file);

    for (const [row, fullName] of INDIVIDUALS) {
      const customer = createCustomer(tenant, { customerType: 'INDIVIDUAL', platformCustomerId: `kyc-individual-${row}`, fullName, ...person });
      upload(customer.id, 'PASSPORT', passport);
    }

    for (const [row, registrationNumber] of BUSINESSES) {
      const business = createCustomer(tenant, {
        customerType: 'BUSINESS',
        platformCustomerId: `kyb-business-${row}`,
        address,
        businessInfo: { legalName: `KYB ${row} Inc`, country: 'US', registrationNumber, incorporatedOn: '2015-06-01', taxId: '12-3456789' },
      });
      upload(business.id, 'CERTIFICATE_OF_INCORPORATION', certificate);
      upload(business.id, 'SHAREHOLDER_REGISTER', certificate);
      upload(business.id, 'UTILITY_BILL', certificate);
      for (const [lastName, ownershipPercentage] of OWNERS) {
        const owner = createBeneficialOwner(tenant, {
          customerId: business.id,
          roles: ['UBO'],
          ownershipPercentage,
          personalInfo: { firstName: 'Olive', lastName, ...person },
        });
        // Businesses under review (001, 003) also verify each owner's identity.
        upload(owner.id, 'PASSPORT', passport);
      }
    }
  },
};
