-- Keeps search_words holding every distinct word of courses.search_text (title + author, lower-cased), so search
-- can correct a typo against a few thousand words instead of comparing it with every course. Words only get added:
-- a word left by a renamed or deleted course can at worst be proposed as a correction that finds nothing.
CREATE OR REPLACE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM new_rows n, regexp_split_to_table(n.search_text, '\s+') w
      WHERE w <> '' AND length(w) <= 100 ORDER BY w
      ON CONFLICT (word) DO NOTHING;
  ELSE
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM new_rows n JOIN old_rows o ON o.id = n.id, regexp_split_to_table(n.search_text, '\s+') w
      WHERE o.search_text IS DISTINCT FROM n.search_text AND w <> '' AND length(w) <= 100 ORDER BY w
      ON CONFLICT (word) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER courses_search_words_ins AFTER INSERT ON courses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();--> statement-breakpoint
CREATE TRIGGER courses_search_words_upd AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();--> statement-breakpoint
-- Backfill: the words of the courses that exist already.
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM courses c, regexp_split_to_table(c.search_text, '\s+') w
  WHERE w <> '' AND length(w) <= 100
  ON CONFLICT (word) DO NOTHING;
