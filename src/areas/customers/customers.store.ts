/** The customers collection. */
import { defineCollection } from '../../store/spec.js';
import { Customer } from './customers.schemas.js';

declare module '../../store/spec.js' {
  interface TenantRecords {
    customers: Customer;
  }
}

export const customersCollection = defineCollection('customers', {
  schema: Customer,
  indexes: {
    platformCustomerId: (c) => c.platformCustomerId,
    umaAddress: (c) => c.umaAddress.toLowerCase(),
    customerType: (c) => c.customerType,
    live: (c) => (c.isDeleted ? undefined : 'live'),
  },
});
