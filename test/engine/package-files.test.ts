/**
 * The package root is found by looking upwards for the package.json that
 * names paysandbox: from the sources, the compiled build or the bundle alike.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath, packageRoot, packageRootAbove } from '../../src/core/package-files.js';

function tree(): { top: string; deep: string } {
  const top = mkdtempSync(join(tmpdir(), 'paysandbox-root-'));
  const deep = join(top, 'a', 'b', 'c');
  mkdirSync(deep, { recursive: true });
  return { top, deep };
}

describe('packageRootAbove', () => {
  it('finds the nearest package.json naming paysandbox, at the start or any number of folders up', () => {
    const { top, deep } = tree();
    writeFileSync(join(top, 'package.json'), JSON.stringify({ name: 'paysandbox' }));
    expect(packageRootAbove(deep)).toBe(top);
    expect(packageRootAbove(top)).toBe(top);
    writeFileSync(join(top, 'a', 'package.json'), JSON.stringify({ name: 'paysandbox', version: '2' }));
    expect(packageRootAbove(deep)).toBe(join(top, 'a'));
  });

  it('passes over a package.json of another name, or one that is not JSON', () => {
    const { top, deep } = tree();
    writeFileSync(join(top, 'package.json'), JSON.stringify({ name: 'paysandbox' }));
    writeFileSync(join(top, 'a', 'b', 'package.json'), JSON.stringify({ name: 'someone-else' }));
    writeFileSync(join(top, 'a', 'package.json'), '{ not json');
    expect(packageRootAbove(deep)).toBe(top);
  });

  it('throws when no folder up to the file system root holds one', () => {
    const { deep } = tree();
    expect(() => packageRootAbove(deep)).toThrow('paysandbox: the package root (its package.json) was not found above its code');
  });
});

describe('packageRoot and packagePath', () => {
  it("are this checkout's root, the same on every call", () => {
    const root = packageRoot();
    expect(packageRootAbove(join(root, 'src', 'core'))).toBe(root);
    expect(packageRoot()).toBe(root);
    expect(packagePath('vendor', 'x.css')).toBe(join(root, 'vendor', 'x.css'));
  });
});
