import type { Ref } from 'react';
import { Link } from '@/components/Link.tsx';
import type { TQuizDto, TQuizSubmitResponse } from '@app/contract/quizzes';
import { useT, type Translate } from '@/lib/i18n/index.ts';

/** How many attempts are left, in words. */
export function attemptsText(t: Translate, left: number | null): string {
  if (left === null) return t('quizzes.attempts.unlimited');
  if (left === 0) return t('quizzes.attempts.none');
  return t('quizzes.attempts.left', { count: left });
}

/**
 * The outcome of an attempt: score, passed or not, attempts left and each question right or wrong; the right
 * answers and explanations only when the server sent them. The heading takes the focus when it appears.
 */
export function QuizResult({
  quiz,
  result,
  courseId,
  onRetry,
  headingRef,
}: {
  quiz: TQuizDto;
  result: TQuizSubmitResponse;
  courseId: number;
  onRetry?: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const t = useT();
  // The server answers in the course's stored order; a shuffled quiz was seen in another: number as seen.
  const position = new Map(quiz.questions.map((q, i) => [q.id, i]));
  const outcomes = result.results
    .map((r) => ({ ...r, index: position.get(r.questionId) ?? quiz.questions.length }))
    .sort((a, b) => a.index - b.index);
  return (
    <section
      className={result.passed ? 'quiz-result passed' : 'quiz-result failed'}
      aria-labelledby="quiz-result"
    >
      <h2 id="quiz-result" ref={headingRef} tabIndex={-1}>
        {result.passed
          ? t('quizzes.result.passed', { percent: result.percent })
          : t('quizzes.result.notPassed', { percent: result.percent })}
      </h2>
      <p>
        {t('quizzes.result.score', {
          score: result.score,
          outOf: result.scoreOutOf,
          percent: result.percent,
          passPercent: quiz.passPercent,
        })}
      </p>
      <p>{attemptsText(t, result.attemptsLeft)}</p>
      {result.certificateCode && (
        <p className="quiz-certificate">
          {t('quizzes.result.completed')}{' '}
          <Link to={`/certificate/${result.certificateCode}`}>{t('quizzes.result.viewCertificate')}</Link>
        </p>
      )}
      <ol className="quiz-outcomes">
        {outcomes.map((r) => {
          const question = quiz.questions[r.index];
          // In the order the options were shown.
          const rightIds = r.rightOptionIds;
          const right = rightIds
            ? question?.options.filter((o) => rightIds.includes(o.id)).map((o) => o.text)
            : undefined;
          return (
            <li key={r.questionId} className={r.correct ? 'right' : 'wrong'}>
              <p>
                <span className="quiz-mark" aria-hidden="true">
                  {r.correct ? '✓' : '✗'}
                </span>{' '}
                <strong>{t('quizzes.result.questionNumber', { number: r.index + 1 })}</strong>{' '}
                {question?.text}{' '}
                <span className="quiz-verdict">
                  {r.correct ? t('quizzes.result.right') : t('quizzes.result.wrong')}
                </span>
              </p>
              {right && right.length > 0 && (
                <p className="muted">
                  {t('quizzes.result.rightAnswers', { count: right.length, answers: right.join(', ') })}
                </p>
              )}
              {r.accepted && r.accepted.length > 0 && (
                <p className="muted">{t('quizzes.result.accepted', { answers: r.accepted.join(', ') })}</p>
              )}
              {r.explanation && <p className="quiz-explanation">{r.explanation}</p>}
            </li>
          );
        })}
      </ol>
      <div className="quiz-actions">
        {onRetry && (
          <button type="button" className="btn" onClick={onRetry}>
            {t('common.tryAgain')}
          </button>
        )}
        <Link className="btn btn-outline" to={`/view-course/${courseId}`}>
          {t('quizzes.backToCourse')}
        </Link>
      </div>
    </section>
  );
}
