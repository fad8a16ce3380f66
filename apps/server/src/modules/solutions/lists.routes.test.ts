import { beforeAll, describe, expect, it } from 'vitest';
import { signedUp } from '../../../test/accounts.js';
import { deals, subscriptions } from '../../db/schema.js';
import { equipmentOffer, deliveryNeed, solutionsTestApp } from '../../../test/solutions-suite.js';

const suite = solutionsTestApp();
const { post } = suite;

describe('lists, details and search', () => {
  // Posts of both types, more than one page of each, as a suite of its own needs them.
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      expect((await post(suite.owner, deliveryNeed())).statusCode).toBe(201);
      expect((await post(suite.owner, equipmentOffer())).statusCode).toBe(201);
    }
  });

  let need: { _id: string };
  beforeAll(async () => {
    need = (await post(suite.other, deliveryNeed({ description: 'Need a cargo bike' }))).json().data;
    await post(suite.other, deliveryNeed({ sub_category_id: 'delivery-suitcase', pickup_country: 'Sénégal' }));
  });

  it('lists open posts of a type, newest first, paged with a cursor', async () => {
    const first = await suite.t.app.inject({
      url: '/api/solution/getAllSolutions/needSolution?limit=2',
      headers: suite.owner.headers,
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.data).toHaveLength(2);
    expect(page1.data.every((s: { user_role: string }) => s.user_role === 'needSolution')).toBe(true);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const second = await suite.t.app.inject({
      url: `/api/solution/getAllSolutions/needSolution?limit=2&cursor=${page1.next_cursor}`,
      headers: suite.owner.headers,
    });
    const ids = [...page1.data, ...second.json().data].map((s: { _id: string }) => s._id);
    expect(new Set(ids).size).toBe(ids.length);
    const times = [...page1.data, ...second.json().data].map((s: { created_at: string }) => s.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('never carries contacts in lists', async () => {
    const res = await suite.t.app.inject({
      url: '/api/solution/getAllSolutions/needSolution',
      headers: suite.owner.headers,
    });
    expect(res.body).not.toContain(suite.other.account.email);
    expect(res.body).not.toContain(suite.other.account.mobile_no);
  });

  it('orders by distance with near=lng,lat', async () => {
    await post(suite.owner, equipmentOffer({ pickup_lat: 5.35, pickup_lng: -4.0, pickup_city: 'Abidjan' }));
    const res = await suite.t.app.inject({
      url: '/api/solution/getAllSolutions/provideSolution?near=-4.01,5.36&limit=1',
      headers: suite.owner.headers,
    });
    expect(res.json().data[0].pickup_city).toBe('Abidjan');
    // (-4.01, 5.36) to (-4.0, 5.35): 1.6 km, from the exact point its owner sees, to the half
    // kilometre (D-35).
    expect(res.json().data[0].distance_km).toBe(1.5);
    expect(res.json().next_cursor).toEqual(expect.any(String));
    const newest = await suite.t.app.inject({
      url: '/api/solution/getAllSolutions/provideSolution',
      headers: suite.owner.headers,
    });
    expect(newest.json().data[0]).not.toHaveProperty('distance_km');
  });

  // The owner's pages are read whole (their posts at their true points, D-35); a reader's are
  // joined from the posts' kept records (list-cache.ts).
  it.each(['the owner', 'a reader with no posts'])(
    'pages nearest first with a cursor for %s: the pages together are the one long page, none repeated',
    async (who) => {
      const headers =
        who === 'the owner' ? suite.owner.headers : (await signedUp(suite.t.app, { firstName: 'Ali' })).headers;
      const url = '/api/solution/getAllSolutions/needSolution?near=-17.45,14.7';
      const ask = async (query: string) =>
        (await suite.t.app.inject({ url: `${url}${query}`, headers })).json() as {
          data: { _id: string; distance_km: number }[];
          next_cursor: string | null;
        };
      const whole = await ask('&limit=100');
      expect(whole.data.length).toBeGreaterThan(4);
      const paged: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page = await ask(`&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        paged.push(...page.data.map((p) => p._id));
        cursor = page.next_cursor;
      }
      expect(paged).toEqual(whole.data.map((p) => p._id));
    },
  );

  it("lists a category's posts nearest first, each with its distance, for the category screens", async () => {
    await post(suite.owner, equipmentOffer({ pickup_lat: 14.79, pickup_lng: -16.94, pickup_city: 'Thiès' }));
    await post(suite.owner, equipmentOffer({ pickup_lat: 13.51, pickup_lng: 2.11, pickup_city: 'Niamey' }));
    const res = await suite.t.app.inject({
      url: '/api/solution/getCategorySolutions/Equipments/provideSolution?near=-16.93,14.78&limit=50',
      headers: suite.owner.headers,
    });
    const data = res.json().data as { pickup_city: string; category: string; distance_km: number }[];
    expect(data[0]).toMatchObject({ pickup_city: 'Thiès', category: 'Equipments', distance_km: 1.5 });
    const distances = data.map((s) => s.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(data.every((s) => s.category === 'Equipments')).toBe(true);
  });

  it('shows each post nearest first as the newest list shows it, with its distance added', async () => {
    const page = async (query: string) =>
      (
        await suite.t.app.inject({
          url: `/api/solution/getAllSolutions/needSolution?limit=100${query}`,
          headers: suite.other.headers,
        })
      ).json().data as { _id: string; distance_km?: number }[];
    const newest = new Map((await page('')).map((p) => [p._id, p]));
    // Twice: the records computed, then kept.
    for (let round = 0; round < 2; round++) {
      const nearest = await page('&near=-17.45,14.7');
      expect(nearest.length).toBe(newest.size);
      for (const post of nearest) expect(post).toEqual({ ...newest.get(post._id), distance_km: post.distance_km });
      expect(nearest.every((p) => typeof p.distance_km === 'number')).toBe(true);
    }
  });

  it('lists a category, and refuses an unknown type or a bad cursor', async () => {
    const res = await suite.t.app.inject({
      url: '/api/solution/getCategorySolutions/Delivery/needSolution',
      headers: suite.owner.headers,
    });
    expect(res.json().data.length).toBeGreaterThanOrEqual(2);
    expect(res.json().data.every((s: { category: string }) => s.category === 'Delivery')).toBe(true);
    const badType = await suite.t.app.inject({
      url: '/api/solution/getAllSolutions/seller',
      headers: suite.owner.headers,
    });
    expect(badType.statusCode).toBe(400);
    const badCursor = await suite.t.app.inject({
      url: '/api/solution/getAllSolutions/needSolution?cursor=zzz',
      headers: suite.owner.headers,
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
    const res = await suite.t.app.inject({
      url: `/api/solution/searchSolution/needSolution/${field}/${encodeURIComponent(text)}`,
      headers: suite.owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
    if (country)
      expect(res.json().data.every((s: { pickup_country: string }) => s.pickup_country === country)).toBe(true);
  });

  it('finds "Légumes" posts by typing "legumes"', async () => {
    const created = await post(suite.owner, {
      ...equipmentOffer({ category: 'Vegetables', sub_category_id: 'vegetables-own', price: '3' }),
      user_role: 'needSolution',
    });
    expect(created.statusCode).toBe(201);
    const res = await suite.t.app.inject({
      url: '/api/solution/searchSolution/needSolution/category/legumes',
      headers: suite.owner.headers,
    });
    expect(res.json().data.map((s: { category: string }) => s.category)).toEqual(['Vegetables']);
  });

  it('refuses a one-letter country search with VALIDATION on text, and takes two letters', async () => {
    for (const text of ['s', 'É', ' s-', '7']) {
      const res = await suite.t.app.inject({
        url: `/api/solution/searchSolution/needSolution/pickup_country/${encodeURIComponent(text)}`,
        headers: suite.owner.headers,
      });
      expect(res.statusCode, text).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { text: expect.stringMatching(/2 letters/) } });
    }
    const two = await suite.t.app.inject({
      url: '/api/solution/searchSolution/needSolution/pickup_country/se',
      headers: suite.owner.headers,
    });
    expect(two.statusCode).toBe(200);
    expect(two.json().data.length).toBeGreaterThan(0);
    // Other fields keep one-letter searches: they match a handful of catalogue names.
    const category = await suite.t.app.inject({
      url: '/api/solution/searchSolution/needSolution/category/l',
      headers: suite.owner.headers,
    });
    expect(category.statusCode).toBe(200);
  });

  it('finds nothing for text with no letters, and refuses an unknown field', async () => {
    const punct = await suite.t.app.inject({
      url: '/api/solution/searchSolution/needSolution/pickup_country/%25%25',
      headers: suite.owner.headers,
    });
    expect(punct.json().data).toEqual([]);
    const field = await suite.t.app.inject({
      url: '/api/solution/searchSolution/needSolution/password/x',
      headers: suite.owner.headers,
    });
    expect(field.statusCode).toBe(400);
  });

  it("gives the owner's contacts to the owner and a subscriber, never to others (D-14)", async () => {
    const url = `/api/solution/getSolutionDetails/${need._id}`;
    const byOwner = (await suite.t.app.inject({ url, headers: suite.other.headers })).json().data.user;
    expect(byOwner).toMatchObject({ email: suite.other.account.email, mobile_no: suite.other.account.mobile_no });
    const byStranger = await suite.t.app.inject({ url, headers: suite.owner.headers });
    expect(byStranger.statusCode).toBe(200);
    expect(byStranger.json().data.user).not.toHaveProperty('email');
    expect(byStranger.body).not.toContain(suite.other.account.mobile_no);
    const subscriber = await signedUp(suite.t.app);
    await suite.t.app.database.db.insert(subscriptions).values({
      userId: subscriber.user._id,
      kind: 'trial',
      status: 'active',
      startAt: new Date(),
      endAt: new Date(Date.now() + 86_400_000),
    });
    const bySubscriber = (await suite.t.app.inject({ url, headers: subscriber.headers })).json().data.user;
    expect(bySubscriber).toMatchObject({ email: suite.other.account.email, mobile_no: suite.other.account.mobile_no });
  });

  it('answers 404 for an unknown post, 400 for a malformed id, 401 for a visitor', async () => {
    const unknown = await suite.t.app.inject({
      url: '/api/solution/getSolutionDetails/00000000-0000-4000-8000-000000000000',
      headers: suite.owner.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await suite.t.app.inject({
      url: '/api/solution/getSolutionDetails/abc',
      headers: suite.owner.headers,
    });
    expect(malformed.statusCode).toBe(400);
    const visitor = await suite.t.app.inject({ url: `/api/solution/getSolutionDetails/${need._id}` });
    expect(visitor.statusCode).toBe(401);
  });

  it('hides a taken post from everyone but its owner and acceptor (D-6)', async () => {
    const taken = (await post(suite.other, deliveryNeed())).json().data;
    const acceptor = await signedUp(suite.t.app);
    const { eq } = await import('drizzle-orm');
    const { solutions } = await import('../../db/schema.js');
    await suite.t.app.database.db.update(solutions).set({ status: 'Accepted' }).where(eq(solutions.id, taken._id));
    // D-32: taken by the owner's confirmation of the acceptor's request.
    await suite.t.app.database.db
      .insert(deals)
      .values({ solutionId: taken._id, acceptorId: acceptor.user._id, state: 'accepted', confirmedAt: new Date() });
    const url = `/api/solution/getSolutionDetails/${taken._id}`;
    expect((await suite.t.app.inject({ url, headers: acceptor.headers })).statusCode).toBe(200);
    expect((await suite.t.app.inject({ url, headers: suite.other.headers })).statusCode).toBe(200);
    expect((await suite.t.app.inject({ url, headers: suite.owner.headers })).statusCode).toBe(404);
  });
});

describe('visits and deletion', () => {
  it('records one visit per visitor per hour, none for the owner', async () => {
    const created = (await post(suite.owner, equipmentOffer())).json().data;
    const click = (who: { headers: Record<string, string> }) =>
      suite.t.app.inject({
        method: 'POST',
        url: '/api/solution/solutionClicked',
        headers: who.headers,
        payload: { solution_id: created._id },
      });
    expect((await click(suite.other)).statusCode).toBe(204);
    expect((await click(suite.other)).statusCode).toBe(204);
    expect((await click(suite.owner)).statusCode).toBe(204);
    const mine = await suite.t.app.inject({
      url: `/api/solution/getUserSolutions/${suite.owner.user._id}`,
      headers: suite.owner.headers,
    });
    expect(mine.json().data.find((s: { _id: string }) => s._id === created._id).visit_count).toBe(1);
    const { sql } = await import('drizzle-orm');
    const result = (await suite.t.app.database.db.execute(
      sql`select visitor_first_name, visitor_mobile from visits where solution_id = ${created._id}`,
    )) as unknown as { rows: { visitor_first_name: string; visitor_mobile: string }[] };
    expect(result.rows).toEqual([{ visitor_first_name: 'Moussa', visitor_mobile: suite.other.account.mobile_no }]);
  });

  it("refuses to delete someone else's post with 403, and keeps it", async () => {
    const created = (await post(suite.owner, equipmentOffer())).json().data;
    const asOther = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${suite.other.user._id}/${created._id}`,
      headers: suite.other.headers,
    });
    expect(asOther.statusCode).toBe(403);
    const forOwner = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${suite.owner.user._id}/${created._id}`,
      headers: suite.other.headers,
    });
    expect(forOwner.statusCode).toBe(403);
    const still = await suite.t.app.inject({
      url: `/api/solution/getSolutionDetails/${created._id}`,
      headers: suite.other.headers,
    });
    expect(still.statusCode).toBe(200);
  });

  it('lets the owner delete: gone from details, lists and the map, kept in the database', async () => {
    const created = (await post(suite.owner, equipmentOffer({ pickup_lat: 60.17, pickup_lng: 24.94 }))).json().data;
    const res = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${suite.owner.user._id}/${created._id}`,
      headers: suite.owner.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(
      (
        await suite.t.app.inject({
          url: `/api/solution/getSolutionDetails/${created._id}`,
          headers: suite.owner.headers,
        })
      ).statusCode,
    ).toBe(404);
    const map = await suite.t.app.inject('/api/solution/map?bbox=24.8,60.1,25,60.3&zoom=13');
    expect(map.json().data.points).toEqual([]);
    const again = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${suite.owner.user._id}/${created._id}`,
      headers: suite.owner.headers,
    });
    expect(again.statusCode).toBe(404);
    const { sql } = await import('drizzle-orm');
    const kept = (await suite.t.app.database.db.execute(
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
    const created = (await post(suite.owner, equipmentOffer())).json().data;
    const reader = await signedUp(suite.t.app, { firstName: 'Fatou' });
    for (const url of reads(created._id)) {
      expect((await suite.t.app.inject({ url, headers: reader.headers })).statusCode, url).toBe(200);
    }
    const logout = await suite.t.app.inject({ method: 'POST', url: '/api/user/logout', headers: reader.headers });
    expect(logout.statusCode).toBeLessThan(300);
    const unknown = { 'access-token': 'A'.repeat(43) };
    for (const headers of [reader.headers, unknown, { 'access-token': 'short' }, {}]) {
      for (const url of reads(created._id)) {
        const res = await suite.t.app.inject({ url, headers });
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toEqual(refused);
      }
    }
  });

  it('refuses an ended session before it judges the input, even where no query is needed', async () => {
    const ended = await signedUp(suite.t.app, { firstName: 'Ousmane' });
    await suite.t.app.inject({ method: 'POST', url: '/api/user/logout', headers: ended.headers });
    const inputs = [
      // Nothing to match once punctuation goes: answered without a search.
      '/api/solution/searchSolution/provideSolution/pickup_country/%20-%20',
      '/api/solution/getAllSolutions/provideSolution?cursor=bm90LWEtY3Vyc29y',
      '/api/solution/getAllSolutions/provideSolution?near=1,2&cursor=bm90LWEtY3Vyc29y',
    ];
    for (const url of inputs) {
      expect((await suite.t.app.inject({ url, headers: ended.headers })).json(), url).toEqual(refused);
      expect((await suite.t.app.inject({ url, headers: suite.other.headers })).statusCode, url).toBe(
        url.includes('cursor') ? 400 : 200,
      );
    }
  });
});
