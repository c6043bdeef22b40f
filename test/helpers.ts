/**
 * In-process helpers: a fresh sandbox per test and a tiny client that speaks
 * Basic auth. Every response the client receives is checked against the
 * sandbox's served OpenAPI documents (test/support/conformance.ts): a
 * response its operation does not declare fails the test.
 */
import { readFileSync } from 'node:fs';
import { readChecked } from './support/conformance.js';
import { buildSandbox, type SandboxOptions } from '../src/server.js';
import { manualTime } from '../src/core/clock.js';
import { API_BASE_PATH } from '../src/core/version.js';

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export type Client = ReturnType<typeof clientFor>;

function clientFor(app: ReturnType<typeof buildSandbox>['app'], clientId: string, secret: string) {
  const auth = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
  const call = async <T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> => {
    const url = path.startsWith('/__admin') || path.startsWith('/openapi') || path.startsWith('/docs') ? path : `${API_BASE_PATH}${path}`;
    const init: RequestInit = { method, headers: { authorization: auth, ...headers } };
    if (body instanceof FormData) {
      init.body = body;
    } else if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const res = await app.request(url, init);
    const { status, body: parsed, headers: responseHeaders } = await readChecked(app, method, url, res);
    return { status, body: parsed as T, headers: responseHeaders };
  };
  return {
    clientId,
    get: <T = any>(path: string) => call<T>('GET', path),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('POST', path, body ?? {}, headers),
    patch: <T = any>(path: string, body?: unknown) => call<T>('PATCH', path, body ?? {}),
    put: <T = any>(path: string, body?: unknown) => call<T>('PUT', path, body ?? {}),
    delete: <T = any>(path: string) => call<T>('DELETE', path),
    /** A multipart request, e.g. a document upload. */
    upload: <T = any>(path: string, fields: Record<string, string | Blob>, method = 'POST') => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      return call<T>(method, path, form);
    },
    call,
  };
}

/** Where sandbox time stands still in tests until one moves it: outcomes never depend on how fast the machine runs. */
export const TEST_EPOCH_MS = Date.parse('2026-03-02T10:00:00.000Z');

const openSandboxes = new Set<ReturnType<typeof buildSandbox>>();

/**
 * Stops the due-job and webhook timers of every sandbox built since the last call (run after each test file by
 * test/setup.ts): a timer left behind would fire during a later file, possibly under that file's fake timers.
 */
export async function closeSandboxes(): Promise<void> {
  const open = [...openSandboxes];
  openSandboxes.clear();
  for (const sandbox of open) sandbox.webhooks.close();
  await Promise.all(open.map((sandbox) => sandbox.registry.close()));
}

export function makeSandbox(options: SandboxOptions = {}) {
  const built = buildSandbox({ log: 'silent', time: manualTime(TEST_EPOCH_MS), ...options });
  openSandboxes.add(built);
  return {
    ...built,
    client: (clientId = 'test-client', secret = 'test-secret') => clientFor(built.app, clientId, secret),
  };
}

/** The spec's error body, whole: its reason is also its message. */
export const refusal = (status: number, code: string, reason: string, details: Record<string, unknown>) => ({ status, code, message: reason, reason, details });

export const address = { line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };

export function individual(overrides: Record<string, unknown> = {}) {
  return { customerType: 'INDIVIDUAL', fullName: 'Jane Doe', birthDate: '1990-01-31', nationality: 'US', email: 'jane@example.com', address, ...overrides };
}

export function business(overrides: Record<string, unknown> = {}) {
  return {
    customerType: 'BUSINESS',
    address,
    businessInfo: { legalName: 'Acme Inc', country: 'US', registrationNumber: 'REG-000', incorporatedOn: '2015-06-01', taxId: '12-3456789' },
    ...overrides,
  };
}

export const usdBeneficiary = { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe' };

export function usdAccount(customerId: string | undefined, accountNumber: string, overrides: Record<string, unknown> = {}) {
  return {
    ...(customerId ? { customerId } : {}),
    currency: 'USD',
    accountInfo: { accountType: 'USD_ACCOUNT', accountNumber, routingNumber: '021000021', beneficiary: usdBeneficiary },
    ...overrides,
  };
}

const FIXTURES = new URL('../fixtures/', import.meta.url);

/** One of the tiny valid documents in fixtures/, as a file part. */
export function fixtureFile(name: 'passport.png' | 'drivers-license.jpg' | 'certificate.pdf', as: string = name): File {
  return new File([readFileSync(new URL(name, FIXTURES))], as);
}

/** Reads until `ok` holds (for what happens off the request's path, like webhook deliveries); fails after `timeoutMs` of real time. */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (performance.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
