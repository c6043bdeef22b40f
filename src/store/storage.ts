/**
 * Where a tenant's state is kept: in memory, or in files (a snapshot plus an
 * append-only journal, folded together in the background; see ./files.ts).
 */
import { setOwn } from '../core/objects.js';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { rm } from 'node:fs/promises';
import type { ZodType } from 'zod';
import { monotonicMs } from '../core/clock.js';
import { packageVersion } from '../core/package-files.js';
import type { Logger } from '../core/log.js';
import { BlobStore } from './blobs.js';
import { CorruptDataFileError, journalPath, writeFileAtomic, writeFileAtomicSync, type TenantFileSet } from './files.js';
import { JournalFile, readJournal } from './journal.js';
import type { SecretRecord } from './secrets.js';
import type { CoverageData, CoverageStore } from './coverage.js';
import type { StoreSchema } from './spec.js';

export const SCHEMA_VERSION = 2;

export type RecordMap = Record<string, { id: string }>;

/** Everything a tenant holds, as plain data. */
export interface TenantState {
  tenantId: string;
  secret: SecretRecord | null;
  documents: Record<string, unknown>;
  collections: Record<string, RecordMap>;
}

/** What a snapshot is written from. `begin` runs when the snapshot starts; records are read as they are written. */
export interface SnapshotSource {
  begin(): { tenantId: string; secret: SecretRecord | null; documents: Record<string, unknown>; ids: Array<[string, string[]]> };
  record(collection: string, id: string): object | undefined;
}

export interface PersistenceStats {
  file?: string;
  /** Commits appended to the journal since start-up. */
  commits: number;
  journalBytes: number;
  compactions: number;
  /** Longest the event loop was held by one step of a background compaction, in ms. */
  longestCompactionStepMs: number;
  lastCompactionMs: number;
}

export interface TenantStorage {
  readonly persistent: boolean;
  readonly blobs: BlobStore;
  /** Appends one commit; a promise when the commit must also reach the disk before it counts. */
  append(line: string): Promise<void> | undefined;
  /** Folds the journal into the snapshot in the background once it has grown enough (or now, when forced); resolves when done. */
  maybeCompact(source: SnapshotSource, force?: boolean): Promise<void>;
  /** Writes a whole new snapshot now and starts an empty journal (a new, reset or restored tenant). */
  rewrite(source: SnapshotSource): void;
  stats(): PersistenceStats;
  close(): Promise<void>;
  /** Where the tenant's coverage counters are kept across restarts (none in memory). */
  readonly coverage: CoverageStore | undefined;
}

export class MemoryStorage implements TenantStorage {
  readonly persistent = false;
  readonly blobs = new BlobStore(undefined);
  readonly coverage = undefined;
  // Stryker disable next-line BlockStatement: an empty body returns undefined as well
  append(): undefined {
    return undefined;
  }
  async maybeCompact(): Promise<void> {}
  rewrite(): void {}
  stats(): PersistenceStats {
    return { commits: 0, journalBytes: 0, compactions: 0, longestCompactionStepMs: 0, lastCompactionMs: 0 };
  }
  async close(): Promise<void> {}
}

/** The journal is folded into the snapshot when it is at least this big, and at least as big as the snapshot. */
export const DEFAULT_COMPACTION_BYTES = 4 * 1024 * 1024;
/** Records per snapshot chunk at most: small enough that making one holds the event loop for well under a millisecond or two. */
const RECORDS_PER_CHUNK = 100;
/** And a chunk is cut once making it took this long: under load (and its garbage collections) 100 records took up to 20 ms. */
const CHUNK_BUDGET_MS = 2;

export class FileStorage implements TenantStorage {
  readonly persistent = true;
  readonly blobs: BlobStore;
  /** Opened on the first append, so a journal never exists without the snapshot it follows. */
  private journal: JournalFile | undefined;
  private compacting: Promise<void> | undefined;
  /** Bumped by every rewrite: a background compaction that started before one must not replace its snapshot. */
  private epoch = 0;
  private snapshotBytes: number;
  private readonly counters = { commits: 0, compactions: 0, longestCompactionStepMs: 0, lastCompactionMs: 0 };

  constructor(
    private readonly files: { base: string; snapshot: string },
    /** The journal generation appended to: the snapshot covers every earlier one. */
    private generation: number,
    private readonly options: { fsync: boolean; log: Logger; compactionBytes: number },
    private oldestGeneration = generation,
  ) {
    this.blobs = new BlobStore(`${files.base}.files`);
    this.snapshotBytes = safeSize(files.snapshot);
    this.coverage = coverageFile(`${files.base}.coverage`, options.log);
  }

  readonly coverage: CoverageStore;

