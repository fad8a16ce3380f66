-- Search: case-, accent- and punctuation-insensitive matching done in the database.
-- 'cote d ivoire' finds 'Côte d''Ivoire', 'legumes' finds 'Légumes'.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Immutable so that it can back an index; unaccent's own dictionary never changes here.
CREATE OR REPLACE FUNCTION search_norm(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT trim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, value)), '[^a-z0-9]+', ' ', 'g')) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS solutions_country_search ON solutions USING gin (search_norm(pickup_country) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS solutions_sub_category_search ON solutions USING gin (search_norm(sub_category_en || ' ' || sub_category_fr) gin_trgm_ops);
