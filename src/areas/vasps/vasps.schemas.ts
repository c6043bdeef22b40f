import { z } from '@hono/zod-openapi';
import { ListQuery } from '../../core/schemas.js';

export const Vasp = z
  .object({
    vaspName: z.string().openapi({ description: 'The value to give as vaspName when declaring a VASP-hosted counterparty' }),
    url: z.string().optional(),
  })
  .openapi('Vasp');

export const VaspListQuery = ListQuery;

export const VaspList = z
  .object({ data: z.array(Vasp), hasMore: z.boolean(), nextCursor: z.string().optional(), totalCount: z.number().int().optional() })
  .openapi('VaspListResponse');

export type VaspListQuery = z.infer<typeof VaspListQuery>;
