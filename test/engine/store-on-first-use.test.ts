/**
 * A collection whose definition loads with its area (collectionOnFirstUse)
 * is held by name: its definition is asked for only when its records are
 * first queried by an index or checked against its schema.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { Collection } from '../../src/store/collection.js';
import { collectionOnFirstUse, StoreSchema, type StoredCollection } from '../../src/store/spec.js';

interface Thing {
  id: string;
  tag: string;
}

function definition(): { loads: number; part: StoredCollection } {
  const counted = { loads: 0, part: undefined as unknown as StoredCollection };
  const schema = z.object({ id: z.string(), tag: z.string() });
  counted.part = collectionOnFirstUse('things', () => {
    counted.loads++;
    return { kind: 'collection', name: 'things', schema, indexes: { byTag: (r: Thing) => r.tag }, ownsBlobs: true };
  });
  return counted;
}

describe('a collection defined on first use', () => {
  it('is named without loading, then loads once, for any of its definition', () => {
    const counted = definition();
    const store = new StoreSchema([counted.part]);
    expect(store.collection('things')?.name).toBe('things');
    expect(counted.loads).toBe(0);
    expect(counted.part.ownsBlobs).toBe(true);
    expect(counted.part.schema.safeParse({ id: 'a', tag: 'x' }).success).toBe(true);
    expect(Object.keys(counted.part.indexes)).toEqual(['byTag']);
    expect(counted.part.references).toBeUndefined();
    expect(counted.loads).toBe(1);
  });

  it('sorts the parts of a store schema into collections and documents, and refuses two of one name', () => {
    const counted = definition();
    const config = { kind: 'document' as const, name: 'settings', schema: z.object({}), initial: () => ({}) };
    const store = new StoreSchema([config, counted.part]);
    expect(store.collections.map((c) => c.name)).toEqual(['things']);
    expect(store.documents.map((d) => d.name)).toEqual(['settings']);
    expect(store.document('settings')).toBe(config);
    expect(store.collection('settings')).toBeUndefined();
    expect(() => new StoreSchema([counted.part, definition().part])).toThrow('two store parts are named things');
    expect(counted.loads).toBe(0);
  });

  it('refuses a definition of another name', () => {
    const part = collectionOnFirstUse('things', () => ({ kind: 'collection', name: 'others', schema: z.object({ id: z.string() }), indexes: {}, ownsBlobs: false }));
    expect(() => part.schema).toThrow('collection things loaded as others');
  });

  it('takes records before its indexes are defined, and its first query indexes them all', () => {
    let asked = 0;
    const things = new Collection<Thing>({}, () => {
      asked++;
      return { byTag: (r) => r.tag };
    });
    things.insert({ id: 'a', tag: 'x' });
    things.insert({ id: 'b', tag: 'y' });
    things.update('a', (r) => {
      r.tag = 'y';
    });
    things.remove('b');
    things.insert({ id: 'c', tag: 'y' });
    expect(asked).toBe(0);
    expect(things.byIndex('byTag', 'y').map((r) => r.id)).toEqual(['a', 'c']);
    things.insert({ id: 'd', tag: 'y' });
    expect(things.byIndex('byTag', 'y').map((r) => r.id)).toEqual(['a', 'c', 'd']);
    expect(things.byIndex('byTag', 'x')).toEqual([]);
    expect(asked).toBe(1);
  });
});
