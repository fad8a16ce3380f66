import { describe, expect, it } from 'vitest';
import { findCategory } from '@app/shared';
import {
  addDays,
  buildSolutionInput,
  checkSolution,
  deliveryMin,
  emptyAddress,
  isFarFromUsual,
  priceEcho,
  problemOfServer,
  readRouteState,
  todayLocal,
  type PostFields,
} from './post-form';

const fields = (overrides: Partial<PostFields> = {}): PostFields => ({
  category: 'Delivery',
  subCategoryId: 'delivery-small-box',
  title: '',
  price: '',
  description: 'Two boxes of mangoes',
  pickup: { ...emptyAddress('SN'), city: 'Dakar', date: '2099-03-01' },
  delivery: { ...emptyAddress('SN'), city: 'Thiès', date: '2099-03-02' },
  withDelivery: false,
  unit: '',
  capacity: '1',
  datesTo: '',
  ...overrides,
});
const ctx = {
  role: 'needSolution' as const,
  currency: 'dollar' as const,
  position: { lat: 14.69, lng: -17.44 },
};

describe('the router state of the publish form (SPEC 2.3 items 4-6)', () => {
  it('reads the place, the category and the subcategory from the selection map', () => {
    expect(
      readRouteState({
        lng: -17.44,
        lat: 14.69,
        category: 'Delivery',
        subCategoryId: 'delivery-suitcase',
        categoryData: { category: 'Delivery', subCategoryId: 'delivery-suitcase' },
      }),
    ).toEqual({ lng: -17.44, lat: 14.69, category: 'Delivery', subCategoryId: 'delivery-suitcase' });
  });

  it("takes the subcategory from categoryData (the provide form) and SPEC's other spelling", () => {
    expect(readRouteState({ categoryData: { category: 'Space', subCategoryId: 'space-bed' } })).toEqual({
      category: 'Space',
      subCategoryId: 'space-bed',
    });
    expect(readRouteState({ category: 'Space', subcategoryId: 'space-villa' }).subCategoryId).toBe('space-villa');
  });

  it('drops what does not fit: no state, a foreign subcategory, half a position', () => {
    expect(readRouteState(null)).toEqual({});
    expect(readRouteState({ category: 'Space', subCategoryId: 'delivery-suitcase' })).toEqual({ category: 'Space' });
    expect(readRouteState({ lat: 14 })).toEqual({});
    expect(readRouteState({ category: 'Nothing' })).toEqual({});
  });
});

describe('the dates', () => {
  it('adds calendar days across months and years', () => {
    expect(addDays('2099-01-31', 1)).toBe('2099-02-01');
    expect(addDays('2099-12-31', 1)).toBe('2100-01-01');
  });

  it('starts the delivery the day after the pickup (SPEC 5), or tomorrow without a pickup date', () => {
    expect(deliveryMin('2099-03-01', '2099-01-01')).toBe('2099-03-02');
    expect(deliveryMin('', '2099-01-01')).toBe('2099-01-02');
    expect(deliveryMin('2098-01-01', '2099-01-01')).toBe('2099-01-02');
  });

  it('writes today in the local calendar', () => {
    expect(todayLocal(new Date(2099, 0, 5, 23, 30))).toBe('2099-01-05');
  });
});

describe('the input of newSolutionSchema', () => {
  it('sends both blocks for Delivery, the country as its ISO code and no price for a preset', () => {
    const input = buildSolutionInput(fields(), ctx);
    expect(input).toMatchObject({
      user_role: 'needSolution',
      category: 'Delivery',
      sub_category_id: 'delivery-small-box',
      pickup_city: 'Dakar',
      pickup_country: 'SN',
      pickup_street_address: null,
      delivery_city: 'Thiès',
      delivery_country: 'SN',
      delivery_date: '2099-03-02',
      pickup_lat: 14.69,
      pickup_lng: -17.44,
    });
    expect(input).not.toHaveProperty('price');
    expect(checkSolution(input)).toBeNull();
  });

  it('leaves the delivery out for a one-block category and for Sell/Buy unless asked', () => {
    const equipment = buildSolutionInput(fields({ category: 'Equipments', subCategoryId: 'equipment-tractor' }), ctx);
    expect(equipment).not.toHaveProperty('delivery_city');
    expect(checkSolution(equipment)).toBeNull();
    const sell = (withDelivery: boolean) =>
      buildSolutionInput(
        fields({ category: 'YouPropose', subCategoryId: 'youpropose-own', price: '5', withDelivery }),
        ctx,
      );
    expect(sell(false)).not.toHaveProperty('delivery_city');
    expect(sell(true)).toHaveProperty('delivery_city', 'Thiès');
  });

  it('reports every problem of an empty form at once, the cross-field rules included', () => {
    const empty = fields({
      subCategoryId: 'delivery-own',
      description: '',
      pickup: emptyAddress(''),
      delivery: emptyAddress(''),
    });
    const problems = checkSolution(buildSolutionInput(empty, { ...ctx, position: null }));
    expect(Object.keys(problems ?? {}).sort()).toEqual(
      [
        'description',
        'location',
        'pickup_city',
        'pickup_country',
        'pickup_date',
        'price',
        'delivery_city',
        'delivery_country',
        'delivery_date',
      ].sort(),
    );
    expect(problems?.price).toEqual({ key: 'postForm.problems.priceNumber' });
    expect(problems?.description).toEqual({ key: 'postForm.problems.required' });
  });

  it('refuses a delivery on the pickup day', () => {
    const sameDay = fields({ delivery: { ...emptyAddress('SN'), city: 'Thiès', date: '2099-03-01' } });
    expect(checkSolution(buildSolutionInput(sameDay, ctx))).toEqual({
      delivery_date: { key: 'postForm.problems.afterPickup' },
    });
  });

  it("translates the server's reasons it knows and shows the others as sent", () => {
    expect(problemOfServer('pickup_city', 'Required')).toEqual({ key: 'postForm.problems.required' });
    expect(problemOfServer('description', 'Contains a phone number')).toEqual({ text: 'Contains a phone number' });
    expect(problemOfServer('pickup_lat', 'Too small')).toEqual({ key: 'postForm.problems.location' });
  });
});

