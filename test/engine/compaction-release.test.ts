/**
 * A background compaction never frees big files on the event loop: the
 * snapshot it replaces keeps a second name through the (synchronous) rename,
 * and that name and the journals the new snapshot covers are removed with
 * the asynchronous rm, which frees their blocks on libuv's thread pool
 * (4-12 ms for 100 MB on this machine, when done inline). And the new
 * snapshot is written out to the disk on the thread pool before the rename,
 * or ext4 does it inside rename() (40-50 ms for 70 MB). The bench measures
 * the pause; this test pins what is removed and written out, when, and how.
 */
import { crc32 } from 'node:zlib';
import { packageVersion } from '../../src/core/package-files.js';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, type PathLike, type RmOptions } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../src/core/log.js';
import { FileStorage, type SnapshotSource } from '../../src/store/storage.js';

/** Every asynchronous rm the storage makes: its path, what the path held then; each waits for `hold`. */
const removals = { calls: [] as Array<{ path: string; existed: boolean; text?: string }>, hold: undefined as Promise<void> | undefined, open: () => {} };

/** Holds every rm until the returned function is called (or the test ends). */
function holdRemovals(): () => void {
  removals.hold = new Promise((resolve) => (removals.open = resolve));
  return removals.open;
}

/**
 * node:fs/promises' rm, watched: the CommonJS export is replaced and synced into the ES module's live binding
 * (syncBuiltinESMExports), which the storage reads at each call. vi.mock cannot do it here: workers keep their module
 * cache between files (isolate: false), and the storage is already loaded.
 */
const fsPromises = createRequire(import.meta.url)('node:fs/promises') as typeof import('node:fs/promises');
const actualRm = fsPromises.rm;
async function watchedRm(path: PathLike, options?: RmOptions): Promise<void> {
  const existed = existsSync(path);
  removals.calls.push({ path: String(path), existed, ...(existed && String(path).includes('.json') ? { text: readFileSync(path, 'utf8') } : {}) });
  await removals.hold;
  return actualRm(path, options);
}

let dir: string;
let storage: FileStorage;
const log: Logger = { info() {}, warn() {}, error() {} };
beforeEach(() => {
  fsPromises.rm = watchedRm;
  syncBuiltinESMExports();
  dir = mkdtempSync(join(tmpdir(), 'paysandbox-release-'));
  removals.calls = [];
  removals.hold = undefined;
  storage = new FileStorage({ base: join(dir, 't'), snapshot: join(dir, 't.json') }, 0, { fsync: false, log, compactionBytes: 1 });
});
afterEach(async () => {
  vi.restoreAllMocks();
  fsPromises.rm = actualRm;
  syncBuiltinESMExports();
  removals.open();
  await storage.close(source([]));
  rmSync(dir, { recursive: true, force: true });
});

function source(ids: string[]): SnapshotSource {
  return { begin: () => ({ tenantId: 'tenant-1', secret: null, documents: {}, collections: [['things', ids]] }), record: (_name, id) => ({ id }) };
}

/** Until the compaction's file writes (thread pool) have reached its first rm: no deadline that a busy machine could miss. */
const WAIT = { timeout: 15_000, interval: 2 };

/** The snapshot text of `ids`, ending with this version as its writer and the CRC-32 of all before the checksum. */
const snapshotOf = (ids: string[], journal: number) => {
  const opening = '{"schemaVersion":3,"head":';
  const head = `{"tenantId":"tenant-1","journal":${journal},"secret":null,"documents":{}}`;
  const key = ',"collections":{"things":';
  const things = `{"rows":[${ids.map((id) => `[0,"${id}"]`).join(',')}],"shapes":[${ids.length > 0 ? '["id"]' : ''}]}`;
  // ASCII only: characters are bytes.
  const thingsAt = opening.length + head.length + key.length;
  const segments = `{"head":[${opening.length},${opening.length + head.length}],"things":[${thingsAt},${thingsAt + things.length}]}`;
  const body = `${opening}${head}${key}${things}},"segments":${segments},"writer":"paysandbox ${packageVersion()} store 3"`;
  return `${body},"checksum":"${crc32(body).toString(16).padStart(8, '0')}"}`;
};

