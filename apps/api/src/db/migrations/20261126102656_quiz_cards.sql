-- Course cards show each section's quizzes (title, pass mark, question count): a change to a quiz or to its
-- questions empties the card of its course, as the course_cards triggers do for sections and lessons.
CREATE OR REPLACE FUNCTION course_cards_quizzes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER quizzes_cards_ins AFTER INSERT ON quizzes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION course_cards_quizzes_changed();--> statement-breakpoint
CREATE TRIGGER quizzes_cards_upd AFTER UPDATE ON quizzes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION course_cards_quizzes_changed();--> statement-breakpoint
CREATE TRIGGER quizzes_cards_del AFTER DELETE ON quizzes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION course_cards_quizzes_changed();--> statement-breakpoint
-- A question's course through its quiz (a question deleted with its quiz: the quiz's trigger stamped the card).
CREATE OR REPLACE FUNCTION course_cards_quiz_questions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM course_cards_stale(ARRAY(SELECT DISTINCT q.course_id FROM quizzes q JOIN new_rows r ON r.quiz_id = q.id));
  ELSE
    PERFORM course_cards_stale(ARRAY(SELECT DISTINCT q.course_id FROM quizzes q JOIN old_rows r ON r.quiz_id = q.id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER quiz_questions_cards_ins AFTER INSERT ON quiz_questions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION course_cards_quiz_questions_changed();--> statement-breakpoint
CREATE TRIGGER quiz_questions_cards_del AFTER DELETE ON quiz_questions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION course_cards_quiz_questions_changed();
