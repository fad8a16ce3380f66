CREATE TABLE "map_cell_totals" (
	"zoom" smallint NOT NULL,
	"cell_x" integer NOT NULL,
	"cell_y" integer NOT NULL,
	"count" integer NOT NULL,
	"sum_lng" double precision NOT NULL,
	"sum_lat" double precision NOT NULL,
	CONSTRAINT "map_cell_totals_pkey" PRIMARY KEY("zoom","cell_x","cell_y")
);
--> statement-breakpoint
CREATE TABLE "map_cells" (
	"zoom" smallint NOT NULL,
	"cell_x" integer NOT NULL,
	"cell_y" integer NOT NULL,
	"user_role" "user_role" NOT NULL,
	"category" "category" NOT NULL,
	"count" integer NOT NULL,
	"sum_lng" double precision NOT NULL,
	"sum_lat" double precision NOT NULL,
	CONSTRAINT "map_cells_pkey" PRIMARY KEY("zoom","cell_x","cell_y","user_role","category")
);
--> statement-breakpoint
-- D-20: map_cells and map_cell_totals are kept by the database itself, in the writer's transaction,
-- so every reader sees a new, taken or deleted post at once and no application path can forget it.
-- Open (Pending) posts count; a post leaving Pending, moving or being deleted takes its count and
-- coordinates back out. The kept zooms are also listed in modules/map/repository.ts (KEPT_ZOOMS).

-- The cell of a coordinate at a zoom: 360 / 2^zoom / 4 degrees square, as cellSize() in modules/map.
CREATE OR REPLACE FUNCTION map_cell(coord double precision, zoom integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT floor(coord / (90.0::double precision / (1 << zoom)))::integer $$;
--> statement-breakpoint
-- Adds `signs` (+1 or -1) of posts at these coordinates to their cells at every kept zoom: by type
-- and category down to zoom 10, in total down to zoom 14. Rows are locked in key order, so
-- concurrent writers cannot deadlock on them; keys whose changes cancel out are not written at all.
CREATE OR REPLACE FUNCTION map_cells_add(lngs double precision[], lats double precision[], roles user_role[],
    categories category[], signs integer[])
  RETURNS void LANGUAGE sql
  AS $$
    INSERT INTO map_cells AS m (zoom, cell_x, cell_y, user_role, category, count, sum_lng, sum_lat)
    SELECT z.zoom, map_cell(d.lng, z.zoom), map_cell(d.lat, z.zoom), d.user_role, d.category,
           sum(d.sign), sum(d.sign * d.lng), sum(d.sign * d.lat)
    FROM unnest(lngs, lats, roles, categories, signs) AS d(lng, lat, user_role, category, sign)
    CROSS JOIN unnest(ARRAY[2, 4, 6, 8, 10]) AS z(zoom)
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.lng) <> 0 OR sum(d.sign * d.lat) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (zoom, cell_x, cell_y, user_role, category) DO UPDATE
      SET count = m.count + excluded.count,
          sum_lng = m.sum_lng + excluded.sum_lng,
          sum_lat = m.sum_lat + excluded.sum_lat;

    INSERT INTO map_cell_totals AS t (zoom, cell_x, cell_y, count, sum_lng, sum_lat)
    SELECT z.zoom, map_cell(d.lng, z.zoom), map_cell(d.lat, z.zoom), sum(d.sign), sum(d.sign * d.lng),
           sum(d.sign * d.lat)
    FROM unnest(lngs, lats, signs) AS d(lng, lat, sign)
    CROSS JOIN unnest(ARRAY[2, 4, 6, 8, 10, 12, 14]) AS z(zoom)
    GROUP BY 1, 2, 3
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.lng) <> 0 OR sum(d.sign * d.lat) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (zoom, cell_x, cell_y) DO UPDATE
      SET count = t.count + excluded.count,
          sum_lng = t.sum_lng + excluded.sum_lng,
          sum_lat = t.sum_lat + excluded.sum_lat;
  $$;
--> statement-breakpoint
-- Statement-level triggers with transition tables: a bulk insert of 100,000 posts updates each
-- cell once, not 100,000 times.
CREATE OR REPLACE FUNCTION map_cells_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM map_cells_add(array_agg(location[0]), array_agg(location[1]), array_agg(user_role), array_agg(category),
                        array_agg(1))
    FROM new_rows WHERE status = 'Pending';
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update counts only what changed: unchanged open posts cancel out exactly (EXCEPT ALL) before
-- any sum, so editing a description writes nothing and floating-point sums do not drift.
CREATE OR REPLACE FUNCTION map_cells_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM map_cells_add(array_agg(d.lng), array_agg(d.lat), array_agg(d.user_role), array_agg(d.category),
                        array_agg(d.sign))
    FROM (
      SELECT a.*, 1 AS sign FROM (
        SELECT location[0] AS lng, location[1] AS lat, user_role, category FROM new_rows WHERE status = 'Pending'
        EXCEPT ALL
        SELECT location[0], location[1], user_role, category FROM old_rows WHERE status = 'Pending'
      ) AS a
      UNION ALL
      SELECT r.*, -1 AS sign FROM (
        SELECT location[0] AS lng, location[1] AS lat, user_role, category FROM old_rows WHERE status = 'Pending'
        EXCEPT ALL
        SELECT location[0], location[1], user_role, category FROM new_rows WHERE status = 'Pending'
      ) AS r
    ) AS d;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION map_cells_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM map_cells_add(array_agg(location[0]), array_agg(location[1]), array_agg(user_role), array_agg(category),
                        array_agg(-1))
    FROM old_rows WHERE status = 'Pending';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION map_cells_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM map_cells;
  DELETE FROM map_cell_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Creating the triggers locks solutions against writes until this migration commits, so the backfill
-- below sees every post and none slips in between.
CREATE TRIGGER map_cells_insert AFTER INSERT ON solutions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION map_cells_after_insert();
--> statement-breakpoint
CREATE TRIGGER map_cells_update AFTER UPDATE ON solutions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION map_cells_after_update();
--> statement-breakpoint
CREATE TRIGGER map_cells_delete AFTER DELETE ON solutions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION map_cells_after_delete();
--> statement-breakpoint
CREATE TRIGGER map_cells_truncate AFTER TRUNCATE ON solutions
  FOR EACH STATEMENT EXECUTE FUNCTION map_cells_after_truncate();
--> statement-breakpoint
-- The posts already there.
SELECT map_cells_add(array_agg(location[0]), array_agg(location[1]), array_agg(user_role), array_agg(category),
                     array_agg(1))
  FROM solutions WHERE status = 'Pending';
--> statement-breakpoint
-- The exact path (modules/map: past the kept zooms, filtered maps past zoom 10, and quiet viewports):
-- open posts of a viewport counted, clustered and filtered by type or category from this index alone
-- (an index-only scan), never from the table.
CREATE INDEX IF NOT EXISTS solutions_open_location_gist ON solutions USING gist (location)
  INCLUDE (user_role, category) WHERE status = 'Pending';
