/**
 * The KYC/KYB status a customer starts with. This is the hook the
 * verification rules plug into: every customer starts UNVERIFIED until the
 * suffix tables of src/rules are applied here and in POST /verifications.
 */
import type { Tenant } from '../../store/tenant.js';
import type { KycStatus } from '../../rules/index.js';

export function initialKycStatus(_tenant: Tenant, _customer: { fullName?: string | undefined }): KycStatus {
  return 'UNVERIFIED';
}

export function initialKybStatus(_tenant: Tenant, _customer: { businessInfo: { registrationNumber?: string | undefined } }): KycStatus {
  return 'UNVERIFIED';
}
