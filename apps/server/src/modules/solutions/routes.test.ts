import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, photoWithGps, signedUp } from '../../../test/accounts.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { deals, subscriptions } from '../../db/schema.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedUp>>;
let other: Awaited<ReturnType<typeof signedUp>>;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '100' });
  await t.app.ready();
  owner = await signedUp(t.app, { firstName: 'Awa' });
  other = await signedUp(t.app, { firstName: 'Moussa' });
});
afterAll(() => t.close());

const TOMORROW = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const IN_3_DAYS = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

/** A valid Equipment offer: one address block, a preset price. */
const equipmentOffer = (overrides: Record<string, unknown> = {}) => ({
  user_role: 'provideSolution',
  category: 'Equipments',
  sub_category_id: 'equipment-tractor',
  description: 'Tractor with driver, available all week',
  pickup_lat: 14.7,
  pickup_lng: -17.45,
  pickup_city: 'Dakar',
  pickup_country: 'Senegal',
  pickup_date: TOMORROW,
  ...overrides,
});

/** A valid Delivery need: pickup and delivery blocks. */
const deliveryNeed = (overrides: Record<string, unknown> = {}) => ({
  user_role: 'needSolution',
  category: 'Delivery',
  sub_category_id: 'delivery-small-box',
  description: 'A small box of seeds to Thiès',
  pickup_lat: 14.69,
  pickup_lng: -17.44,
  pickup_city: 'Dakar',
  pickup_country: "Côte d'Ivoire",
  pickup_date: TOMORROW,
  delivery_city: 'Thiès',
  delivery_country: 'Senegal',
  delivery_date: IN_3_DAYS,
  ...overrides,
});

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#a33' } })
    .png()
    .toBuffer();

