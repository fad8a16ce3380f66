import { describe, expect, it } from 'vitest';
import { nextForm, nextState } from './selection';

const point = { lat: 14.69, lng: -17.44 };

describe('Next on the selection map (SPEC 2.3 item 6)', () => {
  it('opens the form named in the router state, else the provide form', () => {
    expect(nextForm({ url: '/needsolutionForm' })).toBe('/needsolutionForm');
    expect(nextForm({ url: '/providesolutionform' })).toBe('/providesolutionForm');
    expect(nextForm(null)).toBe('/providesolutionForm');
    // Only the two forms: a state cannot send the user anywhere else.
    expect(nextForm({ url: 'https://example.org/' })).toBe('/providesolutionForm');
  });

  it('passes the point, the category and subcategory of the route, and the category data', () => {
    const categoryData = { category: 'Equipments', subCategoryId: 'equipment-own' };
    expect(nextState({ type: 'Equipments', id: 'equipment-own' }, { categoryData }, point)).toEqual({
      lng: -17.44,
      lat: 14.69,
      category: 'Equipments',
      subCategoryId: 'equipment-own',
      categoryData,
    });
  });

  it('falls back on the state when the route holds no known ids, and builds the category data', () => {
    const categoryData = { category: 'Space', subCategoryId: 'space-room' };
    expect(nextState({ type: 'x', id: 'y' }, { categoryData }, point)).toMatchObject({
      category: 'Space',
      subCategoryId: 'space-room',
    });
    expect(nextState({ type: 'Delivery', id: 'delivery-own' }, undefined, point).categoryData).toEqual({
      category: 'Delivery',
      subCategoryId: 'delivery-own',
    });
  });

  it('fills the region only when it is not the city again ("Thies" beside "Thiès")', () => {
    const thies = { name: 'Thiès', region: 'Thies', country_code: 'SN', country_name: 'Senegal' };
    const state = nextState({ type: 'Delivery', id: 'delivery-own' }, undefined, point, thies);
    expect(state).toMatchObject({ city: 'Thiès', country: 'SN' });
    expect(state).not.toHaveProperty('region');
    const mbour = { name: 'Mbour', region: 'Thiès', country_code: 'SN', country_name: 'Senegal' };
    expect(nextState({ type: 'Delivery', id: 'delivery-own' }, undefined, point, mbour)).toMatchObject({
      city: 'Mbour',
      region: 'Thiès',
    });
  });
});
