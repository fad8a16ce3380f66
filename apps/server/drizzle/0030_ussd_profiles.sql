-- D-37: what the USSD menu keeps about a number's user between sessions: the town they gave (their
-- "near me" when no app reported a position), the last search (the alerts menu switches SMS for
-- it), and the USSD session that registered them (that session's first answers were the
-- registration, so they are skipped when the menu is walked again from the start).
CREATE TABLE IF NOT EXISTS ussd_profiles (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  registered_session text,
  town text,
  town_lat double precision,
  town_lng double precision,
  last_search jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
