/**
 * The project-wide rule: every response a test receives conforms to the
 * OpenAPI documents the sandbox serves. The test HTTP helpers pass each
 * response through `assertConforms`, which throws (failing the test) on a
 * response its operation does not declare: an undeclared status, an error
 * code the operation does not list, a body that breaks its schema.
 *
 * Not checked: responses to paths no operation describes (unknown routes,
 * the docs and hosted pages), and errors injected by a control-plane fault
 * (they carry details.faultId and are whatever code the test armed).
 */
import { API_BASE_PATH } from '../../src/core/version.js';
import { OpenApiResponseValidator, formatViolation, type ObservedResponse } from './openapi-validator.js';

/** Anything that answers requests like a Hono app. */
export interface RequestTarget {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

type Validators = { api: OpenApiResponseValidator; control: OpenApiResponseValidator };

/** The documents of one service name are the same for every sandbox: fetched once per test process and name. */
const validatorsByName = new Map<string, Promise<Validators>>();
const namesOfTargets = new WeakMap<RequestTarget, Promise<string>>();

/** The service name a sandbox runs as (--service-name), from its root answer. */
function serviceNameOf(target: RequestTarget): Promise<string> {
  let name = namesOfTargets.get(target);
  if (!name) {
    name = (async () => ((await (await target.request('/')).json()) as { service?: { name?: string } }).service?.name ?? 'Service')();
    namesOfTargets.set(target, name);
  }
  return name;
}

export async function servedValidators(target: RequestTarget): Promise<Validators> {
  const name = await serviceNameOf(target);
  let validators = validatorsByName.get(name);
  if (!validators) {
    validators = (async () => {
      const api = (await (await target.request('/openapi.json')).json()) as Record<string, unknown>;
      const control = (await (await target.request('/__admin/openapi.json')).json()) as Record<string, unknown>;
      return { api: new OpenApiResponseValidator(api, API_BASE_PATH, 'api'), control: new OpenApiResponseValidator(control, '', 'control') };
    })();
    validatorsByName.set(name, validators);
  }
  return validators;
}

function isInjectedFault(body: unknown): boolean {
  const details = (body as { details?: { faultId?: unknown } } | undefined)?.details;
  return typeof details?.faultId === 'string';
}

export class NonConformingResponse extends Error {
  override name = 'NonConformingResponse';
}

/** Throws when the response does not conform to the served document of its operation. */
export async function assertConforms(target: RequestTarget, response: ObservedResponse): Promise<void> {
  if (response.method.toUpperCase() === 'HEAD' || isInjectedFault(response.body)) return;
  const { api, control } = await servedValidators(target);
  const validator = response.path.startsWith(API_BASE_PATH) ? api : control;
  const result = validator.check(response);
  if (result.matched && result.violation) throw new NonConformingResponse(formatViolation(response, result.violation));
}

/** Reads a fetch Response the way the helpers report it, and checks it. */
export async function readChecked(target: RequestTarget, method: string, url: string, res: Response): Promise<{ status: number; body: unknown; headers: Headers }> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  const path = new URL(url, 'http://sandbox.test').pathname;
  await assertConforms(target, { method, path, status: res.status, contentType: res.headers.get('content-type'), body, headers: Object.fromEntries(res.headers) });
  return { status: res.status, body, headers: res.headers };
}
