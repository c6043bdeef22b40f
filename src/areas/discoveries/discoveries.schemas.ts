import { z } from '@hono/zod-openapi';
import { CountryCode, CurrencyCode } from '../../core/schemas.js';

export const DiscoveryQuery = z.object({
  country: CountryCode.optional(),
  currency: CurrencyCode.optional(),
});

export const DiscoveredInstitution = z
  .object({
    bankName: z.string().openapi({ description: 'Legal name, as accountInfo.bankName expects it', example: 'Sandbox National Bank, N.A.' }),
    displayName: z.string().openapi({ example: 'Sandbox National Bank' }),
    country: CountryCode,
    currency: CurrencyCode,
    paymentRails: z.array(z.string()).openapi({ example: ['ACH', 'WIRE', 'RTP', 'FEDNOW'] }),
    provider: z.string().optional().openapi({ description: 'Mobile-money providers only: the value for accountInfo.provider' }),
  })
  .openapi('DiscoveredInstitution');

export const DiscoveryList = z.object({ data: z.array(DiscoveredInstitution) }).openapi('DiscoveryListResponse');

export type DiscoveryQuery = z.infer<typeof DiscoveryQuery>;
export type DiscoveryList = z.infer<typeof DiscoveryList>;
