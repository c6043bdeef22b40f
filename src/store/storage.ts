/**
 * Where a tenant's state is kept: in memory, or in files (a snapshot plus an
 * append-only journal, folded together in the background; see ./files.ts).
 */
import { isJsonObject, setOwn } from '../core/objects.js';
import { chmodSync, readFileSync, rmSync, statSync } from 'node:fs';
import { LowSync } from 'lowdb';
import { JSONFileSync } from 'lowdb/node';
import { rm } from 'node:fs/promises';
import type { ZodType } from 'zod';
import { monotonicMs } from '../core/clock.js';
import type { Logger } from '../core/log.js';
import { BlobStore } from './blobs.js';
import { CorruptDataFileError, PRIVATE_FILE_MODE, corruptDataFileError, journalPath, writeFileAtomic, writeFileAtomicSync, type TenantFileSet } from './files.js';
import { JournalFile, readJournal } from './journal.js';
import type { SecretRecord } from './secrets.js';
import type { CoverageData, CoverageStore } from './coverage.js';
import type { StoreSchema } from './spec.js';
import { isUnread, type CollectionRecords } from './collection.js';
import { openTrustedSnapshot, recordsOfRows, SCHEMA_VERSION, snapshotChunks, type SnapshotSource, type TrustedSnapshot } from './snapshot-file.js';

export type { SnapshotSource } from './snapshot-file.js';

export type RecordMap = Record<string, { id: string }>;

/** Everything a tenant holds, as plain data (a collection loaded from a snapshot may not have been read yet). */
export interface TenantState {
  tenantId: string;
  secret: SecretRecord | null;
  documents: Record<string, unknown>;
  collections: Record<string, CollectionRecords<{ id: string }>>;
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
  /** Writes what is pending (folding a large journal into the snapshot first) and closes the files. */
  close(source: SnapshotSource): Promise<void>;
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

/**
 * The journal is folded into the snapshot when it is at least this big, and at least twice as big as the snapshot:
 * a growing tenant's folds then come half as often (each holds requests back a little; a clean stop folds anyway).
 */
export const DEFAULT_COMPACTION_BYTES = 4 * 1024 * 1024;
const JOURNAL_TO_SNAPSHOT = 2;
/**
 * On a clean stop, a journal at least this big is folded into the snapshot first: the next start then
 * reads the snapshot's parts as they are needed instead of replaying (and checking) every journal line.
 */
const CLOSE_COMPACTION_BYTES = 256 * 1024;

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
    /** The snapshot the tenant was loaded from, while collections in it are still to be read. */
    private readonly loadedFrom?: TrustedSnapshot,
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
    if (this.journal) return this.journal.size;
    // Not appended to since start-up: the journals left by the last run.
    let bytes = 0;
    for (let g = this.oldestGeneration; g <= this.generation; g++) bytes += safeSize(journalPath(this.files.base, g));
    return bytes;
  }

  maybeCompact(source: SnapshotSource, force = false): Promise<void> {
    if (this.compacting) return this.compacting;
    if (!force && this.journalBytes < Math.max(this.options.compactionBytes, JOURNAL_TO_SNAPSHOT * this.snapshotBytes)) return Promise.resolve();
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

  async close(source: SnapshotSource): Promise<void> {
    await this.compacting;
    if (this.journalBytes >= CLOSE_COMPACTION_BYTES) await this.maybeCompact(source, true);
    const journal = this.journal;
    this.journal = undefined;
    await journal?.close();
    this.loadedFrom?.close();
  }
}

function safeSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function* timedChunks<T>(chunks: Iterator<T>, report: (ms: number) => void): Generator<T> {
  for (;;) {
    const started = monotonicMs();
    const next = chunks.next();
    report(monotonicMs() - started);
    if (next.done) return;
    yield next.value;
  }
}

// ---------------------------------------------------------------------------
// Loading

