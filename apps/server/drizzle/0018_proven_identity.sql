-- D-11: admin rights only for a proven identity. An e-mail is proven by a code sent
-- to it (email_verified_at); a number by an SMS code (mobile_verified_at). Registration has always
-- proven the number, and so has a password reset: accounts with a password and a number count as
-- proven. Social accounts completed before item 7 gave their number unproven: they do not.
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile_verified_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "users" SET "mobile_verified_at" = "created_at" WHERE "mobile_no" IS NOT NULL AND "password_hash" IS NOT NULL;
--> statement-breakpoint
-- Until now an e-mail in ADMIN_EMAILS made an admin unproven: nobody keeps it without proof.
UPDATE "users" SET "admin" = false WHERE "admin" = true;
--> statement-breakpoint
CREATE TABLE "email_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_codes" ADD CONSTRAINT "email_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "email_codes_user_created" ON "email_codes" USING btree ("user_id","created_at" DESC NULLS FIRST);
