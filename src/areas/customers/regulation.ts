/**
 * Which regulatory regime a customer falls under, decided by its region
 * (ISO 3166-1 alpha-2) and the platform's sandbox settings: contact
 * verification before KYC, and Strong Customer Authentication.
 */
import type { Tenant } from '../../store/tenant.js';
import { contactVerificationRegions, scaRegions } from '../config/config.service.js';
import type { Customer } from './customers.schemas.js';

export function contactVerificationApplies(tenant: Tenant, region: string | undefined): boolean {
  return region !== undefined && contactVerificationRegions(tenant).includes(region);
}

export function scaApplies(tenant: Tenant, customer: Pick<Customer, 'region'>): boolean {
  return customer.region !== undefined && scaRegions(tenant).includes(customer.region);
}

/** Channels still PENDING; empty when none is required or all are VERIFIED. */
export function pendingContactChannels(customer: Pick<Customer, 'contactVerification'>): Array<'email' | 'phone'> {
  const state = customer.contactVerification ?? {};
  return (['email', 'phone'] as const).filter((channel) => state[channel] === 'PENDING');
}

/** The phone SMS codes go to: present and, where verification applies, VERIFIED. */
export function smsPhoneOf(customer: Pick<Customer, 'phoneNumber' | 'contactVerification'>): string | undefined {
  if (!customer.phoneNumber) return undefined;
  return customer.contactVerification?.phone === 'PENDING' ? undefined : customer.phoneNumber;
}