function firstIssue(schema: ZodType<unknown>, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0]!;
  return `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
}

function checkSecret(value: unknown): SecretRecord | null | undefined {
  if (value === null) return null;
  if (!isJsonObject(value)) return undefined;
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
  return { schemaVersion: 2, tenantId: raw.tenantId, journal: 1, secret, documents, collections };
}

/** A collection of the state being loaded, keyed by id (read from the snapshot now if it was not). */
function recordMapOf(state: TenantState, name: string): RecordMap {
  const held = (state.collections[name] ??= {});
  if (!isUnread(held)) return held;
  const records: RecordMap = {};
  for (const record of held.read()) setOwn(records, record.id, record);
  return (state.collections[name] = records);
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
      const records = recordMapOf(state, name);
      if (value === null) {
        delete records[id];
        continue;
      }
      if (!isJsonObject(value) || value.id !== id) return `${name}["${id}"]: the record's id does not match`;
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
  /** The snapshot file, kept open while collections in it are still to be read. */
  snapshot?: TrustedSnapshot;
}

/**
 * Reads a tenant's snapshot and replays its journals over it. Throws
 * CorruptDataFileError naming the file and the first bad record or line.
 * With `trust` (not in the store audit), a snapshot this same version wrote,
 * checksum intact, is opened rather than read: its collections are read when
 * first used, and their records are not checked against their schemas again
 * (at 100k customers, reading and checking everything was most of a restart).
 * Any other snapshot is read whole and every record checked. Journal lines
 * are always checked; a collection they change is read at once.
 */
export function loadTenantFiles(set: TenantFileSet, schema: StoreSchema, fresh: (tenantId: string) => TenantState, { trust = false }: { trust?: boolean } = {}): LoadedTenant {
  const file = set.snapshot;
  let snapshot: TrustedSnapshot | undefined;
  try {
    snapshot = trust ? openTrustedSnapshot(file) : undefined;
  } catch (err) {
    throw corruptDataFileError(file, err);
  }
  try {
    const loaded = snapshot ? openedSnapshot(file, snapshot, schema, fresh) : readSnapshot(file, schema, fresh);
    return { ...loaded, ...replayJournals(set, loaded.state, loaded.from, schema), ...(snapshot ? { snapshot } : {}) };
  } catch (err) {
    snapshot?.close();
    throw err;
  }
}

interface LoadedSnapshot {
  state: TenantState;
  /** The first journal generation the snapshot does not hold. */
  from: number;
  unknownCollections: string[];
}

/** The state of a snapshot opened by openTrustedSnapshot: its head now, its collections when first used. */
function openedSnapshot(file: string, snapshot: TrustedSnapshot, schema: StoreSchema, fresh: (tenantId: string) => TenantState): LoadedSnapshot {
  if (!isJsonObject(snapshot.head)) throw new CorruptDataFileError(file, 'the head is not a JSON object');
  const { state, from } = stateOfHead(file, { ...snapshot.head, collections: {} }, schema, fresh);
  const unknownCollections: string[] = [];
  for (const [name, records] of snapshot.collections) {
    if (schema.collection(name)) state.collections[name] = records;
    else unknownCollections.push(name);
  }
  return { state, from, unknownCollections };
}

