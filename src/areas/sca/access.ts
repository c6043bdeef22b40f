/** Who SCA applies to: customers of an SCA region; for anyone else every SCA call is 409. */
import { apiError } from '../../core/errors.js';
import type { Tenant } from '../../store/tenant.js';
import type { Customer } from '../customers/customers.schemas.js';
import { requireLiveCustomer } from '../customers/customers.service.js';
import { scaApplies } from '../customers/regulation.js';

export function requireScaCustomer(tenant: Tenant, customerId: string): Customer {
  const customer = requireLiveCustomer(tenant, customerId);
  if (!scaApplies(tenant, customer)) {
    throw apiError('CONFLICT', `SCA is not required for customer ${customerId}: it applies to customers of an SCA region (scaRegions)`, { customerId, region: customer.region ?? null });
  }
  return customer;
}

/** The customer when SCA applies to it; undefined otherwise (no customer, not live, or outside the SCA regions). */
export function scaCustomer(tenant: Tenant, customerId: string | undefined): Customer | undefined {
  const customer = customerId !== undefined ? tenant.customers.get(customerId) : undefined;
  return customer && !customer.isDeleted && scaApplies(tenant, customer) ? customer : undefined;
}
