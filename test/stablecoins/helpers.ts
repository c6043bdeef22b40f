/** A sandbox on a hand-driven clock, and the few calls every stablecoin test makes. */
import { expect } from 'vitest';
import { manualTime } from '../../src/core/clock.js';
import { makeSandbox, usdAccount, type Client, type Reply } from '../helpers.js';
import type { SandboxOptions } from '../../src/server.js';

export const START = Date.UTC(2026, 4, 20, 16, 40);

/** A Spark token identifier ending in `suffix` (bech32 characters: no 1, b, i or o). */
export const tokenId = (suffix = '000') => `btkn1qw508d6qejxtdg4y5r3zarvary0c5xw${suffix}`;

export function stablecoinSandbox(options: Omit<SandboxOptions, 'time'> = {}) {
  const time = manualTime(START);
  const sandbox = makeSandbox({ ...options, time });
  const client = sandbox.client();
  let keys = 0;
  const key = () => `key-${++keys}`;
  const withKey = (k: string = key()) => ({ 'idempotency-key': k });

  const link = (body: Record<string, unknown> = {}, k?: string) =>
    client.post('/stablecoin-provider-accounts', { provider: 'BRALE', apiClientId: `client-${keys + 1}`, apiClientSecret: 'secret-000', ...body }, withKey(k));
  const register = (body: Record<string, unknown> = {}, k?: string) =>
    client.post('/stablecoins', { providerTokenIdentifier: 'ACME', networkTokenIdentifier: tokenId(), network: 'SPARK', ...body }, withKey(k));
  const mint = (stablecoinId: string, body: Record<string, unknown>, k?: string) => client.post(`/stablecoins/${stablecoinId}/mints`, body, withKey(k));
  const burn = (stablecoinId: string, body: Record<string, unknown>, k?: string) => client.post(`/stablecoins/${stablecoinId}/burns`, body, withKey(k));
  const operation = (id: string) => client.get(`/stablecoin-operations/${id}`);
  const fund = (id: string, body: Record<string, unknown> = {}) => client.post(`/sandbox/stablecoin-operations/${id}/fund`, body);

  async function advance(seconds: number): Promise<void> {
    const res = await client.post('/__admin/clock/advance', { seconds });
    expect(res.status).toBe(200);
  }

  /** A linked provider account and a stablecoin on it, advanced to ENABLED (300 s). */
  async function enabledStablecoin(symbol = 'ACME', suffix = '000'): Promise<any> {
    const linked = await link();
    expect(linked.status).toBe(201);
    const registered = await register({ providerTokenIdentifier: symbol, networkTokenIdentifier: tokenId(suffix), stablecoinProviderAccountId: linked.body.id });
    expect(registered.status).toBe(201);
    await advance(300);
    const stablecoin = await client.get(`/stablecoins/${registered.body.id}`);
    expect(stablecoin.body.serviceOperationsStatus).toBe('ENABLED');
    return stablecoin.body;
  }

  async function sparkWallet(suffix = '000', extra: Record<string, unknown> = {}): Promise<string> {
    const res = await client.post('/platform/external-accounts', { currency: 'USDB', accountInfo: { accountType: 'SPARK_WALLET', address: `sp1qqgqzqvzq2ps8pqys5zcvp58q7${suffix}` }, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  }

  async function usdBank(suffix = '000'): Promise<string> {
    const res = await client.post('/platform/external-accounts', usdAccount(undefined, `1234567${suffix}`));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  }

  /** The platform's internal account in `currency`, with its balances. */
  async function platformAccount(currency: string): Promise<{ id: string; balance: number; total: number; account: any }> {
    const res = await client.get('/platform/internal-accounts');
    const account = res.body.data.find((a: any) => a.balance.currency.code === currency);
    return account ? { id: account.id, balance: account.balance.amount, total: account.totalBalance.amount, account } : { id: '', balance: NaN, total: NaN, account };
  }

  async function status(id: string): Promise<string> {
    const res = await operation(id);
    expect(res.status).toBe(200);
    return res.body.status;
  }

  return { ...sandbox, tenant: sandbox.client, time, client, key, withKey, link, register, mint, burn, operation, fund, advance, enabledStablecoin, sparkWallet, usdBank, platformAccount, status };
}

export type StablecoinBox = ReturnType<typeof stablecoinSandbox>;
export type { Client, Reply };
