-- D-27 to D-29: a deal can be completed (and disputed within 7 days), its two parties
-- write messages to each other and rate each other once. Each user keeps the counts shown wherever
-- a person is shown (completed deals, rating sum and count), written in the same transaction as
-- the deal or review that changes them, so a list of posts reads them without aggregating.
ALTER TABLE "deals" ADD COLUMN "completed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "completed_by" uuid;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "disputed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- D-27: a fee paid for a pair (post, acceptor) is found again when the same pair re-accepts.
CREATE INDEX "deals_solution_acceptor" ON "deals" USING btree ("solution_id","acceptor_id");
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "completed_deals" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "deal_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"text" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_messages_text_length" CHECK (char_length("deal_messages"."text") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "deal_messages" ADD CONSTRAINT "deal_messages_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "deal_messages" ADD CONSTRAINT "deal_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "deal_messages_deal_created" ON "deal_messages" USING btree ("deal_id","created_at","id");
--> statement-breakpoint
-- D-28: the unread messages of a deal (the header's count, the first-unread notice).
CREATE INDEX "deal_messages_unread" ON "deal_messages" USING btree ("deal_id","sender_id") WHERE "deal_messages"."read_at" is null;
--> statement-breakpoint
CREATE TABLE "deal_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_reviews_rating_range" CHECK ("deal_reviews"."rating" between 1 and 5),
	CONSTRAINT "deal_reviews_text_length" CHECK ("deal_reviews"."text" is null or char_length("deal_reviews"."text") <= 500)
);
--> statement-breakpoint
ALTER TABLE "deal_reviews" ADD CONSTRAINT "deal_reviews_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "deal_reviews" ADD CONSTRAINT "deal_reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "deal_reviews" ADD CONSTRAINT "deal_reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- D-29: each party rates the other once per deal.
CREATE UNIQUE INDEX "deal_reviews_one_per_author" ON "deal_reviews" USING btree ("deal_id","author_id");
--> statement-breakpoint
CREATE INDEX "deal_reviews_subject_created" ON "deal_reviews" USING btree ("subject_id","created_at" DESC NULLS FIRST);
