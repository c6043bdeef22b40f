import { z } from '@hono/zod-openapi';
import { CountryCode, Currency, CurrencyCode, ListQuery, listResponse, QueryBoolean } from '../../core/schemas.js';

export const UmaProvider = z
  .object({
    name: z.string(),
    supportedRegions: z.array(z.string()).openapi({ description: 'ISO 3166-1 alpha-2 codes' }),
    domain: z.string().openapi({ description: 'The domain of its UMA addresses' }),
    supportedCurrencies: z.array(Currency),
    lei: z.string().openapi({ description: 'Legal Entity Identifier (fictional, with valid check digits)' }),
    allowListStatus: z.boolean().openapi({ description: 'Whether it is on your allow list' }),
  })
  .openapi('UmaProvider');

export const UmaProviderListQuery = ListQuery.extend({
  countryCode: CountryCode.optional().openapi({ description: 'Providers operating in this country' }),
  currencyCode: CurrencyCode.optional().openapi({ description: 'Providers supporting this currency' }),
  hasBlockedProviders: QueryBoolean.default('true').openapi({ description: 'false: only providers on your allow list' }),
  sortOrder: z.enum(['asc', 'desc']).default('desc').openapi({ description: 'By name' }),
});

export const UmaProviderList = listResponse(UmaProvider, 'UmaProviderListResponse');

export type UmaProvider = z.infer<typeof UmaProvider>;
export type UmaProviderListQuery = z.infer<typeof UmaProviderListQuery>;
