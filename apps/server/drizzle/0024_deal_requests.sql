-- D-32..D-34: a deal starts as a request that the post's owner confirms or declines; what is rented
-- is booked by date; a deal completes when both parties mark it done. `state` is the deal's place
-- in the graph of packages/shared/src/deals.ts; `ended_at` stays "no longer live" for every end.
-- Deals recorded before this migration were taken under the old rule and stay accepted.
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "state" text DEFAULT 'requested' NOT NULL;
--> statement-breakpoint
UPDATE "deals" SET "state" = CASE
  WHEN "ended_at" IS NOT NULL THEN 'cancelled'
  WHEN "completed_at" IS NOT NULL THEN 'completed'
  ELSE 'accepted' END;
--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_state_known"
  CHECK ("state" IN ('requested', 'accepted', 'completed', 'cancelled', 'declined', 'withdrawn', 'expired'));
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "confirmed_at" timestamp with time zone;
--> statement-breakpoint
-- Confirmed when made; a live deal still without contact access gets its 48 hours to pay (D-15
-- revised) from the upgrade, not from a time when no fee was due and the clock would lapse it at once.
UPDATE "deals" SET "confirmed_at" = CASE
  WHEN "state" = 'accepted' AND "contact_access" = 'none' THEN greatest("accepted_at", now())
  ELSE "accepted_at" END;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "note" text;
--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_note_length" CHECK ("note" IS NULL OR char_length("note") <= 280);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "price_currency" text;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "price_minor" integer;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "price_usd" integer;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "price_eur" integer;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "price_xof" integer;
--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_price_known" CHECK (
  ("price_minor" IS NULL OR "price_minor" >= 0) AND ("price_currency" IS NULL OR "price_currency" IN ('USD', 'EUR', 'XOF', 'CDF')));
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "unit" text;
--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_unit_known" CHECK ("unit" IS NULL OR "unit" IN ('day', 'night', 'hour', 'month'));
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "from_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "to_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "units" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_dates_order" CHECK ("from_at" IS NULL OR "to_at" > "from_at");
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "done_owner_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "done_acceptor_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "disputed_by" uuid;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "reason" text;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "reminded_at" timestamp with time zone;
--> statement-breakpoint
-- Many requests per post now, one open request per person and post. Confirming locks the post's
-- row, so a single-use post gets one confirmed deal and a calendar never goes over its capacity.
DROP INDEX IF EXISTS "deals_one_live_per_solution";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "deals_one_request_per_person" ON "deals" ("solution_id", "acceptor_id") WHERE "state" = 'requested';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deals_state_accepted" ON "deals" ("state", "accepted_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deals_solution_state" ON "deals" ("solution_id", "state");
--> statement-breakpoint
ALTER TABLE "solutions" ADD COLUMN IF NOT EXISTS "unit" text;
--> statement-breakpoint
ALTER TABLE "solutions" ADD CONSTRAINT "solutions_unit_known" CHECK ("unit" IS NULL OR "unit" IN ('day', 'night', 'hour', 'month'));
--> statement-breakpoint
ALTER TABLE "solutions" ADD COLUMN IF NOT EXISTS "capacity" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "solutions" ADD CONSTRAINT "solutions_capacity_positive" CHECK ("capacity" >= 1);
--> statement-breakpoint
ALTER TABLE "solutions" ADD COLUMN IF NOT EXISTS "blocked" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "solutions" ADD COLUMN IF NOT EXISTS "dates_to" date;
--> statement-breakpoint
-- D-33: the preset's unit, read from its English name ("Tractor (per day)", "Room per night").
UPDATE "solutions" SET "unit" = lower(substring("sub_category_en" from '(?i)per (day|night|hour|month)'));
--> statement-breakpoint
-- D-15 revised: a fee pays for one confirmed deal (a post booked by date has several).
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "deal_id" uuid REFERENCES "deals"("id") ON DELETE SET NULL;
