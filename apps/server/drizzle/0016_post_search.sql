-- One search box (API.md GET /api/solution/search): the words of a post's title,
-- description, city, sub-category and category names in both languages, normalised by
-- search_norm() (accents, case, punctuation), as a full-text vector of open posts. A typo is
-- forgiven by looking the typed word up in search_words, every word that occurs in a post, by
-- trigram similarity, then searching the vector for the close words found.
CREATE OR REPLACE FUNCTION category_names(value category) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT CASE value::text
    WHEN 'Delivery' THEN 'Delivery Livraison'
    WHEN 'Equipments' THEN 'Equipments Équipements'
    WHEN 'Space' THEN 'Space Espace'
    WHEN 'Transport' THEN 'Transport'
    WHEN 'Services' THEN 'Services'
    WHEN 'Vegetables' THEN 'Vegetables Légumes'
    WHEN 'Cereals' THEN 'Cereals Céréales'
    WHEN 'Fruits' THEN 'Fruits'
    WHEN 'LiveStock' THEN 'Live Stock Livestock Bétail'
    WHEN 'Input' THEN 'Inputs Intrants'
    WHEN 'AnimalFeed' THEN 'Animal Feed Aliments pour animaux'
    WHEN 'Herbs' THEN 'Herbs Herbes'
    WHEN 'YouPropose' THEN 'Sell Buy Vendre Acheter'
    ELSE '' END $$;
--> statement-breakpoint
ALTER TABLE solutions ADD COLUMN search_words tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig,
  search_norm(coalesce(title, '') || ' ' || description || ' ' || coalesce(pickup_city, '') || ' '
    || sub_category_en || ' ' || sub_category_fr || ' ' || category_names(category)))) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS solutions_open_search_words ON solutions USING gin (search_words) WHERE status = 'Pending';
--> statement-breakpoint
-- Newest-first walk of open posts of both types, for a search without `type`.
CREATE INDEX IF NOT EXISTS solutions_open_created ON solutions USING btree (created_at DESC NULLS FIRST, id DESC NULLS FIRST) WHERE status = 'Pending';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS search_vocabulary (word text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_vocabulary_trgm ON search_vocabulary USING gin (word gin_trgm_ops);
--> statement-breakpoint
INSERT INTO search_vocabulary SELECT DISTINCT unnest(tsvector_to_array(search_words)) FROM solutions ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Once per statement, with the rows it wrote: a bulk insert adds its new words in one go.
CREATE OR REPLACE FUNCTION solutions_add_vocabulary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_vocabulary SELECT DISTINCT unnest(tsvector_to_array(search_words)) FROM written
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER solutions_vocabulary_insert AFTER INSERT ON solutions REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION solutions_add_vocabulary();
--> statement-breakpoint
CREATE TRIGGER solutions_vocabulary_update AFTER UPDATE ON solutions REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION solutions_add_vocabulary();
