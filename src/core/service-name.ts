/**
 * The service's name in identifiers (decision 0010). The spec writes SERVICE
 * where the real service writes its own name (for a service named Acme:
 * Acme-Wallet-Signature, X-Acme-Signature, acmeOperationsStatus,
 * ACME_SWITCH_ERROR, ...); a sandbox
 * started with a name speaks the named forms. Inside, everything keeps the
 * neutral forms (the catalogue, the schemas, the stored records); the edges
 * that meet clients (the header read, the answers, the documents, the
 * webhook header) go through one ServiceName.
 */
import type { Context, MiddlewareHandler } from 'hono';

export const DEFAULT_SERVICE_NAME = 'Service';

/** Letters and digits, a letter first: the name goes into header, field and code names. */
const VALID_NAME = /^[A-Za-z][A-Za-z0-9]{0,39}$/;

export class InvalidServiceNameError extends Error {
  override name = 'InvalidServiceNameError';
}

/** The five identifiers the spec neutralises, as the spec writes them. */
export const NEUTRAL = {
  walletSignatureHeader: 'Service-Wallet-Signature',
  webhookSignatureHeader: 'X-Service-Signature',
  operationsStatusField: 'serviceOperationsStatus',
  switchErrorCode: 'SERVICE_SWITCH_ERROR',
  operationsNotEnabledCode: 'STABLECOIN_SERVICE_OPERATIONS_NOT_ENABLED',
} as const;

export type NamedIdentifiers = { readonly [K in keyof typeof NEUTRAL]: string };

