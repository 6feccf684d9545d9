import { Link } from '@/components/Link.tsx';
import type { TQuizSummary } from '@app/contract/quizzes';
import { t as translate, useT, type Translate } from '@/lib/i18n/index.ts';
import './completion.css';

/** A quiz's state for the learner: passed (with the best score) or the best score so far. */
export function quizState(quiz: TQuizSummary, passed: boolean, t: Translate = translate): string {
  const percent = quiz.bestPercent;
  if (passed) return percent !== null ? t('player.quiz.passedBest', { percent }) : t('player.status.passed');
  return percent !== null ? t('player.quiz.notPassedBest', { percent }) : '';
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
  const t = useT();
  if (!quizzes?.length) return null;
  return (
    <ul className="outline-quizzes" aria-label={t('player.quizzes')}>
      {quizzes.map((quiz) => {
        const passed = quiz.passed;
        const state = quizState(quiz, passed, t);
        const body = (
          <>
            <span className="outline-number" aria-hidden="true">
              ?
            </span>
            <span className="outline-quiz-text">
              <span className="outline-quiz-title">{t('player.quiz.title', { title: quiz.title })}</span>
              <span className="muted outline-quiz-meta">
                {t('player.quiz.questions', { count: quiz.questionCount })}
                {state && ` · ${state}`}
              </span>
            </span>
            {passed && (
              <span className="outline-done" aria-label={t('player.passedMark')}>
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
                <span className="sr-only"> {t('player.lockedMark')}</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
