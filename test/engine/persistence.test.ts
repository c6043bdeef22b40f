import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptDataFileError } from '../../src/store/persistence.js';
import { individual, makeSandbox, usdAccount } from '../helpers.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paysandbox-test-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const tenantFiles = () => readdirSync(join(dir, 'tenants'));

describe('JSON-file persistence', () => {
  it('keeps everything across a restart: records, balances, clock and the bound secret', async () => {
    const first = makeSandbox({ dataDir: dir });
    const a = first.client('persisted', 'secret');
    const customer = (await a.post('/customers', individual())).body;
    const account = (await a.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data[0];
    await a.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 4200 });
    const external = (await a.post('/customers/external-accounts', usdAccount(customer.id, '987654321'))).body;
    await a.post('/__admin/clock/advance', { seconds: 7200 });
    await first.registry.close();

    const second = makeSandbox({ dataDir: dir });
    const b = second.client('persisted', 'secret');
    expect((await b.get(`/customers/${customer.id}`)).body).toEqual(customer);
    expect((await b.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data[0].balance.amount).toBe(4200);
    expect((await b.get(`/customers/external-accounts/${external.id}`)).body).toEqual(external);
    expect((await b.get('/__admin/clock')).body.offsetSeconds).toBeGreaterThan(7199);
    expect((await second.client('persisted', 'other').get('/customers')).status).toBe(401);
    await second.registry.close();
  });

  it('coalesces writes: a burst of requests costs a handful of file writes, and a flush completes the file', async () => {
    const sandbox = makeSandbox({ dataDir: dir });
    const client = sandbox.client('bursty', 's');
    for (let i = 0; i < 200; i++) await client.post('/customers', individual({ fullName: `Person ${i}` }));
    const health = (await client.get('/__admin/health')).body;
    expect(health.persistent).toBe(true);
    expect(health.persistence.writes).toBeLessThanOrEqual(5);
    await sandbox.registry.flush();
    const [file] = tenantFiles();
    const data = JSON.parse(readFileSync(join(dir, 'tenants', file!), 'utf8'));
    expect(Object.keys(data.customers)).toHaveLength(200);
    expect(data.tenantId).toBe('bursty');
    expect(data.secretSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(data)).not.toContain('"s"');
    await sandbox.registry.close();
  });

  it('writes atomically: no temporary file is left behind', async () => {
    const sandbox = makeSandbox({ dataDir: dir });
    await sandbox.client('atomic', 's').post('/customers', individual());
    await sandbox.registry.close();
    expect(readdirSync(join(dir, 'tenants')).filter((f) => f.includes('tmp'))).toEqual([]);
    expect(tenantFiles()).toHaveLength(1);
  });

  it('keeps tenants in separate files named after their client ids', async () => {
    const sandbox = makeSandbox({ dataDir: dir });
    await sandbox.client('team/one', 's').post('/customers', individual());
    await sandbox.client('team two', 's').post('/customers', individual());
    await sandbox.registry.close();
    expect(tenantFiles().sort()).toEqual([expect.stringMatching(/^team_one\.[0-9a-f]{10}\.json$/), expect.stringMatching(/^team_two\.[0-9a-f]{10}\.json$/)]);
  });

  it.each([
    ['not JSON', '{"tenantId": "x", ', /not JSON/],
    ['not an object', '[1, 2]', /not a JSON object/],
    ['without a tenant id', JSON.stringify({ schemaVersion: 1, clock: { clockOffsetMs: 0 }, config: {} }), /tenantId is missing/],
    ['from another schema version', JSON.stringify({ schemaVersion: 99, tenantId: 'x' }), /schemaVersion 99/],
  ])('refuses to start on a data file %s, names it and leaves it untouched', (_what, content, why) => {
    mkdirSync(join(dir, 'tenants'), { recursive: true });
    const file = join(dir, 'tenants', 'broken.json');
    writeFileSync(file, content);
    let error: unknown;
    try {
      makeSandbox({ dataDir: dir });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(CorruptDataFileError);
    expect((error as Error).message).toContain(file);
    expect((error as Error).message).toMatch(why);
    expect(readFileSync(file, 'utf8')).toBe(content);
  });
});
