CREATE TABLE "local_payment_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"payer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_payment_orders_amount_non_negative" CHECK ("local_payment_orders"."amount_minor" >= 0)
);
