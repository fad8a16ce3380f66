-- A social sign-in is bound to the browser tab that started it. The tab keeps a
-- random verifier and sends its SHA-256 (hex) at the start; the hash travels with the OAuth state
-- to the one-time login code, and trading the code needs the verifier. Rows from before this
-- migration get an empty hash, which no verifier matches: they can no longer be used.
ALTER TABLE oauth_states ADD COLUMN IF NOT EXISTS binding_hash text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE oauth_states ALTER COLUMN binding_hash DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE login_codes ADD COLUMN IF NOT EXISTS binding_hash text NOT NULL DEFAULT '';
--> statement-breakpoint
ALTER TABLE login_codes ALTER COLUMN binding_hash DROP DEFAULT;
