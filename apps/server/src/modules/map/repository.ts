// Map queries (D-5, D-20). Zoomed out, clusters are summed from the per-cell counts that triggers
// keep in step with solutions (map_cells by type and category, map_cell_totals for all posts;
// migration 0003). Otherwise the exact path filters open posts with `location <@ box`, answered
// from the partial GiST index solutions_open_location_gist alone (it includes type and category),
// and counts clusters in the database on a grid whose cell follows the zoom.
import type { CellRange } from '@app/shared';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { plainValue, shapedStatements, type Value } from '../../db/shaped-statements.js';
import { parseRows, queryRows } from '../../lib/sql-rows.js';
import { solutionRow, viewerExact } from '../solutions/post-rows-repository.js';

export interface MapFilter {
  /** One or two boxes (two when the viewport crosses the antimeridian): [west, south, east, north]. */
  boxes: [number, number, number, number][];
  type?: 'needSolution' | 'provideSolution' | undefined;
  category?: string | undefined;
  /**
   * Only the posts whose cell of this zoom's grid (map_cell, as the kept cells) lies in these
   * ranges: the cells a tile owns (tileCells), so that no post is in two tiles. The boxes then
   * only enclose those cells, for the index.
   */
  owned?: { zoom: number; x: CellRange; y: CellRange } | undefined;
}

/**
 * A post of pointsQuery, parsed from each row (lib/sql-rows.ts); its created_at only orders them.
 * Its post columns are the post row's (solutionRow, itself picked from the shared records.ts).
 */
const pointRow = solutionRow
  .pick({
    id: true,
    user_id: true,
    user_role: true,
    category: true,
    /** D-35: the owner shows the exact place: the public point is the exact one. */
    show_exact_location: true,
    sub_category_en: true,
    /** D-30: null means the sub-category's name. */
    title: true,
    sub_category_fr: true,
    sub_category_id: true,
    price_usd: true,
    price_eur: true,
    price_xof: true,
  })
  .extend({
    /** D-35: the public point (`location`); the exact one only for a viewer allowed it (exactPoints). */
    lng: z.coerce.number(),
    lat: z.coerce.number(),
    verified: z.boolean(),
    vip: z.boolean(),
    completed_deals: z.number(),
    rating_sum: z.number(),
    rating_count: z.number(),
  });
export type PointRow = z.infer<typeof pointRow>;

/** A cluster: its posts' mean position and count. */
const clusterRow = z.object({ lng: z.coerce.number(), lat: z.coerce.number(), count: z.coerce.number() });
export type ClusterRow = z.infer<typeof clusterRow>;
/** A cluster as json_build_array(lng, lat, count) writes it. */
const clusterTriple = z.tuple([z.number(), z.number(), z.number()]);

/** The one row of MapRepository.view: which answer applies, and that answer. */
const viewRow = z.object({
  quiet: z.boolean(),
  busy: z.boolean(),
  kept: z.array(clusterTriple).nullable(),
  clusters: z.array(clusterTriple).nullable(),
  points: z.array(pointRow).nullable(),
});
/** A row of MapRepository.views: a view's row and which of the views it answers (from 1). */
const numberedViewRow = viewRow.extend({ i: z.coerce.number() });

/**
 * The zooms whose grids the database keeps, as migration 0003_map_cells writes them (map_cells_add):
 * change both together, with a new migration. By type and category for filtered maps; in total,
 * down to city zooms, for the unfiltered map. Past zoom 14 a busy city's cell holds a few posts,
 * so summing kept cells would cost about what counting the posts does.
 */
export const KEPT_ZOOMS = {
  byTypeAndCategory: [2, 4, 6, 8, 10],
  total: [2, 4, 6, 8, 10, 12, 14],
} as const;

/** A kept grid, read for a coarser zoom: `shift` halvings merge its cells 2^shift per side. */
export interface CellGrid {
  /** The zoom the grid was kept for: one of KEPT_ZOOMS for the filter at hand. */
  zoom: number;
  /** Its cell size in degrees (cellSize(zoom) in the service). */
  size: number;
  /** Requested zoom = grid zoom - shift. */
  shift: number;
}

