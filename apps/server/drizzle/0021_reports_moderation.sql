-- D-29: reports and moderation. Anyone signed in reports a post or a user with a reason; an admin
-- closes the report, hides the post or blocks the user. A blocked user cannot sign in and their
-- sessions end (blocked_at, checked by every session); a hidden post, or any post of a blocked
-- user (owner_blocked, kept in step by the block itself), leaves the map, the lists and search.
ALTER TABLE users ADD COLUMN IF NOT EXISTS blocked_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE solutions ADD COLUMN IF NOT EXISTS hidden boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE solutions ADD COLUMN IF NOT EXISTS hidden_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE solutions ADD COLUMN IF NOT EXISTS owner_blocked boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"solution_id" uuid,
	"user_id" uuid,
	"reason" text NOT NULL,
	"text" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	CONSTRAINT "reports_target" CHECK ("solution_id" IS NOT NULL OR "user_id" IS NOT NULL),
	CONSTRAINT "reports_reason_known" CHECK ("reason" IN ('scam', 'spam', 'offensive', 'wrong_info', 'other')),
	CONSTRAINT "reports_status_known" CHECK ("status" IN ('open', 'closed')),
	CONSTRAINT "reports_text_length" CHECK ("text" IS NULL OR char_length("text") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_solution_id_solutions_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."solutions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The admin's list: open first, newest first.
CREATE INDEX "reports_status_created" ON "reports" USING btree ("status" DESC, "created_at" DESC NULLS FIRST);
--> statement-breakpoint
-- D-20: the kept map cells count listed posts only: open (Pending), not hidden, owner not blocked.
-- The trigger functions of migration 0003 are replaced with that predicate; hiding, showing,
-- blocking and unblocking are plain updates of solutions, so the cells follow them at once.
CREATE OR REPLACE FUNCTION map_cells_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM map_cells_add(array_agg(location[0]), array_agg(location[1]), array_agg(user_role), array_agg(category),
                        array_agg(1))
    FROM new_rows WHERE status = 'Pending' AND NOT hidden AND NOT owner_blocked;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION map_cells_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM map_cells_add(array_agg(d.lng), array_agg(d.lat), array_agg(d.user_role), array_agg(d.category),
                        array_agg(d.sign))
    FROM (
      SELECT a.*, 1 AS sign FROM (
        SELECT location[0] AS lng, location[1] AS lat, user_role, category FROM new_rows
          WHERE status = 'Pending' AND NOT hidden AND NOT owner_blocked
        EXCEPT ALL
        SELECT location[0], location[1], user_role, category FROM old_rows
          WHERE status = 'Pending' AND NOT hidden AND NOT owner_blocked
      ) AS a
      UNION ALL
      SELECT r.*, -1 AS sign FROM (
        SELECT location[0] AS lng, location[1] AS lat, user_role, category FROM old_rows
          WHERE status = 'Pending' AND NOT hidden AND NOT owner_blocked
        EXCEPT ALL
        SELECT location[0], location[1], user_role, category FROM new_rows
          WHERE status = 'Pending' AND NOT hidden AND NOT owner_blocked
      ) AS r
    ) AS d;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION map_cells_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM map_cells_add(array_agg(location[0]), array_agg(location[1]), array_agg(user_role), array_agg(category),
                        array_agg(-1))
    FROM old_rows WHERE status = 'Pending' AND NOT hidden AND NOT owner_blocked;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The partial indexes of open posts (migrations 0003, 0006, 0016) now hold listed posts only, so
-- hidden posts cost the map and the lists nothing and index-only scans stay index-only.
DROP INDEX IF EXISTS solutions_open_location_gist;
--> statement-breakpoint
CREATE INDEX solutions_open_location_gist ON solutions USING gist (location)
  INCLUDE (user_role, category) WHERE status = 'Pending' AND NOT hidden AND NOT owner_blocked;
--> statement-breakpoint
DROP INDEX IF EXISTS solutions_open_country_created;
--> statement-breakpoint
CREATE INDEX solutions_open_country_created ON solutions USING btree (user_role, search_country, created_at DESC NULLS FIRST, id DESC NULLS FIRST) WHERE status = 'Pending' AND NOT hidden AND NOT owner_blocked;
--> statement-breakpoint
DROP INDEX IF EXISTS solutions_open_search_words;
--> statement-breakpoint
CREATE INDEX solutions_open_search_words ON solutions USING gin (search_words) WHERE status = 'Pending' AND NOT hidden AND NOT owner_blocked;
--> statement-breakpoint
DROP INDEX IF EXISTS solutions_open_created;
--> statement-breakpoint
CREATE INDEX solutions_open_created ON solutions USING btree (created_at DESC NULLS FIRST, id DESC NULLS FIRST) WHERE status = 'Pending' AND NOT hidden AND NOT owner_blocked;
