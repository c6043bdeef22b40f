/**
 * A restart of the same version opens its snapshot rather than reading it: the head and the journal at
 * once, each collection when a request first needs it (src/store/snapshot-file.ts). What the API answers
 * is the same as before the restart, byte for byte; a compaction copies the collections nobody read; a
 * clean stop folds a large journal into the snapshot. The store audit (on in the other tests) reads
 * every snapshot whole, so these sandboxes run without it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptDataFileError, tenantFileBase } from '../../src/store/files.js';
import type { Tenant } from '../../src/store/tenant.js';
import { individual, makeSandbox, usdAccount } from '../helpers.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paysandbox-opened-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const CLIENT = 'opened';
const open = () => makeSandbox({ dataDir: dir, audit: false });
const snapshotFile = () => join(dir, 'tenants', `${tenantFileBase(CLIENT)}.json`);
const journals = () => readdirSync(join(dir, 'tenants')).filter((f) => f.startsWith(tenantFileBase(CLIENT)) && f.endsWith('.journal'));
const unread = (tenant: Tenant, name: 'customers' | 'internalAccounts' | 'externalAccounts') => tenant[name].unreadCopy() !== undefined;
/** Whether this process holds the snapshot file open (Linux: /proc/self/fd). */
const holdsSnapshot = () => readdirSync('/proc/self/fd').some((fd) => {
  try {
    return readlinkSync(join('/proc/self/fd', fd)).startsWith(snapshotFile());
  } catch {
    return false;
  }
});

/** Three customers (one with a name in three scripts), their accounts and an external account, then a snapshot of them all. */
async function seeded() {
  const first = open();
  const client = first.client(CLIENT, 's');
  const customers = [];
  for (const fullName of ['Zoë Ünïcode 李小龍', 'Ann Example', 'Bob Example']) customers.push((await client.post('/customers', individual({ fullName }))).body);
  const external = (await client.post('/customers/external-accounts', usdAccount(customers[0].id, '987654321'))).body;
  const before = {
    customers: (await client.get('/customers?limit=2')).body,
    accounts: (await client.get('/customers/internal-accounts')).body,
    external: (await client.get(`/customers/external-accounts/${external.id}`)).body,
  };
  await first.registry.get(CLIENT)!.compact();
  await first.registry.close();
  expect(journals()).toEqual([]);
  return { customers, external, before };
}

