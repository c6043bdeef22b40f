/** What the sandbox can tell from a request about who sent it. */

interface RequestHeaders {
  header(name: string): string | undefined;
}

/** X-Requested-With of the dashboard's own calls: the request journal and the request log leave them out. */
export const DASHBOARD_CALLER = 'paysandbox-dashboard';

export function fromDashboard(req: RequestHeaders): boolean {
  return req.header('x-requested-with') === DASHBOARD_CALLER;
}

/**
 * A script (a page's fetch, the dashboard) rather than a person's browser
 * or a command-line client: it says so with X-Requested-With, or asks for
 * JSON. Scripts get no Basic challenge: a browser would hold their request
 * for a login prompt that a script can never answer.
 */
export function fromScript(req: RequestHeaders, acceptJson: boolean): boolean {
  if (req.header('x-requested-with') !== undefined) return true;
  return acceptJson && (req.header('accept') ?? '').includes('application/json');
}

/**
 * Requests the sandbox sends itself for a tenant (a fixture's steps) carry
 * the tenant in their environment under this key (app.request's third
 * argument): they act with its platform credentials without knowing its
 * secret. Nothing from the network can set it: the Node server's
 * environment holds only its own request and response.
 */
export const STEP_TENANT = Symbol('paysandbox.stepTenant');

/** What a request's environment holds under one of the keys here: only a request the sandbox sent itself holds anything. */
function stepEnvOf(c: { env: unknown }, key: symbol): unknown {
  const env = c.env as Record<symbol, unknown> | null | undefined;
  return env && typeof env === 'object' ? env[key] : undefined;
}

/** The tenant a request the sandbox sent itself acts for; undefined for any other request. */
export function stepTenantOf(c: { env: unknown }): unknown {
  return stepEnvOf(c, STEP_TENANT);
}

/**
 * The JSON text of a step's body, in the same environment: the step's
 * request carries it as its body, as a client's would, and the request's
 * body cache starts with it, so it is not read back from the stream it was
 * just written to.
 */
export const STEP_BODY = Symbol('paysandbox.stepBody');

/** The body text a request the sandbox sent itself carries; undefined for any other request or a bodiless step. */
export function stepBodyOf(c: { env: unknown }): string | undefined {
  const body = stepEnvOf(c, STEP_BODY);
  return typeof body === 'string' ? body : undefined;
}

/**
 * Marks, in the same environment, a step of the sandbox's own set-up (a
 * scenario preset's): the request journal and the request log leave it out,
 * as they would the service calls of a preset written as code.
 */
export const SET_UP_STEP = Symbol('paysandbox.setUpStep');

/** Whether a request is a step of the sandbox's own set-up. */
export function isSetUpStep(c: { env: unknown }): boolean {
  return stepEnvOf(c, SET_UP_STEP) === true;
}
