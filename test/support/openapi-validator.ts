/**
 * Checks HTTP responses against an OpenAPI 3.1 document with ajv (JSON
 * Schema 2020-12, the dialect of OpenAPI 3.1) and ajv-formats. Used for our
 * own served documents (every response a test receives must conform) and
 * for the public reference description (the conformance flows).
 *
 * This module only finds the operation and the response schema a response
 * belongs to; the validation itself is ajv's.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; its default export is the plugin.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface ObservedResponse {
  method: string;
  /** The request path, without query string, as sent (server base path included). */
  path: string;
  status: number;
  contentType: string | null;
  /** The parsed JSON body, the raw text for other types, undefined when empty. */
  body: unknown;
  /** Response headers, lower-case names. */
  headers?: Record<string, string>;
}

export interface Violation {
  /** `operationId status`, or `METHOD path status` when no operationId. */
  where: string;
  operationId: string | undefined;
  status: number;
  /** One line per problem: `instancePath keyword message`. */
  problems: string[];
  /** Machine-friendly form of the problems, for matching against listed deviations. */
  keys: string[];
}

export type CheckResult = { matched: false } | { matched: true; operationId: string | undefined; pathTemplate: string; violation?: Violation };

interface Route {
  template: string;
  regex: RegExp;
  literalSegments: number;
  method: string;
  operation: Json;
}

function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const extra =
    error.keyword === 'additionalProperties'
      ? ` (${String(params.additionalProperty)})`
      : error.keyword === 'enum'
        ? ` (${JSON.stringify(params.allowedValues)})`
        : error.keyword === 'required'
          ? ''
          : '';
  return `${error.instancePath || '/'} ${error.keyword}: ${error.message ?? ''}${extra}`;
}

/** A short, stable key for one problem: where it is (array indexes folded) and what failed. */
function keyOf(error: ErrorObject): string {
  const path = (error.instancePath || '/').replace(/\/\d+(?=\/|$)/g, '/*');
  const params = error.params as Record<string, unknown>;
  const detail =
    error.keyword === 'required'
      ? String(params.missingProperty)
      : error.keyword === 'additionalProperties'
        ? String(params.additionalProperty)
        : error.keyword === 'type'
          ? String(params.type)
          : '';
  return `${path} ${error.keyword}${detail ? ` ${detail}` : ''}`;
}

/**
 * The problems that explain a failure best: ajv reports every branch of a
 * oneOf/anyOf; the errors under the deepest paths are the informative ones.
 */
function informative(errors: readonly ErrorObject[]): ErrorObject[] {
  const specific = errors.filter((e) => !['oneOf', 'anyOf', 'allOf', 'if', 'then', 'else', 'discriminator'].includes(e.keyword));
  return specific.length > 0 ? specific : [...errors];
}

/** ajv's discriminator keyword takes propertyName only; the variants carry their own const/enum. */
function withoutMappings(document: Json): Json {
  return JSON.parse(JSON.stringify(document), (key, value: unknown) => {
    if (key === 'discriminator' && value && typeof value === 'object') return { propertyName: (value as Json).propertyName };
    return value;
  }) as Json;
}

