-- D-36: alerts. Each holds the posts it wants (type, category or sub-category, words), a point
-- and a radius. Matching a new post starts from the GiST index on `area`, the box in degrees that
-- holds the alert's circle (a degree of longitude shrinks with cos(lat)): the alerts whose box
-- holds the post's point, then the great-circle distance and the words, in SQL, never a walk of
-- every alert in the application.
CREATE TABLE IF NOT EXISTS alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_role user_role,
  category category,
  sub_category_id text,
  q text NOT NULL DEFAULT '',
  -- search_norm() words of q: every one must match a word of the post (the search's rules).
  words text[] NOT NULL DEFAULT '{}',
  location point NOT NULL,
  radius_km real NOT NULL,
  area box NOT NULL,
  sms boolean NOT NULL DEFAULT false,
  last_match_at timestamptz,
  last_solution_id uuid REFERENCES solutions(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS alerts_user_created ON alerts (user_id, created_at DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS alerts_area ON alerts USING gist (area);
--> statement-breakpoint
-- Every word some alert holds: a new post's words find the alert words that are typos of theirs
-- here, by trigram index, as a search finds a typed word's variants in search_vocabulary.
CREATE TABLE IF NOT EXISTS alert_vocabulary (word text PRIMARY KEY);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS alert_vocabulary_trgm ON alert_vocabulary USING gin (word gin_trgm_ops);
--> statement-breakpoint
-- One row per alert and post told: a job run twice (a retry, a second instance) tells nobody
-- twice, and the SMS sent per user and day are counted here (D-36: at most 3).
CREATE TABLE IF NOT EXISTS alert_matches (
  alert_id uuid NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
  solution_id uuid NOT NULL REFERENCES solutions(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- none | sent | held (quiet hours, a job at 07:00) | over_limit
  sms text NOT NULL DEFAULT 'none',
  sms_at timestamptz,
  PRIMARY KEY (alert_id, solution_id)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS alert_matches_user_sms ON alert_matches (user_id, sms_at) WHERE sms = 'sent';