async function post(
  who: { headers: Record<string, string> },
  solution: Record<string, unknown>,
  files: { value: Buffer; filename?: string; type?: string }[] = [],
  query = '',
) {
  const body = multipart([
    { name: 'new_solution', value: JSON.stringify(solution) },
    ...files.map((f) => ({
      name: 'files',
      filename: f.filename ?? 'photo.jpg',
      type: f.type ?? 'image/jpeg',
      value: f.value,
    })),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/solution/addSolution${query}`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

describe('POST /api/solution/addSolution', () => {
  it('publishes an offer with two photos: 201, catalogue prices, images and thumbnails served', async () => {
    const res = await post(owner, equipmentOffer(), [{ value: await photoWithGps() }, { value: await png() }]);
    expect(res.statusCode).toBe(201);
    const solution = res.json().data;
    expect(solution).toMatchObject({
      user: { _id: owner.user._id, firstName: 'Awa' },
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
    const full = await t.app.inject(solution.images[0].url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    const thumb = await t.app.inject(solution.images[0].thumb_url);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(200);
    // Lists show the same images, in the same order.
    const list = await t.app.inject({
      url: '/api/solution/getAllSolutions/provideSolution?limit=100',
      headers: owner.headers,
    });
    const listed = list.json().data.find((s: { _id: string }) => s._id === solution._id);
    expect(listed.images).toEqual(solution.images);
  });

  it('removes the EXIF GPS of a phone photo from the stored image (D-7)', async () => {
    const res = await post(owner, equipmentOffer(), [{ value: await photoWithGps() }]);
    const stored = await t.app.inject(res.json().data.images[0].url);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('PhoneCam'))).toBe(false);
  });

  it('shows the price in the currency and language asked for', async () => {
    const res = await post(owner, equipmentOffer(), [], '?currency=fr&lang=fr');
    expect(res.json().data.display_price.replace(/\s/g, ' ')).toBe('8 790 F CFA');
  });

  it('prices an own proposition from the amount entered, deriving the other currencies (D-4)', async () => {
    const res = await post(
      owner,
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
    const res = await post(owner, deliveryNeed());
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
      const res = await post(owner, deliveryNeed({ pickup_country: pickup, delivery_country: delivery }));
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ pickup_country: pickupCode, delivery_country: deliveryCode });
      const details = await t.app.inject({
        url: `/api/solution/getSolutionDetails/${res.json().data._id}`,
        headers: other.headers,
      });
      expect(details.json().data).toMatchObject({ pickup_country: pickupCode, delivery_country: deliveryCode });
    },
  );

  it('keeps a country no list knows as written, as migration 0022 keeps an old one', async () => {
    const res = await post(owner, deliveryNeed({ pickup_country: ' Narnia ', delivery_country: 'Senegal' }));
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
    const res = await post(owner, equipmentOffer(overrides));
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
    const res = await post(owner, deliveryNeed(overrides));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
  });

  it('refuses a .jpg that is really a PDF with 415, and stores nothing', async () => {
    const before = await listCount();
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF');
    const res = await post(owner, equipmentOffer(), [{ value: await png() }, { value: pdf, filename: 'photo.jpg' }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA');
    expect(await listCount()).toBe(before);
  });

  it('refuses five images with TOO_MANY_IMAGES', async () => {
    const image = await png();
    const res = await post(
      owner,
      equipmentOffer(),
      Array.from({ length: 5 }, () => ({ value: image })),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_IMAGES', message: 'Only 4 images can be uploaded at a time' });
  });

  it('refuses a JSON body with 415 and a missing new_solution with VALIDATION', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/solution/addSolution',
      headers: owner.headers,
      payload: equipmentOffer(),
    });
    expect(json.statusCode).toBe(415);
    const body = multipart([{ name: 'other', value: '{}' }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/solution/addSolution',
      headers: { ...owner.headers, ...body.headers },
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
      owner,
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
    const details = await t.app.inject({
      url: `/api/solution/getSolutionDetails/${own.json().data._id}?lang=fr`,
      headers: other.headers,
    });
    expect(details.json().data.title).toBe('Chest freezer of three hundred litres, works well, collect…');

    const titled = await post(owner, equipmentOffer({ title: '  Red tractor with driver  ' }));
    expect(titled.json().data.title).toBe('Red tractor with driver');
    const preset = await post(owner, equipmentOffer(), [], '?lang=fr');
    expect(preset.json().data.title).toBe('Tracteur (par jour)');
    const map = await t.app.inject('/api/solution/map?bbox=-17.5,14.6,-17.4,14.8&zoom=15');
    const points = map.json().data.points as { _id: string; title: string }[];
    expect(points.find((p) => p._id === own.json().data._id)?.title).toBe(
      'Chest freezer of three hundred litres, works well, collect…',
    );
  });

  it('refuses a title longer than 80 characters with VALIDATION', async () => {
    const res = await post(owner, equipmentOffer({ title: 'x'.repeat(81) }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { title: expect.any(String) } });
  });

  it('shows the new post on the map at once', async () => {
    const created = (await post(owner, equipmentOffer({ pickup_lat: -33.9, pickup_lng: 18.42 }))).json().data;
    const map = await t.app.inject('/api/solution/map?bbox=18.3,-34,18.5,-33.8&zoom=13');
    expect(map.json().data.points.map((p: { _id: string }) => p._id)).toContain(created._id);
  });
});

async function listCount(): Promise<number> {
  const { sql } = await import('drizzle-orm');
  const rows = (await t.app.database.db.execute(sql`select count(*)::int as n from solutions`)) as unknown as {
    rows: { n: number }[];
  };
  return rows.rows[0]!.n;
}

describe('lists, details and search', () => {
  let need: { _id: string };
  beforeAll(async () => {
    need = (await post(other, deliveryNeed({ description: 'Need a cargo bike' }))).json().data;
    await post(other, deliveryNeed({ sub_category_id: 'delivery-suitcase', pickup_country: 'Sénégal' }));
  });

  it('lists open posts of a type, newest first, paged with a cursor', async () => {
    const first = await t.app.inject({
      url: '/api/solution/getAllSolutions/needSolution?limit=2',
      headers: owner.headers,
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.data).toHaveLength(2);
    expect(page1.data.every((s: { user_role: string }) => s.user_role === 'needSolution')).toBe(true);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const second = await t.app.inject({
      url: `/api/solution/getAllSolutions/needSolution?limit=2&cursor=${page1.next_cursor}`,
      headers: owner.headers,
    });
    const ids = [...page1.data, ...second.json().data].map((s: { _id: string }) => s._id);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...page1.data, ...second.json().data].map((s: { created_at: string }) => s.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('never carries contacts in lists', async () => {
    const res = await t.app.inject({ url: '/api/solution/getAllSolutions/needSolution', headers: owner.headers });
    expect(res.body).not.toContain(other.account.email);
    expect(res.body).not.toContain(other.account.mobile_no);
  });

  it('orders by distance with near=lng,lat', async () => {
    await post(owner, equipmentOffer({ pickup_lat: 5.35, pickup_lng: -4.0, pickup_city: 'Abidjan' }));
    const res = await t.app.inject({
      url: '/api/solution/getAllSolutions/provideSolution?near=-4.01,5.36&limit=1',
      headers: owner.headers,
    });
    expect(res.json().data[0].pickup_city).toBe('Abidjan');
    // (-4.01, 5.36) to (-4.0, 5.35): 1.6 km, from the exact point its owner sees, to the half
    // kilometre (D-35).
    expect(res.json().data[0].distance_km).toBe(1.5);
    expect(res.json().next_cursor).toEqual(expect.any(String));
    const newest = await t.app.inject({ url: '/api/solution/getAllSolutions/provideSolution', headers: owner.headers });
    expect(newest.json().data[0]).not.toHaveProperty('distance_km');
  });

  it("lists a category's posts nearest first, each with its distance, for the category screens", async () => {
    await post(owner, equipmentOffer({ pickup_lat: 14.79, pickup_lng: -16.94, pickup_city: 'Thiès' }));
    await post(owner, equipmentOffer({ pickup_lat: 13.51, pickup_lng: 2.11, pickup_city: 'Niamey' }));
    const res = await t.app.inject({
      url: '/api/solution/getCategorySolutions/Equipments/provideSolution?near=-16.93,14.78&limit=50',
      headers: owner.headers,
    });
    const data = res.json().data as { pickup_city: string; category: string; distance_km: number }[];
    expect(data[0]).toMatchObject({ pickup_city: 'Thiès', category: 'Equipments', distance_km: 1.5 });
    const distances = data.map((s) => s.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(data.every((s) => s.category === 'Equipments')).toBe(true);
  });

  it('lists a category, and refuses an unknown type or a bad cursor', async () => {
    const res = await t.app.inject({
      url: '/api/solution/getCategorySolutions/Delivery/needSolution',
      headers: owner.headers,
    });
    expect(res.json().data.length).toBeGreaterThanOrEqual(2);
    expect(res.json().data.every((s: { category: string }) => s.category === 'Delivery')).toBe(true);
    const badType = await t.app.inject({ url: '/api/solution/getAllSolutions/seller', headers: owner.headers });
    expect(badType.statusCode).toBe(400);
    const badCursor = await t.app.inject({
      url: '/api/solution/getAllSolutions/needSolution?cursor=zzz',
      headers: owner.headers,
    });
    expect(badCursor.json()).toMatchObject({ code: 'VALIDATION', fields: { cursor: 'Invalid cursor' } });
  });

  it.each([
    ['pickup_country', 'cote d ivoire', 'CI'],
    ['pickup_country', 'Ivory Coast', 'CI'],
    ['pickup_country', 'SENEGAL', 'SN'],
    ['pickup_country', 'Sénégal', 'SN'],
    ['pickup_country', 'sn', 'SN'],
    ['category', 'livraison', null],
    ['sub_category', 'petite boite', null],
  ])('searches %s for "%s" ignoring case and accents', async (field, text, country) => {
    const res = await t.app.inject({
      url: `/api/solution/searchSolution/needSolution/${field}/${encodeURIComponent(text)}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
    if (country)
      expect(res.json().data.every((s: { pickup_country: string }) => s.pickup_country === country)).toBe(true);
  });

  it('finds "Légumes" posts by typing "legumes"', async () => {
    const created = await post(owner, {
      ...equipmentOffer({ category: 'Vegetables', sub_category_id: 'vegetables-own', price: '3' }),
      user_role: 'needSolution',
    });
    expect(created.statusCode).toBe(201);
    const res = await t.app.inject({
      url: '/api/solution/searchSolution/needSolution/category/legumes',
      headers: owner.headers,
    });
    expect(res.json().data.map((s: { category: string }) => s.category)).toEqual(['Vegetables']);
  });

  it('refuses a one-letter country search with VALIDATION on text (issue 14), and takes two letters', async () => {
    for (const text of ['s', 'É', ' s-', '7']) {
      const res = await t.app.inject({
        url: `/api/solution/searchSolution/needSolution/pickup_country/${encodeURIComponent(text)}`,
        headers: owner.headers,
      });
      expect(res.statusCode, text).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { text: expect.stringMatching(/2 letters/) } });
    }
    const two = await t.app.inject({
      url: '/api/solution/searchSolution/needSolution/pickup_country/se',
      headers: owner.headers,
    });
    expect(two.statusCode).toBe(200);
    expect(two.json().data.length).toBeGreaterThan(0);
    // Other fields keep one-letter searches: they match a handful of catalogue names.
    const category = await t.app.inject({
      url: '/api/solution/searchSolution/needSolution/category/l',
      headers: owner.headers,
    });
    expect(category.statusCode).toBe(200);
  });

  it('finds nothing for text with no letters, and refuses an unknown field', async () => {
    const punct = await t.app.inject({
      url: '/api/solution/searchSolution/needSolution/pickup_country/%25%25',
      headers: owner.headers,
    });
    expect(punct.json().data).toEqual([]);
    const field = await t.app.inject({
      url: '/api/solution/searchSolution/needSolution/password/x',
      headers: owner.headers,
    });
    expect(field.statusCode).toBe(400);
  });

  it("gives the owner's contacts to the owner and a subscriber, never to others (D-14)", async () => {
    const url = `/api/solution/getSolutionDetails/${need._id}`;
    const byOwner = (await t.app.inject({ url, headers: other.headers })).json().data.user;
    expect(byOwner).toMatchObject({ email: other.account.email, mobile_no: other.account.mobile_no });
    const byStranger = await t.app.inject({ url, headers: owner.headers });
    expect(byStranger.statusCode).toBe(200);
    expect(byStranger.json().data.user).not.toHaveProperty('email');
    expect(byStranger.body).not.toContain(other.account.mobile_no);
    const subscriber = await signedUp(t.app);
    await t.app.database.db.insert(subscriptions).values({
      userId: subscriber.user._id,
      kind: 'trial',
      status: 'active',
      startAt: new Date(),
      endAt: new Date(Date.now() + 86_400_000),
    });
    const bySubscriber = (await t.app.inject({ url, headers: subscriber.headers })).json().data.user;
    expect(bySubscriber).toMatchObject({ email: other.account.email, mobile_no: other.account.mobile_no });
  });

  it('answers 404 for an unknown post, 400 for a malformed id, 401 for a visitor', async () => {
    const unknown = await t.app.inject({
      url: '/api/solution/getSolutionDetails/00000000-0000-4000-8000-000000000000',
      headers: owner.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: '/api/solution/getSolutionDetails/abc', headers: owner.headers });
    expect(malformed.statusCode).toBe(400);
    const visitor = await t.app.inject({ url: `/api/solution/getSolutionDetails/${need._id}` });
    expect(visitor.statusCode).toBe(401);
  });

  it('hides a taken post from everyone but its owner and acceptor (D-6)', async () => {
    const taken = (await post(other, deliveryNeed())).json().data;
    const acceptor = await signedUp(t.app);
    const { eq } = await import('drizzle-orm');
    const { solutions } = await import('../../db/schema.js');
    await t.app.database.db.update(solutions).set({ status: 'Accepted' }).where(eq(solutions.id, taken._id));
    // D-32: taken by the owner's confirmation of the acceptor's request.
    await t.app.database.db
      .insert(deals)
      .values({ solutionId: taken._id, acceptorId: acceptor.user._id, state: 'accepted', confirmedAt: new Date() });
    const url = `/api/solution/getSolutionDetails/${taken._id}`;
    expect((await t.app.inject({ url, headers: acceptor.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: other.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: owner.headers })).statusCode).toBe(404);
  });
});

