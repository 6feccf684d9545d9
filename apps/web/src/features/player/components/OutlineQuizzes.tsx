import { Link } from 'react-router';
import type { TQuizSummary } from '@app/contract/quizzes';
import './completion.css';

/** A quiz's state for the learner: passed (with the best score) or the best score so far. */
export function quizState(quiz: TQuizSummary, passed: boolean): string {
  const best = quiz.bestPercent !== null ? `best ${quiz.bestPercent}%` : '';
  if (passed) return best ? `Passed · ${best}` : 'Passed';
  return best ? `Not passed yet · ${best}` : '';
}

/** A section's quizzes in the player's lesson list, after its lessons: open to the student who owns the course. */
export function OutlineQuizzes({
  courseId,
  quizzes,
  open,
}: {
  courseId: number;
  quizzes: TQuizSummary[] | undefined;
  open: boolean;
}) {
  if (!quizzes?.length) return null;
  return (
    <ul className="outline-quizzes" aria-label="Quizzes">
      {quizzes.map((quiz) => {
        const passed = quiz.passed;
        const state = quizState(quiz, passed);
        const body = (
          <>
            <span className="outline-number" aria-hidden="true">
              ?
            </span>
            <span className="outline-quiz-text">
              <span className="outline-quiz-title">Quiz: {quiz.title}</span>
              <span className="muted outline-quiz-meta">
                {quiz.questionCount} {quiz.questionCount === 1 ? 'question' : 'questions'}
                {state && ` · ${state}`}
              </span>
            </span>
            {passed && (
              <span className="outline-done" aria-label="passed">
                ✓
              </span>
            )}
          </>
        );
        return (
          <li key={quiz.id}>
            {open ? (
              <Link className="outline-item outline-quiz" to={`/view-course/${courseId}/quiz/${quiz.id}`}>
                {body}
              </Link>
            ) : (
              <span className="outline-item outline-quiz locked">
                {body}
                <span className="sr-only"> (locked)</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