describe('what is booked by date (D-33)', () => {
  const offer = { ...ctx, role: 'provideSolution' as const };
  const ownEquipment = (overrides: Partial<PostFields> = {}) =>
    fields({ category: 'Equipments', subCategoryId: 'equipment-own', price: '20', ...overrides });

  it("sends an own proposition's unit and an offer's capacity", () => {
    const input = buildSolutionInput(ownEquipment({ unit: 'night', capacity: '3' }), offer);
    expect(input).toMatchObject({ unit: 'night', capacity: 3 });
    expect(checkSolution(input)).toBeNull();
  });

  it("sends a preset offer's capacity but never its unit, which its name gives", () => {
    const input = buildSolutionInput(fields({ category: 'Equipments', subCategoryId: 'equipment-tractor' }), offer);
    expect(input).toHaveProperty('capacity', 1);
    expect(input).not.toHaveProperty('unit');
  });

  it('sends no unit or capacity for what is priced per item, nor a capacity for a need', () => {
    const once = buildSolutionInput(ownEquipment({ capacity: '4' }), offer);
    expect(once).not.toHaveProperty('unit');
    expect(once).not.toHaveProperty('capacity');
    const need = buildSolutionInput(ownEquipment({ unit: 'day', capacity: '4' }), ctx);
    expect(need).toHaveProperty('unit', 'day');
    expect(need).not.toHaveProperty('capacity');
  });

  it('refuses a capacity that is no whole number from 1 to 1000', () => {
    for (const capacity of ['0', '1001', '2.5', 'x']) {
      const input = buildSolutionInput(ownEquipment({ unit: 'day', capacity }), offer);
      expect(checkSolution(input), capacity).toEqual({ capacity: { key: 'postForm.problems.capacity' } });
    }
  });

  it("sends a need's last day, never before its first, and only without a delivery block", () => {
    const tractor = (datesTo: string) =>
      fields({ category: 'Equipments', subCategoryId: 'equipment-tractor', datesTo });
    expect(buildSolutionInput(tractor('2099-03-02'), ctx)).toHaveProperty('dates_to', '2099-03-02');
    expect(buildSolutionInput(tractor(''), ctx)).not.toHaveProperty('dates_to');
    expect(buildSolutionInput(tractor('2099-03-02'), offer)).not.toHaveProperty('dates_to');
    expect(buildSolutionInput(fields({ datesTo: '2099-03-05' }), ctx)).not.toHaveProperty('dates_to');
    const sell = fields({ category: 'YouPropose', subCategoryId: 'youpropose-own', price: '5', datesTo: '2099-02-28' });
    expect(checkSolution(buildSolutionInput(sell, ctx))).toEqual({
      dates_to: { key: 'postForm.problems.notBeforeFirst' },
    });
  });
});

describe('an own price far from the usual', () => {
  const delivery = findCategory('Delivery');
  it('is far at 50 times the dearest preset or a fiftieth of the cheapest, in the typed currency', () => {
    // Delivery presets: $2.20 to $15.00.
    expect(isFarFromUsual(delivery, '750', 'dollar')).toBe(true);
    expect(isFarFromUsual(delivery, '749.99', 'dollar')).toBe(false);
    expect(isFarFromUsual(delivery, '0.04', 'dollar')).toBe(true);
    expect(isFarFromUsual(delivery, '0.05', 'dollar')).toBe(false);
    // 3000 CFA francs is an ordinary delivery price; 3000 dollars is not.
    expect(isFarFromUsual(delivery, '3000', 'fr')).toBe(false);
    expect(isFarFromUsual(delivery, '3000', 'dollar')).toBe(true);
  });

  it('never asks for a category without presets or a price that is no number', () => {
    expect(isFarFromUsual(findCategory('Vegetables'), '1000000', 'dollar')).toBe(false);
    expect(isFarFromUsual(delivery, 'abc', 'dollar')).toBe(false);
  });

  it('echoes a typed price in the three currencies, or nothing while it is no price', () => {
    expect(priceEcho('10', 'dollar')).toEqual({ USD: 1000, EUR: 920, XOF: 6035 });
    expect(priceEcho('', 'dollar')).toBeNull();
    expect(priceEcho('0', 'euro')).toBeNull();
  });
});