/** The state of a snapshot read whole (of any version), every record checked against its schema. */
function readSnapshot(file: string, schema: StoreSchema, fresh: (tenantId: string) => TenantState): LoadedSnapshot {
  let raw: unknown;
  try {
    // Stryker disable next-line StringLiteral: without an encoding readFileSync returns a Buffer, which JSON.parse reads as the same UTF-8 text
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw corruptDataFileError(file, err);
  }
  if (!isJsonObject(raw)) throw new CorruptDataFileError(file, 'not a JSON object');
  if (raw.schemaVersion === 1) raw = upgradeV1(raw, schema);
  const data = raw as Record<string, unknown>;
  // Version 3 keeps the header fields in `head` and each collection as rows; version 2 at the top level, records by id.
  const rows = data.schemaVersion === SCHEMA_VERSION;
  if (rows && !isJsonObject(data.head)) throw new CorruptDataFileError(file, 'the head is not a JSON object');
  if (!rows && data.schemaVersion !== 2) throw new CorruptDataFileError(file, `schemaVersion ${String(data.schemaVersion)} is not ${SCHEMA_VERSION}`);
  const { state, from } = stateOfHead(file, rows ? { ...(data.head as object), collections: data.collections } : data, schema, fresh);
  const unknownCollections: string[] = [];
  for (const [name, stored] of Object.entries(data.collections as Record<string, unknown>)) {
    const spec = schema.collection(name);
    if (!spec) {
      unknownCollections.push(name);
      continue;
    }
    const records: RecordMap = {};
    if (rows) {
      let list: Array<{ id: string }>;
      try {
        list = recordsOfRows(name, stored);
      } catch (err) {
        throw new CorruptDataFileError(file, (err as Error).message);
      }
      for (const record of list) {
        if (typeof record.id !== 'string') throw new CorruptDataFileError(file, `${name}: a record without an id`);
        if (Object.hasOwn(records, record.id)) throw new CorruptDataFileError(file, `${name}["${record.id}"]: a second record with this id`);
        setOwn(records, record.id, record);
      }
    } else {
      if (!isJsonObject(stored)) throw new CorruptDataFileError(file, `collection ${name} is not an object`);
      for (const [id, record] of Object.entries(stored)) {
        if (!isJsonObject(record) || record.id !== id) throw new CorruptDataFileError(file, `${name}["${id}"]: the record's id does not match its key`);
        setOwn(records, id, record as { id: string });
      }
    }
    for (const [id, record] of Object.entries(records)) {
      const issue = firstIssue(spec.schema, record);
      if (issue) throw new CorruptDataFileError(file, `${name}["${id}"]: ${issue}`);
    }
    state.collections[name] = records;
  }
  return { state, from, unknownCollections };
}

/** A fresh state with the snapshot's tenant, secret and documents (each checked), and the journal generation it holds up to. */
function stateOfHead(file: string, data: Record<string, unknown>, schema: StoreSchema, fresh: (tenantId: string) => TenantState): { state: TenantState; from: number } {
  if (typeof data.tenantId !== 'string' || data.tenantId === '') throw new CorruptDataFileError(file, 'tenantId is missing');
  if (!Number.isInteger(data.journal) || (data.journal as number) < 1) throw new CorruptDataFileError(file, 'journal generation is missing');
  if (!isJsonObject(data.documents) || !isJsonObject(data.collections)) throw new CorruptDataFileError(file, 'documents or collections are missing');
  const secret = checkSecret(data.secret);
  if (secret === undefined) throw new CorruptDataFileError(file, 'the client secret record is malformed');
  const state = fresh(data.tenantId);
  state.secret = secret;
  for (const doc of schema.documents) {
    const stored = data.documents[doc.name];
    if (stored === undefined) continue;
    // Settings added by later versions start at their defaults.
    const value = isJsonObject(stored) && isJsonObject(state.documents[doc.name]) ? { ...(state.documents[doc.name] as object), ...stored } : stored;
    const issue = firstIssue(doc.schema, value);
    if (issue) throw new CorruptDataFileError(file, `document ${doc.name}: ${issue}`);
    state.documents[doc.name] = value;
  }
  return { state, from: data.journal as number };
}

/** Replays the journals from generation `from` on over `state`; returns the generation to append to. */
function replayJournals(set: TenantFileSet, state: TenantState, from: number, schema: StoreSchema): { generation: number; oldestGeneration: number; droppedTail: boolean } {
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
  return { generation, oldestGeneration: from, droppedTail };
}

/** The coverage counters of a tenant in a file of their own (not a snapshot: reset and restore never touch it). */
function coverageFile(file: string, log: Logger): CoverageStore {
  // A small document read once and written whole, best effort: lowdb's synchronous JSON file (temp file, then rename).
  const db = new LowSync<CoverageData | null>(new JSONFileSync<CoverageData | null>(file), null);
  return {
    load() {
      try {
        db.read();
      } catch (err) {
        // Counters are no one's data: a damaged file starts them over rather than stopping the sandbox.
        log.warn('ignoring an unreadable coverage file', { file, error: (err as Error).message });
        return undefined;
      }
      return db.data ?? undefined;
    },
    save(data) {
      db.data = data;
      try {
        db.write();
        // lowdb writes with the default mode; tenant files are the owner's alone.
        chmodSync(file, PRIVATE_FILE_MODE);
      } catch (err) {
        log.warn('could not write the coverage file', { file, error: (err as Error).message });
      }
    },
  };
}
