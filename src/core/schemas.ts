/**
 * zod building blocks shared by every area: formats, list queries and list
 * responses. Route files compose these; their error responses are generated
 * from the error catalogue (src/docs/error-responses.ts).
 */
import { z } from '@hono/zod-openapi';
import { noteAliased } from './validation.js';
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

/**
 * An object schema that also takes other declared names for some members
 * (`{ theirs: ours }`): a member given under its other name is read as ours
 * (ours wins when both are given) and is never reported as an unknown input.
 * `adapt` may reshape the value given under the other name (a one-item list).
 */
export function withAliases<T extends z.ZodType>(renames: Record<string, string>, schema: T, adapt: (theirs: string, given: unknown) => unknown = (_, given) => given) {
  // Set by the preprocess step and taken by the transform of the same synchronous parse.
  let used: Set<string> | undefined;
  const rename = (value: unknown): unknown => {
    used = undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [theirs, ours] of Object.entries(renames)) {
      if (out[theirs] === undefined) continue;
      (used ??= new Set()).add(theirs);
      if (out[ours] === undefined) out[ours] = adapt(theirs, out[theirs]);
      delete out[theirs];
    }
    return out;
  };
  return z.preprocess(
    rename,
    schema.transform((parsed) => {
      if (used && typeof parsed === 'object' && parsed !== null) noteAliased(parsed, used);
      used = undefined;
      return parsed;
    }),
  );
}

/**
 * A boolean query parameter: `true` or `false` on the wire, documented as
 * the boolean it is (the handlers compare with the string).
 */
export const QueryBoolean = z.enum(['true', 'false']).openapi({ type: 'boolean' });
