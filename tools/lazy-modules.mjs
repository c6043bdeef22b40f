/**
 * The bundles' lazy modules (src/core/lazy-module.ts), for tools/bundle.mjs: esbuild evaluates a module
 * that is require()d only when the require runs, so each getter of a lazy module becomes one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const LAZY_GETTER = /\blazyModule\(\(\) => ([A-Za-z_$][\w$]*)\)/g;

/**
 * src/core/lazy-module.ts: each `lazyModule(() => ns)` of a compiled module, whose `ns` is an
 * `import * as ns from '...'` used nowhere else, becomes `lazyModule(() => require('...'))`, which esbuild
 * evaluates on the first call. Anything else is a build error: a namespace also used directly would be
 * evaluated while the bundle loads after all.
 */
export function rewriteLazyModules(text, file) {
  const names = [...text.matchAll(LAZY_GETTER)].map((m) => m[1]);
  if (names.length === 0) return text;
  let out = text;
  for (const name of new Set(names)) {
    const escaped = name.replace(/\$/g, '\\$');
    const line = new RegExp(`^import \\* as ${escaped} from (['"][^'"]+['"]);\\n`, 'm');
    const imported = line.exec(out);
    if (!imported) throw new Error(`${file}: lazyModule(() => ${name}) needs \`import * as ${name} from '...'\``);
    out = out.replace(line, '');
    const uses = out.match(new RegExp(`(?<![\\w$.])${escaped}(?![\\w$])`, 'g'))?.length ?? 0;
    if (uses !== names.filter((n) => n === name).length) throw new Error(`${file}: ${name} is used outside lazyModule(() => ${name}), so it would load with the bundle`);
    out = out.replaceAll(`lazyModule(() => ${name})`, `lazyModule(() => require(${imported[1]}))`);
  }
  return out;
}

export const lazyModules = {
  name: 'lazy-modules',
  setup(b) {
    b.onLoad({ filter: /[\\/]dist[\\/](src|bin|scenarios)[\\/].*\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      return text.includes('lazyModule(() => ') ? { contents: rewriteLazyModules(text, args.path), loader: 'js' } : undefined;
    });
  },
};

/**
 * The compiled modules (under dist/) that loading `entry` evaluates in the bundle: its static imports,
 * followed, except those a lazyModule getter takes (type-only imports are gone from compiled code).
 * Each with the module that first imported it, to say why it loads.
 */
export function eagerModules(entry) {
  const importedBy = new Map();
  const pending = [[resolve(entry), undefined]];
  while (pending.length > 0) {
    const [file, from] = pending.pop();
    if (importedBy.has(file)) continue;
    importedBy.set(file, from);
    const text = rewriteLazyModules(readFileSync(file, 'utf8'), file);
    for (const m of text.matchAll(/^(?:import|export)\s+(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.[^'"]+)['"]/gm)) {
      const target = resolve(dirname(file), m[1]);
      if (existsSync(target)) pending.push([target, file]);
    }
  }
  return importedBy;
}
