-- Shared caches of public answers (docs/performance.md): every statement that changes posts
-- tells every instance which posts changed and where, after it commits, through NOTIFY on the
-- channel public_changes: "id,lng,lat" entries joined by ";" (the old and the new point of a
-- moved post), or "*" when more than 150 rows changed at once. Instances LISTEN and drop the map
-- tiles, lists and details those posts appear in. A trigger sees every writer (the API, the jobs,
-- an operator's SQL), so no caller can forget to announce a change.
CREATE OR REPLACE FUNCTION public_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int;
  payload text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*), string_agg(e, ';') INTO changed, payload FROM (
      SELECT id::text || ',' || location[0] || ',' || location[1] AS e FROM new_rows LIMIT 151) r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT count(*), string_agg(e, ';') INTO changed, payload FROM (
      SELECT id::text || ',' || location[0] || ',' || location[1] AS e FROM old_rows LIMIT 151) r;
  ELSE
    SELECT count(*), string_agg(e, ';') INTO changed, payload FROM (
      SELECT DISTINCT e FROM (
        SELECT o.id::text || ',' || p.location[0] || ',' || p.location[1] AS e
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES (o.location), (n.location)) AS p(location)
        WHERE o::text IS DISTINCT FROM n::text) d
      LIMIT 151) r;
  END IF;
  IF changed > 0 THEN
    PERFORM pg_notify('public_changes', CASE WHEN changed > 150 THEN '*' ELSE payload END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER public_changes_insert AFTER INSERT ON solutions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_changes_notify();
--> statement-breakpoint
CREATE TRIGGER public_changes_update AFTER UPDATE ON solutions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_changes_notify();
--> statement-breakpoint
CREATE TRIGGER public_changes_delete AFTER DELETE ON solutions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_changes_notify();
