/**
 * KYC and KYB verification, decided by the sandbox rule tables: the last
 * three characters of an individual's fullName, of a business's
 * registrationNumber and of each owner's lastName, and whether the platform
 * is regulated (or skips the verification paperwork).
 */
import { apiError, notFound } from '../../core/errors.js';
import { decodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import { outcomeFor, type KycStatus } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';
import { emitEvent } from '../../events/outbox.js';
import { ownersOf, setOwnerKycStatus } from '../beneficial-owners/beneficial-owners.service.js';
import type { BusinessCustomer, Customer, IndividualCustomer } from '../customers/customers.schemas.js';
import { requireContactVerified, requireLiveCustomer, setVerificationStatus } from '../customers/customers.service.js';
import { documentsOf, markSubmitted } from '../documents/documents.service.js';
import type { VerificationInputKind } from '../customers/verification-inputs.js';
import type { DocumentRecord, DocumentType } from '../documents/documents.schemas.js';
import { VerificationWebhook, type Verification, type VerificationError, type VerificationStatus } from './verifications.schemas.js';

const LIST = 'verifications';

const IDENTITY_DOCUMENTS: readonly DocumentType[] = ['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID'];
const LEGAL_PRESENCE_DOCUMENTS: readonly DocumentType[] = [
  'CERTIFICATE_OF_INCORPORATION', 'ARTICLES_OF_INCORPORATION', 'ARTICLES_OF_ASSOCIATION', 'STATE_REGISTRY_EXCERPT', 'STATE_COMPANY_REGISTRY', 'GOOD_STANDING_CERTIFICATE', 'BUSINESS_LICENSE',
];
const OWNERSHIP_STRUCTURE_DOCUMENTS: readonly DocumentType[] = ['SHAREHOLDER_REGISTER', 'PARTNERSHIP_AGREEMENT', 'TRUST_AGREEMENT', 'DIRECTOR_REGISTRY', 'PARTNERSHIP_CONTROL_AGREEMENT', 'INCUMBENCY_CERTIFICATE'];
const PROOF_OF_ADDRESS_DOCUMENTS: readonly DocumentType[] = ['PROOF_OF_ADDRESS', 'UTILITY_BILL', 'ELECTRICITY_BILL', 'BANK_STATEMENT', 'RENT_OR_LEASE_AGREEMENT'];

/** A complete submission carries every one of these, as dot paths on the customer, with a label for the reason. */
const INDIVIDUAL_FIELDS: ReadonlyArray<[string, string]> = [
  ['fullName', 'Full name'],
  ['birthDate', 'Birth date'],
  ['nationality', 'Nationality'],
  ['idType', 'ID type'],
  ['identifier', 'ID number'],
  ['address.line1', 'Address line 1'],
  ['address.city', 'City'],
  ['address.state', 'State'],
  ['address.postalCode', 'Postal code'],
  ['address.country', 'Country of the address'],
];

const BUSINESS_FIELDS: ReadonlyArray<[string, string]> = [
  ['businessInfo.legalName', 'Legal name'],
  ['businessInfo.registrationNumber', 'Registration number'],
  ['businessInfo.taxId', 'Tax ID'],
  ['businessInfo.incorporatedOn', 'Incorporation date'],
  ['businessInfo.country', 'Country of incorporation'],
  ['address.line1', 'Address line 1'],
  ['address.city', 'City'],
  ['address.state', 'State'],
  ['address.postalCode', 'Postal code'],
  ['address.country', 'Country of the address'],
];

function valueAt(record: object, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), record);
}

function missingFields(customer: Customer, fields: ReadonlyArray<[string, string]>): VerificationError[] {
  return fields
    .filter(([path]) => {
      const value = valueAt(customer, path);
      return value === undefined || value === '';
    })
    .map(([field, label]) => ({ resourceId: customer.id, type: 'MISSING_FIELD' as const, field, reason: `${label} is required` }));
}

function documentsOfTypes(tenant: Tenant, holderId: string, types: readonly DocumentType[]): DocumentRecord[] {
  return documentsOf(tenant, holderId).filter((d) => types.includes(d.documentType));
}

function missingDocument(
  tenant: Tenant,
  holderId: string,
  types: readonly DocumentType[],
  type: VerificationError['type'],
  reason: string,
): VerificationError[] {
  return documentsOfTypes(tenant, holderId, types).length > 0 ? [] : [{ resourceId: holderId, type, acceptedDocumentTypes: [...types], reason }];
}

/** What an individual still has to provide. */
export function individualGaps(tenant: Tenant, customer: IndividualCustomer): VerificationError[] {
  return [
    ...missingFields(customer, INDIVIDUAL_FIELDS),
    ...missingDocument(tenant, customer.id, IDENTITY_DOCUMENTS, 'MISSING_IDENTITY_DOCUMENT', 'Upload an identity document with POST /documents'),
  ];
}

