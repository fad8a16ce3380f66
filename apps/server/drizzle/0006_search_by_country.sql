-- Search by country (bench/load): the open posts of each type, by normalised country and
-- newest first. A search first finds the few countries whose name matches (a skip scan of this
-- index), then reads at most one page per country from it, so a rare country costs what a common
-- one does (walking the newest-first index until 21 matched took 80 ms for a country with few posts).
CREATE INDEX IF NOT EXISTS solutions_open_country_created ON solutions USING btree (user_role, search_country, created_at DESC NULLS FIRST, id DESC NULLS FIRST) WHERE status = 'Pending';
