/** A sandbox on a hand-driven clock with two customers, and agents connected through the real device-code flow. */
import { expect } from 'vitest';
import { manualTime } from '../../src/core/clock.js';
import { API_BASE_PATH } from '../../src/core/version.js';
import { readChecked } from '../support/conformance.js';
import { individual, makeSandbox, usdAccount, type Client, type Reply } from '../helpers.js';

export const ALL_PERMISSIONS = ['VIEW_TRANSACTIONS', 'CREATE_TRANSFERS', 'CREATE_QUOTES', 'EXECUTE_QUOTES', 'MANAGE_EXTERNAL_ACCOUNTS'] as const;

/** A policy that lets everything through at once unless a test says otherwise. */
export function policy(overrides: Record<string, unknown> = {}) {
  return {
    permissions: [...ALL_PERMISSIONS],
    defaultExecutionMode: 'AUTO',
    spendingLimits: { currency: 'USD', perTransactionLimit: 1_000_000 },
    ...overrides,
  };
}

/** Calls with an agent's access token (or any Authorization header) instead of Basic credentials; every response is checked against the served documents. */
export function bearerClient(app: ReturnType<typeof makeSandbox>['app'], token: string, scheme = 'Bearer') {
  const call = async <T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> => {
    const url = path.startsWith('/__admin') ? path : `${API_BASE_PATH}${path}`;
    const init: RequestInit = { method, headers: { ...(token ? { authorization: `${scheme} ${token}` } : {}), ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const res = await app.request(url, init);
    // Checked against the served documents, as every response the shared helpers receive.
    const { status, body: parsed, headers: responseHeaders } = await readChecked(app, method, url, res);
    return { status, body: parsed as T, headers: responseHeaders };
  };
  return {
    get: <T = any>(path: string) => call<T>('GET', path),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('POST', path, body ?? {}, headers),
    patch: <T = any>(path: string, body?: unknown) => call<T>('PATCH', path, body ?? {}),
    delete: <T = any>(path: string) => call<T>('DELETE', path),
    call,
  };
}

export type AgentClient = ReturnType<typeof bearerClient>;

export interface Holder {
  id: string;
  platformCustomerId: string;
  usd: string;
  eur: string;
  /** External USD accounts by suffix. */
  external: Record<'000' | '002' | '005', string>;
}

async function ok<T = any>(what: string, reply: Promise<Reply<T>>): Promise<T> {
  const res = await reply;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function holder(client: Client, n: number, funds: number): Promise<Holder> {
  const customer = await ok('customer', client.post('/customers', individual({ fullName: `Holder Number${n}`, currencies: ['USD', 'EUR'] })));
  const accounts = (await ok('accounts', client.get(`/customers/internal-accounts?customerId=${customer.id}`))).data as any[];
  const usd = accounts.find((a) => a.balance.currency.code === 'USD').id;
  const eur = accounts.find((a) => a.balance.currency.code === 'EUR').id;
  if (funds > 0) {
    await ok('fund', client.post(`/sandbox/internal-accounts/${usd}/fund`, { amount: funds }));
    await ok('fund', client.post(`/sandbox/internal-accounts/${eur}/fund`, { amount: funds }));
  }
  const external = {} as Holder['external'];
  for (const suffix of ['000', '002', '005'] as const) external[suffix] = (await ok('external', client.post('/customers/external-accounts', usdAccount(customer.id, `${n}0098765${suffix}`)))).id;
  return { id: customer.id, platformCustomerId: customer.platformCustomerId, usd, eur, external };
}

/** 2025-03-10 23:00 UTC: an hour before a day boundary, three weeks before a month boundary. */
export const START = Date.UTC(2025, 2, 10, 23, 0, 0);

export async function agentWorld(startMs = START) {
  const sandbox = makeSandbox({ time: manualTime(startMs) });
  const client = sandbox.client('agents-test', 'secret');
  const alice = await holder(client, 1, 1_000_000);
  const bob = await holder(client, 2, 1_000_000);

  /** Creates an agent for `customerId` (alice by default). */
  const createAgent = async (overrides: Record<string, unknown> = {}, customerId = alice.id) => {
    const res = await client.post('/agents', { name: 'Treasury bot', customerId, policy: policy(), ...overrides });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { agent: any; deviceCode: any };
  };

  const redeem = (code: string) => bearerClient(sandbox.app, '').post(`/agents/device-codes/${encodeURIComponent(code)}/redeem`);

  /** A created and connected agent, with a client that speaks its access token. */
  const connectAgent = async (overrides: Record<string, unknown> = {}, customerId = alice.id) => {
    const { agent } = await createAgent(overrides, customerId).then(async (created) => {
      const redeemed = await redeem(created.deviceCode.code);
      expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
      return { agent: { ...created.agent, token: redeemed.body.accessToken as string } };
    });
    return { agent, as: bearerClient(sandbox.app, agent.token) };
  };

  const advance = async (seconds: number) => {
    const res = await client.post('/__admin/clock/advance', { seconds });
    expect(res.status).toBe(200);
    return res.body;
  };

  const balance = async (accountId: string) => {
    const list = (await client.get('/customers/internal-accounts?limit=100')).body.data as any[];
    const account = list.find((a) => a.id === accountId);
    return { available: account.balance.amount as number, total: account.totalBalance.amount as number };
  };

  return { sandbox, client, alice, bob, createAgent, redeem, connectAgent, advance, balance };
}

export type AgentWorld = Awaited<ReturnType<typeof agentWorld>>;

/** A USD same-currency quote body from an internal account to an external one. */
export function payoutQuote(from: string, to: string, amount: number, side: 'SENDING' | 'RECEIVING' = 'SENDING') {
  return { source: { sourceType: 'ACCOUNT', accountId: from }, destination: { destinationType: 'ACCOUNT', accountId: to }, lockedCurrencySide: side, lockedCurrencyAmount: amount };
}