describe('a background compaction', () => {
  it('removes the replaced snapshot (under a second name) and the covered journals with the asynchronous rm, and resolves once they are gone', async () => {
    storage.rewrite(source(['old']));
    await storage.append('line\n');
    const open = holdRemovals();
    let done = false;
    const compaction = storage.maybeCompact(source(['old', 'new']), true).then(() => (done = true));
    await vi.waitFor(() => expect(removals.calls.length).toBeGreaterThan(0), WAIT);

    // The new snapshot is in place; the old one lives on only under its second name, a temp name start-up removes.
    const [retired] = removals.calls;
    expect(retired!.path).toMatch(new RegExp(`^${join(dir, 't.json')}\\.tmp-${process.pid}-\\d+$`));
    expect(retired).toMatchObject({ existed: true, text: snapshotOf(['old'], 1) });
    expect(readFileSync(join(dir, 't.json'), 'utf8')).toBe(snapshotOf(['old', 'new'], 2));
    expect(done).toBe(false);

    open();
    await compaction;
    expect(removals.calls.map((c) => c.path)).toEqual([retired!.path, join(dir, 't.1.journal')]);
    expect(removals.calls[1]!.existed).toBe(true);
    expect(readdirSync(dir)).toEqual(['t.json']);
    expect(storage.stats()).toMatchObject({ compactions: 1, journalBytes: 0 });
  });

  it('counts for nothing when a rewrite comes while the replaced snapshot is being removed: the rewrite is what stays', async () => {
    storage.rewrite(source(['old']));
    await storage.append('line\n');
    const open = holdRemovals();
    const compaction = storage.maybeCompact(source(['old', 'compacted']), true);
    await vi.waitFor(() => expect(removals.calls.length).toBe(1), WAIT);
    storage.rewrite(source(['rewritten']));
    open();
    await compaction;
    expect(readFileSync(join(dir, 't.json'), 'utf8')).toBe(snapshotOf(['rewritten'], 3));
    // Only the retired snapshot went through rm; the rewrite removed the journals itself.
    expect(removals.calls).toHaveLength(1);
    expect(readdirSync(dir)).toEqual(['t.json']);
    expect(existsSync(join(dir, 't.1.journal'))).toBe(false);
    expect(storage.stats().compactions).toBe(0);
  });

  it.each([
    ['datasync', false],
    ['sync', true],
  ] as const)('writes the new snapshot out with %s (fsync %s) before it is renamed into place', async (method, fsync) => {
    // Every FileHandle shares one prototype: one opened here shows it.
    const handle = await open(join(dir, 'probe'), 'w');
    const prototype = Object.getPrototypeOf(handle) as Record<'sync' | 'datasync', () => Promise<void>>;
    await handle.close();
    rmSync(join(dir, 'probe'));
    const files = { base: join(dir, 's'), snapshot: join(dir, 's.json') };
    const synced = new FileStorage(files, 0, { fsync, log, compactionBytes: 1 });
    synced.rewrite(source(['old']));
    await synced.append('line\n');
    const calls: Array<{ method: string; live: string }> = [];
    for (const name of ['sync', 'datasync'] as const) {
      const original = prototype[name];
      vi.spyOn(prototype, name).mockImplementation(async function (this: unknown) {
        calls.push({ method: name, live: readFileSync(files.snapshot, 'utf8') });
        return original.call(this);
      });
    }
    await synced.maybeCompact(source(['old', 'new']), true);
    await synced.close(source([]));
    // Once, for the new snapshot, while the old one was still the live file.
    expect(calls).toEqual([{ method, live: snapshotOf(['old'], 1) }]);
    expect(readFileSync(files.snapshot, 'utf8')).toBe(snapshotOf(['old', 'new'], 2));
  });
});