describe('visits and deletion', () => {
  it('records one visit per visitor per hour, none for the owner', async () => {
    const created = (await post(owner, equipmentOffer())).json().data;
    const click = (who: { headers: Record<string, string> }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/solution/solutionClicked',
        headers: who.headers,
        payload: { solution_id: created._id },
      });
    expect((await click(other)).statusCode).toBe(204);
    expect((await click(other)).statusCode).toBe(204);
    expect((await click(owner)).statusCode).toBe(204);
    const mine = await t.app.inject({
      url: `/api/solution/getUserSolutions/${owner.user._id}`,
      headers: owner.headers,
    });
    expect(mine.json().data.find((s: { _id: string }) => s._id === created._id).visit_count).toBe(1);
    const { sql } = await import('drizzle-orm');
    const result = (await t.app.database.db.execute(
      sql`select visitor_first_name, visitor_mobile from visits where solution_id = ${created._id}`,
    )) as unknown as { rows: { visitor_first_name: string; visitor_mobile: string }[] };
    expect(result.rows).toEqual([{ visitor_first_name: 'Moussa', visitor_mobile: other.account.mobile_no }]);
  });

  it("refuses to delete someone else's post with 403, and keeps it", async () => {
    const created = (await post(owner, equipmentOffer())).json().data;
    const asOther = await t.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${other.user._id}/${created._id}`,
      headers: other.headers,
    });
    expect(asOther.statusCode).toBe(403);
    const forOwner = await t.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${owner.user._id}/${created._id}`,
      headers: other.headers,
    });
    expect(forOwner.statusCode).toBe(403);
    const still = await t.app.inject({
      url: `/api/solution/getSolutionDetails/${created._id}`,
      headers: other.headers,
    });
    expect(still.statusCode).toBe(200);
  });

  it('lets the owner delete: gone from details, lists and the map, kept in the database', async () => {
    const created = (await post(owner, equipmentOffer({ pickup_lat: 60.17, pickup_lng: 24.94 }))).json().data;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${owner.user._id}/${created._id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: `/api/solution/getSolutionDetails/${created._id}`, headers: owner.headers }))
        .statusCode,
    ).toBe(404);
    const map = await t.app.inject('/api/solution/map?bbox=24.8,60.1,25,60.3&zoom=13');
    expect(map.json().data.points).toEqual([]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${owner.user._id}/${created._id}`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(404);
    const { sql } = await import('drizzle-orm');
    const kept = (await t.app.database.db.execute(
      sql`select status from solutions where id = ${created._id}`,
    )) as unknown as { rows: { status: string }[] };
    expect(kept.rows[0]!.status).toBe('Deleted');
  });
});

describe('lists, search and details check the session in their own statement', () => {
  const reads = (id: string) => [
    '/api/solution/getAllSolutions/provideSolution',
    '/api/solution/getAllSolutions/needSolution?near=-17.45,14.7',
    '/api/solution/getCategorySolutions/Equipments/provideSolution',
    '/api/solution/searchSolution/provideSolution/pickup_country/senegal',
    `/api/solution/getSolutionDetails/${id}`,
  ];
  const refused = { code: 'AUTH_FAILED', message: 'Authentication failed' };

  it('answers a live session, and refuses an ended, unknown or malformed key as requireUser does', async () => {
    const created = (await post(owner, equipmentOffer())).json().data;
    const reader = await signedUp(t.app, { firstName: 'Fatou' });
    for (const url of reads(created._id)) {
      expect((await t.app.inject({ url, headers: reader.headers })).statusCode, url).toBe(200);
    }
    const logout = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: reader.headers });
    expect(logout.statusCode).toBeLessThan(300);
    const unknown = { 'access-token': 'A'.repeat(43) };
    for (const headers of [reader.headers, unknown, { 'access-token': 'short' }, {}]) {
      for (const url of reads(created._id)) {
        const res = await t.app.inject({ url, headers });
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toEqual(refused);
      }
    }
  });

  it('refuses an ended session before it judges the input, even where no query is needed', async () => {
    const ended = await signedUp(t.app, { firstName: 'Ousmane' });
    await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: ended.headers });
    const inputs = [
      // Nothing to match once punctuation goes: answered without a search.
      '/api/solution/searchSolution/provideSolution/pickup_country/%20-%20',
      '/api/solution/getAllSolutions/provideSolution?cursor=bm90LWEtY3Vyc29y',
      '/api/solution/getAllSolutions/provideSolution?near=1,2&cursor=bm90LWEtY3Vyc29y',
    ];
    for (const url of inputs) {
      expect((await t.app.inject({ url, headers: ended.headers })).json(), url).toEqual(refused);
      expect((await t.app.inject({ url, headers: other.headers })).statusCode, url).toBe(
        url.includes('cursor') ? 400 : 200,
      );
    }
  });
});
