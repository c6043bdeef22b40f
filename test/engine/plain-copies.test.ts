/** clonePlain (a faster structuredClone for the plain data events and challenges carry) and isoAt's last answer. */
import { describe, expect, it } from 'vitest';
import { clonePlain } from '../../src/core/objects.js';
import { isoAt } from '../../src/core/clock.js';

describe('clonePlain', () => {
  it('copies plain data deeply, equal to structuredClone and sharing nothing with the original', () => {
    const original = { a: 1, s: 'Zoë 李', n: null, u: undefined, list: [1, { b: [true, 'x'] }], nested: { deep: { deeper: { value: 2 } } } };
    const copy = clonePlain(original);
    expect(copy).toStrictEqual(structuredClone(original));
    expect(copy.list).not.toBe(original.list);
    expect(copy.list[1]).not.toBe(original.list[1]);
    expect(copy.nested.deep).not.toBe(original.nested.deep);
    (copy.list[1] as { b: unknown[] }).b.push('more');
    expect(original.list[1]).toEqual({ b: [true, 'x'] });
  });

  it('keeps a __proto__ key as data, and an object without prototype without one', () => {
    const original = JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}') as Record<string, unknown>;
    const copy = clonePlain(original);
    expect(Object.keys(copy)).toEqual(['__proto__', 'ok']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { k: [1] });
    expect(clonePlain(bare)).toStrictEqual({ k: [1] });
  });

  it('hands what is not plain to structuredClone: a Date, a Map, a sparse array, a nest deeper than 64', () => {
    const when = new Date(0);
    const copy = clonePlain({ when, map: new Map([['k', 1]]), sparse: [1, , 3] });
    expect(copy.when).toBeInstanceOf(Date);
    expect(copy.when).not.toBe(when);
    expect(copy.when.getTime()).toBe(0);
    expect(copy.map).toBeInstanceOf(Map);
    expect(copy.map.get('k')).toBe(1);
    expect(1 in copy.sparse).toBe(false);
    expect(copy.sparse.length).toBe(3);
    let deep: Record<string, unknown> = { leaf: new Date(1) };
    for (let i = 0; i < 70; i++) deep = { inner: deep };
    let copied = clonePlain(deep);
    for (let i = 0; i < 70; i++) copied = copied.inner as Record<string, unknown>;
    expect(copied.leaf).toEqual(new Date(1));
    expect(() => clonePlain({ f: () => 1 })).toThrow();
  });
});

describe('isoAt', () => {
  it('answers each instant, asked once or again, and after another', () => {
    expect(isoAt(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoAt(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoAt(1_000)).toBe('1970-01-01T00:00:01.000Z');
    expect(isoAt(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(() => isoAt(Number.NaN)).toThrow(RangeError);
  });
});