  append(line: string): Promise<void> | undefined {
    this.journal ??= new JournalFile(journalPath(this.files.base, this.generation), this.options.fsync);
    const synced = this.journal.append(line);
    this.counters.commits++;
    return synced;
  }

  private get journalBytes(): number {
    return this.journal?.size ?? 0;
  }

  maybeCompact(source: SnapshotSource, force = false): Promise<void> {
    if (this.compacting) return this.compacting;
    if (!force && this.journalBytes < Math.max(this.options.compactionBytes, this.snapshotBytes)) return Promise.resolve();
    return (this.compacting = this.compact(source)
      .catch((err: unknown) => this.options.log.error('could not compact tenant data; the journal keeps every change', { file: this.files.snapshot, error: (err as Error).message }))
      .finally(() => {
        this.compacting = undefined;
      }));
  }

  private async compact(source: SnapshotSource): Promise<void> {
    const started = monotonicMs();
    const epoch = this.epoch;
    const generation = this.rotate();
    const chunks = timedChunks(snapshotChunks(source, generation), (ms) => {
      this.counters.longestCompactionStepMs = Math.max(this.counters.longestCompactionStepMs, ms);
    });
    const bytes = await writeFileAtomic(this.files.snapshot, chunks, this.options.fsync, () => this.epoch === epoch);
    // Cancelled, or a rewrite came after the rename (while the old snapshot was being freed): its snapshot is the live one.
    if (bytes === 0 || this.epoch !== epoch) return;
    this.snapshotBytes = bytes;
    // Removed off the event loop: freeing a large journal's blocks takes milliseconds.
    await Promise.all(this.journalsBefore(generation).map((file) => rm(file, { force: true })));
    this.counters.compactions++;
    this.counters.lastCompactionMs = Math.round(monotonicMs() - started);
  }

  rewrite(source: SnapshotSource): void {
    // Stryker disable next-line UpdateOperator: the epoch only has to differ from the one a running compaction captured; counting down does that as well as counting up
    this.epoch++;
    const generation = this.rotate();
    this.snapshotBytes = writeFileAtomicSync(this.files.snapshot, snapshotChunks(source, generation), this.options.fsync);
    for (const file of this.journalsBefore(generation)) rmSync(file, { force: true });
  }

  /** Moves on to the next journal; the snapshot written next covers everything before it. */
  private rotate(): number {
    const previous = this.journal;
    this.journal = undefined;
    this.generation++;
    void previous?.close();
    return this.generation;
  }

  /** The journals the snapshot of `generation` covers, to be removed; from then on the oldest is `generation`. */
  private journalsBefore(generation: number): string[] {
    const files: string[] = [];
    for (let g = this.oldestGeneration; g < generation; g++) files.push(journalPath(this.files.base, g));
    this.oldestGeneration = generation;
    return files;
  }

  stats(): PersistenceStats {
    return { file: this.files.snapshot, journalBytes: this.journalBytes, ...this.counters, longestCompactionStepMs: Math.round(this.counters.longestCompactionStepMs * 10) / 10 };
  }

  async close(): Promise<void> {
    await this.compacting;
    await this.journal?.close();
  }
}

function safeSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function* timedChunks(chunks: Iterator<string>, report: (ms: number) => void): Generator<string> {
  for (;;) {
    const started = monotonicMs();
    const next = chunks.next();
    report(monotonicMs() - started);
    if (next.done) return;
    yield next.value;
  }
}

/**
 * The snapshot file: header and documents as they were at `begin`, records as they are when their chunk is made;
 * it ends with the writer (this version) and a CRC-32 of every byte before the checksum, so a restart of the same
 * version can trust the records instead of checking each against its schema again (loadTenantFiles).
 */
function* snapshotChunks(source: SnapshotSource, generation: number): Generator<string> {
  let crc = 0;
  for (const chunk of snapshotBody(source, generation)) {
    crc = crc32(chunk, crc);
    yield chunk;
  }
  const writer = `,"writer":${JSON.stringify(storeWriter())}`;
  yield writer;
  yield `${CHECKSUM_KEY}"${crc32(writer, crc).toString(16).padStart(8, '0')}"}`;
}

const CHECKSUM_KEY = ',"checksum":';

/** Who wrote a snapshot: records written by this package version fit this version's schemas. */
export function storeWriter(): string {
  return `paysandbox ${packageVersion()} store ${SCHEMA_VERSION}`;
}

/**
 * Whether the file's text ends with the checksum of everything before it (a snapshot no one edited or cut short).
 * On the text, not the file's bytes: read as UTF-8 text straight away, a 100 MB snapshot is never held twice.
 */
