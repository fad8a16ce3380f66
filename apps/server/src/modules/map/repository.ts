// Map queries (D-5, D-20): the viewport filter `location <@ box` is answered by the GiST index;
// clusters are counted in the database on a grid whose cell follows the zoom.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export interface MapFilter {
  /** One or two boxes (two when the viewport crosses the antimeridian): [west, south, east, north]. */
  boxes: [number, number, number, number][];
  type?: 'needSolution' | 'provideSolution' | undefined;
  category?: string | undefined;
}

export interface PointRow {
  id: string;
  user_role: 'needSolution' | 'provideSolution';
  category: string;
  lng: number;
  lat: number;
  sub_category_en: string;
  sub_category_fr: string;
  sub_category_id: string;
  price_usd: number;
  price_eur: number;
  price_xof: number;
  verified: boolean;
  vip: boolean;
}

export interface ClusterRow {
  lng: number;
  lat: number;
  count: number;
}

function where(filter: MapFilter): SQL {
  const boxes = filter.boxes.map(([w, s, e, n]) => sql`s.location <@ box(point(${w}, ${s}), point(${e}, ${n}))`);
  const parts: SQL[] = [sql`s.status = 'Pending'`, sql`(${sql.join(boxes, sql` or `)})`];
  if (filter.type) parts.push(sql`s.user_role = ${filter.type}`);
  if (filter.category) parts.push(sql`s.category = ${filter.category}`);
  return sql.join(parts, sql` and `);
}

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export function mapRepository(db: Db) {
  return {
    /** Up to `limit` open posts in the viewport, newest first. */
    async mapPoints(filter: MapFilter, limit: number): Promise<PointRow[]> {
      const result = await db.execute(sql`
        select s.id, s.user_role, s.category, s.location[0] as lng, s.location[1] as lat,
               s.sub_category_en, s.sub_category_fr, s.sub_category_id,
               s.price_usd, s.price_eur, s.price_xof, u.verified, u.vip
        from solutions s join users u on u.id = s.user_id
        where ${where(filter)}
        order by s.created_at desc
        limit ${limit}`);
      return rows<PointRow>(result).map((r) => ({ ...r, lng: Number(r.lng), lat: Number(r.lat) }));
    },

    /** Counts per grid cell (`cell` degrees square) at the mean position of its posts. */
    async mapClusters(filter: MapFilter, cell: number, limit: number): Promise<ClusterRow[]> {
      const result = await db.execute(sql`
        select avg(s.location[0]) as lng, avg(s.location[1]) as lat, count(*)::int as count
        from solutions s
        where ${where(filter)}
        group by floor(s.location[0] / ${cell}), floor(s.location[1] / ${cell})
        order by count desc
        limit ${limit}`);
      return rows<ClusterRow>(result).map((r) => ({ lng: Number(r.lng), lat: Number(r.lat), count: Number(r.count) }));
    },
  };
}
export type MapRepository = ReturnType<typeof mapRepository>;
