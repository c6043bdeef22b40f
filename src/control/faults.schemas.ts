import { z } from '@hono/zod-openapi';
import { Timestamp } from '../core/schemas.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../core/errors.js';
import { PROCESSING_OPERATIONS } from '../areas/wallet-auth/processing.js';

const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];

/** Which API requests a fault applies to: a method, and a path under the API base where `*` stands for one segment (a prefix matches what lies below it). */
const Match = {
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  path: z
    .string()
    .regex(/^\/[A-Za-z0-9_\-./*{}:$@]*$/)
    .max(300)
    .optional()
    .openapi({ description: 'e.g. /quotes/*/execute; every API path when absent', example: '/quotes' }),
};
const UntilCleared = z.number().int().min(1).max(10_000).optional().openapi({ description: 'How many matching requests it applies to; until cleared when absent' });

export const FaultRequest = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('WALLET_PROCESSING').openapi({ description: 'A wallet operation answers 200 {status: PROCESSING}; the identical re-send gets the result' }),
      operation: z.enum(PROCESSING_OPERATIONS).optional().openapi({ description: 'Only this wallet operation; any of them when absent' }),
      count: z.number().int().min(1).max(100).default(1),
    }),
    z.object({ kind: z.literal('LATENCY'), latencyMs: z.number().int().min(1).max(60_000), ...Match, count: UntilCleared }),
    z.object({ kind: z.literal('ERROR'), code: z.enum(ERROR_CODES).openapi({ description: 'Answered with its catalogue status and body', example: 'INTERNAL_ERROR' }), ...Match, count: UntilCleared }),
  ])
  .openapi('AdminFaultRequest');

export const Fault = z
  .object({
    id: z.string(),
    kind: z.enum(['WALLET_PROCESSING', 'LATENCY', 'ERROR']),
    operation: z.enum(PROCESSING_OPERATIONS).optional(),
    latencyMs: z.number().int().optional(),
    code: z.enum(ERROR_CODES).optional(),
    method: z.string().optional(),
    path: z.string().optional(),
    remaining: z.number().int().optional().openapi({ description: 'Absent: until cleared' }),
    createdAt: Timestamp,
  })
  .openapi('AdminFault');

export const FaultList = z.object({ data: z.array(Fault) }).openapi('AdminFaultList');
export const FaultsCleared = z.object({ removed: z.number().int() }).openapi('AdminFaultsCleared');

export type FaultRequest = z.infer<typeof FaultRequest>;
export type FaultRecord = z.infer<typeof Fault>;
