/**
 * The mutation reports live in git gzipped (reports/*.json.gz); the plain
 * files Stryker reads and writes are ignored. Why: the incremental report is
 * ~45 MB of JSON, and every commit of it was a text diff of over 100 MB, which
 * once made a whole submission too large to land. A gzipped file is a binary
 * of a few megabytes.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

export const REPORT_NAMES = ['mutation.json', 'stryker-incremental.json', 'mutation-static.json'];

/** Writes each report's plain file from its .gz when the plain file is missing (a fresh clone). */
export function unpackReports(dir) {
  for (const name of REPORT_NAMES) {
    const plain = join(dir, name);
    const packed = `${plain}.gz`;
    if (existsSync(packed) && !existsSync(plain)) writeFileSync(plain, gunzipSync(readFileSync(packed)));
  }
}

/** Writes each plain report's .gz (Node's gzip header carries no time, so equal reports give equal bytes). */
export function packReports(dir) {
  for (const name of REPORT_NAMES) {
    const plain = join(dir, name);
    if (existsSync(plain)) writeFileSync(`${plain}.gz`, gzipSync(readFileSync(plain), { level: 9 }));
  }
}
