/**
 * Contact verification: a customer of a contact-verification region proves
 * its e-mail and its phone with one-time codes before KYC can start. No
 * message leaves the sandbox; the code is the contactVerificationCode
 * table's accepted value.
 */
import { apiError, invalidInput } from '../../core/errors.js';
import { outcomeFor } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';
import type { Customer } from '../customers/customers.schemas.js';
import { presentCustomer, requireLiveCustomer, setVerificationStatus } from '../customers/customers.service.js';
import { pendingContactChannels } from '../customers/regulation.js';
import { initialKycStatus } from '../customers/verification-status.js';
import type { ContactChannel } from './contact-verification.schemas.js';

const LABEL: Record<ContactChannel, string> = { email: 'e-mail', phone: 'phone' };

function addressOf(customer: Customer, channel: ContactChannel): string {
  return (channel === 'email' ? customer.email : customer.phoneNumber) ?? '';
}

/** The customer, when this channel is still to be verified: 409 when it is not required or already VERIFIED. */
function pendingChannel(tenant: Tenant, customerId: string, channel: ContactChannel): Customer {
  const customer = requireLiveCustomer(tenant, customerId);
  const state = customer.contactVerification?.[channel];
  if (state === undefined) {
    throw apiError('CONFLICT', `Customer ${customerId} needs no ${LABEL[channel]} verification: it is only for customers of a contact-verification region`, {
      customerId,
      region: customer.region ?? null,
    });
  }
  if (state === 'VERIFIED') throw apiError('CONFLICT', `The ${LABEL[channel]} of customer ${customerId} is already verified`, { customerId, channel });
  return customer;
}

/** POST /customers/{id}/verify-email|phone: (re)sends a code; a new code replaces the last. */
export function sendContactCode(tenant: Tenant, customerId: string, channel: ContactChannel): void {
  const customer = pendingChannel(tenant, customerId, channel);
  const id = `${customerId}|${channel}`;
  const record = { id, customerId, channel, sentTo: addressOf(customer, channel), sentAt: tenant.clock.nowIso() };
  if (tenant.contactCodes.get(id)) tenant.contactCodes.update(id, (r) => Object.assign(r, record));
  else tenant.contactCodes.insert(record);
  tenant.changed();
}

const badCode = (message: string) => invalidInput([{ field: 'code', message }], message);

/** POST /customers/{id}/verify-email|phone/confirm: the channel becomes VERIFIED; with both verified, KYC can start. */
export function confirmContactCode(tenant: Tenant, customerId: string, channel: ContactChannel, code: string): Customer {
  const customer = pendingChannel(tenant, customerId, channel);
  const id = `${customerId}|${channel}`;
  const sent = tenant.contactCodes.get(id);
  if (!sent || sent.sentTo !== addressOf(customer, channel)) throw badCode(`No code was sent to the current ${LABEL[channel]}; POST /customers/${customerId}/verify-${channel} first`);
  const age = Math.floor((tenant.clock.nowMs() - Date.parse(sent.sentAt)) / 1000);
  if (!outcomeFor('contactVerificationCodeLifetime', String(age), tenant.coverage).valid) throw badCode(`The code sent at ${sent.sentAt} has expired; send a new one`);
  if (outcomeFor('contactVerificationCode', code, tenant.coverage).result !== 'ACCEPTED') throw badCode('Wrong code');
  tenant.contactCodes.remove(id);
  const verified = tenant.customers.update(customerId, (c) => {
    c.contactVerification = { ...c.contactVerification, [channel]: 'VERIFIED' };
    c.updatedAt = tenant.clock.nowIso();
  });
  tenant.changed();
  // KYC that would have resolved at creation (regulated platforms) resolves now that contact verification is done.
  if (pendingContactChannels(verified).length === 0 && verified.customerType === 'INDIVIDUAL' && verified.kycStatus === 'UNVERIFIED') {
    setVerificationStatus(tenant, customerId, initialKycStatus(tenant, verified));
  }
  return presentCustomer(tenant, requireLiveCustomer(tenant, customerId));
}
