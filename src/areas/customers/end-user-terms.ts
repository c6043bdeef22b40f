/**
 * The End User Terms a customer accepts: the versions the sandbox knows, the
 * check of a submitted consent, and the opt-in rule that customer-scoped
 * money movement needs one (C14: unregulated platforms).
 */
import { apiError, invalidInput } from '../../core/errors.js';
import type { Tenant } from '../../store/tenant.js';
import { endUserTermsEnforced } from '../config/config.service.js';
import type { EndUserTerms } from './customers.schemas.js';

/** Every version a consent may name, oldest first; the last is current. */
export const END_USER_TERMS_VERSIONS: readonly string[] = ['V1'];
/** Where the sandbox serves the text of each version (outside the API: no credentials). */
export const END_USER_TERMS_PATH = '/legal/end-user-terms';

export function currentEndUserTerms(origin: string): EndUserTerms {
  const version = END_USER_TERMS_VERSIONS[END_USER_TERMS_VERSIONS.length - 1]!;
  return { version, url: `${origin}${END_USER_TERMS_PATH}/${version}` };
}

interface Consent {
  acceptedAt: string;
  termsVersion: string;
}

/** A consent names a known version and was not given in the future. */
export function checkConsent(tenant: Tenant, consent: Consent | undefined): void {
  if (!consent) return;
  if (!END_USER_TERMS_VERSIONS.includes(consent.termsVersion)) {
    throw apiError('END_USER_TERMS_VERSION_NOT_FOUND', `End User Terms version ${consent.termsVersion} does not exist; GET /customers/end-user-terms names the current one`, {
      errors: [{ field: 'endUserTermsConsent.termsVersion', message: 'Not a version of the End User Terms', constraint: { enum: [...END_USER_TERMS_VERSIONS] } }],
    });
  }
  if (Date.parse(consent.acceptedAt) > tenant.clock.nowMs()) {
    throw invalidInput([{ field: 'endUserTermsConsent.acceptedAt', message: `Must not be in the future (it is ${tenant.clock.nowIso()})` }]);
  }
}

/** 403 END_USER_TERMS_NOT_ACCEPTED for a customer without consent, when the platform opted in (requireEndUserTermsConsent). */
export function requireTermsAccepted(tenant: Tenant, customerId: string | undefined): void {
  if (customerId === undefined || !endUserTermsEnforced(tenant)) return;
  const customer = tenant.customers.get(customerId);
  if (customer && !customer.endUserTermsConsent) {
    throw apiError('END_USER_TERMS_NOT_ACCEPTED', `Customer ${customerId} has not accepted the End User Terms; record endUserTermsConsent with PATCH /customers/${customerId}`, { customerId });
  }
}
