-- Search speed (bench/search: p95 ≤ 30 ms at 1,000,000 posts).
--
-- Words with digits (post numbers, prices, phone numbers, dates) leave the search vocabulary of
-- migration 0016: nearly every post has one of its own, so they made most of its rows and of its
-- trigram index, and nobody means a close spelling of a number. The search looks a typed word
-- with digits up as it is (modules/solutions/repository.ts), in search_words, which keeps them.
CREATE OR REPLACE FUNCTION solutions_add_vocabulary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_vocabulary SELECT DISTINCT w FROM written, unnest(tsvector_to_array(search_words)) AS w
    WHERE w !~ '[0-9]' ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DELETE FROM search_vocabulary WHERE word ~ '[0-9]';
--> statement-breakpoint
-- The words of a post without those with digits: what the GiST indexes below keep. A post number
-- of its own in each post would fill the signatures of their inner pages, which then could no
-- longer tell that no post below has a word.
CREATE OR REPLACE FUNCTION search_letter_words(words tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT array_to_tsvector(coalesce(array(SELECT w FROM unnest(tsvector_to_array(words)) AS w
    WHERE w !~ '[0-9]'), '{}')) $$;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- Nearest first: the matching listed posts come from one walk of this index by distance, which
-- skips the parts of the map where no post has the words, instead of reading every match. Its
-- inner pages keep signatures 8 times the default (1,024 bytes): with the default, most words of
-- a region's posts set a fifth of the bits, and a city's name searched from another city walked
-- every post between the two (bench:search, 1,000,000 posts: 110-270 ms; 1-15 ms with these).
CREATE INDEX IF NOT EXISTS solutions_open_location_words ON solutions
  USING gist (location, search_letter_words(search_words) tsvector_ops (siglen = 1024))
  WHERE status = 'Pending' AND NOT hidden AND NOT owner_blocked;
--> statement-breakpoint
-- Best match: the newest matching listed posts, from one walk of this index from the newest
-- (created_at <-> a date to come, btree_gist), instead of reading every match to sort them.
CREATE INDEX IF NOT EXISTS solutions_open_created_words ON solutions
  USING gist (created_at, search_letter_words(search_words)) WHERE status = 'Pending' AND NOT hidden AND NOT owner_blocked;
