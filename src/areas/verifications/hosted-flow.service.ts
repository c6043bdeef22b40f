/**
 * The hosted verification flow: what a person does on the page behind a KYC
 * link. Their answers go through the same services as the API (customer
 * update, document upload, verification), so the outcome is the one the API
 * would give.
 */
import { ApiError, type FieldError } from '../../core/errors.js';
import { fieldErrorsOf } from '../../core/validation.js';
import type { Tenant } from '../../store/tenant.js';
import { ownersOf } from '../beneficial-owners/beneficial-owners.service.js';
import { CustomerUpdateRequest, type Customer } from '../customers/customers.schemas.js';
import { getCustomer, requireLiveCustomer, applyCustomerUpdate } from '../customers/customers.service.js';
import { DocumentType as DocumentTypeSchema } from '../documents/documents.schemas.js';
import { documentsOf, uploadDocument, type UploadedFile } from '../documents/documents.service.js';
import { completeLink, requireOpenLink } from './kyc-links.service.js';
import type { KycLinkRecord, Verification } from './verifications.schemas.js';
import { markInProgress, submitVerification } from './verifications.service.js';

/** The fields a person can fill in on the page, as dot paths on the customer. */
export const HOSTED_FIELDS: Record<Customer['customerType'], ReadonlyArray<[string, string]>> = {
  INDIVIDUAL: [
    ['fullName', 'Full name'],
    ['birthDate', 'Birth date (YYYY-MM-DD)'],
    ['nationality', 'Nationality (two-letter country code)'],
    ['idType', 'ID type (SSN, ITIN, EIN, NON_US_TAX_ID)'],
    ['identifier', 'ID number'],
    ['address.line1', 'Address'],
    ['address.city', 'City'],
    ['address.state', 'State'],
    ['address.postalCode', 'Postal code'],
    ['address.country', 'Country (two-letter code)'],
  ],
  BUSINESS: [
    ['businessInfo.legalName', 'Legal name'],
    ['businessInfo.registrationNumber', 'Registration number'],
    ['businessInfo.taxId', 'Tax ID'],
    ['businessInfo.incorporatedOn', 'Incorporated on (YYYY-MM-DD)'],
    ['businessInfo.country', 'Country of incorporation (two-letter code)'],
    ['address.line1', 'Address'],
    ['address.city', 'City'],
    ['address.state', 'State'],
    ['address.postalCode', 'Postal code'],
    ['address.country', 'Country (two-letter code)'],
  ],
};

export interface HostedView {
  link: KycLinkRecord;
  customer: Customer;
  documents: Array<{ documentType: string; fileName: string }>;
  owners: Array<{ name: string; kycStatus: string }>;
}

export function hostedView(tenant: Tenant, token: string): HostedView {
  const link = requireOpenLink(tenant, token);
  const customer = getCustomer(tenant, link.customerId);
  return {
    link,
    customer,
    documents: documentsOf(tenant, customer.id).map((d) => ({ documentType: d.documentType, fileName: d.fileName })),
    owners: ownersOf(tenant, customer.id).map((o) => ({ name: `${o.personalInfo.firstName} ${o.personalInfo.lastName}`, kycStatus: o.kycStatus })),
  };
}

/** The person opened the page: what it shows, and the verification is IN_PROGRESS (once; see markInProgress). */
export function openHostedFlow(tenant: Tenant, token: string): HostedView {
  const view = hostedView(tenant, token);
  markInProgress(tenant, view.customer.id);
  return view;
}

export interface HostedAnswers {
  fields: Record<string, string>;
  documentType?: string;
  documentCountry?: string;
  file?: UploadedFile;
}

export type HostedOutcome = { kind: 'invalid'; errors: FieldError[] } | { kind: 'submitted'; verification: Verification; redirectUri?: string };

/** Nests `address.city`-style answers into the customer's shape, on top of what it already has. */
function patchFrom(customer: Customer, fields: Record<string, string>): Record<string, unknown> {
  const patch: Record<string, unknown> = { customerType: customer.customerType };
  for (const [path] of HOSTED_FIELDS[customer.customerType]) {
    const value = fields[path]?.trim();
    if (!value) continue;
    const [head, leaf] = path.split('.') as [string, string | undefined];
    if (!leaf) {
      patch[head] = value;
      continue;
    }
    const existing = (customer as unknown as Record<string, Record<string, unknown> | undefined>)[head];
    patch[head] = { ...existing, ...(patch[head] as object | undefined), [leaf]: value };
  }
  return patch;
}

/** Applies the person's answers and submits the verification; the link is used up once a decision is made. */
export function completeHostedFlow(tenant: Tenant, token: string, answers: HostedAnswers): HostedOutcome {
  const link = requireOpenLink(tenant, token);
  const customer = requireLiveCustomer(tenant, link.customerId);
  const parsed = CustomerUpdateRequest.safeParse(patchFrom(customer, answers.fields));
  if (!parsed.success) return { kind: 'invalid', errors: fieldErrorsOf(parsed.error.issues) };
  try {
    applyCustomerUpdate(tenant, customer.id, parsed.data);
    if (answers.file && answers.file.bytes.length > 0) {
      const documentType = DocumentTypeSchema.safeParse(answers.documentType);
      if (!documentType.success) return { kind: 'invalid', errors: [{ field: 'documentType', message: 'Choose the type of the document' }] };
      uploadDocument(tenant, customer.id, { documentType: documentType.data, country: answers.documentCountry?.trim() || 'US' }, answers.file);
    }
    const verification = submitVerification(tenant, customer.id);
    if (verification.verificationStatus !== 'RESOLVE_ERRORS') completeLink(tenant, token);
    return { kind: 'submitted', verification, ...(link.redirectUri ? { redirectUri: link.redirectUri } : {}) };
  } catch (err) {
    // Field and document problems go back to the person, as the form's errors.
    if (err instanceof ApiError && (err.status === 400 || err.status === 413)) return { kind: 'invalid', errors: err.details?.errors ?? [{ field: answers.file ? 'file' : 'customer', message: err.message }] };
    throw err;
  }
}
