-- Nearest-first lists ask for one type of post (needs or offers). Walking the GiST index of every
-- listed post by distance, PostgreSQL fetched each post and dropped about half for their type; one
-- partial index per type walks only the posts a page can show. The list's statement names the type
-- as a literal (modules/solutions/list-repository.ts), so that its generic plan can use these.
-- Measured on 100,000 posts (2,000 pages from points near the seeded places, one client): 0.29 →
-- 0.16 ms a page.
CREATE INDEX IF NOT EXISTS solutions_listed_needs_location_gist ON solutions USING gist (location)
  WHERE status = 'Pending' AND NOT hidden AND NOT owner_blocked AND user_role = 'needSolution';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS solutions_listed_offers_location_gist ON solutions USING gist (location)
  WHERE status = 'Pending' AND NOT hidden AND NOT owner_blocked AND user_role = 'provideSolution';
