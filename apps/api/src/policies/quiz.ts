import { forbidden } from '../errors.ts';
import { isCourseStaff, mayWatchCourse, type CourseFacts, type Viewer } from './course.ts';

export const QUIZ_NOT_FOUND = 'Quiz does not exist';
export const QUIZ_STUDENTS_ONLY = 'Only students who bought this course can take its quizzes.';

/**
 * How a caller sees a quiz: `staff` (the owning tutor and admins) get every right answer; a `student` who owns the
 * course gets the questions without them. Anyone else is refused (403): other tutors and students without the
 * course.
 */
export function quizViewOf(viewer: Viewer, course: CourseFacts): 'staff' | 'student' {
  if (!mayWatchCourse(viewer, course))
    forbidden(viewer.role === 'user' ? QUIZ_STUDENTS_ONLY : 'This course belongs to another tutor.');
  return viewer.role === 'user' ? 'student' : 'staff';
}

/** Only students who own the course submit answers (tutors and admins read the right answers instead). */
export function assertMayTakeQuiz(viewer: Viewer, course: CourseFacts): void {
  if (quizViewOf(viewer, course) !== 'student') forbidden(QUIZ_STUDENTS_ONLY);
}

/** A quiz's figures: the owning tutor and admins. */
export function assertMaySeeQuizStats(viewer: Viewer, course: CourseFacts): void {
  if (!isCourseStaff(viewer, course)) forbidden('Only the tutor of this course can see its quiz results.');
}

/** Right answers and explanations go to a student once they passed the quiz or have no attempts left. */
export const mayRevealAnswers = (passedEver: boolean, attemptsLeft: number | null): boolean =>
  passedEver || attemptsLeft === 0;