function where(filter: MapFilter, v: Value): SQL {
  const boxes = filter.boxes.map(
    ([w, s, e, n]) => sql`s.location <@ box(point(${v(w)}, ${v(s)}), point(${v(e)}, ${v(n)}))`,
  );
  // D-29: listed posts only, as the partial index and the kept cells hold them (migration 0021).
  const parts: SQL[] = [
    sql`s.status = 'Pending' and not s.hidden and not s.owner_blocked`,
    sql`(${sql.join(boxes, sql` or `)})`,
  ];
  if (filter.type) parts.push(sql`s.user_role = ${v(filter.type)}`);
  if (filter.category) parts.push(sql`s.category = ${v(filter.category)}`);
  if (filter.owned) {
    const { zoom, x, y } = filter.owned;
    parts.push(...cellBounds(sql`map_cell(s.location[0], ${v(zoom)}::int)`, x, 0, v));
    parts.push(...cellBounds(sql`map_cell(s.location[1], ${v(zoom)}::int)`, y, 0, v));
  }
  return sql.join(parts, sql` and `);
}

/**
 * `cell` within a range of cells of the owned zoom, read on a grid `shift` zooms finer: 2^shift
 * of its cells per side make one owned cell.
 */
function cellBounds(cell: SQL, [from, to]: CellRange, shift: number, v: Value): SQL[] {
  const scale = 2 ** shift;
  return [
    ...(from === null ? [] : [sql`${cell} >= ${v(from * scale)}`]),
    ...(to === null ? [] : [sql`${cell} <= ${v((to + 1) * scale - 1)}`]),
  ];
}

/** Whether a filter needs map_cells (by type and category) rather than map_cell_totals. */
export const isFiltered = (filter: Pick<MapFilter, 'type' | 'category'>): boolean =>
  Boolean(filter.type || filter.category);

/**
 * The same viewport and filters over kept cells: every cell of the grid that overlaps a box, or,
 * for a tile, the cells within those it owns (the grid is as fine as its zoom's or finer).
 */
function cellWhere(filter: MapFilter, grid: CellGrid, v: Value): SQL {
  const cell = (degrees: number) => v(Math.floor(degrees / grid.size));
  const boxes = filter.boxes.map(
    ([w, s, e, n]) => sql`(c.cell_x between ${cell(w)} and ${cell(e)} and c.cell_y between ${cell(s)} and ${cell(n)})`,
  );
  const owned = filter.owned;
  const parts: SQL[] = [
    sql`c.zoom = ${v(grid.zoom)}`,
    ...(owned
      ? [
          ...cellBounds(sql`c.cell_x`, owned.x, grid.zoom - owned.zoom, v),
          ...cellBounds(sql`c.cell_y`, owned.y, grid.zoom - owned.zoom, v),
        ]
      : [sql`(${sql.join(boxes, sql` or `)})`]),
  ];
  if (filter.type) parts.push(sql`c.user_role = ${v(filter.type)}`);
  if (filter.category) parts.push(sql`c.category = ${v(filter.category)}`);
  return sql.join(parts, sql` and `);
}

/** A mean position to 1e-5 degree (about a metre): a third fewer bytes than all 17 digits. */
const metre = (degrees: number) => Math.round(degrees * 1e5) / 1e5;
const toCluster = ([lng, lat, count]: [number, number, number]): ClusterRow => ({
  lng: metre(lng),
  lat: metre(lat),
  count,
});
const toClusters = (result: unknown): ClusterRow[] =>
  parseRows(result, clusterRow).map((r) => toCluster([r.lng, r.lat, r.count]));

/** What one view asks of the database (MapRepository.view), decided there in one round trip. */
export interface ViewPlan {
  /** The kept grid to sum first, if the zoom has one (cellGridFor). */
  grid: CellGrid | undefined;
  /** Kept cells holding no more posts than this are counted exactly instead. */
  exactUpTo: number;
  /** Up to this many posts come back as points; more are clustered. */
  pointLimit: number;
  /** The exact clusters' cell, in degrees. */
  cell: number;
  maxClusters: number;
}

