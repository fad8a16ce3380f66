// Tiles merge exactly: each post belongs to one tile of a zoom (tileCells), so the tiles of a
// viewport count every post in it once, whichever of the three answers (kept cells, counted
// clusters, points) each tile gets, also for posts on tile edges and in cells cut by a row's edge.
import {
  CATEGORY_IDS,
  clusterCellSize,
  mapQuerySchema,
  tileBounds,
  tileKey,
  tilesCovering,
  tileX,
  tileY,
  viewTiles,
  type MapQuery,
} from '@app/shared';
import { mulberry32 } from '@app/shared/random';
import { beforeAll, expect, it } from 'vitest';
import { DB_TIMEOUT_MS, describeEachDatabase } from '../../../test/databases.js';
import { solutions, users } from '../../db/schema.js';
import type { KeptBody } from '../../lib/send-kept.js';
import { sharedCache } from '../../lib/shared-cache.js';
import { buildMapService } from './service.js';
import { TILE_POINT_LIMIT, tileService } from './tile-service.js';

/** The viewport, around Dakar: every post lies in it. */
const VIEW: [number, number, number, number] = [-17.5, 14.66, -17.4, 14.74];
const ZOOMS = [9, 10, 11, 12, 13, 14, 15];

/** Every tile edge crossing the view at these zooms: posts exactly on them, and half a cell around. */
function edgeSpots(): { lng: number; lat: number }[] {
  const [west, south, east, north] = VIEW;
  const spots: { lng: number; lat: number }[] = [];
  const inside = (lng: number, lat: number) => lng >= west && lng <= east && lat >= south && lat <= north;
  for (const z of [...ZOOMS, 16]) {
    const size = clusterCellSize(z);
    const columns = new Set<number>();
    const rows = new Set<number>();
    for (let x = tileX(west, z); x <= tileX(east, z); x += 1) columns.add(tileBounds({ z, x, y: 0 })[0]);
    for (let y = tileY(north, z); y <= tileY(south, z); y += 1) rows.add(tileBounds({ z, x: 0, y })[3]);
    const lats = [...rows].flatMap((lat) => [lat, lat + size * 0.45, lat - size * 0.45, lat + size * 0.05]);
    const lngs = [...columns].flatMap((lng) => [lng, lng + size * 0.3]);
    for (const lng of lngs) for (const lat of lats) if (inside(lng, lat)) spots.push({ lng, lat });
  }
  return spots;
}

