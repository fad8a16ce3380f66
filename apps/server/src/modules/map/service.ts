// The map of posts (D-20): individual points while a viewport holds few, server-side clusters
// when it holds many, so the response stays small (goal ≤ 100 KB) with a million posts. Clusters
// are summed from per-cell counts the database keeps (down to zoom 14, or 10 with a type or
// category filter), because grouping the posts of a continent, or of a busy city, per request takes
// far too long; past those zooms, and in quiet viewports, posts are counted exactly. bench/map
// measures a city and the world against their goals.
import {
  currencyOfSetting,
  formatMoney,
  tileCells,
  type MapCluster,
  type MapPoint,
  type MapQuery,
  type Tile,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { to3 } from '../../lib/public-point.js';
import { titleIn } from '../solutions/title.js';
import { ratingOf } from '../solutions/solution-record.js';
import {
  isFiltered,
  KEPT_ZOOMS,
  mapRepository,
  type CellGrid,
  type MapFilter,
  type MapRepository,
  type PointRow,
  type ViewPlan,
  type ViewSource,
} from './repository.js';

/** More posts than this in a viewport are clustered. */
export const MAP_POINT_LIMIT = 300;
/** Cells per 256 px tile: a cluster stands for about 64 px of screen. */
const CELLS_PER_TILE = 4;
const MAX_CLUSTERS = 1500;
/**
 * A zoomed-out viewport whose kept cells hold no more posts than this is answered exactly instead:
 * at that size the exact queries cost about a millisecond, and they show points when few are open.
 */
export const EXACT_UP_TO = 1000;

/** The cluster cell at a zoom, in degrees (clusterCellSize in @app/shared for whole zooms). */
export function cellSize(zoom: number): number {
  return 360 / 2 ** zoom / CELLS_PER_TILE;
}

/** Splits a viewport that crosses the antimeridian (west > east) into two boxes. */
export function boxesOf([west, south, east, north]: [number, number, number, number]): MapFilter['boxes'] {
  return west <= east
    ? [[west, south, east, north]]
    : [
        [west, south, 180, north],
        [-180, south, east, north],
      ];
}

/**
 * A post as a map point. D-35: at its public point to 3 decimals, or at `exact` (the viewer's own
 * post or one of a deal its owner confirmed); never with the poster's id, which would let anyone
 * gather one person's posts (API.md lists none).
 */
function toPoint(
  row: PointRow,
  query: Pick<MapQuery, 'currency' | 'lang'>,
  exact: { lng: number; lat: number } | undefined,
): MapPoint {
  const code = currencyOfSetting(query.currency);
  const minor = code === 'EUR' ? row.price_eur : code === 'XOF' ? row.price_xof : row.price_usd;
  return {
    _id: row.id,
    user_role: row.user_role,
    category: row.category,
    // A post that shows its place has its exact point as its public one, all its decimals.
    lat: exact ? exact.lat : row.show_exact_location ? row.lat : to3(row.lat),
    lng: exact ? exact.lng : row.show_exact_location ? row.lng : to3(row.lng),
    location_exact: exact !== undefined || row.show_exact_location,
    title: titleIn(row, query.lang),
    sub_category: { en: row.sub_category_en, fr: row.sub_category_fr },
    display_price: formatMoney(minor, code, query.lang === 'fr' ? 'fr-ca' : 'en-us'),
    verified: row.verified,
    vip: row.vip,
    completed_deals: Number(row.completed_deals ?? 0),
    rating: ratingOf(Number(row.rating_sum ?? 0), Number(row.rating_count ?? 0)),
    thumb_url: null,
  };
}

/**
 * The kept grid to read for a zoom: the nearest at or finer than it among those kept for this
 * filter (KEPT_ZOOMS), or none past the finest.
 */
export function cellGridFor(zoom: number, filter: Pick<MapFilter, 'type' | 'category'> = {}): CellGrid | undefined {
  const zooms: readonly number[] = isFiltered(filter) ? KEPT_ZOOMS.byTypeAndCategory : KEPT_ZOOMS.total;
  const kept = zooms.find((z) => z >= zoom);
  return kept === undefined ? undefined : { zoom: kept, size: cellSize(kept), shift: kept - zoom };
}

type MapView = { points: MapPoint[]; clusters: MapCluster[] };

export interface MapServiceOptions {
  /** EXACT_UP_TO unless a test needs the kept counts for a handful of posts. */
  exactUpTo?: number;
  /** MAP_POINT_LIMIT unless answering one tile of many (tile-service.ts). */
  pointLimit?: number;
}

export function mapService(
  repo: MapRepository,
  { exactUpTo = EXACT_UP_TO, pointLimit = MAP_POINT_LIMIT }: MapServiceOptions = {},
) {
  /** What a view at `zoom` asks of the database (MapRepository.view). */
  const planFor = (filter: Pick<MapFilter, 'type' | 'category'>, zoom: number): ViewPlan => ({
    grid: cellGridFor(zoom, filter),
    exactUpTo,
    pointLimit,
    cell: cellSize(zoom),
    maxClusters: MAX_CLUSTERS,
  });

  /** A view of `filter`'s posts at `zoom`, and which of the three answers it got (ViewSource, for tests). */
  async function answer(
    filter: MapFilter,
    query: Omit<MapQuery, 'bbox'>,
    viewerId: string | undefined,
  ): Promise<MapView & { source: ViewSource }> {
    const { source, points, clusters } = await repo.view(filter, planFor(filter, query.zoom));
    const exact = viewerId
      ? await repo.exactPoints(
          viewerId,
          points.map((p) => p.id),
        )
      : new Map<string, { lng: number; lat: number }>();
    return { source, points: points.map((p) => toPoint(p, query, exact.get(p.id))), clusters };
  }

  /** `viewerId`: a signed-in viewer, who sees their own posts and confirmed deals' exactly (D-35). */
  const view = (query: MapQuery, viewerId?: string) =>
    answer({ boxes: boxesOf(query.bbox), type: query.type, category: query.category }, query, viewerId);

  /**
   * The filter of one web-map tile, for everyone (public points only): the posts of the cells it
   * owns (tileCells), so that the tiles of a viewport count each post once.
   */
  function tileFilter(at: Tile, query: Omit<MapQuery, 'bbox' | 'zoom'>): MapFilter {
    const { size, x, y } = tileCells(at);
    const edge = (cell: number | null, open: number, side: 0 | 1) => (cell === null ? open : (cell + side) * size);
    const box: [number, number, number, number] = [
      edge(x[0], -180, 0),
      edge(y[0], -90, 0),
      edge(x[1], 180, 1),
      edge(y[1], 90, 1),
    ];
    return { boxes: [box], type: query.type, category: query.category, owned: { zoom: at.z, x, y } };
  }

  /**
   * Tiles of one zoom and filter (a view's missing ones), in one statement (MapRepository.views):
   * a statement each, side by side, cost the app more (a cold map view 2.39 against 2.04 ms of
   * CPU), and a UNION of them cost PostgreSQL 2.5 times as much.
   */
  async function tiles(
    at: Tile[],
    query: Omit<MapQuery, 'bbox' | 'zoom'>,
  ): Promise<(MapView & { source: ViewSource })[]> {
    const byZoom = new Map<number, number[]>();
    at.forEach((t, index) => {
      const indexes = byZoom.get(t.z);
      if (indexes) indexes.push(index);
      else byZoom.set(t.z, [index]);
    });
    const answers: (MapView & { source: ViewSource })[] = [];
    await Promise.all(
      [...byZoom].map(async ([zoom, indexes]) => {
        const filters = indexes.map((index) => tileFilter(at[index]!, query));
        const rows = await repo.views(filters, planFor(query, zoom));
        rows.forEach(({ source, points, clusters }, k) => {
          answers[indexes[k]!] = { source, points: points.map((p) => toPoint(p, query, undefined)), clusters };
        });
      }),
    );
    return answers;
  }

  /** One web-map tile (tiles). */
  const tile = async (at: Tile, query: Omit<MapQuery, 'bbox' | 'zoom'>) => (await tiles([at], query))[0]!;

  return {
    view,
    tile,
    tiles,
    /**
     * D-35 on a view shared by everyone (the merged tiles): the viewer's own posts and those of
     * deals the owner confirmed with them move to their exact points. The shared view is not changed.
     */
    async withExactPoints(shared: MapView, viewerId: string): Promise<MapView> {
      const exact = await repo.exactPoints(
        viewerId,
        shared.points.map((p) => p._id),
      );
      if (exact.size === 0) return shared;
      const points = shared.points.map((point) => {
        const at = exact.get(point._id);
        return at ? { ...point, lat: at.lat, lng: at.lng, location_exact: true } : point;
      });
      return { points, clusters: shared.clusters };
    },
    async map(query: MapQuery, viewerId?: string): Promise<MapView> {
      const { points, clusters } = await view(query, viewerId);
      return { points, clusters };
    },
  };
}

export const buildMapService = (db: Db, options?: MapServiceOptions) => mapService(mapRepository(db), options);