/** `Acme` -> `acme`, `MyPay` -> `myPay`, `ACMEPay` -> `acmePay`, `ACME` -> `acme`: the name as a camelCase field's first word. */
export function camelCaseHead(name: string): string {
  const capitals = /^[A-Z]+/.exec(name)?.[0].length ?? 0;
  // Of a run of capitals before a lower-case letter, the last starts the next word.
  const lowered = capitals > 1 && capitals < name.length && /[a-z]/.test(name[capitals]!) ? capitals - 1 : Math.max(capitals, 1);
  return name.slice(0, lowered).toLowerCase() + name.slice(lowered);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

export class ServiceName implements NamedIdentifiers {
  readonly walletSignatureHeader: string;
  readonly webhookSignatureHeader: string;
  readonly operationsStatusField: string;
  readonly switchErrorCode: string;
  readonly operationsNotEnabledCode: string;
  /** Whether this is the spec's own `Service`: nothing to rename. */
  readonly isNeutral: boolean;
  private readonly headers: RegExp;
  private readonly words: RegExp;
  private readonly named: ReadonlyMap<string, string>;
  private readonly neutral: ReadonlyMap<string, string>;
  private readonly namedPattern: RegExp;

  /** Throws InvalidServiceNameError for a name that cannot be part of a header, field and code. */
  constructor(readonly name: string = DEFAULT_SERVICE_NAME) {
    if (!VALID_NAME.test(name)) throw new InvalidServiceNameError(`service name ${JSON.stringify(name)} must be letters and digits, starting with a letter (at most 40), like Acme`);
    const upper = name.toUpperCase();
    this.walletSignatureHeader = `${name}-Wallet-Signature`;
    this.webhookSignatureHeader = `X-${name}-Signature`;
    this.operationsStatusField = `${camelCaseHead(name)}OperationsStatus`;
    this.switchErrorCode = `${upper}_SWITCH_ERROR`;
    this.operationsNotEnabledCode = `STABLECOIN_${upper}_OPERATIONS_NOT_ENABLED`;
    this.isNeutral = name === DEFAULT_SERVICE_NAME;
    this.named = new Map(Object.entries(NEUTRAL).map(([key, neutral]) => [neutral.toLowerCase(), this[key as keyof NamedIdentifiers]]));
    this.neutral = new Map(Object.entries(NEUTRAL).map(([key, neutral]) => [this[key as keyof NamedIdentifiers].toLowerCase(), neutral]));
    const namedForms = Object.keys(NEUTRAL).map((key) => escape(this[key as keyof NamedIdentifiers]));
    this.namedPattern = new RegExp(`(?<![\\w-])(?:${namedForms.join('|')})(?![\\w-])`, 'gi');
    // Header names match in any letter case (a zod header schema writes them lower-case); fields and codes exactly.
    this.headers = new RegExp(`(?<![\\w-])(?:${escape(NEUTRAL.walletSignatureHeader)}|${escape(NEUTRAL.webhookSignatureHeader)})(?![\\w-])`, 'gi');
    this.words = new RegExp(`\\b(?:${[NEUTRAL.operationsStatusField, NEUTRAL.switchErrorCode, NEUTRAL.operationsNotEnabledCode].join('|')})\\b`, 'g');
  }

  /** `text` with each neutral identifier in it replaced by this name's. */
  rename(text: string): string {
    if (this.isNeutral) return text;
    const swap = (neutral: string) => this.named.get(neutral.toLowerCase()) ?? neutral;
    return text.replace(this.headers, swap).replace(this.words, swap);
  }

  /** `text` with this name's identifiers put back to the neutral ones: what a client of this name sends, as the sandbox reads it. */
  neutralize(text: string): string {
    return this.isNeutral ? text : text.replace(this.namedPattern, (named) => this.neutral.get(named.toLowerCase()) ?? named);
  }

  /** A record as clients of this name read it: its neutral operations-status member under this name's, in place. */
  namedMembers<T extends object>(record: T): T {
    if (this.isNeutral || !(NEUTRAL.operationsStatusField in record)) return record;
    const field = this.operationsStatusField;
    return Object.fromEntries(Object.entries(record).map(([key, value]) => [key === NEUTRAL.operationsStatusField ? field : key, value])) as T;
  }

  /**
   * Inbound members (a query) as the operations read them: this name's
   * operations-status member under its neutral name. The neutral name is
   * not this sandbox's, so a member by it is left out (and so unknown).
   */
  neutralMembers<V>(values: Record<string, V>): Record<string, V> {
    const field = this.operationsStatusField;
    if (this.isNeutral || !(field in values || NEUTRAL.operationsStatusField in values)) return values;
    const { [field]: value, [NEUTRAL.operationsStatusField]: _ignored, ...rest } = values;
    return value === undefined ? rest : { ...rest, [NEUTRAL.operationsStatusField]: value };
  }

  /** A JSON value with every neutral identifier in its keys and strings renamed. */
  renameJson<T>(value: T): T {
    return this.isNeutral ? value : (JSON.parse(this.rename(JSON.stringify(value))) as T);
  }
}

/** The spec's own name; what a sandbox without --service-name speaks. */
export const NEUTRAL_SERVICE_NAME = new ServiceName();

declare module './env.js' {
  interface AppVariables {
    /** The sandbox's service name, set before anything else runs. */
    serviceName?: ServiceName;
  }
}

/** The service name of the sandbox answering `c`. */
export function serviceNameOf(c: Context): ServiceName {
  return (c.get('serviceName') as ServiceName | undefined) ?? NEUTRAL_SERVICE_NAME;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json/i;

/**
 * The sandbox's own JSON surface (the control plane) in the service's name:
 * a JSON request body has the named identifiers put back to the neutral ones
 * before anything reads it, and a JSON answer gets them renamed. Only for
 * a named sandbox; only for exchanges that are rare and small (arming a
 * fault with ACME_SWITCH_ERROR, reading it back, a snapshot).
 */
export function namedJsonExchange(names: ServiceName): MiddlewareHandler {
  return async (c, next) => {
    if (JSON_TYPE.test(c.req.header('content-type') ?? '') && c.req.raw.body) {
      // Through the request's body cache: a fixture's step starts with its body there (app.ts).
      const text = await c.req.text();
      c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers: c.req.raw.headers, body: names.neutralize(text) });
      c.req.bodyCache = {};
    }
    await next();
    if (!JSON_TYPE.test(c.res.headers.get('content-type') ?? '')) return;
    const answer = c.res;
    const headers = new Headers(answer.headers);
    headers.delete('content-length');
    const renamed = new Response(names.rename(await answer.text()), { status: answer.status, statusText: answer.statusText, headers });
    // Unset first: Hono would copy the old answer's headers (its length among them) onto the new one.
    c.res = undefined;
    c.res = renamed;
  };
}
