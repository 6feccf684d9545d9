-- Keeps course_counts equal to "select status, category_id, count(*) from courses where deleted_at is null group by 1, 2",
-- so catalogue pages answer totalData without counting every course.
CREATE OR REPLACE FUNCTION course_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    UPDATE course_counts SET n = n - 1 WHERE status = OLD.status AND category_id = OLD.category_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
    INSERT INTO course_counts (status, category_id, n) VALUES (NEW.status, NEW.category_id, 1)
    ON CONFLICT (status, category_id) DO UPDATE SET n = course_counts.n + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER courses_count_trg AFTER INSERT OR DELETE OR UPDATE OF status, category_id, deleted_at ON courses
  FOR EACH ROW EXECUTE FUNCTION course_counts_apply();--> statement-breakpoint
INSERT INTO course_counts (status, category_id, n)
  SELECT status, category_id, count(*)::int FROM courses WHERE deleted_at IS NULL GROUP BY 1, 2
  ON CONFLICT (status, category_id) DO UPDATE SET n = EXCLUDED.n;
