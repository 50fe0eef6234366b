import { describe, expect, it } from 'vitest';
import { nextCategoryIndex, selectedCategory } from './category-keys.ts';
import { lobbies } from './lobbies.ts';

describe('category keyboard movement', () => {
  it('moves down and up with wrapping', () => {
    expect(nextCategoryIndex(0, 'ArrowDown', 3)).toBe(1);
    expect(nextCategoryIndex(2, 'ArrowDown', 3)).toBe(0);
    expect(nextCategoryIndex(0, 'ArrowUp', 3)).toBe(2);
    expect(nextCategoryIndex(1, 'ArrowUp', 3)).toBe(0);
  });

  it('ignores left, right and other keys', () => {
    for (const key of ['ArrowLeft', 'ArrowRight', 'Enter', 'a'])
      expect(nextCategoryIndex(1, key, 3)).toBeNull();
    expect(nextCategoryIndex(0, 'ArrowDown', 0)).toBeNull();
  });
});

describe('selectedCategory', () => {
  const categories = lobbies.ourCasino.categories;

  it('defaults to Allcasino', () => {
    expect(selectedCategory(categories, null)).toBe('Allcasino');
    expect(selectedCategory(categories, 'Nope')).toBe('Allcasino');
  });

  it('selects the tab from the query, case-insensitively', () => {
    expect(selectedCategory(categories, 'Lottery')).toBe('Lottery');
    expect(selectedCategory(categories, 'sports')).toBe('Sports');
    expect(selectedCategory(categories, '32 Card')).toBe('32 Card');
  });

  it('has the spec categories', () => {
    expect(lobbies.ourCasino.categories).toHaveLength(18);
    expect(lobbies.liveCasino.categories[0]).toBe('Tembo');
    expect(lobbies.ourVirtual.categories[0]).toBe('AllCasino');
  });
});
