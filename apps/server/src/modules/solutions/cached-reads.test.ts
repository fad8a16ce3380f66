// Lists, field searches and details from the shared caches over two instances (PostgreSQL and Redis, as production
// runs them): a post published, hidden or deleted on instance one is in, or gone from, instance
// two's newest list and details within a second, well inside the caches' lifetimes (LIST_TTL_MS,
// POST_TTL_MS), so the change comes from the announcement (migration 0033), not from ageing out;
// so does a change of the owner's name, badges or rating (migration 0034).
// A viewer's own fields (the true point of their posts, D-35; an owner's blocked dates and request
// count) are added after the cache and never reach another viewer.
import { listOf, solutionSchema } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { solutions, users } from '../../db/schema.js';
import { answerBody } from '../../lib/answer-body.js';
import { proveEmail, signedUp } from '../../../test/accounts.js';
import { requested } from '../../../test/deals.js';
import { publish, tractor, villa } from '../../../test/posts.js';
import { twoInstances, within, type TwoInstances } from '../../../test/two-instances.js';
import { POST_TTL_MS } from './public-posts.js';
import { LIST_TTL_MS } from './list-cache.js';

type Account = Awaited<ReturnType<typeof signedUp>>;
type Post = {
  _id: string;
  pickup_lat: number;
  pickup_lng: number;
  location_exact: boolean;
  distance_km?: number;
  blocked?: unknown;
  request_count?: number;
};
const ADMIN_EMAIL = 'cache-moderator@example.org';
const NEWEST = '/api/solution/getCategorySolutions/Equipments/provideSolution?limit=20';
const NEAREST = '/api/solution/getAllSolutions/provideSolution?limit=20&near=-17.44,14.71';
const SEARCH = '/api/solution/searchSolution/provideSolution/category/equipment?limit=20';
const details = (id: string) => `/api/solution/getSolutionDetails/${id}`;

