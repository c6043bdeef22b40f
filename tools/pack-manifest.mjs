/**
 * `npm pack` / `npm publish` plumbing (prepack and postpack): the published
 * manifest carries no install-time script.
 *
 * A clone needs `prepare` (`npm install` in a checkout builds dist/), but a
 * package installed from its tarball already holds dist/, and npm lists any
 * `prepare` it finds under its install-scripts check. So prepack builds
 * (incrementally, as the test suite's set-up does), then writes package.json
 * without the scripts only a clone runs, keeping the original beside it;
 * npm reads and packs that manifest; postpack puts the original back. A pack
 * that died in between is repaired by the next prepack or postpack.
 *
 *   node tools/pack-manifest.mjs            prepack: build, strip
 *   node tools/pack-manifest.mjs --restore  postpack: restore
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from './build.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const MANIFEST = join(ROOT, 'package.json');
const KEPT = join(ROOT, '.package.json.unpacked');
/** The scripts npm runs when installing a package or a checkout of it: none belongs in a tarball. */
export const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'preprepare', 'prepare', 'postprepare', 'prepublish'];

function restore() {
  if (existsSync(KEPT)) renameSync(KEPT, MANIFEST);
}

restore();
if (!process.argv.includes('--restore')) {
  build();
  const text = readFileSync(MANIFEST, 'utf8');
  const manifest = JSON.parse(text);
  for (const script of INSTALL_SCRIPTS) delete manifest.scripts?.[script];
  writeFileSync(KEPT, text);
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
}