/** What a business still has to provide; owners' identity documents only when they are verified for real. */
export function businessGaps(tenant: Tenant, customer: BusinessCustomer, verifyOwners: boolean): VerificationError[] {
  const owners = ownersOf(tenant, customer.id);
  return [
    ...missingFields(customer, BUSINESS_FIELDS),
    ...missingDocument(tenant, customer.id, LEGAL_PRESENCE_DOCUMENTS, 'MISSING_LEGAL_PRESENCE_DOCUMENT', 'Upload a company formation document'),
    ...missingDocument(tenant, customer.id, OWNERSHIP_STRUCTURE_DOCUMENTS, 'MISSING_OWNERSHIP_STRUCTURE_DOCUMENT', 'Upload a document showing the ownership and control structure'),
    ...missingDocument(tenant, customer.id, PROOF_OF_ADDRESS_DOCUMENTS, 'MISSING_PROOF_OF_ADDRESS_DOCUMENT', 'Upload a proof of address dated within the last 3 months'),
    ...(owners.length === 0 ? [{ resourceId: customer.id, type: 'MISSING_BENEFICIAL_OWNER' as const, reason: 'Add at least one beneficial owner with POST /beneficial-owners' }] : []),
    ...(verifyOwners
      ? owners.flatMap((o) => missingDocument(tenant, o.id, IDENTITY_DOCUMENTS, 'MISSING_IDENTITY_DOCUMENT', `Upload an identity document for ${o.personalInfo.firstName} ${o.personalInfo.lastName}`))
      : []),
  ];
}

function record(tenant: Tenant, customerId: string, verificationStatus: VerificationStatus, errors: VerificationError[]): Verification {
  const now = tenant.clock.nowIso();
  const verification: Verification = { id: tenant.ids('Verification'), customerId, verificationStatus, errors, createdAt: now, updatedAt: now };
  tenant.verifications.insert(verification);
  emitEvent(tenant, VerificationWebhook, `VERIFICATION.${verificationStatus}`, verification);
  tenant.changed();
  return verification;
}

function isFinal(status: KycStatus): boolean {
  return status === 'APPROVED' || status === 'REJECTED';
}

/** Regulated platforms, and unregulated ones that skip the paperwork, resolve final suffixes without documents. */
export function resolvesWithoutPaperwork(tenant: Tenant): boolean {
  return tenant.config.isRegulatedFinancialInstitution || tenant.config.skipVerificationPaperwork;
}

function submitIndividual(tenant: Tenant, customer: IndividualCustomer): Verification {
  const gaps = individualGaps(tenant, customer);
  if (gaps.length > 0) return record(tenant, customer.id, 'RESOLVE_ERRORS', gaps);
  const identity = documentsOfTypes(tenant, customer.id, IDENTITY_DOCUMENTS);
  const { completeSubmission } = outcomeFor('individualKyc', customer.fullName ?? '', tenant.coverage);
  if (completeSubmission === 'POOR_QUALITY_DOCUMENT') {
    const document = identity[identity.length - 1]!;
    return record(tenant, customer.id, 'RESOLVE_ERRORS', [
      { resourceId: document.id, type: 'POOR_QUALITY_DOCUMENT', reason: 'The identity document is too blurry to read; upload a sharper one' },
    ]);
  }
  const status: KycStatus = completeSubmission === 'PENDING_MANUAL_REVIEW' ? 'PENDING' : completeSubmission;
  markSubmitted(tenant, identity.map((d) => d.id));
  setVerificationStatus(tenant, customer.id, status);
  return record(tenant, customer.id, completeSubmission, []);
}

function submitBusiness(tenant: Tenant, customer: BusinessCustomer): Verification {
  const { decision } = outcomeFor('businessKyb', customer.businessInfo.registrationNumber ?? '', tenant.coverage);
  const terminal = decision !== 'REVIEW';
  if (!(terminal && resolvesWithoutPaperwork(tenant))) {
    const gaps = businessGaps(tenant, customer, !terminal);
    if (gaps.length > 0) return record(tenant, customer.id, 'RESOLVE_ERRORS', gaps);
    markSubmitted(tenant, [customer.id, ...ownersOf(tenant, customer.id).map((o) => o.id)].flatMap((holder) => documentsOf(tenant, holder).map((d) => d.id)));
  }
  if (!terminal) {
    setVerificationStatus(tenant, customer.id, 'PENDING');
    return record(tenant, customer.id, 'PENDING_MANUAL_REVIEW', []);
  }
  // A business resolved by its suffix takes its owners with it, each by their own lastName.
  for (const owner of ownersOf(tenant, customer.id)) setOwnerKycStatus(tenant, owner.id, outcomeFor('beneficialOwnerKyc', owner.personalInfo.lastName, tenant.coverage).kycStatus);
  setVerificationStatus(tenant, customer.id, decision);
  return record(tenant, customer.id, decision, []);
}