let both: TwoInstances;
let admin: Account;
let owner: Account;
let reader: Account;
beforeAll(async () => {
  both = await twoInstances({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = await signedUp(both.one.app, { firstName: 'Mod', email: ADMIN_EMAIL });
  expect((await proveEmail(both.one.app, admin.headers)).admin).toBe(true);
  owner = await signedUp(both.one.app, { firstName: 'Awa' });
  reader = await signedUp(both.one.app, { firstName: 'Moussa' });
}, 400_000);
afterAll(() => both?.close());

const get = (t: TwoInstances['one'], url: string, who: Account) => t.app.inject({ url, headers: who.headers });
const listed = async (t: TwoInstances['one'], url: string, who: Account): Promise<Post[]> => {
  const res = await get(t, url, who);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const inList = async (url: string, id: string) => (await listed(both.two, url, reader)).some((p) => p._id === id);
const detailsStatus = async (id: string) => (await get(both.two, details(id), reader)).statusCode;

describe('lists and details from the shared caches', () => {
  it('are dropped by announcements, so their lifetimes are far longer than the second a change may take', () => {
    expect(LIST_TTL_MS).toBeGreaterThanOrEqual(3_000);
    expect(POST_TTL_MS).toBeGreaterThanOrEqual(3_000);
  });

  it("shows a post published on instance one in instance two's newest list and details within a second", async () => {
    // Instance two (and Redis) hold the page before the post exists.
    await listed(both.two, NEWEST, reader);
    const { _id } = await publish(both.one.app, owner, tractor());
    expect(await within(1_000, () => inList(NEWEST, _id)), 'in the list within a second').not.toBeNull();
    expect(await detailsStatus(_id)).toBe(200);
  });

  it("shows a post published on instance one in instance two's kept search results within a second", async () => {
    await listed(both.two, SEARCH, reader);
    const { _id } = await publish(both.one.app, owner, tractor());
    expect(await within(1_000, () => inList(SEARCH, _id)), 'in the search within a second').not.toBeNull();
    // Asked again, the page comes from instance two's memory.
    const kept = both.two.app.publicCaches.lists.stats().memory;
    expect(await inList(SEARCH, _id)).toBe(true);
    expect(both.two.app.publicCaches.lists.stats().memory).toBe(kept + 1);
  });

  it("drops a post hidden on instance one from instance two's list and details within a second, and shows it again", async () => {
    const { _id } = await publish(both.one.app, owner, tractor());
    expect(await within(1_000, () => inList(NEWEST, _id))).not.toBeNull();
    expect(await detailsStatus(_id)).toBe(200);
    const hide = (hidden: boolean) =>
      both.one.app.inject({
        method: 'POST',
        url: `/api/admin/solutions/${_id}/hide`,
        headers: admin.headers,
        payload: { hidden },
      });
    expect((await hide(true)).statusCode).toBe(200);
    const gone = await within(
      1_000,
      async () =>
        !(await inList(NEWEST, _id)) &&
        !(await inList(NEAREST, _id)) &&
        !(await inList(SEARCH, _id)) &&
        (await detailsStatus(_id)) === 404,
    );
    expect(gone, 'hidden: gone within a second').not.toBeNull();
    expect((await hide(false)).statusCode).toBe(200);
    const back = await within(
      1_000,
      async () => (await inList(NEWEST, _id)) && (await inList(NEAREST, _id)) && (await detailsStatus(_id)) === 200,
    );
    expect(back, 'shown again within a second').not.toBeNull();
  });

  it("drops a post deleted on instance one from instance two's list and details within a second", async () => {
    const { _id } = await publish(both.one.app, owner, tractor());
    expect(await within(1_000, () => inList(NEWEST, _id))).not.toBeNull();
    expect(await detailsStatus(_id)).toBe(200);
    const removed = await both.one.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${owner.user._id}/${_id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await within(
      1_000,
      async () => !(await inList(NEWEST, _id)) && !(await inList(NEAREST, _id)) && (await detailsStatus(_id)) === 404,
    );
    expect(gone, 'deleted: gone within a second').not.toBeNull();
  });

  it("shows an owner's new name, badge and rating in instance two's kept lists and details within a second", async () => {
    const poster = await signedUp(both.one.app, { firstName: 'Binta' });
    const { _id } = await publish(both.one.app, poster, tractor());
    type Owner = { firstName: string; vip: boolean; rating?: { count: number } };
    const owners = async (): Promise<(Owner | undefined)[]> => {
      const lists = await Promise.all([NEWEST, NEAREST, SEARCH].map((url) => listed(both.two, url, reader)));
      const inDetails = (await get(both.two, details(_id), reader)).json().data as Post & { user: Owner };
      return [
        ...lists.map((posts) => (posts.find((p) => p._id === _id) as { user: Owner } | undefined)?.user),
        inDetails.user,
      ];
    };
    // Each answer is kept on instance two (and in Redis) with the owner as they were.
    expect(await within(1_000, async () => (await owners()).every((u) => u?.firstName === 'Binta'))).not.toBeNull();
    // Any writer of the owner's record is announced, an operator's statement as well as the API.
    await both.one.app.database.db
      .update(users)
      .set({
        firstName: 'Bintou',
        vip: true,
        ratingSum: sql`${users.ratingSum} + 4`,
        ratingCount: sql`${users.ratingCount} + 1`,
      })
      .where(eq(users.id, poster.user._id));
    const updated = await within(1_000, async () =>
      (await owners()).every((u) => u?.firstName === 'Bintou' && u.vip === true && u.rating?.count === 1),
    );
    expect(updated, 'the owner as they are now, within a second').not.toBeNull();
  });

  it("gives the owner their post's true point in cached lists and details, and never another viewer", async () => {
    const { _id } = await publish(both.one.app, owner, tractor());
    const find = (posts: Post[]) => posts.find((p) => p._id === _id)!;
    // D-35: the public point drawn for the post. It may round onto the exact point (a draw within
    // 1 km, to 3 decimals), so the reader is held to it rather than to "anything but the exact one".
    const [stored] = await both.one.app.database.db
      .select({ point: solutions.location })
      .from(solutions)
      .where(eq(solutions.id, _id));
    const shown = [stored!.point.y, stored!.point.x];
    expect(await within(1_000, () => inList(NEAREST, _id))).not.toBeNull();
    for (const url of [NEWEST, NEAREST, SEARCH]) {
      // The reader first (the page is cached as anyone sees it), then the owner, then the reader again.
      const before = find(await listed(both.two, url, reader));
      const own = find(await listed(both.two, url, owner));
      const after = find(await listed(both.two, url, reader));
      expect(own).toMatchObject({ location_exact: true, pickup_lat: 14.7, pickup_lng: -17.45 });
      for (const seen of [before, after]) {
        expect(seen.location_exact).toBe(false);
        expect([seen.pickup_lat, seen.pickup_lng]).toEqual(shown);
      }
      expect(after).toEqual(before);
      if (url === NEAREST) expect(own.distance_km).not.toBeUndefined();
    }
    const readerView = (await get(both.two, details(_id), reader)).json().data as Post;
    const ownerView = (await get(both.two, details(_id), owner)).json().data as Post;
    const readerAgain = (await get(both.two, details(_id), reader)).json().data as Post;
    expect(ownerView).toMatchObject({ location_exact: true, pickup_lat: 14.7, blocked: [], request_count: 0 });
    for (const seen of [readerView, readerAgain]) {
      expect(seen.location_exact).toBe(false);
      expect(seen).not.toHaveProperty('blocked');
      expect(seen).not.toHaveProperty('request_count');
    }
    expect(readerAgain).toEqual(readerView);
  });

  it("answers a kept page or search to a viewer with none of their posts on it without a statement, and the owner's with their true point", async () => {
    const { _id } = await publish(both.one.app, owner, tractor());
    expect(await within(1_000, () => inList(NEWEST, _id))).not.toBeNull();
    await listed(both.two, SEARCH, reader);
    // A kept page read once more: instance two now remembers the reader's own posts (none here).
    await listed(both.two, NEWEST, reader);
    const statements = vi.spyOn(both.two.app.database.db, 'execute');
    try {
      for (const url of [NEWEST, SEARCH]) {
        statements.mockClear();
        expect((await listed(both.two, url, reader)).some((p) => p._id === _id)).toBe(true);
        expect(statements, url).not.toHaveBeenCalled();
      }
      // The owner's own post on the same kept page: their true point, remembered for them alone.
      const own = (await listed(both.two, NEWEST, owner)).find((p) => p._id === _id)!;
      expect(own).toMatchObject({ location_exact: true, pickup_lat: 14.7 });
      expect((await listed(both.two, NEWEST, reader)).find((p) => p._id === _id)!.location_exact).toBe(false);
    } finally {
      statements.mockRestore();
    }
  });

  it('reads a nearest page for its viewer every time, and keeps none that would push out the kept pages', async () => {
    await listed(both.two, NEWEST, reader);
    const kept = both.two.app.publicCaches.lists.size();
    for (const near of ['-17.44,14.71', '-17.4401,14.7101', '-17.44,14.71']) {
      const url = NEAREST.replace('near=-17.44,14.71', `near=${near}`);
      expect((await listed(both.two, url, reader)).length).toBeGreaterThan(0);
    }
    expect(both.two.app.publicCaches.lists.size()).toBe(kept);
  });

  it("joins a nearest page from its posts' kept records in one statement, as the list's schema serialises it", async () => {
    const pageSchema = listOf(solutionSchema);
    // A post booked by date carries fields after distance_km, and a description that looks like the cut.
    // Away from the other tests' posts, so that it is on the page whatever its public point.
    const { _id } = await publish(both.one.app, owner, {
      ...tractor(),
      pickup_lat: 12.58,
      pickup_lng: -16.27,
      pickup_city: 'Ziguinchor',
      capacity: 2,
      description: 'Tractor ,"distance_km":0 by the day',
    });
    const url = NEAREST.replace('near=-17.44,14.71', 'near=-16.27,12.58');
    expect(await within(1_000, () => inList(url, _id))).not.toBeNull();
    const statements = vi.spyOn(both.two.app.database.db, 'execute');
    try {
      const res = await get(both.two, url, reader);
      // The page's posts as ids, with the session's check; their records are all kept.
      expect(statements).toHaveBeenCalledTimes(1);
      const page = res.json() as z.input<typeof pageSchema>;
      const post = page.data.find((p) => p._id === _id)!;
      expect(post).toMatchObject({ unit: 'day', capacity: 2, description: 'Tractor ,"distance_km":0 by the day' });
      expect(post.distance_km).toEqual(expect.any(Number));
      expect(res.body).toBe(answerBody(pageSchema, page));
    } finally {
      statements.mockRestore();
    }
  });

  it('answers kept details to a viewer with no subscription and no deal on the post without a statement', async () => {
    const { _id } = await publish(both.one.app, owner, villa());
    expect(await within(1_000, async () => (await detailsStatus(_id)) === 200)).not.toBeNull();
    // Read once more: instance two now remembers the reader's subscription and deals (none).
    await get(both.two, details(_id), reader);
    const statements = vi.spyOn(both.two.app.database.db, 'execute');
    try {
      const res = await get(both.two, details(_id), reader);
      expect(res.json().data).toMatchObject({ _id, location_exact: false });
      expect(res.json().data).not.toHaveProperty('my_deal');
      expect(statements).not.toHaveBeenCalled();
    } finally {
      statements.mockRestore();
    }
  });

  it("shows a request made on instance one in instance two's details at once, though two remembered the requester", async () => {
    const { _id } = await publish(both.one.app, owner, villa());
    expect(await within(1_000, async () => (await detailsStatus(_id)) === 200)).not.toBeNull();
    await get(both.two, details(_id), reader);
    await requested(both.one.app, reader, _id);
    const myDeal = async () => (await get(both.two, details(_id), reader)).json().data.my_deal;
    expect(await within(1_000, async () => (await myDeal()) !== undefined), 'within a second').not.toBeNull();
    expect(await myDeal()).toMatchObject({ status: 'requested' });
  });

  it('refuses a list or details without a live session, as before the cache', async () => {
    const { _id } = await publish(both.one.app, owner, tractor());
    for (const url of [
      NEWEST,
      NEAREST,
      SEARCH,
      details(_id),
      `${NEWEST}&cursor=bad`,
      `${NEAREST}&cursor=bad`,
      `${SEARCH}&cursor=bad`,
    ]) {
      const res = await both.two.app.inject({ url, headers: { 'access-token': 'x'.repeat(43) } });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
