import { describe, expect, it } from 'vitest';
import { FIRST_WORDS_MAX, firstWords, postTitle, storedTitle } from './titles.js';

describe('D-30 titles', () => {
  it('keeps a short description whole, spaces collapsed', () => {
    expect(firstWords('  Freezer   for\nrent ')).toBe('Freezer for rent');
  });

  it('cuts a long description at a word boundary with an ellipsis', () => {
    const words = 'Chest freezer of three hundred litres, works well, collect it in Dakar Plateau near the market';
    const title = firstWords(words);
    expect(title).toBe('Chest freezer of three hundred litres, works well, collect…');
    expect(Array.from(title).length).toBeLessThanOrEqual(FIRST_WORDS_MAX + 1);
  });

  it('cuts one endless word at the limit', () => {
    expect(firstWords('x'.repeat(100))).toBe(`${'x'.repeat(FIRST_WORDS_MAX)}…`);
  });

  it('stores the poster title, else the first words of an own proposition only', () => {
    expect(storedTitle('Red tractor', true, 'whatever')).toBe('Red tractor');
    expect(storedTitle(null, true, 'A freezer')).toBe('A freezer');
    expect(storedTitle(null, false, 'A tractor')).toBeNull();
  });

  it('names a post by its stored title, else its sub-category in both languages', () => {
    expect(postTitle({ title: 'Freezer', sub_category: { en: 'a', fr: 'b' } })).toEqual({
      en: 'Freezer',
      fr: 'Freezer',
    });
    expect(postTitle({ title: null, sub_category: { en: 'Tractor', fr: 'Tracteur' } })).toEqual({
      en: 'Tractor',
      fr: 'Tracteur',
    });
  });
});
