// The map of posts (D-20): individual points while a viewport holds few, server-side clusters
// when it holds many, so the response stays small (goal ≤ 100 KB) with a million posts.
import { currencyOfSetting, formatMoney, type MapCluster, type MapPoint, type MapQuery } from '@app/shared';
import type { Db } from '../../db/client.js';
import { mapRepository, type MapFilter, type PointRow, type MapRepository } from './repository.js';

/** More posts than this in a viewport are clustered. */
export const MAP_POINT_LIMIT = 300;
/** Cells per 256 px tile: a cluster stands for about 64 px of screen. */
const CELLS_PER_TILE = 4;
const MAX_CLUSTERS = 1500;

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

function toPoint(row: PointRow, query: MapQuery): MapPoint {
  const code = currencyOfSetting(query.currency);
  const minor = code === 'EUR' ? row.price_eur : code === 'XOF' ? row.price_xof : row.price_usd;
  return {
    _id: row.id,
    user_role: row.user_role,
    category: row.category as MapPoint['category'],
    lat: row.lat,
    lng: row.lng,
    title: query.lang === 'fr' ? row.sub_category_fr : row.sub_category_en,
    sub_category: { en: row.sub_category_en, fr: row.sub_category_fr },
    display_price: formatMoney(minor, code, query.lang === 'fr' ? 'fr-ca' : 'en-us'),
    verified: row.verified,
    vip: row.vip,
    thumb_url: null,
  };
}

export function mapService(repo: MapRepository) {
  return {
    async map(query: MapQuery): Promise<{ points: MapPoint[]; clusters: MapCluster[] }> {
      const filter: MapFilter = { boxes: boxesOf(query.bbox), type: query.type, category: query.category };
      const points = await repo.mapPoints(filter, MAP_POINT_LIMIT + 1);
      if (points.length <= MAP_POINT_LIMIT) return { points: points.map((p) => toPoint(p, query)), clusters: [] };
      return { points: [], clusters: await repo.mapClusters(filter, cellSize(query.zoom), MAX_CLUSTERS) };
    },
  };
}

export const buildMapService = (db: Db) => mapService(mapRepository(db));