describe('a restart of the same version', () => {
  it('reads each collection when a request first needs it, and answers as before the restart', async () => {
    const { external, before } = await seeded();
    const second = open();
    const tenant = second.registry.get(CLIENT)!;
    expect([unread(tenant, 'customers'), unread(tenant, 'internalAccounts'), unread(tenant, 'externalAccounts')]).toEqual([true, true, true]);
    const client = second.client(CLIENT, 's');
    expect((await client.get('/customers?limit=2')).body).toEqual(before.customers);
    expect(before.customers.data[0].fullName).toBe('Bob Example');
    expect((await client.get(`/customers?limit=2&cursor=${before.customers.nextCursor}`)).body.data[0].fullName).toBe('Zoë Ünïcode 李小龍');
    expect([unread(tenant, 'customers'), unread(tenant, 'externalAccounts')]).toEqual([false, true]);
    expect((await client.get('/customers/internal-accounts')).body).toEqual(before.accounts);
    expect((await client.get(`/customers/external-accounts/${external.id}`)).body).toEqual(before.external);
    await second.registry.close();
  });

  it.runIf(existsSync('/proc/self/fd'))('keeps the snapshot open until every collection was read, or until it stops', async () => {
    await seeded();
    const second = open();
    expect(holdsSnapshot()).toBe(true);
    const tenant = second.registry.get(CLIENT)!;
    // What reads every collection: a snapshot of the tenant's whole state.
    expect(Object.keys(tenant.exportState().collections.customers!)).toHaveLength(3);
    expect(holdsSnapshot()).toBe(false);
    await second.registry.close();

    const third = open();
    expect(holdsSnapshot()).toBe(true);
    await third.registry.close();
    expect(holdsSnapshot()).toBe(false);
  });

  it('copies the collections nobody read into the next snapshot as they were, and reads them from there', async () => {
    const { external, before } = await seeded();
    const second = open();
    const client = second.client(CLIENT, 's');
    const added = (await client.post('/customers', individual({ fullName: 'Cleo Later' }))).body;
    expect(unread(second.registry.get(CLIENT)!, 'externalAccounts')).toBe(true);
    const segmentOf = (name: string) => {
      const text = readFileSync(snapshotFile());
      const [from, to] = (JSON.parse(/,"segments":(\{[^{}]*\})/.exec(text.toString('latin1'))![1]!) as Record<string, [number, number]>)[name]!;
      return text.subarray(from, to).toString('utf8');
    };
    const externalBefore = segmentOf('externalAccounts');
    await second.registry.get(CLIENT)!.compact();
    expect(segmentOf('externalAccounts')).toBe(externalBefore);
    expect(unread(second.registry.get(CLIENT)!, 'externalAccounts')).toBe(true);
    await second.registry.close();

    const third = open();
    const again = third.client(CLIENT, 's');
    expect((await again.get(`/customers/external-accounts/${external.id}`)).body).toEqual(before.external);
    expect((await again.get('/customers?limit=1')).body.data).toEqual([added]);
    await third.registry.close();
  });

  it('replays a journal that changes a collection still in the snapshot, in order (as after kill -9)', async () => {
    const { customers } = await seeded();
    const second = open();
    const client = second.client(CLIENT, 's');
    const renamed = (await client.patch(`/customers/${customers[1].id}`, { customerType: 'INDIVIDUAL', fullName: 'Ann Renamed' })).body;
    const added = (await client.post('/customers', individual({ fullName: 'Dan Later' }))).body;
    // Not closed: the third sandbox sees the files a kill -9 of the second would leave.
    expect(journals()).toHaveLength(1);
    const third = open();
    const listed = (await third.client(CLIENT, 's').get('/customers')).body;
    expect(listed.data.map((c: { fullName: string }) => c.fullName)).toEqual(['Dan Later', 'Bob Example', 'Ann Renamed', 'Zoë Ünïcode 李小龍']);
    expect(listed.data[0]).toEqual(added);
    expect(listed.data[2]).toEqual(renamed);
    await third.registry.close();
    await second.registry.close();
  });

  it('reads an edited snapshot whole and checks every record: a record that no longer fits stops the start, naming it', async () => {
    const { customers } = await seeded();
    const text = readFileSync(snapshotFile(), 'utf8');
    // The same length in bytes, so every segment still points at its part: only the checksum tells.
    writeFileSync(snapshotFile(), text.replace('"UNVERIFIED"', '"UNVERIFIEX"'));
    let error: unknown;
    try {
      open();
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(CorruptDataFileError);
    expect((error as CorruptDataFileError).why).toMatch(new RegExp(`^customers\\["${customers[0].id}"\\]: kycStatus: `));
  });

  it('reads an edited snapshot whose records still fit: the edit is what it answers', async () => {
    const { customers } = await seeded();
    const text = readFileSync(snapshotFile(), 'utf8');
    writeFileSync(snapshotFile(), text.replace('"Ann Example"', '"Ann Edited!"'));
    const second = open();
    expect((await second.client(CLIENT, 's').get(`/customers/${customers[1].id}`)).body.fullName).toBe('Ann Edited!');
    await second.registry.close();
  });

  it('trusts a snapshot whose checksum was made again after an edit (the writer and the checksum are what it trusts)', async () => {
    const { customers } = await seeded();
    const text = readFileSync(snapshotFile(), 'utf8');
    const edited = text.slice(0, text.lastIndexOf(',"checksum":')).replace('"Ann Example"', '"Ann Edited!"');
    writeFileSync(snapshotFile(), `${edited},"checksum":"${crc32(edited).toString(16).padStart(8, '0')}"}`);
    const second = open();
    expect(unread(second.registry.get(CLIENT)!, 'customers')).toBe(true);
    expect((await second.client(CLIENT, 's').get(`/customers/${customers[1].id}`)).body.fullName).toBe('Ann Edited!');
    await second.registry.close();
  });
});

describe('a clean stop', () => {
  it('folds a journal of 256 KiB or more into the snapshot, and leaves a smaller one', async () => {
    const first = open();
    const client = first.client(CLIENT, 's');
    // ~1.3 KiB of journal a customer (with its account): 150 make well under 256 KiB, 250 more well over.
    for (let i = 0; i < 150; i++) await client.post('/customers', individual({ fullName: `Person ${i}` }));
    await first.registry.close();
    expect(journals()).toHaveLength(1);
    expect(statSync(join(dir, 'tenants', journals()[0]!)).size).toBeLessThan(256 * 1024);
    const second = open();
    const again = second.client(CLIENT, 's');
    for (let i = 150; i < 400; i++) await again.post('/customers', individual({ fullName: `Person ${i}` }));
    await second.registry.close();
    expect(journals()).toEqual([]);
    const third = open();
    const listed = (await third.client(CLIENT, 's').get('/customers?limit=1')).body;
    expect(listed).toMatchObject({ totalCount: 400, data: [{ fullName: 'Person 399' }] });
    await third.registry.close();
  });
});
