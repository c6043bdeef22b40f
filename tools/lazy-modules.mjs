/**
 * The bundles' lazy modules (src/core/lazy-module.ts), for tools/bundle.mjs: esbuild evaluates a module
 * that is require()d only when the require runs, so each getter of a lazy module becomes one.
 */
import { readFileSync } from 'node:fs';

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