export class OpenApiResponseValidator {
  private readonly ajv: Ajv2020;
  /** Without the discriminator keyword, for the schemas whose discriminator ajv cannot use. */
  private readonly plainAjv: Ajv2020;
  /** Stops at the first error: most responses conform, and this is the quick way to say so. */
  private readonly fastAjv: Ajv2020;
  private readonly fastCompiled = new Map<string, ValidateFunction | null>();
  private readonly routes: Route[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly id: string;

  /**
   * @param document an OpenAPI 3.1 document
   * @param basePath the path prefix requests carry before the document's paths (e.g. `/2025-10-13`, or `''`)
   */
  constructor(
    readonly document: Json,
    private readonly basePath: string,
    name = 'document',
  ) {
    this.id = `https://paysandbox.test/${name}.json`;
    const make = (discriminator: boolean, allErrors = true) => {
      const ajv = new Ajv2020({ strict: false, allErrors, validateSchema: false, logger: false, validateFormats: true, discriminator });
      addFormats(ajv);
      for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) ajv.addFormat(format, true);
      ajv.addSchema({ ...(discriminator ? withoutMappings(document) : document), $id: this.id });
      return ajv;
    };
    // With discriminator on, a oneOf of 50 account types reports the errors of the one variant its accountType picks.
    this.ajv = make(true);
    this.plainAjv = make(false);
    this.fastAjv = make(true, false);
    for (const [template, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
      const segments = template.split('/');
      const pattern = segments.map((s) => (s.startsWith('{') && s.endsWith('}') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
      for (const method of METHODS) {
        const operation = item[method] as Json | undefined;
        if (operation) this.routes.push({ template, regex: new RegExp(`^${pattern}$`), literalSegments: segments.filter((s) => !s.startsWith('{')).length, method, operation });
      }
    }
    // A literal segment beats a parameter: /customers/internal-accounts before /customers/{customerId}.
    this.routes.sort((a, b) => b.literalSegments - a.literalSegments);
  }

  /** The operation a request reaches, if the document has one. */
  find(method: string, path: string): Route | undefined {
    if (!path.startsWith(this.basePath)) return undefined;
    const local = path.slice(this.basePath.length) || '/';
    const m = method.toLowerCase();
    return this.routes.find((r) => r.method === m && r.regex.test(local));
  }

  /** Every operation of the document, as `operationId` (or `METHOD template`). */
  operations(): Array<{ operationId: string; method: string; template: string }> {
    return this.routes.map((r) => ({ operationId: String(r.operation.operationId ?? `${r.method.toUpperCase()} ${r.template}`), method: r.method, template: r.template }));
  }

  /**
   * Where the schema at `pointer` really is: a schema that is only a `$ref`
   * (most error responses name a shared component) is compiled once, at its
   * target, for every response that names it.
   */
  private targetOf(pointer: string): string {
    let target = pointer;
    for (let hops = 0; hops < 8; hops++) {
      const schema = this.resolve(`#${target}`) as Json;
      const ref = schema.$ref;
      if (typeof ref !== 'string' || !ref.startsWith('#/') || Object.keys(schema).length !== 1) break;
      target = ref.slice(1);
    }
    return target;
  }

  private validatorFor(schemaPointer: string): ValidateFunction {
    const pointer = this.targetOf(schemaPointer);
    let validate = this.compiled.get(pointer);
    if (!validate) {
      try {
        validate = this.ajv.compile({ $ref: `${this.id}#${pointer}` });
      } catch (err) {
        if (process.env.DEBUG_VALIDATOR) console.error(pointer, err);
        validate = this.plainAjv.compile({ $ref: `${this.id}#${pointer}` });
      }
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  /** True when the body conforms, by the quick validator; undefined when it cannot tell (then the full one decides). */
  private quickCheck(schemaPointer: string, body: unknown): boolean | undefined {
    const pointer = this.targetOf(schemaPointer);
    let validate = this.fastCompiled.get(pointer);
    if (validate === undefined) {
      try {
        validate = this.fastAjv.compile({ $ref: `${this.id}#${pointer}` });
      } catch {
        validate = null;
      }
      this.fastCompiled.set(pointer, validate);
    }
    return validate ? validate(body) : undefined;
  }

  check(response: ObservedResponse): CheckResult {
    const route = this.find(response.method, response.path);
    if (!route) return { matched: false };
    const operationId = route.operation.operationId as string | undefined;
    const where = `${operationId ?? `${response.method.toUpperCase()} ${route.template}`} ${response.status}`;
    const fail = (problems: string[], keys: string[] = problems): CheckResult => ({
      matched: true,
      operationId,
      pathTemplate: route.template,
      violation: { where, operationId, status: response.status, problems, keys },
    });
    const responses = (route.operation.responses ?? {}) as Record<string, Json>;
    const statusKey = [String(response.status), `${String(response.status)[0]}XX`, 'default'].find((k) => responses[k] !== undefined);
    if (!statusKey) return fail([`status ${response.status} is not declared (declared: ${Object.keys(responses).join(', ')})`], [`status ${response.status} undeclared`]);
    const declared = responses[statusKey]!;
    const problems: string[] = [];
    const keys: string[] = [];
    for (const [name, header] of Object.entries((declared.headers ?? {}) as Record<string, Json>)) {
      const resolved = (header.$ref ? this.resolve(String(header.$ref)) : header) as Json;
      if (resolved.required === true && response.headers && response.headers[name.toLowerCase()] === undefined) {
        problems.push(`header ${name} is required`);
        keys.push(`header ${name} missing`);
      }
    }
    const content = declared.content as Record<string, Json> | undefined;
    const empty = response.body === undefined || response.body === '';
    if (!content || Object.keys(content).length === 0) {
      if (!empty) {
        problems.push(`a ${response.status} response has no declared body, but one was sent`);
        keys.push('body undeclared');
      }
    } else if (empty) {
      problems.push(`a ${response.status} response declares a body, but none was sent`);
      keys.push('body missing');
    } else {
      const type = (response.contentType ?? '').split(';')[0]!.trim().toLowerCase();
      const mediaType = Object.keys(content).find((m) => m.toLowerCase() === type) ?? Object.keys(content).find((m) => m.endsWith('/*') && type.startsWith(m.slice(0, -1)));
      if (!mediaType) {
        problems.push(`content type ${type || '(none)'} is not declared (declared: ${Object.keys(content).join(', ')})`);
        keys.push(`content-type ${type} undeclared`);
      } else if (content[mediaType]!.schema !== undefined) {
        const pointer = `/paths/${escapePointer(route.template)}/${route.method}/responses/${statusKey}/content/${escapePointer(mediaType)}/schema`;
        if (this.quickCheck(pointer, response.body) === true) return problems.length > 0 ? fail(problems, keys) : { matched: true, operationId, pathTemplate: route.template };
        const validate = this.validatorFor(pointer);
        if (!validate(response.body)) {
          const errors = informative(validate.errors ?? []);
          problems.push(...errors.slice(0, 12).map(describe));
          keys.push(...new Set(errors.map(keyOf)));
        }
      }
    }
    return problems.length > 0 ? fail(problems, keys) : { matched: true, operationId, pathTemplate: route.template };
  }

  private resolve(ref: string): unknown {
    if (!ref.startsWith('#/')) return {};
    let node: unknown = this.document;
    for (const token of ref.slice(2).split('/')) node = (node as Json)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
    return node ?? {};
  }
}

/** A one-paragraph report of a violation, for a failing test. */
export function formatViolation(response: ObservedResponse, violation: Violation): string {
  const body = JSON.stringify(response.body);
  return [
    `${response.method.toUpperCase()} ${response.path} answered ${response.status}, which does not conform to the OpenAPI document (${violation.where}):`,
    ...violation.problems.map((p) => `  - ${p}`),
    `  body: ${body === undefined ? '(empty)' : body.length > 600 ? `${body.slice(0, 600)}...` : body}`,
  ].join('\n');
}
