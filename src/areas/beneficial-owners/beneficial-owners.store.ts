/** The beneficial owners of business customers. */
import { defineCollection } from '../../store/spec.js';
import { BeneficialOwner } from './beneficial-owners.schemas.js';

declare module '../../store/spec.js' {
  interface TenantRecords {
    beneficialOwners: BeneficialOwner;
  }
}

export const beneficialOwnersCollection = defineCollection('beneficialOwners', {
  schema: BeneficialOwner,
  indexes: { customer: (o) => o.customerId },
});
