/**
 * Error responses for an OpenAPI document, generated from the error
 * catalogue: one schema per status (`Error400`, `Error404`, ...) whose `code`
 * is an enum of the codes the document's operations raise at that status,
 * and on every operation one response per status it can answer with, its
 * `code` narrowed to that operation's codes. Route files declare no error
 * responses: the catalogue's `raisedBy` is the one source.
 */
import { ERROR_CATALOGUE, codesRaisedBy, type ErrorCode, type OperationShape } from '../core/errors.js';

type Json = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Missing or invalid credentials, or a wallet signature that does not verify',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed on this path',
  409: 'Conflict with the current state',
  410: 'Gone',
  413: 'Request body too large',
  415: 'Unsupported media type',
  423: 'Locked after too many failed attempts',
  429: 'Too many requests',
  500: 'Internal error',
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Each operation of a document, with the facts the catalogue's rules need. */
export function operationsOf(document: Json): Array<{ path: string; method: string; operation: Json; shape: OperationShape }> {
  const out: Array<{ path: string; method: string; operation: Json; shape: OperationShape }> = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const body = operation.requestBody as { content?: Record<string, unknown> } | undefined;
      const parameters = [...((item.parameters as unknown[]) ?? []), ...((operation.parameters as unknown[]) ?? [])];
      out.push({
        path,
        method,
        operation,
        shape: {
          operationId: String(operation.operationId ?? `${method} ${path}`),
          method,
          hasInput: parameters.length > 0 || body !== undefined,
          hasBody: body !== undefined,
        },
      });
    }
  }
  return out;
}

function pascal(code: string): string {
  return code
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

function codeTable(codes: readonly ErrorCode[]): string {
  return ['| Code | Meaning |', '|---|---|', ...codes.map((code) => `| ${code} | ${ERROR_CATALOGUE[code].reason} |`)].join('\n');
}

function statusSchema(status: number, codes: readonly ErrorCode[]): Json {
  return {
    type: 'object',
    description: `The error body of a ${status} response.`,
    required: ['code', 'reason', 'message', 'status'],
    properties: {
      code: { type: 'string', enum: [...codes], description: codeTable(codes) },
      reason: { type: 'string', description: 'What went wrong, for people' },
      message: { type: 'string', description: 'The same text as reason' },
      status: { type: 'integer', enum: [status], description: 'The HTTP status' },
      details: { $ref: '#/components/schemas/ErrorDetails' },
    },
  };
}

const SHARED_SCHEMAS: Record<string, Json> = {
  FieldConstraint: {
    type: 'object',
    description: 'The rule a field broke. New members may appear.',
    properties: {
      format: { type: 'string', description: 'An HTML5 input type (email, url, date, ...) or a slug such as iso3166-1-alpha-2, us-ssn, e.164' },
      pattern: { type: 'string', description: 'A JavaScript regular expression' },
      enum: { type: 'array', items: { type: 'string' } },
      minLength: { type: 'integer' },
      maxLength: { type: 'integer' },
    },
  },
  FieldError: {
    type: 'object',
    description: 'One invalid field of a request.',
    required: ['field'],
    properties: {
      field: { type: 'string', description: 'Dot-notation path of the field' },
      message: { type: 'string' },
      constraint: { $ref: '#/components/schemas/FieldConstraint' },
    },
  },
  ErrorDetails: {
    type: 'object',
    description: 'Free-form; shape varies by code. Field validation failures list every invalid field in `errors`.',
    properties: { errors: { type: 'array', items: { $ref: '#/components/schemas/FieldError' } } },
    additionalProperties: true,
  },
};

const SHARED_HEADERS: Record<string, Json> = {
  RetryAfter: { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } },
  Allow: { description: 'The methods the path supports', schema: { type: 'string' }, example: 'GET, HEAD, POST' },
};

const HEADERS_BY_STATUS: Record<number, Record<string, Json>> = {
  405: { Allow: { $ref: '#/components/headers/Allow' } },
  423: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
  429: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
};

/** The codes an operation answers with, grouped by status. */
function codesByStatus(shape: OperationShape): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codesRaisedBy(shape)) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

/** Names a narrowed schema after its codes, while the name stays readable. */
function narrowedName(codes: readonly ErrorCode[]): string | undefined {
  return codes.length <= 3 ? `${codes.map(pascal).join('Or')}Error` : undefined;
}

/**
 * Adds the error schemas and every operation's error responses to a
 * generated document, in place.
 */
export function addErrorResponses(document: Json): void {
  const operations = operationsOf(document).map((o) => ({ ...o, byStatus: codesByStatus(o.shape) }));
  const union = new Map<number, Set<ErrorCode>>();
  const uses = new Map<string, number>();
  for (const { byStatus } of operations) {
    for (const [status, codes] of byStatus) {
      const all = union.get(status) ?? new Set<ErrorCode>();
      for (const code of codes) all.add(code);
      union.set(status, all);
      uses.set(`${status} ${codes.join(',')}`, (uses.get(`${status} ${codes.join(',')}`) ?? 0) + 1);
    }
  }
  const components = ((document.components ??= {}) as Json);
  const schemas = ((components.schemas ??= {}) as Json);
  Object.assign(schemas, SHARED_SCHEMAS);
  const catalogueOrder = (codes: Iterable<ErrorCode>) => {
    const set = new Set(codes);
    return (Object.keys(ERROR_CATALOGUE) as ErrorCode[]).filter((c) => set.has(c));
  };
  for (const status of [...union.keys()].sort()) schemas[`Error${status}`] = statusSchema(status, catalogueOrder(union.get(status)!));
  // The shared headers the document's responses use.
  const headers = { ...((components.headers as Json) ?? {}) };
  if (union.has(405)) headers.Allow = SHARED_HEADERS.Allow;
  if (union.has(429)) headers.RetryAfter = SHARED_HEADERS.RetryAfter;
  if (Object.keys(headers).length > 0) components.headers = headers;

  for (const { operation, byStatus } of operations) {
    const responses = ((operation.responses ??= {}) as Json);
    for (const status of [...byStatus.keys()].sort()) {
      if (responses[String(status)] !== undefined) continue;
      const codes = byStatus.get(status)!;
      const full = union.get(status)!.size === codes.length;
      let schema: Json = { $ref: `#/components/schemas/Error${status}` };
      if (!full) {
        const narrowed = { allOf: [schema, { type: 'object', required: ['code'], properties: { code: { type: 'string', enum: codes } } }] };
        const name = (uses.get(`${status} ${codes.join(',')}`) ?? 0) > 1 ? narrowedName(codes) : undefined;
        if (name) {
          schemas[name] = { ...narrowed, description: `A ${status} error with code ${codes.join(' or ')}.` };
          schema = { $ref: `#/components/schemas/${name}` };
        } else {
          schema = narrowed;
        }
      }
      responses[String(status)] = {
        description: `${STATUS_TEXT[status] ?? 'Error'}: ${codes.join(', ')}`,
        ...(HEADERS_BY_STATUS[status] ? { headers: HEADERS_BY_STATUS[status] } : {}),
        content: { 'application/json': { schema } },
      };
    }
  }
}
