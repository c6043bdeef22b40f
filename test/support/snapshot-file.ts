/**
 * A tenant's snapshot file as the tests read and edit it: in version 2's layout (the header at the top level,
 * each collection's records by id), whatever version the file is in. Written back, that is a version 2 file,
 * which the store still reads (and checks record by record).
 */
import { readFileSync } from 'node:fs';
import { recordsOfRows } from '../../src/store/snapshot-file.js';

export interface SnapshotV2 {
  schemaVersion: 2;
  tenantId: string;
  journal: number;
  secret: unknown;
  documents: Record<string, unknown>;
  collections: Record<string, Record<string, Record<string, unknown>>>;
}

export function snapshotAsV2(file: string): SnapshotV2 {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { schemaVersion: number; head: Omit<SnapshotV2, 'schemaVersion' | 'collections'>; collections: Record<string, unknown> };
  if (raw.schemaVersion !== 3) throw new Error(`expected a version 3 snapshot, found ${raw.schemaVersion}`);
  const collections: SnapshotV2['collections'] = {};
  for (const [name, value] of Object.entries(raw.collections)) collections[name] = Object.fromEntries(recordsOfRows(name, value).map((r) => [r.id, r as Record<string, unknown>]));
  return { schemaVersion: 2, ...raw.head, collections };
}