function checksumHolds(text: string): boolean {
  const at = text.lastIndexOf(CHECKSUM_KEY);
  if (at < 0) return false;
  const found = /^"([0-9a-f]{8})"\}\s*$/.exec(text.slice(at + CHECKSUM_KEY.length));
  return found !== null && crc32(text.slice(0, at)) === Number.parseInt(found[1]!, 16);
}

function* snapshotBody(source: SnapshotSource, generation: number): Generator<string> {
  const { tenantId, secret, documents, ids } = source.begin();
  yield `{"schemaVersion":${SCHEMA_VERSION},"tenantId":${JSON.stringify(tenantId)},"journal":${generation},"secret":${JSON.stringify(secret)},"documents":${JSON.stringify(documents)},"collections":{`;
  let firstCollection = true;
  for (const [name, list] of ids) {
    let parts: string[] = [];
    let head = `${firstCollection ? '' : ','}${JSON.stringify(name)}:{`;
    firstCollection = false;
    let firstRecord = true;
    let chunkStarted = monotonicMs();
    for (const id of list) {
      const record = source.record(name, id);
      if (record === undefined) continue;
      parts.push(`${firstRecord ? '' : ','}${JSON.stringify(id)}:${JSON.stringify(record)}`);
      firstRecord = false;
      if (parts.length >= RECORDS_PER_CHUNK || monotonicMs() - chunkStarted >= CHUNK_BUDGET_MS) {
        yield head + parts.join('');
        head = '';
        parts = [];
        chunkStarted = monotonicMs();
      }
    }
    yield `${head}${parts.join('')}}`;
  }
  yield '}';
}

// ---------------------------------------------------------------------------
// Loading

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstIssue(schema: ZodType<unknown>, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0]!;
  return `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
}

function checkSecret(value: unknown): SecretRecord | null | undefined {
  if (value === null) return null;
  if (!isObject(value)) return undefined;
  if (value.algorithm === 'sha256' && typeof value.hash === 'string') return { algorithm: 'sha256', hash: value.hash };
  if (value.algorithm === 'scrypt' && typeof value.hash === 'string' && typeof value.salt === 'string' && Number.isInteger(value.cost)) {
    return { algorithm: 'scrypt', hash: value.hash, salt: value.salt, cost: value.cost as number };
  }
  return undefined;
}

/** Version 1 files kept everything at the top level, with an unsalted secret hash. */
function upgradeV1(raw: Record<string, unknown>, schema: StoreSchema): Record<string, unknown> {
  const documents: Record<string, unknown> = {};
  const collections: Record<string, unknown> = {};
  for (const doc of schema.documents) if (raw[doc.name] !== undefined) documents[doc.name] = raw[doc.name];
  for (const coll of schema.collections) if (raw[coll.name] !== undefined) collections[coll.name] = raw[coll.name];
  const secret = typeof raw.secretSha256 === 'string' ? { algorithm: 'sha256', hash: raw.secretSha256 } : null;
  return { schemaVersion: SCHEMA_VERSION, tenantId: raw.tenantId, journal: 1, secret, documents, collections };
}

/** Applies one journal commit to the state being loaded; returns why it cannot, if it cannot. */
function applyCommit(state: TenantState, commit: unknown, schema: StoreSchema): string | undefined {
  if (!Array.isArray(commit)) return 'not a list of changes';
  for (const op of commit as unknown[]) {
    if (!Array.isArray(op)) return 'a change is not a list';
    const [kind, name, id, value] = op as unknown[];
    if (kind === 'c' && typeof name === 'string' && typeof id === 'string') {
      const spec = schema.collection(name);
      if (!spec) continue; // a collection this version no longer has
      const records = (state.collections[name] ??= {});
      if (value === null) {
        delete records[id];
        continue;
      }
      if (!isObject(value) || value.id !== id) return `${name}["${id}"]: the record's id does not match`;
      const issue = firstIssue(spec.schema, value);
      if (issue) return `${name}["${id}"]: ${issue}`;
      setOwn(records, id, value as { id: string });
    } else if (kind === 'd' && typeof name === 'string') {
      const spec = schema.document(name);
      if (!spec) continue;
      const issue = firstIssue(spec.schema, id);
      if (issue) return `document ${name}: ${issue}`;
      state.documents[name] = id;
    } else if (kind === 's') {
      const secret = checkSecret(name);
      if (secret === undefined) return 'the client secret record is malformed';
      state.secret = secret;
    } else {
      return `unknown change ${JSON.stringify(kind)}`;
    }
  }
  return undefined;
}

export interface LoadedTenant {
  state: TenantState;
  /** The journal generation to append to. */
  generation: number;
  oldestGeneration: number;
  /** Collections in the file that this version does not define (dropped). */
  unknownCollections: string[];
  droppedTail: boolean;
}

