import { z } from '@hono/zod-openapi';

const Counts = z.record(z.string(), z.number().int());

export const CoverageOperation = z
  .object({
    operationId: z.string(),
    method: z.string(),
    path: z.string().openapi({ description: 'The OpenAPI path, under the API base' }),
    area: z.string().openapi({ description: "The operation's tag" }),
    calls: z.number().int(),
    statuses: Counts.openapi({ description: 'Calls by HTTP status' }),
    errorCodes: Counts.openapi({ description: 'Error answers by `code`' }),
  })
  .openapi('AdminCoverageOperation');

export const CoverageOutcome = z
  .object({
    table: z.string(),
    title: z.string(),
    key: z.string().nullable().openapi({ description: "The row's magic value; null for the table's default (any other value) row" }),
    magic: z.string().openapi({ description: 'How to produce the outcome: the request value that selects the row' }),
    description: z.string(),
    hits: z.number().int().openapi({ description: 'Times the rules engine decided an outcome by this row' }),
  })
  .openapi('AdminCoverageOutcome');

export const CoverageWebhook = z
  .object({
    type: z.string(),
    area: z.string(),
    trigger: z.boolean().openapi({ description: 'Whether POST /__admin/events/trigger can make it happen' }),
    emitted: z.number().int(),
    delivered: z.number().int().openapi({ description: 'Delivery attempts that reached the endpoint' }),
    acknowledged: z.number().int().openapi({ description: 'Delivery attempts the endpoint answered with a 2xx' }),
  })
  .openapi('AdminCoverageWebhook');

export const CoverageReport = z
  .object({
    since: z.string().openapi({ description: 'When recording began or was last cleared' }),
    operations: z.object({ total: z.number().int(), exercised: z.number().int(), items: z.array(CoverageOperation) }),
    outcomes: z.object({ total: z.number().int(), exercised: z.number().int(), items: z.array(CoverageOutcome) }),
    webhooks: z.object({ total: z.number().int(), exercised: z.number().int(), emitted: z.number().int(), delivered: z.number().int(), acknowledged: z.number().int(), items: z.array(CoverageWebhook) }),
  })
  .openapi('AdminCoverage');

export const CoverageCleared = z.object({ cleared: z.literal(true), since: z.string() }).openapi('AdminCoverageCleared');
