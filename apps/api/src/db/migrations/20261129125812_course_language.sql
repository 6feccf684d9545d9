ALTER TABLE "courses" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
-- A course's card shows its language: a change of it empties the card, as the other columns a card shows do, and the
-- cards built before the column are emptied once so that they are built again with it.
DROP TRIGGER courses_cards_upd ON courses;--> statement-breakpoint
CREATE TRIGGER courses_cards_upd AFTER UPDATE ON courses FOR EACH ROW
  WHEN ((OLD.title, OLD.description, OLD.price_kobo, OLD.image_ref, OLD.video_ref, OLD.status, OLD.created_at,
         OLD.deleted_at, OLD.category_id, OLD.tutor_id, OLD.language)
        IS DISTINCT FROM
        (NEW.title, NEW.description, NEW.price_kobo, NEW.image_ref, NEW.video_ref, NEW.status, NEW.created_at,
         NEW.deleted_at, NEW.category_id, NEW.tutor_id, NEW.language))
  EXECUTE FUNCTION course_cards_course_changed();--> statement-breakpoint
SELECT course_cards_stale(ARRAY(SELECT id FROM courses));
