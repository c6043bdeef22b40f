/**
 * The KYC/KYB status a customer starts with. Regulated platforms, and
 * unregulated ones that skip the verification paperwork, resolve an
 * individual's fullName suffix at creation; everyone else, and every
 * business, starts UNVERIFIED until POST /verifications.
 */
import type { Tenant } from '../../store/tenant.js';
import { outcomeFor, type KycStatus } from '../../rules/index.js';

export function initialKycStatus(tenant: Tenant, customer: { fullName?: string | undefined }): KycStatus {
  const { isRegulatedFinancialInstitution, skipVerificationPaperwork } = tenant.config;
  return isRegulatedFinancialInstitution || skipVerificationPaperwork ? outcomeFor('individualKyc', customer.fullName ?? '', tenant.coverage).kycStatus : 'UNVERIFIED';
}

export function initialKybStatus(): KycStatus {
  return 'UNVERIFIED';
}
