// Map answers per web-map tile (packages/shared map-tiles.ts), the same bytes for every viewer: public points only
// (D-35), no viewer-specific field. Kept in a shared cache (lib/shared-cache.ts) for TILE_TTL_MS,
// and dropped on every instance as soon as a post in the tile changes (tile-invalidation.ts).
import {
  mergeTileViews,
  tileKey,
  viewTiles,
  type MapCluster,
  type MapPoint,
  type MapQuery,
  type Tile,
} from '@app/shared';
import type { KeptBody } from '../../lib/send-kept.js';
import type { CachedAnswer, SharedCache } from '../../lib/shared-cache.js';

/**
 * How long a tile is kept. Every change of what it shows is announced (its posts, migration 0033;
 * their posters' badges and ratings, 0034) and drops it at once, so this bounds its memory and a
 * missed announcement.
 */
export const TILE_TTL_MS = 60_000;
/** More posts than this in one tile are clustered: a view merges up to 24 tiles, about 12 on a phone, and
 * MAP_POINT_LIMIT (300) points per view kept answers small (bench:map: 100 a tile made a city view 78 KB). */
export const TILE_POINT_LIMIT = 25;

/**
 * Viewports asked for again while their tiles are the same answers are sent from memory, their
 * compressed bytes included (viewAnswer): the first screen of the map is the same for everyone who
 * opens it in a city. At most this many, the most recently asked.
 */
export const REMEMBERED_VIEWS = 256;

export type TileFilter = Pick<MapQuery, 'type' | 'category' | 'currency' | 'lang'>;
type MapView = { points: MapPoint[]; clusters: MapCluster[] };

export interface TileSource {
  /** For each tile, the posts of the cells it owns (tileCells): each post is in one tile of a zoom. */
  tiles(at: Tile[], filter: TileFilter): Promise<MapView[]>;
}

/** `{"data":{"points":[...],"clusters":[...]}}`, as JSON.stringify writes it, from the points' own JSON. */
const bodyOf = (points: string[], clusters: MapCluster[]) =>
  `{"data":{"points":[${points.join(',')}],"clusters":${JSON.stringify(clusters)}}}`;

export function tileService(source: TileSource, cache: SharedCache) {
  /** Parsed once per kept answer, for the viewport route's merge. */
  const parsed = new WeakMap<CachedAnswer, MapView>();
  const variant = (f: TileFilter) => `${f.type ?? ''}|${f.category ?? ''}|${f.currency}|${f.lang}`;

  /** The tiles' answers: those not kept here are asked of Redis in one round trip, the rest computed side by side. */
  function tiles(at: Tile[], filter: TileFilter): Promise<CachedAnswer[]> {
    const asks = at.map((t) => {
      const group = tileKey(t);
      return { group, key: `${group}|${variant(filter)}` };
    });
    return cache.getMany(asks, async (missing) => {
      const { type, category, currency, lang } = filter;
      const views = await source.tiles(
        missing.map((i) => at[i]!),
        { type, category, currency, lang },
      );
      // The points' JSON is written once and kept for the viewport merge (viewAnswer), as is the
      // view itself: an answer computed here is never parsed back.
      return views.map((view) => ({ body: bodyOf(view.points.map(jsonOf), view.clusters), value: view }));
    });
  }

  /** Each kept point's JSON, written once: a merged view is these joined (viewAnswer). */
  const pointJson = new WeakMap<MapPoint, string>();
  const jsonOf = (point: MapPoint): string => {
    let json = pointJson.get(point);
    if (json === undefined) pointJson.set(point, (json = JSON.stringify(point)));
    return json;
  };

  function viewOf(answer: CachedAnswer): MapView {
    if (answer.value) return answer.value as MapView;
    let view = parsed.get(answer);
    if (!view) {
      view = (JSON.parse(answer.body) as { data: MapView }).data;
      parsed.set(answer, view);
    }
    return view;
  }

  /** Keys of views asked once, and views asked again with the tile answers they were merged from. */
  const askedOnce = new Map<string, true>();
  const remembered = new Map<string, { answers: CachedAnswer[]; kept: KeptBody }>();
  /** Sets `key` as the most recent of `map`, dropping the oldest past REMEMBERED_VIEWS. */
  function recent<V>(map: Map<string, V>, key: string, value: V) {
    map.delete(key);
    map.set(key, value);
    if (map.size > REMEMBERED_VIEWS) map.delete(map.keys().next().value!);
  }

  return {
    /** One tile's answer, the same bytes for everyone. */
    tile: async (at: Tile, filter: TileFilter): Promise<CachedAnswer> => (await tiles([at], filter))[0]!,
    /** A viewport from its tiles (the same merge as the web map's): each post counted once. */
    async view(query: MapQuery): Promise<MapView> {
      const answers = await tiles(viewTiles(query.bbox, query.zoom), query);
      return mergeTileViews(query.bbox, answers.map(viewOf));
    },
    /**
     * The same view as the route's JSON, `{"data":{"points":[...],"clusters":[...]}}`: the kept
     * points' own JSON joined. The tiles are sent to everyone as they are kept, so the merge of
     * their points needs no second check against the schema (bench/load: serialising and checking
     * a viewport's points was a tenth of the instances' CPU). Kept (sendKept) for a view asked
     * before, while its tiles are still the same answers, which any change of them replaces: then
     * it is the same view. A view asked once is not kept: most viewports are asked once, and kept
     * answers are compressed harder.
     */
    async viewAnswer(query: MapQuery): Promise<string | KeptBody> {
      const answers = await tiles(viewTiles(query.bbox, query.zoom), query);
      const key = `${query.bbox.join(',')}|${query.zoom}|${variant(query)}`;
      const before = remembered.get(key);
      if (before && before.answers.length === answers.length && before.answers.every((a, i) => a === answers[i])) {
        return before.kept;
      }
      const { points, clusters } = mergeTileViews(query.bbox, answers.map(viewOf));
      const body = bodyOf(points.map(jsonOf), clusters);
      if (!before && !askedOnce.delete(key)) {
        recent(askedOnce, key, true);
        return body;
      }
      const kept = { body, owner: {} };
      recent(remembered, key, { answers, kept });
      return kept;
    },
  };
}

export type TileService = ReturnType<typeof tileService>;
