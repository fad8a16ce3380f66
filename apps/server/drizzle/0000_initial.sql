CREATE TYPE "public"."category" AS ENUM('Delivery', 'Equipments', 'Space', 'Transport', 'Services', 'Vegetables', 'Cereals', 'Fruits', 'LiveStock', 'Input', 'AnimalFeed', 'Herbs', 'YouPropose');--> statement-breakpoint
CREATE TYPE "public"."contact_access" AS ENUM('subscription', 'trial', 'payment', 'none');--> statement-breakpoint
CREATE TYPE "public"."language" AS ENUM('en', 'fr');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('onetime', 'subscription');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'captured', 'failed', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."sms_purpose" AS ENUM('register', 'forgot');--> statement-breakpoint
CREATE TYPE "public"."solution_status" AS ENUM('Pending', 'Accepted', 'Deleted');--> statement-breakpoint
CREATE TYPE "public"."subscription_kind" AS ENUM('trial', 'yearly');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('pending', 'active', 'expired', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('needSolution', 'provideSolution');--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"solution_id" uuid NOT NULL,
	"acceptor_id" uuid NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"contact_access" "contact_access" DEFAULT 'none' NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" text
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"message_en" text NOT NULL,
	"message_fr" text NOT NULL,
	"solution_id" uuid,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"solution_id" uuid,
	"kind" "payment_kind" NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"payer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"captured_at" timestamp with time zone,
	CONSTRAINT "payments_amount_non_negative" CHECK (amount_minor >= 0),
	CONSTRAINT "payments_currency_known" CHECK (currency in ('USD', 'EUR', 'XOF', 'CDF'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"auth_key_hash" text NOT NULL,
	"device_token" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mobile_no" text NOT NULL,
	"purpose" "sms_purpose" NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solution_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"solution_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"full_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"mime" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solution_images_position_range" CHECK ("position" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "solutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_role" "user_role" NOT NULL,
	"category" "category" NOT NULL,
	"sub_category_id" text NOT NULL,
	"sub_category_en" text NOT NULL,
	"sub_category_fr" text NOT NULL,
	"price_usd" integer NOT NULL,
	"price_eur" integer NOT NULL,
	"price_xof" integer NOT NULL,
	"description" text NOT NULL,
	"pickup_street_address" text,
	"pickup_city" text,
	"pickup_region" text,
	"pickup_country" text,
	"pickup_postal_address" text,
	"pickup_date" date,
	"location" "point" NOT NULL,
	"delivery_street_address" text,
	"delivery_city" text,
	"delivery_region" text,
	"delivery_country" text,
	"delivery_postal_address" text,
	"delivery_date" date,
	"delivery_lat" double precision,
	"delivery_lng" double precision,
	"status" "solution_status" DEFAULT 'Pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "solutions_prices_non_negative" CHECK (price_usd >= 0 and price_eur >= 0 and price_xof >= 0),
	CONSTRAINT "solutions_location_range" CHECK (location[0] between -180 and 180 and location[1] between -90 and 90),
	CONSTRAINT "solutions_delivery_range" CHECK ((delivery_lat is null or delivery_lat between -90 and 90) and (delivery_lng is null or delivery_lng between -180 and 180))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "subscription_kind" NOT NULL,
	"status" "subscription_status" NOT NULL,
	"provider" text,
	"provider_subscription_id" text,
	"amount_minor" integer DEFAULT 0 NOT NULL,
	"currency" char(3),
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_amount_non_negative" CHECK (amount_minor >= 0),
	CONSTRAINT "subscriptions_currency_known" CHECK (currency in ('USD', 'EUR', 'XOF', 'CDF'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"email" text,
	"mobile_no" text,
	"password_hash" text,
	"country" text,
	"physical_address" text,
	"profile_pic" text,
	"admin" boolean DEFAULT false NOT NULL,
	"identity_flag" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"vip" boolean DEFAULT false NOT NULL,
	"google_auth" boolean DEFAULT false NOT NULL,
	"fb_auth" boolean DEFAULT false NOT NULL,
	"language" "language" DEFAULT 'en' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower" CHECK (email = lower(email)),
	CONSTRAINT "users_mobile_e164" CHECK (mobile_no ~ '^\+[1-9][0-9]{6,14}$')
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"solution_id" uuid NOT NULL,
	"visitor_user_id" uuid,
	"visitor_first_name" text,
	"visitor_mobile" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_solution_id_solutions_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."solutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_acceptor_id_users_id_fk" FOREIGN KEY ("acceptor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_solution_id_solutions_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."solutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_solution_id_solutions_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."solutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solution_images" ADD CONSTRAINT "solution_images_solution_id_solutions_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."solutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solutions" ADD CONSTRAINT "solutions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_solution_id_solutions_id_fk" FOREIGN KEY ("solution_id") REFERENCES "public"."solutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_visitor_user_id_users_id_fk" FOREIGN KEY ("visitor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deals_one_live_per_solution" ON "deals" USING btree ("solution_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "deals_acceptor_accepted" ON "deals" USING btree ("acceptor_id","accepted_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_created" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_id_unique" ON "payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_user_created" ON "payments" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_auth_key_hash_unique" ON "sessions" USING btree ("auth_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_one_per_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_codes_mobile_purpose_created" ON "sms_codes" USING btree ("mobile_no","purpose","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "social_identities_provider_subject_unique" ON "social_identities" USING btree ("provider","provider_subject");--> statement-breakpoint
CREATE INDEX "social_identities_user" ON "social_identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "solution_images_solution_position" ON "solution_images" USING btree ("solution_id","position");--> statement-breakpoint
CREATE INDEX "solutions_location_gist" ON "solutions" USING gist ("location");--> statement-breakpoint
CREATE INDEX "solutions_role_status_created" ON "solutions" USING btree ("user_role","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "solutions_category_role_status_created" ON "solutions" USING btree ("category","user_role","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "solutions_user_created" ON "solutions" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_subscription_id_unique" ON "subscriptions" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_trial_per_user" ON "subscriptions" USING btree ("user_id") WHERE kind = 'trial';--> statement-breakpoint
CREATE INDEX "subscriptions_user_end" ON "subscriptions" USING btree ("user_id","end_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_no_unique" ON "users" USING btree ("mobile_no");--> statement-breakpoint
CREATE INDEX "visits_solution_created" ON "visits" USING btree ("solution_id","created_at" DESC NULLS FIRST);