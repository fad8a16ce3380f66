import { describe, expect, it } from 'vitest';
import { postTitleOf } from './post-title';

const sub = { en: 'Tractor (per day)', fr: 'Tracteur (par jour)' };

describe('the name of a post (D-30)', () => {
  it('is its title when it has one', () => {
    expect(postTitleOf({ title: '  Chest freezer ', sub_category: sub }, 'fr-ca')).toBe('Chest freezer');
  });

  it("is its sub-category in the reader's language without one", () => {
    expect(postTitleOf({ title: '', sub_category: sub }, 'fr-ca')).toBe('Tracteur (par jour)');
    expect(postTitleOf({ sub_category: sub }, 'en-us')).toBe('Tractor (per day)');
  });
});
