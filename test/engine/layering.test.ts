/**
 * The house rules of ../shared/design/ARCHITECTURE.md, checked on every run:
 * imports run one way only (type imports, re-exports, dynamic imports and
 * module augmentations included), and no file is part of an import cycle.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Layers from the bottom; a file may import its own folder or anything below it. */
const LAYERS: ReadonlyArray<readonly string[]> = [
  ['src/core', 'src/crypto', 'src/rules'],
  ['src/store'],
  ['src/events'],
  ['src/webhooks'],
  ['src/areas'],
  ['scenarios'],
  ['src/control', 'src/dashboard'],
  ['src/cli'],
  ['src/docs'],
  ['src/request-observer'],
  ['src/app'],
  ['src/server'],
  ['src/harness'],
  ['src/index'],
  ['bin'],
];
/** The toolkit our users import in their own tests: core and crypto only. */
const CLIENT = 'src/client';
const CLIENT_MAY_IMPORT = ['src/core', 'src/crypto'];

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (path.endsWith('.ts') && !path.endsWith('.d.ts')) out.push(relative(ROOT, path));
  }
  return out;
}

const SPECIFIERS = [
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bdeclare\s+module\s+['"]([^'"]+)['"]/g,
];

/** Relative imports of a file, as repository paths of .ts files. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found = new Set<string>();
  for (const pattern of SPECIFIERS) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[1]!;
      if (!specifier.startsWith('.')) continue;
      found.add(relative(ROOT, resolve(ROOT, dirname(file), specifier)).replace(/\.js$/, '.ts'));
    }
  }
  return [...found];
}

/** The folder (or top-level module) a file belongs to. */
function unitOf(file: string): string {
  const parts = file.replace(/\.ts$/, '').split('/');
  if (parts[0] === 'src') return parts.length > 2 ? `src/${parts[1]}` : `src/${parts[1]}`;
  return parts[0]!;
}

function rankOf(unit: string): number {
  return LAYERS.findIndex((layer) => layer.includes(unit));
}

const FILES = [...walk(join(ROOT, 'src')), ...walk(join(ROOT, 'scenarios')), ...walk(join(ROOT, 'bin'))];
const GRAPH = new Map(FILES.map((f) => [f, importsOf(f)]));

describe('layering', () => {
  it('knows the layer of every file', () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(FILES.filter((f) => unitOf(f) !== CLIENT && rankOf(unitOf(f)) < 0)).toEqual([]);
  });

  it('finds the imports it checks (the check itself works)', () => {
    expect(GRAPH.get('src/store/tenant.ts')).toEqual(expect.arrayContaining(['src/core/clock.ts', 'src/store/spec.ts', 'src/core/env.ts']));
    expect(GRAPH.get('src/app.ts')).toEqual(expect.arrayContaining(['src/areas/index.ts', 'src/control/control.index.ts']));
  });

  it('has no upward import, type imports included', () => {
    const upward: string[] = [];
    for (const [file, imports] of GRAPH) {
      const from = unitOf(file);
      for (const target of imports) {
        const to = unitOf(target);
        if (to === from) continue;
        if (from === CLIENT) {
          if (!CLIENT_MAY_IMPORT.includes(to)) upward.push(`${file} -> ${target}`);
          continue;
        }
        if (to === CLIENT || rankOf(to) >= rankOf(from)) upward.push(`${file} -> ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('has no import cycle', () => {
    // Tarjan's strongly connected components: any component of two or more files is a cycle.
    let index = 0;
    const stack: string[] = [];
    const onStack = new Set<string>();
    const indexOf = new Map<string, number>();
    const low = new Map<string, number>();
    const cycles: string[][] = [];
    const visit = (v: string) => {
      indexOf.set(v, index);
      low.set(v, index++);
      stack.push(v);
      onStack.add(v);
      for (const w of GRAPH.get(v) ?? []) {
        if (!GRAPH.has(w)) continue;
        if (!indexOf.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
      }
      if (low.get(v) !== indexOf.get(v)) return;
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (GRAPH.get(v) ?? []).includes(v)) cycles.push(component.sort());
    };
    for (const file of GRAPH.keys()) if (!indexOf.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it('keeps the store free of any area: it names no collection of theirs', () => {
    const code = (f: string) => readFileSync(join(ROOT, f), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    const named = FILES.filter((f) => f.startsWith('src/store/')).filter((f) => /\b(customers|externalAccounts|quotes|cards|authMethods|webhookDeliveries|faults|config)\b/.test(code(f)));
    expect(named).toEqual([]);
  });
});
