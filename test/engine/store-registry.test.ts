/**
 * The tenant registry (src/store/registry.ts) on its own: how it binds a
 * first secret and upgrades a cheap one, commits dirty tenants (and what it
 * does when a write fails), hands the audit to its tenants, and what it says
 * about the files it loads. Time comes only from a manual clock.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { manualTime } from '../../src/core/clock.js';
import { sequentialIds } from '../../src/core/ids.js';
import type { Collection } from '../../src/store/collection.js';
import { CorruptDataFileError, journalPath, tenantFileBase, tenantsDir } from '../../src/store/files.js';
import { Hooks } from '../../src/store/hooks.js';
import { jobsCollection } from '../../src/store/jobs.js';
import { TenantRegistry, type RegistryOptions } from '../../src/store/registry.js';
import { DISK_SECRET_COST, MEMORY_SECRET_COST, hashSecret, type StoredSecret } from '../../src/store/secrets.js';
import { StoreSchema, type StoredCollection, type StoredDocument } from '../../src/store/spec.js';
import { StoreAuditError, clockDocument, type Tenant } from '../../src/store/tenant.js';
import { TEST_EPOCH_MS } from '../helpers.js';
import { recordingLog } from '../support/recording.js';

interface Thing {
  id: string;
  n: number;
}

const things: StoredCollection = { kind: 'collection', name: 'things', schema: z.object({ id: z.string(), n: z.number() }), indexes: {}, ownsBlobs: false };
const settingsDocument: StoredDocument = { kind: 'document', name: 'settings', schema: z.object({ mode: z.string() }), initial: () => ({ mode: 'a' }) };
const schema = new StoreSchema([jobsCollection, things, clockDocument, settingsDocument]);


let dir: string;
const open: TenantRegistry[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paysandbox-registry-'));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((registry) => registry.close()));
  rmSync(dir, { recursive: true, force: true });
});

function openRegistry(options: Partial<RegistryOptions> = {}) {
  const log = recordingLog();
  const registry = TenantRegistry.open({ schema, time: manualTime(TEST_EPOCH_MS), ids: sequentialIds(), log, jobHandlers: new Map(), hooks: new Hooks(), initialise: () => {}, ...options });
  open.push(registry);
  return { registry, log };
}

const thingsOf = (tenant: Tenant) => (tenant as unknown as { things: Collection<Thing> }).things;
const snapshotPath = (clientId: string) => join(tenantsDir(dir), `${tenantFileBase(clientId)}.json`);
const snapshotText = (changes: Record<string, unknown>) => JSON.stringify({ schemaVersion: 2, tenantId: 'x', journal: 1, secret: null, documents: {}, collections: {}, ...changes });

describe('the tenant registry', () => {
  it('says where its data lives and whether its credentials are pinned', () => {
    const memory = openRegistry().registry;
    expect(memory.dataDir).toBeUndefined();
    expect(memory.pinned).toBe(false);
    const disk = openRegistry({ dataDir: dir, credentials: new Map([['c', 's']]) }).registry;
    expect(disk.dataDir).toBe(dir);
    expect(disk.pinned).toBe(true);
  });

  it('makes a fresh state with every document at its default and every collection empty', () => {
    const { registry } = openRegistry();
    expect(registry.freshState('c')).toEqual({ tenantId: 'c', secret: null, documents: { clock: { clockOffsetMs: 0 }, settings: { mode: 'a' } }, collections: { jobs: {}, things: {} } });
  });

  it('binds the secret of the first of two concurrent first requests, and refuses the other', async () => {
    const { registry } = openRegistry();
    const [first, second] = await Promise.all([registry.authenticate('c', 'one'), registry.authenticate('c', 'two')]);
    expect(first).toBe(registry.get('c'));
    expect(second).toBeUndefined();
    expect(await registry.authenticate('c', 'one')).toBe(first);
    expect(await registry.authenticate('c', 'two')).toBeUndefined();
  });

  it('rehashes a secret kept at a lower cost than its data directory asks for', async () => {
    const { registry } = openRegistry({ dataDir: dir });
    const tenant = registry.ensure('c');
    tenant.secret = await hashSecret('s', MEMORY_SECRET_COST);
    expect(await registry.authenticate('c', 's')).toBe(tenant);
    const secret = tenant.secret as StoredSecret;
    expect([secret.algorithm, secret.cost]).toEqual(['scrypt', DISK_SECRET_COST]);
  });

  it('keeps a secret an earlier version hashed at a higher cost: verified at its own cost, never rehashed lower', async () => {
    const { registry } = openRegistry({ dataDir: dir });
    const tenant = registry.ensure('c');
    const earlier = await hashSecret('s', DISK_SECRET_COST + 3);
    tenant.secret = earlier;
    expect(await registry.authenticate('c', 'S')).toBeUndefined();
    expect(await registry.authenticate('c', 's')).toBe(tenant);
    expect(tenant.secret).toBe(earlier);
  });

  it("hashes a new disk tenant's secret at the disk cost, N = 2^11", async () => {
    const { registry } = openRegistry({ dataDir: dir });
    const tenant = await registry.authenticate('c', 's');
    expect(DISK_SECRET_COST).toBe(11);
    expect([(tenant!.secret as StoredSecret).algorithm, (tenant!.secret as StoredSecret).cost]).toEqual(['scrypt', 11]);
  });

  it('commits what a flush finds dirty, at once', async () => {
    const { registry } = openRegistry();
    const tenant = registry.ensure('c');
    thingsOf(tenant).insert({ id: 'a', n: 1 });
    expect(tenant.uncommitted).toBe(true);
    await registry.flush();
    expect(tenant.uncommitted).toBe(false);
  });

  it('waits for a write only until it is done', async () => {
    const { registry } = openRegistry({ dataDir: dir });
    const tenant = registry.ensure('c');
    thingsOf(tenant).insert({ id: 'a', n: 1 });
    const written = registry.commitDirty();
    expect(written).toBeInstanceOf(Promise);
    await written;
    expect(registry.commitDirty()).toBeUndefined();
  });

  it('logs a write that failed and throws it after trying every tenant; the next commit writes it first', async () => {
    const { registry, log } = openRegistry({ dataDir: dir });
    const blocked = registry.ensure('blocked');
    const fine = registry.ensure('fine');
    // The journal cannot be opened: its path is a directory.
    const journal = journalPath(join(tenantsDir(dir), tenantFileBase('blocked')), 1);
    mkdirSync(journal);
    thingsOf(blocked).insert({ id: 'a', n: 1 });
    thingsOf(fine).insert({ id: 'b', n: 2 });
    let thrown: unknown;
    try {
      registry.commitDirty();
    } catch (err) {
      thrown = err;
    }
    const message = `EISDIR: illegal operation on a directory, open '${journal}'`;
    expect((thrown as Error).message).toBe(message);
    expect(log.entries).toEqual([['error', 'could not write tenant changes; they will be written with the next commit', { tenant: 'blocked', error: message }]]);
    expect(fine.uncommitted).toBe(false);

    rmdirSync(journal);
    thingsOf(blocked).insert({ id: 'c', n: 3 });
    await registry.commitDirty();
    expect(readFileSync(journal, 'utf8')).toBe(`${JSON.stringify([['c', 'things', 'a', { id: 'a', n: 1 }]])}\n${JSON.stringify([['c', 'things', 'c', { id: 'c', n: 3 }]])}\n`);
  });

  it('hands the audit to its tenants when asked to', () => {
    for (const audit of [true, false]) {
      const { registry } = openRegistry({ audit });
      const tenant = registry.ensure('c');
      thingsOf(tenant).insert({ id: 'a', n: 1 });
      registry.commitDirty();
      thingsOf(tenant).get('a')!.n = 2;
      tenant.changed();
      if (audit) expect(() => registry.commitDirty()).toThrow(StoreAuditError);
      else expect(registry.commitDirty()).toBeUndefined();
    }
  });
});

describe('loading a data directory', () => {
  function startupError(options: Partial<RegistryOptions> = {}): CorruptDataFileError {
    try {
      openRegistry({ dataDir: dir, ...options });
    } catch (err) {
      if (err instanceof CorruptDataFileError) return err;
      throw err;
    }
    throw new Error('the registry opened');
  }

  it('refuses a second file for the same tenant, naming it', async () => {
    openRegistry({ dataDir: dir }).registry.ensure('c');
    const second = join(tenantsDir(dir), 't-zz.json');
    copyFileSync(snapshotPath('c'), second);
    const error = startupError();
    expect([error.file, error.why]).toEqual([second, 'a second file for tenant c']);
  });

  it('warns of collections it does not know, and of a journal line cut short, naming the file', () => {
    mkdirSync(tenantsDir(dir), { recursive: true });
    const file = join(tenantsDir(dir), 't-x.json');
    writeFileSync(file, snapshotText({ collections: { ghosts: {}, things: { a: { id: 'a', n: 1 } } } }));
    writeFileSync(join(tenantsDir(dir), 't-x.1.journal'), '[["c","things"');
    const { registry, log } = openRegistry({ dataDir: dir });
    expect(log.entries).toEqual([
      ['warn', 'dropping collections this version does not know', { file, collections: ['ghosts'] }],
      ['warn', 'dropped the last journal line, cut short by a crash (it was never acknowledged)', { file }],
    ]);
    expect(thingsOf(registry.get('x')!).ids()).toEqual(['a']);
  });

  it('with repair, sets an unusable file aside under the time it started, and says where', () => {
    mkdirSync(tenantsDir(dir), { recursive: true });
    const file = join(tenantsDir(dir), 't-x.json');
    writeFileSync(file, snapshotText({ schemaVersion: 9 }));
    const { registry, log } = openRegistry({ dataDir: dir, repair: true });
    const movedTo = join(dir, 'quarantine', '2026-03-02T10-00-00-000Z');
    expect(log.entries).toEqual([['warn', 'set aside an unusable tenant file', { file, why: 'schemaVersion 9 is not 3', movedTo }]]);
    expect(registry.quarantined).toEqual([`${file}: schemaVersion 9 is not 3 (moved to ${movedTo})`]);
    expect(readFileSync(join(movedTo, 't-x.json'), 'utf8')).toBe(snapshotText({ schemaVersion: 9 }));
  });
});
