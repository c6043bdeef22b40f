/**
 * Discovery: which receiving institutions exist for a country and currency,
 * so a platform can offer its users a pick-list.
 */
import type { DiscoveryList, DiscoveryQuery } from './discoveries.schemas.js';
import { INSTITUTIONS } from './discoveries.data.js';

/** Unknown codes are not errors: they simply match nothing. */
export function listDiscoveries(query: DiscoveryQuery): DiscoveryList {
  const data = INSTITUTIONS.filter(
    (i) => (query.country === undefined || i.country === query.country) && (query.currency === undefined || i.currency === query.currency),
  ).map((i) => ({ ...i, paymentRails: [...i.paymentRails] }));
  return { data };
}
