-- D-36: matching a new post reads only the area's GiST index. It carries every column the match
-- tests (type, category, sub-category, words, centre, radius) and answers (id, owner, SMS), so the
-- alerts whose box holds the post's point are checked from the index pages alone (an index-only
-- scan), not by a visit to a table page each: the boxes near one town hold thousands of alerts
-- spread over nearly every page of the table.
DROP INDEX IF EXISTS alerts_area;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS alerts_area_match ON alerts USING gist (area)
  INCLUDE (id, user_id, user_role, category, sub_category_id, words, location, radius_km, sms);
