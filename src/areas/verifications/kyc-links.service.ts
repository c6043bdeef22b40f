/**
 * Hosted verification links: single use, expiring, and carrying their
 * tenant in the token so the hosted page needs no credentials.
 */
import { apiError } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import { newHostedToken } from '../../core/hosted-tokens.js';
import type { Tenant } from '../../store/tenant.js';
import { requireContactVerified, requireLiveCustomer } from '../customers/customers.service.js';
import type { KycLinkRecord } from './verifications.schemas.js';
import { HOSTED_KYC_PATH } from '../hosted-paths.js';
import { requireVerificationOpen } from './verifications.service.js';

const LINK_LIFETIME_MS = 60 * 60_000;
export { HOSTED_KYC_PATH };

export function createKycLink(tenant: Tenant, customerId: string, redirectUri: string | undefined, origin: string) {
  const customer = requireLiveCustomer(tenant, customerId);
  requireVerificationOpen(customer);
  requireContactVerified(tenant, customer);
  const token = newHostedToken(tenant.id);
  const now = tenant.clock.nowMs();
  const link: KycLinkRecord = { id: token, customerId, expiresAt: isoAt(now + LINK_LIFETIME_MS), createdAt: isoAt(now), ...(redirectUri ? { redirectUri } : {}) };
  tenant.kycLinks.insert(link);
  tenant.changed();
  return { kycUrl: `${origin}${HOSTED_KYC_PATH}/${token}`, expiresAt: link.expiresAt, provider: 'SUMSUB' as const, token };
}

export type LinkState = 'OPEN' | 'COMPLETED' | 'EXPIRED';

export function linkState(tenant: Tenant, link: KycLinkRecord): LinkState {
  if (link.completedAt) return 'COMPLETED';
  return tenant.clock.nowMs() >= Date.parse(link.expiresAt) ? 'EXPIRED' : 'OPEN';
}

/** An open link, or the reason it cannot be used. */
export function requireOpenLink(tenant: Tenant, token: string): KycLinkRecord {
  const link = tenant.kycLinks.get(token);
  if (!link) throw apiError('NOT_FOUND', 'This verification link does not exist');
  const state = linkState(tenant, link);
  if (state !== 'OPEN') throw apiError('CONFLICT', state === 'EXPIRED' ? 'This verification link has expired' : 'This verification link was already used', { state });
  return link;
}

export function completeLink(tenant: Tenant, token: string): void {
  tenant.kycLinks.update(token, (l) => {
    l.completedAt = tenant.clock.nowIso();
  });
  tenant.changed();
}
