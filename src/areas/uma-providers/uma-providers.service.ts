/** GET /uma-providers: the directory of UMA providers, filtered and paged. */
import { currencyOf } from '../../core/money.js';
import type { ListResult } from '../../core/pagination.js';
import { pageOfTable } from '../directory-pages.js';
import { UMA_PROVIDERS, leiOf, type UmaProviderRow } from './uma-providers.data.js';
import type { UmaProvider, UmaProviderListQuery } from './uma-providers.schemas.js';

function present(row: UmaProviderRow): UmaProvider {
  return {
    name: row.name,
    supportedRegions: [...row.supportedRegions],
    domain: row.domain,
    supportedCurrencies: row.supportedCurrencies.map(currencyOf),
    lei: leiOf(row.leiBase),
    allowListStatus: row.allowListStatus,
  };
}

/** Unknown codes are not errors: they match nothing. Each sort order has its own cursors. */
export function listUmaProviders(query: UmaProviderListQuery): ListResult<UmaProvider> {
  const rows = UMA_PROVIDERS.filter(
    (p) =>
      (query.countryCode === undefined || p.supportedRegions.includes(query.countryCode)) &&
      (query.currencyCode === undefined || p.supportedCurrencies.includes(query.currencyCode)) &&
      (query.hasBlockedProviders === 'true' || p.allowListStatus),
  ).sort((a, b) => (query.sortOrder === 'asc' ? a.name.localeCompare(b.name) : b.name.localeCompare(a.name)));
  return pageOfTable(`uma-providers-${query.sortOrder}`, rows.map(present), query);
}