/** Which of the three answers a view got: summed kept cells, counted clusters, or the posts. */
export type ViewSource = 'kept' | 'clusters' | 'points';

export interface ViewRows {
  source: ViewSource;
  points: PointRow[];
  clusters: ClusterRow[];
}

/** Up to `limit` open posts in the viewport, newest first. */
const pointsQuery = (filter: MapFilter, limit: number, v: Value) => sql`
  select s.id, s.user_id, s.user_role, s.category, s.location[0] as lng, s.location[1] as lat,
         s.show_exact_location, s.sub_category_en, s.sub_category_fr, s.sub_category_id, s.title,
         s.price_usd, s.price_eur, s.price_xof, u.verified, u.vip,
         u.completed_deals, u.rating_sum, u.rating_count, s.created_at
  from solutions s join users u on u.id = s.user_id
  where ${where(filter, v)}
  order by s.created_at desc
  limit ${v(limit)}`;

/** Counts per grid cell (`cell` degrees square) at the mean position of its posts, biggest first. */
const clustersQuery = (filter: MapFilter, cell: number, limit: number, v: Value) => sql`
  select avg(s.location[0]) as lng, avg(s.location[1]) as lat, count(*)::int as count
  from solutions s
  where ${where(filter, v)}
  group by floor(s.location[0] / ${v(cell)}), floor(s.location[1] / ${v(cell)})
  order by count desc
  limit ${v(limit)}`;

/**
 * The same clusters from the kept counts of `grid` (map_cells when filtered, else
 * map_cell_totals): its cells that overlap the viewport, merged into cells of the requested
 * zoom (an arithmetic shift floors negative cells too), at the mean position of their posts.
 * Cells at the viewport's edge count whole, so a cluster there may include posts just outside.
 */
const keptQuery = (filter: MapFilter, grid: CellGrid, limit: number, v: Value) => sql`
  select sum(c.sum_lng) / sum(c.count) as lng, sum(c.sum_lat) / sum(c.count) as lat, sum(c.count)::int as count
  from ${isFiltered(filter) ? sql`map_cells` : sql`map_cell_totals`} c
  where ${cellWhere(filter, grid, v)}
  group by c.cell_x >> ${v(grid.shift)}, c.cell_y >> ${v(grid.shift)}
  having sum(c.count) > 0
  order by 3 desc
  limit ${v(limit)}`;

/**
 * What changes the text of MapRepository.view's statement (db/shaped-statements.ts); everything else in
 * it is a value. Which bounds of the owned cells are open changes it too.
 */
function viewShape(filter: MapFilter, plan: ViewPlan): string {
  const open = (range: CellRange) => `${range[0] === null ? 'o' : 'c'}${range[1] === null ? 'o' : 'c'}`;
  const owned = filter.owned ? `${open(filter.owned.x)}${open(filter.owned.y)}` : '-';
  const grid = plan.grid ? (isFiltered(filter) ? 'cells' : 'totals') : 'none';
  return `view|${grid}|${filter.boxes.length}|${filter.type ? 't' : '-'}|${filter.category ? 'c' : '-'}|${owned}`;
}

/**
 * One view in one statement (MapRepository.view): the kept cells are summed first; only when they
 * hold few posts (or the zoom has no kept grid) are the posts counted, stopping past the point limit
 * from the index alone, so a busy viewport never sorts and joins its thousands of posts only to learn
 * that it needs clusters; then come either the posts or their clusters. Each step runs only when the
 * one before asks for it (PostgreSQL evaluates the uncorrelated `(select yes ...)` conditions once,
 * before the scans they guard).
 */
