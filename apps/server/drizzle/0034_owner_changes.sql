-- Shared caches of public answers (docs/performance.md): a post is shown with its owner's first
-- name, badges and record (verified, vip, completed deals, ratings; D-29) on the map, in lists and
-- in details. A statement that changes those announces the owner's listed posts on public_changes,
-- as a change of the posts themselves does (0033), so that every instance drops them at once and
-- the caches' lifetimes bound their memory, not their staleness.
CREATE OR REPLACE FUNCTION owner_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  payload text;
BEGIN
  SELECT count(*), string_agg(e, ';') INTO changed, payload FROM (
    SELECT s.id::text || ',' || s.location[0] || ',' || s.location[1] AS e
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    JOIN solutions s ON s.user_id = n.id
    WHERE (o.first_name, o.verified, o.vip, o.completed_deals, o.rating_sum, o.rating_count)
        IS DISTINCT FROM (n.first_name, n.verified, n.vip, n.completed_deals, n.rating_sum, n.rating_count)
      AND s.status = 'Pending' AND NOT s.hidden AND NOT s.owner_blocked
    LIMIT 151) r;
  IF changed > 0 THEN
    PERFORM pg_notify('public_changes', CASE WHEN changed > 150 THEN '*' ELSE payload END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER owner_changes_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION owner_changes_notify();
