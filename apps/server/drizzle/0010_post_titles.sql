-- D-30: a post's title, at most 80 characters. Empty means the preset sub-category's name (read in
-- the reader's language, so not stored); an own proposition stores the first words of its
-- description instead of 'Your own proposition...', here for older posts as firstWords() in
-- packages/shared/src/titles.ts does it at publishing: whole words within 60 characters, '…' when cut.
ALTER TABLE solutions ADD COLUMN IF NOT EXISTS title text;
--> statement-breakpoint
ALTER TABLE solutions ADD CONSTRAINT solutions_title_length CHECK (title IS NULL OR char_length(title) BETWEEN 1 AND 80);
--> statement-breakpoint
UPDATE solutions SET title = CASE
    WHEN char_length(d.text) <= 60 THEN d.text
    ELSE coalesce(nullif(substring(left(d.text, 61) from '^(.*) '), ''), left(d.text, 60)) || '…'
  END
FROM (SELECT id, btrim(regexp_replace(description, '\s+', ' ', 'g')) AS text FROM solutions
      WHERE title IS NULL AND sub_category_id LIKE '%-own') d
WHERE solutions.id = d.id AND d.text <> '';
