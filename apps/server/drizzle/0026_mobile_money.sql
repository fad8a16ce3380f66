-- D-38: mobile money. The Central African CFA franc (XAF) joins the known currencies; a payment
-- keeps the operator the payer chose and the provider's reference (the receipt shows both); the
-- local stand-in for CinetPay keeps its checkout's country, language, operator and number.
ALTER TABLE "payments" DROP CONSTRAINT IF EXISTS "payments_currency_known";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_currency_known" CHECK (currency in ('USD', 'EUR', 'XOF', 'CDF', 'XAF'));
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT IF EXISTS "subscriptions_currency_known";
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_currency_known" CHECK (currency in ('USD', 'EUR', 'XOF', 'CDF', 'XAF'));
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "operator" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "reference" text;
--> statement-breakpoint
ALTER TABLE "local_payment_orders" ADD COLUMN IF NOT EXISTS "notify_url" text;
--> statement-breakpoint
ALTER TABLE "local_payment_orders" ADD COLUMN IF NOT EXISTS "country" text;
--> statement-breakpoint
ALTER TABLE "local_payment_orders" ADD COLUMN IF NOT EXISTS "lang" text;
--> statement-breakpoint
ALTER TABLE "local_payment_orders" ADD COLUMN IF NOT EXISTS "operator" text;
--> statement-breakpoint
ALTER TABLE "local_payment_orders" ADD COLUMN IF NOT EXISTS "phone" text;
