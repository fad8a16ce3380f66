import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipart, photoWithGps } from '../../../test/accounts.js';
import { TOMORROW, IN_3_DAYS, equipmentOffer, deliveryNeed, solutionsTestApp } from '../../../test/solutions-suite.js';

const suite = solutionsTestApp();
const { post } = suite;

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#a33' } })
    .png()
    .toBuffer();

async function listCount(): Promise<number> {
  const { sql } = await import('drizzle-orm');
  const rows = (await suite.t.app.database.db.execute(sql`select count(*)::int as n from solutions`)) as unknown as {
    rows: { n: number }[];
  };
  return rows.rows[0]!.n;
}

describe('POST /api/solution/addSolution', () => {
  it('publishes an offer with two photos: 201, catalogue prices, images and thumbnails served', async () => {
    const res = await post(suite.owner, equipmentOffer(), [{ value: await photoWithGps() }, { value: await png() }]);
    expect(res.statusCode).toBe(201);
    const solution = res.json().data;
    expect(solution).toMatchObject({
      user: { _id: suite.owner.user._id, firstName: 'Awa' },
      user_role: 'provideSolution',
      category: 'Equipments',
      sub_category: { en: expect.stringContaining('Tractor'), fr: expect.stringContaining('Tracteur') },
      sub_category_price_dollar: '15.00',
      sub_category_price_euro: '13.40',
      sub_category_price_fr: '8790',
      display_price: '$15.00',
      pickup_city: 'Dakar',
      pickup_date: TOMORROW,
      pickup_lat: 14.7,
      pickup_lng: -17.45,
      delivery_city: null,
      status: 'Pending',
    });
    expect(solution.images).toHaveLength(2);
    const full = await suite.t.app.inject(solution.images[0].url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    const thumb = await suite.t.app.inject(solution.images[0].thumb_url);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(200);
    // Lists show the same images, in the same order.
    const list = await suite.t.app.inject({
      url: '/api/solution/getAllSolutions/provideSolution?limit=100',
      headers: suite.owner.headers,
    });
    const listed = list.json().data.find((s: { _id: string }) => s._id === solution._id);
    expect(listed.images).toEqual(solution.images);
  });

  it('removes the EXIF GPS of a phone photo from the stored image (D-7)', async () => {
    const res = await post(suite.owner, equipmentOffer(), [{ value: await photoWithGps() }]);
    const stored = await suite.t.app.inject(res.json().data.images[0].url);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('PhoneCam'))).toBe(false);
  });

  it('shows the price in the currency and language asked for', async () => {
    const res = await post(suite.owner, equipmentOffer(), [], '?currency=fr&lang=fr');
    expect(res.json().data.display_price.replace(/\s/g, ' ')).toBe('8 790 F CFA');
  });

  it('prices an own proposition from the amount entered, deriving the other currencies (D-4)', async () => {
    const res = await post(
      suite.owner,
      equipmentOffer({ sub_category_id: 'equipment-own', price: '10', currency: 'dollar' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      sub_category: { en: 'Your own proposition...' },
      sub_category_price_dollar: '10.00',
      sub_category_price_euro: '9.20',
      sub_category_price_fr: '6035',
    });
  });

  it('publishes a delivery need with both address blocks', async () => {
    const res = await post(suite.owner, deliveryNeed());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ delivery_city: 'Thiès', delivery_date: IN_3_DAYS });
  });

  it.each([
    ['an English name', 'Senegal', "Côte d'Ivoire", 'SN', 'CI'],
    ['a French name', 'Sénégal', "Côte-d'Ivoire", 'SN', 'CI'],
    ['a name in any case, with spaces', '  SÉNÉGAL ', 'ivory coast', 'SN', 'CI'],
    ['a code', 'sn', 'NE', 'SN', 'NE'],
    ['a common short name', 'RD Congo', 'Congo', 'CD', 'CG'],
  ])(
    'stores and answers countries sent as %s as ISO codes',
    async (_name, pickup, delivery, pickupCode, deliveryCode) => {
      const res = await post(suite.owner, deliveryNeed({ pickup_country: pickup, delivery_country: delivery }));
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ pickup_country: pickupCode, delivery_country: deliveryCode });
      const details = await suite.t.app.inject({
        url: `/api/solution/getSolutionDetails/${res.json().data._id}`,
        headers: suite.other.headers,
      });
      expect(details.json().data).toMatchObject({ pickup_country: pickupCode, delivery_country: deliveryCode });
    },
  );

  it('keeps a country no list knows as written, as migration 0022 keeps an old one', async () => {
    const res = await post(suite.owner, deliveryNeed({ pickup_country: ' Narnia ', delivery_country: 'Senegal' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ pickup_country: 'Narnia', delivery_country: 'SN' });
  });

  it.each([
    ['no category', { category: undefined }, 'category'],
    ['a subcategory of another category', { sub_category_id: 'delivery-small-box' }, 'sub_category_id'],
    ['an unknown subcategory', { sub_category_id: 'gold-bar' }, 'sub_category_id'],
    ['an empty description', { description: '   ' }, 'description'],
    ['a description over 2000 characters', { description: 'x'.repeat(2001) }, 'description'],
    ['no position', { pickup_lat: undefined }, 'pickup_lat'],
    ['a latitude out of range', { pickup_lat: 91 }, 'pickup_lat'],
    ['a longitude out of range', { pickup_lng: -181 }, 'pickup_lng'],
    ['no pickup city', { pickup_city: '' }, 'pickup_city'],
    ['no pickup country', { pickup_country: undefined }, 'pickup_country'],
    ['no pickup date', { pickup_date: undefined }, 'pickup_date'],
    ['a malformed pickup date', { pickup_date: '21/11/2026' }, 'pickup_date'],
    ['a street address over 200 characters', { pickup_street_address: 'r'.repeat(201) }, 'pickup_street_address'],
    ['a delivery block on Equipments', { delivery_city: 'Thiès' }, 'delivery_city'],
    ['a price on a preset', { price: '12' }, 'price'],
    ['an own proposition without a price', { sub_category_id: 'equipment-own' }, 'price'],
    ['an own proposition priced 0', { sub_category_id: 'equipment-own', price: '0' }, 'price'],
    ['an own proposition priced -5', { sub_category_id: 'equipment-own', price: '-5' }, 'price'],
    ['an own proposition priced "abc"', { sub_category_id: 'equipment-own', price: 'abc' }, 'price'],
    ['an own proposition priced too high', { sub_category_id: 'equipment-own', price: '1000000000' }, 'price'],
    ['an unknown role', { user_role: 'seller' }, 'user_role'],
  ])('refuses %s with VALIDATION naming the field, and stores nothing', async (_name, overrides, field) => {
    const before = await listCount();
    const res = await post(suite.owner, equipmentOffer(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    expect(Object.keys(res.json().fields)).toContain(field);
    expect(await listCount()).toBe(before);
  });

  it.each([
    ['no delivery city', { delivery_city: undefined }, 'delivery_city'],
    ['no delivery date', { delivery_date: undefined }, 'delivery_date'],
    ['a delivery date on the pickup date', { delivery_date: TOMORROW }, 'delivery_date'],
    ['a delivery date before the pickup date', { delivery_date: '2020-01-01' }, 'delivery_date'],
  ])('refuses a delivery need with %s', async (_name, overrides, field) => {
    const res = await post(suite.owner, deliveryNeed(overrides));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
  });

  it('refuses a .jpg that is really a PDF with 415, and stores nothing', async () => {
    const before = await listCount();
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF');
    const res = await post(suite.owner, equipmentOffer(), [
      { value: await png() },
      { value: pdf, filename: 'photo.jpg' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA');
    expect(await listCount()).toBe(before);
  });

  it('refuses five images with TOO_MANY_IMAGES', async () => {
    const image = await png();
    const res = await post(
      suite.owner,
      equipmentOffer(),
      Array.from({ length: 5 }, () => ({ value: image })),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_IMAGES', message: 'Only 4 images can be uploaded at a time' });
  });

  it('refuses a JSON body with 415 and a missing new_solution with VALIDATION', async () => {
    const json = await suite.t.app.inject({
      method: 'POST',
      url: '/api/solution/addSolution',
      headers: suite.owner.headers,
      payload: equipmentOffer(),
    });
    expect(json.statusCode).toBe(415);
    const body = multipart([{ name: 'other', value: '{}' }]);
    const missing = await suite.t.app.inject({
      method: 'POST',
      url: '/api/solution/addSolution',
      headers: { ...suite.owner.headers, ...body.headers },
      payload: body.payload,
    });
    expect(missing.json()).toMatchObject({ code: 'VALIDATION', fields: { new_solution: 'Required' } });
  });

  it('refuses a visitor with AUTH_FAILED', async () => {
    const res = await post({ headers: {} }, equipmentOffer());
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTH_FAILED');
  });

  it('names a post by its title, else the first words of an own proposition, else its sub-category (D-30)', async () => {
    const own = await post(
      suite.owner,
      equipmentOffer({
        sub_category_id: 'equipment-own',
        price: '10',
        description: 'Chest freezer of three hundred litres, works well, collect it in Dakar Plateau',
      }),
    );
    expect(own.statusCode).toBe(201);
    expect(own.json().data).toMatchObject({
      title: 'Chest freezer of three hundred litres, works well, collect…',
      sub_category: { en: 'Your own proposition...' },
    });
    const details = await suite.t.app.inject({
      url: `/api/solution/getSolutionDetails/${own.json().data._id}?lang=fr`,
      headers: suite.other.headers,
    });
    expect(details.json().data.title).toBe('Chest freezer of three hundred litres, works well, collect…');

    const titled = await post(suite.owner, equipmentOffer({ title: '  Red tractor with driver  ' }));
    expect(titled.json().data.title).toBe('Red tractor with driver');
    const preset = await post(suite.owner, equipmentOffer(), [], '?lang=fr');
    expect(preset.json().data.title).toBe('Tracteur (par jour)');
    const map = await suite.t.app.inject('/api/solution/map?bbox=-17.5,14.6,-17.4,14.8&zoom=15');
    const points = map.json().data.points as { _id: string; title: string }[];
    expect(points.find((p) => p._id === own.json().data._id)?.title).toBe(
      'Chest freezer of three hundred litres, works well, collect…',
    );
  });

  it('refuses a title longer than 80 characters with VALIDATION', async () => {
    const res = await post(suite.owner, equipmentOffer({ title: 'x'.repeat(81) }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { title: expect.any(String) } });
  });

  it('shows the new post on the map at once', async () => {
    const created = (await post(suite.owner, equipmentOffer({ pickup_lat: -33.9, pickup_lng: 18.42 }))).json().data;
    const map = await suite.t.app.inject('/api/solution/map?bbox=18.3,-34,18.5,-33.8&zoom=13');
    expect(map.json().data.points.map((p: { _id: string }) => p._id)).toContain(created._id);
  });
});
