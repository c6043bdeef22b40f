/**
 * Beneficial owners, directors and officers of business customers. Their
 * KYC status is decided when their business resolves (see verifications).
 */
import { invalidInput, notFound } from '../../core/errors.js';
import { decodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import type { Tenant } from '../../store/tenant.js';
import { requireCustomer, requireLiveCustomer } from '../customers/customers.service.js';
import { deleteDocumentsOf } from '../documents/documents.service.js';
import { verificationInputsChanged } from '../customers/verification-inputs.js';
import type { BeneficialOwner, BeneficialOwnerCreate, BeneficialOwnerUpdate } from './beneficial-owners.schemas.js';

const LIST = 'beneficial-owners';

export function requireBeneficialOwner(tenant: Tenant, id: string): BeneficialOwner {
  const owner = tenant.beneficialOwners.get(id);
  if (!owner) throw notFound('BeneficialOwner', id);
  return owner;
}

export function ownersOf(tenant: Tenant, customerId: string): BeneficialOwner[] {
  return tenant.beneficialOwners.byIndex('customer', customerId);
}

/** The owners of one business may not hold more than 100% between them. */
function checkOwnershipTotal(tenant: Tenant, customerId: string, self: string | undefined, percentage: number): void {
  const others = ownersOf(tenant, customerId).filter((o) => o.id !== self).reduce((sum, o) => sum + o.ownershipPercentage, 0);
  if (others + percentage > 100) {
    throw invalidInput([{ field: 'ownershipPercentage', message: `The other owners already hold ${others}%; at most ${100 - others}% is left` }]);
  }
}

export function createBeneficialOwner(tenant: Tenant, input: BeneficialOwnerCreate): BeneficialOwner {
  const business = requireLiveCustomer(tenant, input.customerId);
  if (business.customerType !== 'BUSINESS') {
    throw invalidInput([{ field: 'customerId', message: `Customer ${business.id} is INDIVIDUAL; beneficial owners belong to business customers` }]);
  }
  checkOwnershipTotal(tenant, business.id, undefined, input.ownershipPercentage);
  const now = tenant.clock.nowIso();
  const owner: BeneficialOwner = {
    id: tenant.ids('BeneficialOwner'),
    customerId: business.id,
    roles: input.roles,
    ownershipPercentage: input.ownershipPercentage,
    personalInfo: input.personalInfo,
    kycStatus: 'UNVERIFIED',
    createdAt: now,
    updatedAt: now,
  };
  tenant.beneficialOwners.insert(owner);
  tenant.changed();
  verificationInputsChanged(tenant, business.id, 'fields');
  return owner;
}

export function listBeneficialOwners(tenant: Tenant, query: { customerId: string; limit: number; cursor?: string | undefined }): ListResult<BeneficialOwner> {
  requireCustomer(tenant, query.customerId);
  const beforeSeq = decodeCursor(LIST, query.cursor);
  const page = tenant.beneficialOwners.page({ index: 'customer', key: query.customerId, limit: query.limit, ...(beforeSeq !== undefined ? { beforeSeq } : {}) });
  return toListResult(LIST, page, (o) => o);
}

export function updateBeneficialOwner(tenant: Tenant, id: string, patch: BeneficialOwnerUpdate): BeneficialOwner {
  const owner = requireBeneficialOwner(tenant, id);
  requireLiveCustomer(tenant, owner.customerId);
  if (patch.ownershipPercentage !== undefined) checkOwnershipTotal(tenant, owner.customerId, id, patch.ownershipPercentage);
  return tenant.beneficialOwners.update(id, (o) => {
    if (patch.roles) o.roles = patch.roles;
    if (patch.ownershipPercentage !== undefined) o.ownershipPercentage = patch.ownershipPercentage;
    if (patch.personalInfo) {
      for (const [key, value] of Object.entries(patch.personalInfo)) if (value !== undefined) (o.personalInfo as Record<string, unknown>)[key] = value;
    }
    o.updatedAt = tenant.clock.nowIso();
    tenant.changed();
  });
}

export function deleteBeneficialOwner(tenant: Tenant, id: string): void {
  requireBeneficialOwner(tenant, id);
  deleteDocumentsOf(tenant, id);
  tenant.beneficialOwners.remove(id);
  tenant.changed();
}

/** Sets an owner's KYC status; true when it changed. */
export function setOwnerKycStatus(tenant: Tenant, id: string, kycStatus: BeneficialOwner['kycStatus']): boolean {
  const owner = requireBeneficialOwner(tenant, id);
  if (owner.kycStatus === kycStatus) return false;
  tenant.beneficialOwners.update(id, (o) => {
    o.kycStatus = kycStatus;
    o.updatedAt = tenant.clock.nowIso();
  });
  tenant.changed();
  return true;
}