/** The customer's newest verification, if any. */
export function latestVerification(tenant: Tenant, customerId: string): Verification | undefined {
  return tenant.verifications.page({ index: 'customer', key: customerId, limit: 1 }).items[0];
}

/** A customer APPROVED or REJECTED is final (the spec): nothing verifies it again, neither a submission nor a hosted link. 400. */
export function requireVerificationOpen(customer: Customer): void {
  const status = statusOf(customer);
  if (isFinal(status)) throw apiError('INVALID_INPUT', `Customer ${customer.id} is already ${status}; its verification is final`, { customerId: customer.id, status });
}

/** The customer's KYC or KYB status. */
function statusOf(customer: Customer): KycStatus {
  return customer.customerType === 'INDIVIDUAL' ? customer.kycStatus : customer.kybStatus;
}

/** The customer, if it is live and its verification not decided yet (UNVERIFIED: neither final nor in manual review). */
function undecided(tenant: Tenant, customerId: string): Customer | undefined {
  const customer = tenant.customers.get(customerId);
  return customer && !customer.isDeleted && statusOf(customer) === 'UNVERIFIED' ? customer : undefined;
}

/**
 * The hosted verification page was opened: the person is now working on it
 * (IN_PROGRESS). Not for a customer already decided or in manual review,
 * and not again while the newest verification already says so.
 */
export function markInProgress(tenant: Tenant, customerId: string): Verification | undefined {
  if (!undecided(tenant, customerId)) return undefined;
  if (latestVerification(tenant, customerId)?.verificationStatus === 'IN_PROGRESS') return undefined;
  return record(tenant, customerId, 'IN_PROGRESS', []);
}

/** Gaps of the customer as its next submission would see them (a business's owners verified for real unless its suffix decides it without paperwork). */
function gapsOf(tenant: Tenant, customer: Customer): VerificationError[] {
  if (customer.customerType === 'INDIVIDUAL') return individualGaps(tenant, customer);
  const terminal = outcomeFor('businessKyb', customer.businessInfo.registrationNumber ?? '').decision !== 'REVIEW';
  return terminal && resolvesWithoutPaperwork(tenant) ? [] : businessGaps(tenant, customer, !terminal);
}

/**
 * An input of the verification changed (verificationInputsHook). A customer
 * waiting in RESOLVE_ERRORS that now lacks nothing becomes
 * READY_FOR_VERIFICATION, a new verification; the next submission decides
 * it. A rejected document (POOR_QUALITY_DOCUMENT) is resolved only by a
 * document, not by a field change.
 */
export function onVerificationInput(tenant: Tenant, holderId: string, kind: VerificationInputKind): void {
  const customerId = tenant.beneficialOwners.get(holderId)?.customerId ?? holderId;
  const customer = undecided(tenant, customerId);
  if (!customer) return;
  const latest = latestVerification(tenant, customerId);
  if (latest?.verificationStatus !== 'RESOLVE_ERRORS') return;
  if (kind !== 'document' && latest.errors.some((e) => !e.type.startsWith('MISSING_'))) return;
  if (gapsOf(tenant, customer).length > 0) return;
  record(tenant, customerId, 'READY_FOR_VERIFICATION', []);
}

/** POST /verifications: submits the customer's KYC or KYB as it stands now. */
export function submitVerification(tenant: Tenant, customerId: string): Verification {
  const customer = requireLiveCustomer(tenant, customerId);
  requireVerificationOpen(customer);
  requireContactVerified(tenant, customer, 'INVALID_INPUT');
  return customer.customerType === 'INDIVIDUAL' ? submitIndividual(tenant, customer) : submitBusiness(tenant, customer);
}

export function getVerification(tenant: Tenant, id: string): Verification {
  const verification = tenant.verifications.get(id);
  if (!verification) throw notFound('Verification', id);
  return verification;
}

export function listVerifications(
  tenant: Tenant,
  query: { customerId?: string | undefined; verificationStatus?: VerificationStatus | undefined; limit: number; cursor?: string | undefined },
): ListResult<Verification> {
  const beforeSeq = decodeCursor(LIST, query.cursor);
  const index =
    query.customerId !== undefined
      ? { index: 'customer', key: query.customerId }
      : query.verificationStatus !== undefined
        ? { index: 'status', key: query.verificationStatus }
        : {};
  const where = query.customerId !== undefined && query.verificationStatus !== undefined ? (v: Verification) => v.verificationStatus === query.verificationStatus : undefined;
  const page = tenant.verifications.page({ ...index, limit: query.limit, ...(beforeSeq !== undefined ? { beforeSeq } : {}), ...(where ? { where } : {}) });
  return toListResult(LIST, page, (v) => v);
}

