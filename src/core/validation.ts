/**
 * Turns zod issues into the spec's field errors: one `{field, message,
 * constraint}` per invalid field, all in one 400 INVALID_INPUT.
 */
import type { z } from 'zod';
import { invalidInput, type FieldConstraint, type FieldError } from './errors.js';

type Issue = z.core.$ZodIssue;

/** Patterns whose meaning has a name in the spec's FieldConstraint.format list. */
const NAMED_PATTERNS: Record<string, string> = {
  '^[A-Z]{2}$': 'iso3166-1-alpha-2',
  '^\\+[1-9]\\d{1,14}$': 'e.164',
  '^\\d{3}-\\d{2}-\\d{4}$': 'us-ssn',
  '^[A-Z]{3}$': 'iso4217',
};

/** zod's format names mapped to the HTML5 input-type names the spec uses. */
const FORMAT_NAMES: Record<string, string> = {
  email: 'email',
  url: 'url',
  date: 'date',
  datetime: 'date-time',
  e164: 'e.164',
  uuid: 'uuid',
};

function stripSlashes(pattern: string): string {
  return pattern.startsWith('/') && pattern.lastIndexOf('/') > 0 ? pattern.slice(1, pattern.lastIndexOf('/')) : pattern;
}

export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join('.');
}

function toFieldErrors(issue: Issue, prefix: readonly PropertyKey[]): FieldError[] {
  const path = [...prefix, ...issue.path];
  const field = fieldPath(path) || '(body)';
  switch (issue.code) {
    case 'invalid_type': {
      const missing = issue.message.endsWith('received undefined');
      return [{ field, message: missing ? 'Required' : `Expected ${issue.expected}` }];
    }
    case 'too_small': {
      if (issue.origin === 'string') {
        const n = Number(issue.minimum);
        return [{ field, message: n === 1 ? 'Must not be empty' : `Must be at least ${n} characters`, constraint: { minLength: n } }];
      }
      if (issue.origin === 'array') return [{ field, message: `Must contain at least ${issue.minimum} item(s)` }];
      return [{ field, message: `Must be ${issue.inclusive ? 'greater than or equal to' : 'greater than'} ${issue.minimum}` }];
    }
    case 'too_big': {
      if (issue.origin === 'string') {
        const n = Number(issue.maximum);
        return [{ field, message: `Must be at most ${n} characters`, constraint: { maxLength: n } }];
      }
      if (issue.origin === 'array') return [{ field, message: `Must contain at most ${issue.maximum} item(s)` }];
      return [{ field, message: `Must be ${issue.inclusive ? 'less than or equal to' : 'less than'} ${issue.maximum}` }];
    }
    case 'invalid_format': {
      if (issue.format === 'regex' && issue.pattern) {
        const pattern = stripSlashes(issue.pattern);
        const constraint: FieldConstraint = { pattern };
        const named = NAMED_PATTERNS[pattern];
        if (named) constraint.format = named;
        return [{ field, message: named ? `Must be a valid ${named} value` : `Must match ${pattern}`, constraint }];
      }
      const format = FORMAT_NAMES[issue.format] ?? issue.format;
      return [{ field, message: `Must be a valid ${format}`, constraint: { format } }];
    }
    case 'invalid_value': {
      const values = issue.values.map((v) => String(v));
      return [{ field, message: `Must be one of: ${values.join(', ')}`, constraint: { enum: values } }];
    }
    case 'invalid_union': {
      const { note, options } = issue as { note?: string; options?: unknown[] };
      if (note === 'No matching discriminator' && Array.isArray(options)) {
        const values = options.map((v) => String(v));
        return [{ field, message: `Must be one of: ${values.join(', ')}`, constraint: { enum: values } }];
      }
      // A plain union: report the branch that got furthest (fewest issues).
      const branches = issue.errors.filter((b) => b.length > 0);
      if (branches.length === 0) return [{ field, message: issue.message }];
      const best = branches.reduce((a, b) => (b.length < a.length ? b : a));
      return best.flatMap((i) => toFieldErrors(i, path));
    }
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({ field: fieldPath([...path, key]), message: 'Unknown field' }));
    case 'not_multiple_of':
      return [{ field, message: `Must be a multiple of ${issue.divisor}` }];
    case 'custom': {
      const constraint = (issue.params as { constraint?: FieldConstraint } | undefined)?.constraint;
      return [constraint ? { field, message: issue.message, constraint } : { field, message: issue.message }];
    }
    default:
      return [{ field, message: issue.message }];
  }
}

/**
 * Every field error of a failed parse: one entry per field, its messages and
 * constraints merged, so a value that breaks two rules is still one entry.
 */
export function fieldErrorsOf(issues: readonly Issue[], prefix: readonly PropertyKey[] = []): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const issue of issues) {
    for (const e of toFieldErrors(issue, prefix)) {
      const seen = byField.get(e.field);
      if (!seen) {
        byField.set(e.field, { ...e });
        continue;
      }
      if (e.message && seen.message !== e.message && !seen.message?.split('; ').includes(e.message)) {
        seen.message = seen.message ? `${seen.message}; ${e.message}` : e.message;
      }
      if (e.constraint) seen.constraint = { ...seen.constraint, ...e.constraint };
    }
  }
  return [...byField.values()];
}

/** The hook @hono/zod-openapi calls after validating a request part. */
export function validationHook(result: { success: true } | { success: false; error: z.ZodError }): void {
  if (!result.success) throw invalidInput(fieldErrorsOf(result.error.issues));
}
