/**
 * File bytes (uploaded documents) kept beside the tenant's data file, one
 * file per id, written atomically; in memory only for a memory tenant.
 */
import { readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './files.js';

export class BlobStore {
  private readonly memory = new Map<string, Buffer>();

  /** `dir` is where the files go; memory only when undefined. */
  constructor(private readonly dir: string | undefined) {}

  private pathOf(id: string): string {
    return join(this.dir!, encodeURIComponent(id));
  }

  put(id: string, bytes: Buffer): void {
    if (!this.dir) {
      this.memory.set(id, bytes);
      return;
    }
    ensurePrivateDir(this.dir);
    const target = this.pathOf(id);
    const temp = `${target}.tmp`;
    writeFileSync(temp, bytes, { mode: PRIVATE_FILE_MODE });
    renameSync(temp, target);
  }

  get(id: string): Buffer | undefined {
    if (!this.dir) return this.memory.get(id);
    try {
      return readFileSync(this.pathOf(id));
    } catch {
      return undefined;
    }
  }

  delete(id: string): void {
    if (!this.dir) this.memory.delete(id);
    else rmSync(this.pathOf(id), { force: true });
  }

  /** Drops every blob whose id is not kept (after a reset or a restore). */
  retainOnly(keep: ReadonlySet<string>): void {
    if (!this.dir) {
      for (const id of [...this.memory.keys()]) if (!keep.has(id)) this.memory.delete(id);
      return;
    }
    let names: string[] = [];
    try {
      names = readdirSync(this.dir);
    } catch {
      return;
    }
    for (const name of names) if (!keep.has(decodeURIComponent(name))) rmSync(join(this.dir, name), { force: true });
  }
}