/**
 * Reads a tenant's snapshot and replays its journals over it, checking every
 * record against its collection's schema. Throws CorruptDataFileError naming
 * the file and the first bad record or line. With `trust` (not in the store
 * audit), the records of a snapshot this same version wrote, checksum
 * intact, are not checked again: at 100k records that was a fifth of a
 * restart. Journal lines are always checked.
 */
export function loadTenantFiles(set: TenantFileSet, schema: StoreSchema, fresh: (tenantId: string) => TenantState, { trust = false }: { trust?: boolean } = {}): LoadedTenant {
  const file = set.snapshot;
  let raw: unknown;
  let intact = false;
  try {
    // Stryker disable next-line StringLiteral: without an encoding readFileSync returns a Buffer, which JSON.parse reads as the same UTF-8 text
    const text = readFileSync(file, 'utf8');
    intact = trust && checksumHolds(text);
    raw = JSON.parse(text);
  } catch (err) {
    throw new CorruptDataFileError(file, err instanceof SyntaxError ? `not JSON: ${err.message}` : (err as Error).message);
  }
  if (!isObject(raw)) throw new CorruptDataFileError(file, 'not a JSON object');
  if (raw.schemaVersion === 1) raw = upgradeV1(raw, schema);
  const data = raw as Record<string, unknown>;
  if (data.schemaVersion !== SCHEMA_VERSION) throw new CorruptDataFileError(file, `schemaVersion ${String(data.schemaVersion)} is not ${SCHEMA_VERSION}`);
  if (typeof data.tenantId !== 'string' || data.tenantId === '') throw new CorruptDataFileError(file, 'tenantId is missing');
  if (!Number.isInteger(data.journal) || (data.journal as number) < 1) throw new CorruptDataFileError(file, 'journal generation is missing');
  if (!isObject(data.documents) || !isObject(data.collections)) throw new CorruptDataFileError(file, 'documents or collections are missing');
  const secret = checkSecret(data.secret);
  if (secret === undefined) throw new CorruptDataFileError(file, 'the client secret record is malformed');

  const trusted = intact && data.writer === storeWriter();
  const state = fresh(data.tenantId);
  state.secret = secret;
  for (const doc of schema.documents) {
    const stored = data.documents[doc.name];
    if (stored === undefined) continue;
    // Settings added by later versions start at their defaults.
    const value = isObject(stored) && isObject(state.documents[doc.name]) ? { ...(state.documents[doc.name] as object), ...stored } : stored;
    const issue = firstIssue(doc.schema, value);
    if (issue) throw new CorruptDataFileError(file, `document ${doc.name}: ${issue}`);
    state.documents[doc.name] = value;
  }
  const unknownCollections: string[] = [];
  for (const [name, records] of Object.entries(data.collections)) {
    const spec = schema.collection(name);
    if (!spec) {
      unknownCollections.push(name);
      continue;
    }
    if (!isObject(records)) throw new CorruptDataFileError(file, `collection ${name} is not an object`);
    for (const [id, record] of Object.entries(records)) {
      if (!isObject(record) || record.id !== id) throw new CorruptDataFileError(file, `${name}["${id}"]: the record's id does not match its key`);
      if (trusted) continue;
      const issue = firstIssue(spec.schema, record);
      if (issue) throw new CorruptDataFileError(file, `${name}["${id}"]: ${issue}`);
    }
    state.collections[name] = records as RecordMap;
  }

  const from = data.journal as number;
  let generation = from;
  let droppedTail = false;
  for (const journal of set.journals) {
    if (journal.generation < from) {
      // Already folded into the snapshot: a compaction stopped before removing it.
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: the journal was just listed from the directory, so it exists and is removed with or without force
      rmSync(journal.file, { force: true });
      continue;
    }
    const read = readJournal(journal.file, (commit, line) => {
      const why = applyCommit(state, commit, schema);
      if (why) throw new CorruptDataFileError(journal.file, `line ${line}: ${why}`);
    });
    droppedTail ||= read.droppedTail;
    generation = journal.generation;
  }
  return { state, generation, oldestGeneration: from, unknownCollections, droppedTail };
}

/** The coverage counters of a tenant in a file of their own (not a snapshot: reset and restore never touch it). */
function coverageFile(file: string, log: Logger): CoverageStore {
  return {
    load() {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
      try {
        return JSON.parse(text) as CoverageData;
      } catch (err) {
        // Counters are no one's data: a damaged file starts them over rather than stopping the sandbox.
        log.warn('ignoring an unreadable coverage file', { file, error: (err as Error).message });
        return undefined;
      }
    },
    save(data) {
      try {
        writeFileAtomicSync(file, [JSON.stringify(data)], false);
      } catch (err) {
        log.warn('could not write the coverage file', { file, error: (err as Error).message });
      }
    },
  };
}
