// The map by tiles over two instances (PostgreSQL and Redis, as production runs them): a tile is the
// same bytes for everyone, revalidates with its ETag, and a post published or deleted on instance
// one is in, or gone from, instance two's tile and viewport answers within a second, well inside
// the tile's lifetime (TILE_TTL_MS), so the change comes from the announcement (migration 0033),
// not from the entry ageing out; so is a change of the poster's badges or rating (migration 0034).
import { tileBounds, tileX, tileY } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { signedUp } from '../../../test/accounts.js';
import { publish, tractor } from '../../../test/posts.js';
import { twoInstances, within, type TwoInstances } from '../../../test/two-instances.js';
import { TILE_TTL_MS } from './tile-service.js';

/** The tile of zoom 10 holding Dakar, where the tractor is posted. */
const TILE = '/api/solution/map/tiles/10/462/469';
const VIEW = '/api/solution/map?bbox=-17.6,14.6,-17.3,14.8&zoom=12';

let both: TwoInstances;
beforeAll(async () => {
  both = await twoInstances();
}, 400_000);
afterAll(() => both?.close());

type Answer = { points: { _id: string }[]; clusters: { count: number }[] };
const get = async (t: TwoInstances['one'], url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers });
const holds = (data: Answer, id: string) => data.points.some((p) => p._id === id);

describe('GET /api/solution/map/tiles/{z}/{x}/{y}', () => {
  it('names the tile holding Dakar, which holds its box', () => {
    expect([tileX(-17.45, 10), tileY(14.7, 10)]).toEqual([462, 469]);
    const [west, south, east, north] = tileBounds({ z: 10, x: 462, y: 469 });
    expect(west < -17.45 && -17.45 < east && south < 14.7 && 14.7 < north).toBe(true);
    expect(TILE_TTL_MS).toBeGreaterThanOrEqual(3_000);
  });

  it('is the same bytes for a visitor and a signed-in viewer, and answers 304 to its ETag', async () => {
    const who = await signedUp(both.one.app);
    await publish(both.one.app, who, tractor());
    const visitor = await get(both.two, TILE);
    const member = await get(both.two, TILE, who.headers);
    expect(visitor.statusCode).toBe(200);
    expect(member.body).toBe(visitor.body);
    expect(visitor.headers.etag).toBe(member.headers.etag);
    expect(visitor.headers['cache-control']).toBe('public, no-cache');
    const again = await get(both.two, TILE, { 'if-none-match': String(visitor.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it("shows a poster's new badge and rating in instance two's tile and view within a second", async () => {
    const who = await signedUp(both.one.app);
    const { _id } = await publish(both.one.app, who, tractor());
    type Point = { _id: string; verified: boolean; rating?: { count: number } };
    const pointIn = (res: { json: () => { data: { points: Point[] } } }) =>
      res.json().data.points.find((p) => p._id === _id);
    const seen = async () => {
      const [tile, view] = await Promise.all([get(both.two, TILE), get(both.two, VIEW)]);
      return [pointIn(tile), pointIn(view)];
    };
    expect(await within(1_000, async () => (await seen()).every((p) => p?.verified === false))).not.toBeNull();
    // Any writer of the poster's record is announced, an operator's statement as well as the API.
    await both.one.app.database.db
      .update(users)
      .set({ verified: true, ratingSum: sql`${users.ratingSum} + 5`, ratingCount: sql`${users.ratingCount} + 1` })
      .where(eq(users.id, who.user._id));
    const updated = await within(1_000, async () =>
      (await seen()).every((p) => p?.verified === true && p.rating?.count === 1),
    );
    expect(updated, 'badge and rating: seen within a second').not.toBeNull();
  });

  it('refuses a tile outside its zoom with VALIDATION', async () => {
    const res = await get(both.two, '/api/solution/map/tiles/10/1024/0');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });

  it("shows a post published on instance one in instance two's tile and view within a second, and drops it once deleted", async () => {
    const who = await signedUp(both.one.app);
    // Both answers are cached on instance two (and in Redis) before the post exists.
    const before = await get(both.two, TILE);
    expect((await get(both.two, VIEW)).statusCode).toBe(200);
    const { _id } = await publish(both.one.app, who, tractor());
    const shown = await within(1_000, async () => {
      const [tile, view] = await Promise.all([get(both.two, TILE), get(both.two, VIEW)]);
      return holds(tile.json().data, _id) && holds(view.json().data, _id);
    });
    expect(shown, 'published: seen within a second').not.toBeNull();
    // The old ETag no longer matches: a revalidating browser gets the new answer.
    expect((await get(both.two, TILE, { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(200);

    const removed = await both.one.app.inject({
      method: 'DELETE',
      url: `/api/solution/deleteSolution/${who.user._id}/${_id}`,
      headers: who.headers,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await within(1_000, async () => {
      const [tile, view] = await Promise.all([get(both.two, TILE), get(both.two, VIEW)]);
      return !holds(tile.json().data, _id) && !holds(view.json().data, _id);
    });
    expect(gone, 'deleted: gone within a second').not.toBeNull();
  });
});
