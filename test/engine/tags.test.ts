/** declaredTags: the tags a document's operations use, in the list's order, each name with its description; an undeclared one stops the build of the document. */
import { describe, expect, it } from 'vitest';
import { API_TAG_LIST, TAGS, declaredTags } from '../../src/core/tags.js';

describe('declaredTags', () => {
  it('keeps the used tags in the list order, as name and description only', () => {
    const used = new Set([TAGS.cards, TAGS.customers, TAGS.platformConfiguration]);
    expect(declaredTags(API_TAG_LIST, used)).toEqual([
      { name: 'Platform Configuration', description: API_TAG_LIST[0].description },
      { name: 'Customers', description: API_TAG_LIST[1].description },
      { name: 'Cards', description: API_TAG_LIST.find((t) => t.key === 'cards')!.description },
    ]);
    expect(declaredTags(API_TAG_LIST, new Set())).toEqual([]);
  });

  it('refuses a tag the list does not declare, naming each', () => {
    expect(() => declaredTags(API_TAG_LIST, new Set(['Customers', 'Ghosts', 'Spirits']))).toThrow(new Error('Undeclared OpenAPI tags: Ghosts, Spirits (add them to src/core/tags.ts)'));
  });
});
