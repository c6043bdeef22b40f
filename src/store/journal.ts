/**
 * A tenant's append-only journal: one line per commit, written with one
 * synchronous write before the response that acknowledges it leaves, so a
 * process that is killed keeps every acknowledged change (the operating
 * system has it). With fsync on, commits are also flushed to the disk in
 * groups: the responses of a group wait for its one fdatasync.
 */
import { closeSync, fdatasync, fstatSync, ftruncateSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import { CorruptDataFileError, PRIVATE_FILE_MODE } from './files.js';

export class JournalFile {
  private readonly fd: number;
  private bytes: number;
  /** The sync under way, and the one queued behind it (covering writes made while the first runs). */
  private syncing: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(
    readonly file: string,
    private readonly fsync: boolean,
  ) {
    this.fd = openSync(file, 'a', PRIVATE_FILE_MODE);
    this.bytes = fstatSync(this.fd).size;
  }

  /** Bytes in the file. */
  get size(): number {
    return this.bytes;
  }

  /**
   * Appends `text` (whole lines). A failed write is undone, so the file never
   * keeps a partial line in its middle, and the error is thrown to the caller.
   * Returns a promise when the text must also reach the disk.
   */
  append(text: string): Promise<void> | undefined {
    const data = Buffer.from(text, 'utf8');
    let written = 0;
    try {
      while (written < data.length) written += writeSync(this.fd, data, written, data.length - written);
    } catch (err) {
      if (written > 0) ftruncateSync(this.fd, this.bytes);
      throw err;
    }
    this.bytes += data.length;
    return this.fsync ? this.sync() : undefined;
  }

  private sync(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.syncing) return (this.syncing = this.startSync());
    this.queued = this.syncing.then(() => {
      this.queued = undefined;
      return (this.syncing = this.startSync());
    });
    return this.queued;
  }

  private startSync(): Promise<void> {
    return new Promise<void>((resolve, reject) => fdatasync(this.fd, (err) => (err ? reject(err) : resolve()))).finally(() => {
      if (!this.queued) this.syncing = undefined;
    });
  }

  async close(): Promise<void> {
    await this.queued;
    await this.syncing;
    closeSync(this.fd);
  }
}

/**
 * The commits of a journal file, in order. A last line cut short by a crash
 * (no newline) is dropped and cut from the file, so later appends follow the
 * last whole line; a bad line anywhere else means the file is corrupt.
 */
export function readJournal(file: string): { commits: unknown[]; droppedTail: boolean } {
  const bytes = readFileSync(file);
  const end = bytes.lastIndexOf(0x0a) + 1;
  const lines = bytes.subarray(0, end).toString('utf8').split('\n');
  lines.pop();
  const commits: unknown[] = [];
  lines.forEach((line, i) => {
    try {
      commits.push(JSON.parse(line));
    } catch {
      throw new CorruptDataFileError(file, `line ${i + 1} is not a journal entry`);
    }
  });
  // Bytes after the last newline are a commit whose write never finished: it was never acknowledged.
  const droppedTail = end < bytes.length;
  if (droppedTail) truncateSync(file, end);
  return { commits, droppedTail };
}