describeEachDatabase('map tiles merge exactly (tileCells)', (database) => {
  const spots: { lng: number; lat: number; role: 'needSolution' | 'provideSolution' }[] = [];
  const query = (zoom: number, extra: Partial<MapQuery> = {}): MapQuery => ({
    ...mapQuerySchema.parse({ bbox: VIEW.join(','), zoom }),
    ...extra,
  });
  const posts = (role?: string) => spots.filter((s) => !role || s.role === role).length;
  const counted = (view: { points: unknown[]; clusters: { count: number }[] }) =>
    view.points.length + view.clusters.reduce((n, c) => n + c.count, 0);

  beforeAll(async () => {
    const { db } = database();
    const [owner] = await db
      .insert(users)
      .values({ firstName: 'Awa', email: 'awa@example.org', mobileNo: '+221770000001' })
      .returning({ id: users.id });
    const random = mulberry32(38);
    const [west, south, east, north] = VIEW;
    // A busy corner (kept cells hold more than a small exactUpTo there), quiet posts elsewhere, the edges.
    const busy = Array.from({ length: 300 }, () => ({
      lng: west + (random() * (east - west)) / 4,
      lat: north - (random() * (north - south)) / 4,
    }));
    const quiet = Array.from({ length: 40 }, () => ({
      lng: west + random() * (east - west),
      lat: south + random() * (north - south),
    }));
    for (const [i, at] of [...busy, ...quiet, ...edgeSpots()].entries()) {
      spots.push({ ...at, role: i % 3 === 0 ? 'needSolution' : 'provideSolution' });
    }
    const rows = spots.map((s, i) => ({
      userId: owner!.id,
      userRole: s.role,
      category: CATEGORY_IDS[0],
      subCategoryId: 'delivery-own',
      subCategoryEn: 'Your own proposition...',
      subCategoryFr: 'Votre propre proposition...',
      priceUsd: 100,
      priceEur: 100,
      priceXof: 1,
      description: `post ${i}`,
      location: { x: s.lng, y: s.lat },
    }));
    // In batches: PGlite answers nothing after one insert of some 40,000 parameters.
    for (let i = 0; i < rows.length; i += 500) await db.insert(solutions).values(rows.slice(i, i + 500));
    expect(edgeSpots().length).toBeGreaterThan(100);
  }, DB_TIMEOUT_MS);

  it.each([
    ['kept counts wherever a tile holds more than 10', 10],
    ['kept counts past EXACT_UP_TO', undefined],
  ])('counts each post once over the tiles of the view at every zoom: %s', async (_how, exactUpTo) => {
    const service = buildMapService(database().db, { pointLimit: TILE_POINT_LIMIT, exactUpTo });
    const seen = new Set<string>();
    for (const z of ZOOMS) {
      for (const type of [undefined, 'needSolution'] as const) {
        const answers = await Promise.all(tilesCovering(VIEW, z).map((t) => service.tile(t, query(z, { type }))));
        const sources = new Set(answers.map((a) => a.source));
        for (const source of sources) seen.add(source);
        const total = answers.reduce((n, a) => n + counted(a), 0);
        expect(total, `zoom ${z}, ${type ?? 'all'}, answers ${[...sources].join(' ')}`).toBe(posts(type));
      }
    }
    // Neighbouring tiles answered in different ways, which must agree on which posts each counts.
    expect([...seen].sort()).toEqual(['clusters', 'kept', 'points']);
  });

  it('counts each post once at street zoom, a point once at most', async () => {
    const service = buildMapService(database().db, { pointLimit: TILE_POINT_LIMIT });
    const answers = await Promise.all(tilesCovering(VIEW, 16).map((t) => service.tile(t, query(16))));
    const ids = answers.flatMap((a) => a.points.map((p) => p._id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(answers.reduce((n, a) => n + counted(a), 0)).toBe(posts());
  });

  it("merges a view's tiles into what the view holds, each post once", async () => {
    const tiles = tileService(
      buildMapService(database().db, { pointLimit: TILE_POINT_LIMIT, exactUpTo: 10 }),
      sharedCache({ name: 'test-tiles', ttlMs: 10_000, maxEntries: 10_000 }),
    );
    for (const z of [...ZOOMS, 16]) {
      const view = await tiles.view(query(z));
      expect(counted(view), `zoom ${z}`).toBe(posts());
      for (const p of view.points) expect(p.lng >= VIEW[0] && p.lng <= VIEW[2]).toBe(true);
    }
  });

  it('keeps a view asked again while its tiles stay the same answers, and merges it anew once one is dropped', async () => {
    const cache = sharedCache({ name: 'test-views', ttlMs: 10_000, maxEntries: 10_000 });
    const tiles = tileService(buildMapService(database().db, { pointLimit: TILE_POINT_LIMIT }), cache);
    const view = query(13);
    const once = await tiles.viewAnswer(view);
    // Asked once: sent, not kept.
    expect(typeof once).toBe('string');
    const again = (await tiles.viewAnswer(view)) as KeptBody;
    expect(again.body).toBe(once);
    expect(await tiles.viewAnswer(view)).toBe(again);
    // Another view is another answer.
    expect(await tiles.viewAnswer(query(13, { type: 'needSolution' }))).not.toBe(again);
    // One of its tiles dropped (as a change of a post in it drops it): merged again.
    await cache.invalidate([tileKey(viewTiles(view.bbox, view.zoom)[0]!)]);
    const anew = (await tiles.viewAnswer(view)) as KeptBody;
    expect(anew).not.toBe(again);
    expect(anew.body).toBe(once);
    expect(JSON.parse(anew.body).data.points.length + JSON.parse(anew.body).data.clusters.length).toBeGreaterThan(0);
  });
});
