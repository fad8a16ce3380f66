import { dataOf, errorSchema, listOf, mapResultSchema, solutionSchema, type Solution } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler, serializerFor, servedWithoutZod } from './response-serializer.js';

/** A post as a route builds it, its keys in another order than the schema's. */
const post = (id: string): Solution => ({
  created_at: '2026-11-01T10:00:00.000Z',
  _id: id,
  user: {
    rating: { average: 4.5, count: 2 },
    _id: '00000000-0000-4000-8000-000000000002',
    firstName: 'Aminata',
    verified: true,
    vip: false,
    completed_deals: 3,
  },
  user_role: 'provideSolution',
  category: 'Delivery',
  sub_category: { en: 'Motorbike', fr: 'Moto' },
  sub_category_id: 'delivery-moto',
  title: 'Livraison à Dakar',
  sub_category_price_dollar: '5.00',
  sub_category_price_euro: '4.60',
  sub_category_price_fr: '3 000',
  display_price: '3 000 F CFA',
  description: 'Toute la ville, « vite »\n',
  images: [{ url: '/files/a.webp', thumb_url: '/files/a-thumb.webp' }],
  pickup_street_address: null,
  pickup_city: 'Dakar',
  pickup_region: null,
  pickup_country: 'SN',
  pickup_postal_address: null,
  pickup_date: null,
  pickup_lat: 14.735,
  pickup_lng: -17.37,
  location_exact: false,
  delivery_street_address: null,
  delivery_city: null,
  delivery_region: null,
  delivery_country: null,
  delivery_postal_address: null,
  delivery_date: null,
  status: 'Pending',
  distance_km: 1.5,
  taken: [{ from: '2026-12-01', to: '2026-12-02' }],
});

const page = listOf(solutionSchema);

describe('answers serialised from their response schema', () => {
  it('writes the same bytes as zod, keys in the schema’s order', () => {
    const value = {
      next_cursor: 'k:1',
      data: [post('00000000-0000-4000-8000-000000000001'), post('00000000-0000-4000-8000-000000000003')],
    };
    expect(serializerFor(page)(value)).toBe(JSON.stringify(z.encode(page, value)));
    const one = { data: post('00000000-0000-4000-8000-000000000001') };
    expect(serializerFor(dataOf(solutionSchema))(one)).toBe(JSON.stringify(z.encode(dataOf(solutionSchema), one)));
  });

  it('never sends a key the schema does not declare, at any depth', () => {
    const leaky = {
      ...post('00000000-0000-4000-8000-000000000001'),
      exact_lat: 14.73512,
      user: { ...post('x').user, email_hash: 'secret', password_hash: 'argon2...' },
      images: [{ url: '/files/a.webp', thumb_url: '/files/t.webp', storage_key: 'posts/a.webp' }],
    };
    const json = serializerFor(dataOf(solutionSchema))({ data: leaky, debug: true });
    for (const hidden of ['exact_lat', 'email_hash', 'password_hash', 'storage_key', 'debug']) {
      expect(json).not.toContain(hidden);
    }
    expect(JSON.parse(json).data.user.firstName).toBe('Aminata');
    // Optional keys left out stay out; records keep every key.
    expect(JSON.parse(json).data).not.toHaveProperty('my_deal');
    const error = {
      code: 'VALIDATION',
      message: 'Invalid',
      fields: { title: 'Required', price: 'Too low' },
      stack: 'x',
    };
    expect(JSON.parse(serializerFor(errorSchema)(error))).toEqual({
      code: 'VALIDATION',
      message: 'Invalid',
      fields: { title: 'Required', price: 'Too low' },
    });
  });

  it('serves the API’s hot answers without zod, and leaves what it cannot walk to zod', () => {
    for (const schema of [page, dataOf(solutionSchema), dataOf(mapResultSchema), errorSchema]) {
      expect(servedWithoutZod(schema)).toBe(true);
    }
    const either = z.object({ data: z.union([z.string(), z.object({ a: z.number() })]) });
    expect(servedWithoutZod(either)).toBe(false);
    // zod's own serializer: a value off its schema is refused, as before.
    const serialize = answerSerializerCompiler({ schema: either, method: 'GET', url: '/x', httpStatus: '200' });
    expect(serialize({ data: { a: 1, b: 2 } })).toBe('{"data":{"a":1}}');
    expect(() => serialize({ data: 3 })).toThrow();
  });
});