const viewStatement =
  (filter: MapFilter, plan: ViewPlan) =>
  (v: Value): SQL => {
    // Past the kept zooms there are no cells to sum: the view is counted exactly at once.
    const kept = plan.grid
      ? keptQuery(filter, plan.grid, plan.maxClusters, v)
      : sql`select 0::float8 as lng, 0::float8 as lat, 0 as count where false`;
    const quiet = plan.grid
      ? sql`select coalesce(sum(count), 0) <= ${v(plan.exactUpTo)} as yes from kept`
      : sql`select true as yes`;
    return sql`
  with kept as (${kept}),
  quiet as (${quiet}),
  busy as (select count(*) > ${v(plan.pointLimit)} as yes from (select 1 from solutions s
    where (select yes from quiet) and ${where(filter, v)} limit ${v(plan.pointLimit + 1)}) as open_posts)
  select (select yes from quiet) as quiet, (select yes from busy) as busy,
    case when (select yes from quiet) then null
      else (select json_agg(json_build_array(k.lng, k.lat, k.count) order by k.count desc) from kept k) end as kept,
    (select json_agg(json_build_array(c.lng, c.lat, c.count) order by c.count desc)
      from (${clustersQuery(filter, plan.cell, plan.maxClusters, v)}) c
      where (select yes from quiet) and (select yes from busy)) as clusters,
    (select json_agg(p order by p.created_at desc)
      from (${pointsQuery(filter, plan.pointLimit, v)}) p
      where (select yes from quiet) and not (select yes from busy)) as points`;
  };

/** Which of the three answers a view's row holds, as rows. */
function rowsOf(row: z.infer<typeof viewRow>): ViewRows {
  if (!row.quiet) return { source: 'kept', points: [], clusters: (row.kept ?? []).map(toCluster) };
  if (row.busy) return { source: 'clusters', points: [], clusters: (row.clusters ?? []).map(toCluster) };
  return { source: 'points', points: row.points ?? [], clusters: [] };
}

export function mapRepository(db: Db) {
  const shaped = shapedStatements(db);
  return {
    /** One view in one round trip (viewStatement; bench/load: up to three before). */
    async view(filter: MapFilter, plan: ViewPlan): Promise<ViewRows> {
      const [row] = parseRows(await shaped(viewShape(filter, plan), viewStatement(filter, plan)), viewRow);
      return rowsOf(row!);
    },

    /**
     * Several views of one plan (a map view's missing tiles) in one round trip: each shape's views
     * run as one statement (shapedStatements' many), each view as `view` runs it. A map view with a
     * cold tile cache cost the app 2.39 ms of CPU with a statement per tile, 2.04 ms this way
     * (docs/performance.md, sixth round).
     */
    async views(filters: MapFilter[], plan: ViewPlan): Promise<ViewRows[]> {
      const byShape = new Map<string, number[]>();
      filters.forEach((filter, index) => {
        const shape = viewShape(filter, plan);
        const indexes = byShape.get(shape);
        if (indexes) indexes.push(index);
        else byShape.set(shape, [index]);
      });
      const answers: ViewRows[] = [];
      await Promise.all(
        [...byShape].map(async ([shape, indexes]) => {
          const result = await shaped.many(
            shape,
            indexes.map((index) => viewStatement(filters[index]!, plan)),
          );
          for (const row of parseRows(result, numberedViewRow)) answers[indexes[row.i - 1]!] = rowsOf(row);
        }),
      );
      return answers;
    },

    /**
     * D-35: the exact points of those of `ids` that `viewerId` may see exactly: their own posts and
     * posts they hold a deal on that the owner confirmed (solutions/repository.ts viewerExact).
     */
    async exactPoints(viewerId: string, ids: string[]): Promise<Map<string, { lng: number; lat: number }>> {
      if (ids.length === 0) return new Map();
      const rows = await queryRows(
        db,
        sql`select s.id, s.exact_location[0] as lng, s.exact_location[1] as lat from solutions s
          where s.id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) and ${viewerExact(sql`s`, sql`${viewerId}::uuid`)}`,
        z.object({ id: z.string(), lng: z.coerce.number(), lat: z.coerce.number() }),
      );
      return new Map(rows.map((r) => [r.id, { lng: r.lng, lat: r.lat }]));
    },

    /** Exact clusters of a viewport: what the kept counts must add up to (the map tests compare both). */
    async mapClusters(filter: MapFilter, cell: number, limit: number): Promise<ClusterRow[]> {
      return toClusters(await db.execute(clustersQuery(filter, cell, limit, plainValue)));
    },
  };
}
export type MapRepository = ReturnType<typeof mapRepository>;
