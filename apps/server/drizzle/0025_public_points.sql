-- D-35: homes stay private. `location` becomes the post's public point: drawn once per post,
-- uniformly within 1 km of the true point, to 3 decimals. Every public read (the map and its kept
-- cells, lists, search, `near` ordering, distances) and every GiST index already reads `location`,
-- so they all use the public point without changing. The true point moves to `exact_location`,
-- read only for the owner and the parties of a deal the owner confirmed. `show_exact_location`
-- (a shop, a depot) makes the public point the exact one.
ALTER TABLE "solutions" ADD COLUMN IF NOT EXISTS "exact_location" point;
--> statement-breakpoint
ALTER TABLE "solutions" ADD COLUMN IF NOT EXISTS "show_exact_location" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "solutions" SET "exact_location" = "location" WHERE "exact_location" IS NULL;
--> statement-breakpoint
ALTER TABLE "solutions" ALTER COLUMN "exact_location" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "solutions" ADD CONSTRAINT "solutions_exact_location_range"
  CHECK (exact_location[0] between -180 and 180 and exact_location[1] between -90 and 90);
--> statement-breakpoint
-- A point uniform over the disc of 1 km around `p` (r = 1 km * sqrt(u), so that equal areas are
-- equally likely), rounded to 3 decimals, drawn again while rounding carried it past 1 km. The app
-- draws its own with a cryptographic generator (lib/public-point.ts); this one serves the posts
-- written before this migration and a post whose place is changed in the database.
CREATE OR REPLACE FUNCTION public_point_near(p point) RETURNS point LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  km_per_degree constant float8 := 6371.0088 * pi() / 180;
  r float8;
  a float8;
  lat float8;
  lng float8;
  d float8;
BEGIN
  FOR i IN 1..100 LOOP
    r := sqrt(random());
    a := 2 * pi() * random();
    lat := greatest(-90, least(90, round((p[1] + r * sin(a) / km_per_degree)::numeric, 3)::float8));
    lng := p[0] + r * cos(a) / km_per_degree / greatest(0.01, cos(radians(p[1])));
    lng := round((CASE WHEN lng > 180 THEN lng - 360 WHEN lng < -180 THEN lng + 360 ELSE lng END)::numeric, 3)::float8;
    d := 2 * 6371.0088 * asin(least(1, sqrt(power(sin(radians(lat - p[1]) / 2), 2)
      + cos(radians(p[1])) * cos(radians(lat)) * power(sin(radians(lng - p[0]) / 2), 2))));
    IF d <= 1 THEN
      RETURN point(lng, lat);
    END IF;
  END LOOP;
  -- Not reached in practice; the true point to 3 decimals is still within 80 m of itself.
  RETURN point(round(p[0]::numeric, 3)::float8, round(p[1]::numeric, 3)::float8);
END $$;
--> statement-breakpoint
-- A row written without an exact point (an old client of the table, a test's fixture) states its
-- point as both. A post whose place changes gets a new public point unless the writer gave one, and
-- a post that shows its exact place has it as its public point.
CREATE OR REPLACE FUNCTION solutions_public_point() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.exact_location IS NULL THEN
      NEW.exact_location := NEW.location;
    END IF;
  ELSIF NOT NEW.show_exact_location AND NEW.location ~= OLD.location
      AND (NOT NEW.exact_location ~= OLD.exact_location OR OLD.show_exact_location) THEN
    NEW.location := public_point_near(NEW.exact_location);
  END IF;
  IF NEW.show_exact_location THEN
    NEW.location := NEW.exact_location;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS solutions_public_point ON solutions;
--> statement-breakpoint
CREATE TRIGGER solutions_public_point BEFORE INSERT OR UPDATE OF location, exact_location, show_exact_location
  ON solutions FOR EACH ROW EXECUTE FUNCTION solutions_public_point();
--> statement-breakpoint
-- Posts written before: each gets its public point now (the map-cell triggers move their counts).
UPDATE "solutions" SET "location" = public_point_near("exact_location");
