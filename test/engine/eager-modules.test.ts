/**
 * What the package's entry evaluates when a test file imports it (the
 * one-file bundle, where a lazyModule getter is a require() run on first
 * call): the engine, the customers' and accounts' store, and no area's
 * routes, schemas or services beyond what every tenant's first request
 * uses. A static import that pulls an area in again fails here, with the
 * chain of imports that did it.
 */
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build tool in plain JavaScript, without types
import { eagerModules, rewriteLazyModules } from '../../tools/lazy-modules.mjs';

const DIST = join(import.meta.dirname, '..', '..', 'dist');
const loaded = eagerModules(join(DIST, 'src', 'index.js')) as Map<string, string | undefined>;
const names = [...loaded.keys()].map((file) => relative(DIST, file));

/** Why a module loads: the chain of imports from the entry. */
function chainOf(name: string): string {
  const chain: string[] = [];
  for (let file: string | undefined = join(DIST, name); file !== undefined; file = loaded.get(file)) chain.push(relative(DIST, file));
  return chain.join(' <- ');
}

/** Areas whose schemas every tenant's first request builds anyway: its platform accounts (the configuration's wait for a document read back or checked). */
const FIRST_REQUEST_AREAS = ['internal-accounts'];

describe('modules the package entry loads', () => {
  it('holds no area routes, no area index but the hosted pages, and no schemas of areas a first request does not use', () => {
    const unexpected = names.filter((name) => {
      const area = /^src\/areas\/([^/]+)\/(.+)$/.exec(name);
      if (!area) return false;
      if (area[2]!.endsWith('.routes.js') || area[2]!.endsWith('.handlers.js')) return true;
      if (area[2]!.endsWith('.index.js')) return !['hosted.index.js', 'card-reveal.index.js'].includes(area[2]!);
      return area[2]!.endsWith('.schemas.js') && !FIRST_REQUEST_AREAS.includes(area[1]!);
    });
    expect(unexpected.map(chainOf)).toEqual([]);
  });

  it('holds neither the control plane\'s routes and triggers nor a scenario preset', () => {
    const unexpected = names.filter((name) => /^src\/control\/(control\.(index|routes)|triggers)\.js$/.test(name) || /^scenarios\/(?!index\.js)/.test(name));
    expect(unexpected.map(chainOf)).toEqual([]);
  });

  it('holds neither the OpenAPI documents\' builder nor the fixtures\' checks and steps (their first use loads them)', () => {
    const unexpected = names.filter((name) => /^src\/docs\/(openapi-documents|examples|examples\.data)\.js$/.test(name) || /^src\/control\/fixtures\.(check|run|schemas)\.js$/.test(name));
    expect(unexpected.map(chainOf)).toEqual([]);
  });

  it('still loads what every request needs', () => {
    expect(names).toEqual(expect.arrayContaining(['src/app.js', 'src/areas/index.js', 'src/core/lazy-routes.js', 'src/areas/internal-accounts/internal-accounts.service.js']));
  });
});

describe('lazy module getters in the bundle', () => {
  it('become a require of the namespace they name, which no longer loads with the module', () => {
    const text = "import { a } from './a.js';\nimport * as cardsIndex from './cards/cards.index.js';\nconst cards = lazyModule(() => cardsIndex);\nexport const f = () => cards().x + a;\n";
    expect(rewriteLazyModules(text, 'x.js')).toBe("import { a } from './a.js';\nconst cards = lazyModule(() => require('./cards/cards.index.js'));\nexport const f = () => cards().x + a;\n");
  });

  it('leave a module without one as it is', () => {
    const text = "import * as cardsIndex from './cards/cards.index.js';\nexport const f = () => cardsIndex.x;\n";
    expect(rewriteLazyModules(text, 'x.js')).toBe(text);
  });

  it('refuse a namespace that is also used directly, and a getter without its import', () => {
    expect(() => rewriteLazyModules("import * as c from './c.js';\nconst g = lazyModule(() => c);\nc.y;\n", 'y.js')).toThrow('y.js: c is used outside lazyModule(() => c), so it would load with the bundle');
    expect(() => rewriteLazyModules('const g = lazyModule(() => c);\n', 'z.js')).toThrow("z.js: lazyModule(() => c) needs `import * as c from '...'`");
  });
});
