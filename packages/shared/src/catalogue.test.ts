import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_IDS, OWN_PROPOSITION_LABEL, findCategoryByRoute, findSubcategory } from './catalogue.js';

describe('catalogue', () => {
  it('has the 13 categories with their SPEC routes', () => {
    expect(CATEGORIES.map((c) => c.id)).toEqual([...CATEGORY_IDS]);
    expect(CATEGORIES.map((c) => c.route)).toEqual([
      '/delivery',
      '/equipment',
      '/space',
      '/tranport',
      '/services',
      '/vegetables',
      '/cereal',
      '/fruits',
      '/liveStock',
      '/inputCategory',
      '/animal',
      '/herbs',
      '/youpropose',
    ]);
  });

  it("offers 'Your own proposition...' first in every category", () => {
    for (const category of CATEGORIES) {
      expect(category.subcategories[0]?.label).toEqual(OWN_PROPOSITION_LABEL);
      expect(category.subcategories[0]?.own).toBe(true);
      expect(category.subcategories.filter((s) => s.own)).toHaveLength(1);
    }
  });

  it('keeps the preset prices of SPEC 9 as integer minor units', () => {
    expect(findSubcategory('delivery-small-box')?.sub.prices).toEqual({ USD: 220, EUR: 199, XOF: 1300 });
    expect(findSubcategory('space-package')?.sub.prices).toEqual({ USD: 1500, EUR: 1340, XOF: 8750 });
    expect(findSubcategory('transport-big-car')?.sub.prices).toEqual({ USD: 55, EUR: 50, XOF: 330 });
    expect(findSubcategory('services-agro-day')?.sub.prices).toEqual({ USD: 2500, EUR: 2300, XOF: 7500 });
    expect(findSubcategory('equipment-own')?.sub.prices).toEqual({ USD: 100, EUR: 100, XOF: 1 });
    const presets = CATEGORIES.flatMap((c) => c.subcategories).filter((s) => !s.own);
    expect(presets).toHaveLength(22);
    for (const s of presets) for (const v of Object.values(s.prices)) expect(Number.isInteger(v)).toBe(true);
  });

  it('gives farm categories only the own proposition (D-4)', () => {
    for (const category of CATEGORIES.filter((c) => c.farm)) expect(category.subcategories).toHaveLength(1);
    expect(CATEGORIES.filter((c) => c.farm).map((c) => c.id)).toEqual([
      'Vegetables',
      'Cereals',
      'Fruits',
      'LiveStock',
      'Input',
      'AnimalFeed',
      'Herbs',
    ]);
  });

  it('asks for a delivery block only for Delivery and Transport', () => {
    const required = CATEGORIES.filter((c) => c.deliveryBlock === 'required').map((c) => c.id);
    expect(required).toEqual(['Delivery', 'Transport']);
  });

  it('has a French and an English label for every subcategory, and unique ids', () => {
    const subs = CATEGORIES.flatMap((c) => c.subcategories);
    expect(new Set(subs.map((s) => s.id)).size).toBe(subs.length);
    for (const s of subs) {
      expect(s.label.en.length).toBeGreaterThan(0);
      expect(s.label.fr.length).toBeGreaterThan(0);
    }
    expect(findCategoryByRoute('/LIVESTOCK')?.id).toBe('LiveStock');
  });
});
