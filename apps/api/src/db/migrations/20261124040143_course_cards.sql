CREATE TABLE "course_cards" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"stamp" bigint NOT NULL,
	"body" text,
	"links" jsonb
);
--> statement-breakpoint
ALTER TABLE "course_cards" ADD CONSTRAINT "course_cards_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_video_ref_idx" ON "series" USING btree ("video_ref");--> statement-breakpoint
-- Course cards (queries/course-cards.ts): every course has a row from its creation, empty until a card is built, so
-- that a change always finds the row to stamp. A change to anything a card shows empties it and takes a new stamp in
-- the writing transaction (a card built from an older read carries the older stamp and is not stored).
CREATE SEQUENCE "course_card_stamps";--> statement-breakpoint
INSERT INTO course_cards (course_id, stamp) SELECT id, nextval('course_card_stamps') FROM courses;--> statement-breakpoint
CREATE OR REPLACE FUNCTION course_cards_stale(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE course_cards SET body = NULL, links = NULL, stamp = nextval('course_card_stamps') WHERE course_id = ANY(ids)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION course_cards_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO course_cards (course_id, stamp) SELECT id, nextval('course_card_stamps') FROM new_rows;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER courses_cards_ins AFTER INSERT ON courses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION course_cards_add();--> statement-breakpoint
-- The course's own columns a card shows (its rating is read fresh, so a review does not empty it).
CREATE OR REPLACE FUNCTION course_cards_course_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM course_cards_stale(ARRAY[NEW.id]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER courses_cards_upd AFTER UPDATE ON courses FOR EACH ROW
  WHEN ((OLD.title, OLD.description, OLD.price_kobo, OLD.image_ref, OLD.video_ref, OLD.status, OLD.created_at,
         OLD.deleted_at, OLD.category_id, OLD.tutor_id)
        IS DISTINCT FROM
        (NEW.title, NEW.description, NEW.price_kobo, NEW.image_ref, NEW.video_ref, NEW.status, NEW.created_at,
         NEW.deleted_at, NEW.category_id, NEW.tutor_id))
  EXECUTE FUNCTION course_cards_course_changed();--> statement-breakpoint
-- Sections and lessons: statement triggers (one UPDATE for a bulk insert), one per event as transition tables need.
CREATE OR REPLACE FUNCTION course_cards_sections_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM course_cards_stale(ARRAY(SELECT DISTINCT course_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM course_cards_stale(ARRAY(SELECT DISTINCT course_id FROM old_rows));
  ELSE
    PERFORM course_cards_stale(ARRAY(SELECT course_id FROM new_rows UNION SELECT course_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sections_cards_ins AFTER INSERT ON sections REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION course_cards_sections_changed();--> statement-breakpoint
CREATE TRIGGER sections_cards_upd AFTER UPDATE ON sections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION course_cards_sections_changed();--> statement-breakpoint
CREATE TRIGGER sections_cards_del AFTER DELETE ON sections REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION course_cards_sections_changed();--> statement-breakpoint
-- A lesson's course through its section (a section deleted with its course or by itself stamped the card already).
CREATE OR REPLACE FUNCTION course_cards_series_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM course_cards_stale(ARRAY(SELECT DISTINCT s.course_id FROM sections s JOIN new_rows r ON r.section_id = s.id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM course_cards_stale(ARRAY(SELECT DISTINCT s.course_id FROM sections s JOIN old_rows r ON r.section_id = s.id));
  ELSE
    PERFORM course_cards_stale(ARRAY(
      SELECT s.course_id FROM sections s JOIN new_rows r ON r.section_id = s.id
      UNION SELECT s.course_id FROM sections s JOIN old_rows r ON r.section_id = s.id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER series_cards_ins AFTER INSERT ON series REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION course_cards_series_changed();--> statement-breakpoint
CREATE TRIGGER series_cards_upd AFTER UPDATE ON series REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION course_cards_series_changed();--> statement-breakpoint
CREATE TRIGGER series_cards_del AFTER DELETE ON series REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION course_cards_series_changed();--> statement-breakpoint
-- A lesson's video: its transcode state, length, poster and renditions show on the card.
CREATE OR REPLACE FUNCTION course_cards_media_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM course_cards_stale(ARRAY(
    SELECT DISTINCT s.course_id FROM series r JOIN sections s ON s.id = r.section_id
    WHERE r.video_ref IN (NEW.key, OLD.key)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER media_cards_ins AFTER INSERT ON media FOR EACH ROW EXECUTE FUNCTION course_cards_media_changed();--> statement-breakpoint
CREATE TRIGGER media_cards_del AFTER DELETE ON media FOR EACH ROW EXECUTE FUNCTION course_cards_media_changed();--> statement-breakpoint
CREATE TRIGGER media_cards_upd AFTER UPDATE ON media FOR EACH ROW
  WHEN ((OLD.key, OLD.video_status, OLD.video_error, OLD.hls_prefix, OLD.duration_seconds, OLD.poster_ref, OLD.renditions)
        IS DISTINCT FROM
        (NEW.key, NEW.video_status, NEW.video_error, NEW.hls_prefix, NEW.duration_seconds, NEW.poster_ref, NEW.renditions))
  EXECUTE FUNCTION course_cards_media_changed();--> statement-breakpoint
-- The author's name, and the category and group codes.
CREATE OR REPLACE FUNCTION course_cards_tutor_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM course_cards_stale(ARRAY(SELECT id FROM courses WHERE tutor_id = NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER accounts_cards_upd AFTER UPDATE OF full_name ON accounts FOR EACH ROW
  WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name) EXECUTE FUNCTION course_cards_tutor_renamed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION course_cards_taxonomy_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'course_groups' THEN
    PERFORM course_cards_stale(ARRAY(SELECT c.id FROM courses c JOIN course_categories k ON k.id = c.category_id
                                     WHERE k.group_id = NEW.id));
  ELSE
    PERFORM course_cards_stale(ARRAY(SELECT id FROM courses WHERE category_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER course_categories_cards_upd AFTER UPDATE ON course_categories FOR EACH ROW
  WHEN ((OLD.code, OLD.group_id) IS DISTINCT FROM (NEW.code, NEW.group_id))
  EXECUTE FUNCTION course_cards_taxonomy_changed();--> statement-breakpoint
CREATE TRIGGER course_groups_cards_upd AFTER UPDATE ON course_groups FOR EACH ROW
  WHEN (OLD.code IS DISTINCT FROM NEW.code) EXECUTE FUNCTION course_cards_taxonomy_changed();
