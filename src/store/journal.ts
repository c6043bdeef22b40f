/**
 * A tenant's append-only journal: one line per commit. Commits are written
 * in groups: every commit made during one turn of the event loop goes out
 * in one write at the end of that turn, and the responses that acknowledge
 * them wait for it, so a process that is killed keeps every acknowledged
 * change (the operating system has it) and a burst of writes costs one
 * system call per turn, not one per request. With fsync on, each group is
 * also flushed to the disk before its responses leave.
 */
import { closeSync, fdatasync, fstatSync, ftruncateSync, openSync, readSync, truncateSync, writeSync } from 'node:fs';
import { CorruptDataFileError, PRIVATE_FILE_MODE } from './files.js';

export class JournalFile {
  private readonly fd: number;
  private bytes: number;
  /** The sync under way, and the one queued behind it (covering writes made while the first runs). */
  private syncing: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  /** Lines of the group being gathered, and the promise its commits wait on. */
  private pending: string[] = [];
  private group: { promise: Promise<void>; resolve: () => void; reject: (err: unknown) => void } | undefined;

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
   * Adds `text` (whole lines) to this turn's group; resolves once the group
   * is written (and synced, with fsync on). A failed write is undone, so the
   * file never keeps a partial line in its middle; its commits reject, and
   * their lines stay queued for the next group.
   */
  append(text: string): Promise<void> {
    this.pending.push(text);
    if (!this.group) {
      let resolve!: () => void;
      let reject!: (err: unknown) => void;
      const promise = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      this.group = { promise, resolve, reject };
      setImmediate(() => this.flush());
    }
    return this.group.promise;
  }

  /** Writes the gathered group now. */
  private flush(): void {
    const group = this.group;
    if (!group) return;
    this.group = undefined;
    const data = Buffer.from(this.pending.join(''), 'utf8');
    let written = 0;
    try {
      // Stryker disable next-line ArithmeticOperator: a regular file takes the whole write at once; only a partial write would tell the two apart
      while (written < data.length) written += writeSync(this.fd, data, written, data.length - written);
    } catch (err) {
      if (written > 0) ftruncateSync(this.fd, this.bytes);
      group.reject(err);
      return;
    }
    this.pending = [];
    this.bytes += data.length;
    // Stryker disable next-line ConditionalExpression: whether the disk was flushed shows only after a power loss
    if (this.fsync) this.sync().then(group.resolve, group.reject);
    else group.resolve();
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
    this.flush();
    await this.group?.promise;
    await this.queued;
    await this.syncing;
    closeSync(this.fd);
  }
}

/** How much of a journal file is read at a time: a restart never holds a whole journal (or its text) at once. */
const READ_CHUNK = 1 << 20;

/**
 * Hands each commit of a journal file to `onCommit`, in order, as it is read
 * (1 MiB at a time, line by line). A last line cut short by a crash (no
 * newline) is dropped and cut from the file, so later appends follow the
 * last whole line; a bad line anywhere else means the file is corrupt.
 */
export function readJournal(file: string, onCommit: (commit: unknown, line: number) => void): { commits: number; droppedTail: boolean } {
  const fd = openSync(file, 'r');
  const chunk = Buffer.allocUnsafe(READ_CHUNK);
  let carry = Buffer.alloc(0);
  let read = 0;
  let line = 0;
  try {
    for (let n = readSync(fd, chunk, 0, READ_CHUNK, null); n > 0; n = readSync(fd, chunk, 0, READ_CHUNK, null)) {
      read += n;
      const data = carry.length === 0 ? chunk.subarray(0, n) : Buffer.concat([carry, chunk.subarray(0, n)]);
      let start = 0;
      for (let end = data.indexOf(0x0a); end !== -1; end = data.indexOf(0x0a, start)) {
        line++;
        let commit: unknown;
        try {
          commit = JSON.parse(data.toString('utf8', start, end));
        } catch {
          throw new CorruptDataFileError(file, `line ${line} is not a journal entry`);
        }
        onCommit(commit, line);
        start = end + 1;
      }
      // A copy: the chunk is read into again.
      carry = Buffer.from(data.subarray(start));
    }
  } finally {
    closeSync(fd);
  }
  // Bytes after the last newline are a commit whose write never finished: it was never acknowledged.
  const droppedTail = carry.length > 0;
  if (droppedTail) truncateSync(file, read - carry.length);
  return { commits: line, droppedTail };
}
