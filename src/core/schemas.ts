/**
 * zod building blocks shared by every area: formats, the error body, list
 * queries and list responses. Route files compose these.
 */
import { z } from '@hono/zod-openapi';
import { ERROR_CATALOGUE, type ErrorCode } from './errors.js';
import { CURRENCY_CODES, MAX_AMOUNT } from './money.js';

export const CountryCode = z.string().regex(/^[A-Z]{2}$/).openapi({ example: 'US', description: 'ISO 3166-1 alpha-2 country code' });
export const CurrencyCode = z.string().regex(/^[A-Z0-9]{3,5}$/).openapi({ example: 'USD', description: 'ISO 4217 code, or a crypto ticker' });
/** A currency the sandbox knows (fiat ISO 4217 codes and crypto tickers). */
export const KnownCurrency = z.enum(CURRENCY_CODES as [string, ...string[]]).openapi({ example: 'USD' });
export const Email = z.email().max(254);
export const PhoneNumber = z.string().regex(/^\+[1-9]\d{1,14}$/).openapi({ example: '+14155550123', description: 'E.164' });
export const IsoDate = z.iso.date().openapi({ example: '1990-01-31' });
export const Timestamp = z.iso.datetime({ offset: true }).openapi({ example: '2025-10-13T12:00:00.000Z' });

export const Address = z
  .object({
    line1: z.string().min(1).max(255),
    line2: z.string().max(255).optional(),
    city: z.string().min(1).max(255).optional(),
    state: z.string().min(1).max(255).optional(),
    postalCode: z.string().min(1).max(32),
    country: CountryCode,
  })
  .openapi('Address');

export const Currency = z
  .object({ code: z.string(), name: z.string(), symbol: z.string(), decimals: z.number().int().min(0) })
  .openapi('Currency');

export const CurrencyAmount = z
  .object({ amount: z.number().int().openapi({ description: 'Integer minor units (1500 means 15.00)' }), currency: Currency })
  .openapi('CurrencyAmount');

/** A positive integer amount in minor units, bounded so it never loses precision. */
export const PositiveAmount = z.number().int().min(1).max(MAX_AMOUNT).openapi({ example: 10000 });

export const FieldErrorSchema = z
  .object({
    field: z.string(),
    message: z.string().optional(),
    constraint: z
      .object({
        format: z.string().optional(),
        pattern: z.string().optional(),
        enum: z.array(z.string()).optional(),
        minLength: z.number().int().optional(),
        maxLength: z.number().int().optional(),
      })
      .optional(),
  })
  .openapi('FieldError');

export const ErrorBodySchema = z
  .object({
    code: z.string().openapi({ example: 'INVALID_INPUT' }),
    reason: z.string(),
    message: z.string().openapi({ description: 'Same text as reason' }),
    status: z.number().int(),
    details: z.object({ errors: z.array(FieldErrorSchema).optional() }).catchall(z.unknown()).optional(),
  })
  .openapi('Error');

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Missing or invalid credentials',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict with the current state',
  410: 'Gone',
  415: 'Unsupported media type',
  429: 'Rate limited',
  500: 'Internal error',
};

function codesFor(status: number): ErrorCode[] {
  return (Object.keys(ERROR_CATALOGUE) as ErrorCode[]).filter((code) => ERROR_CATALOGUE[code].status === status);
}

/** OpenAPI response entries for the error statuses a route can answer. */
export function errorResponses(...statuses: number[]) {
  const out: Record<number, { description: string; content: { 'application/json': { schema: typeof ErrorBodySchema } } }> = {};
  for (const status of [...new Set([400, 401, 500, ...statuses])]) {
    const codes = codesFor(status);
    const listed = codes.length <= 8 ? ` Codes: ${codes.join(', ')}.` : '';
    out[status] = { description: `${STATUS_TEXT[status] ?? 'Error'}.${listed}`, content: { 'application/json': { schema: ErrorBodySchema } } };
  }
  return out;
}

/**
 * For cross-field checks that must report alongside the other field errors:
 * run them whenever the value is an object, even if some fields failed.
 */
export const whenObject = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return { required: true, content: { 'application/json': { schema } }, ...(description ? { description } : {}) };
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

export const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ description: '1 to 100', example: 20 }),
  cursor: z.string().min(1).max(200).optional().openapi({ description: 'nextCursor of the previous page' }),
});

export function listResponse<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      data: z.array(item),
      hasMore: z.boolean(),
      nextCursor: z.string().optional().openapi({ description: 'Present only when hasMore is true' }),
      totalCount: z.number().int().optional(),
    })
    .openapi(name);
}
