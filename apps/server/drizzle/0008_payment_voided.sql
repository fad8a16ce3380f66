-- An order the server will never capture, because its payer is not
-- entitled to what it would settle or a newer order for the same deal replaced it.
ALTER TYPE "public"."payment_status" ADD VALUE IF NOT EXISTS 'voided';
