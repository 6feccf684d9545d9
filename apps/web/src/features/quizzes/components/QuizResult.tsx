import type { Ref } from 'react';
import { Link } from 'react-router';
import type { TQuizDto, TQuizSubmitResponse } from '@app/contract/quizzes';

/** How many attempts are left, in words. */
export function attemptsText(left: number | null): string {
  if (left === null) return 'You may try as many times as you like.';
  if (left === 0) return 'You have no attempts left.';
  return `You have ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`;
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
        {result.passed ? 'Passed' : 'Not passed'}: {result.percent}%
      </h2>
      <p>
        You scored {result.score} of {result.scoreOutOf} {result.scoreOutOf === 1 ? 'point' : 'points'} (
        {result.percent}%). The pass mark is {quiz.passPercent}%.
      </p>
      <p>{attemptsText(result.attemptsLeft)}</p>
      {result.certificateCode && (
        <p className="quiz-certificate">
          You have completed the course.{' '}
          <Link to={`/certificate/${result.certificateCode}`}>View your certificate</Link>
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
                <strong>Question {r.index + 1}:</strong> {question?.text}{' '}
                <span className="quiz-verdict">{r.correct ? 'Right' : 'Wrong'}</span>
              </p>
              {right && right.length > 0 && (
                <p className="muted">
                  Right {right.length === 1 ? 'answer' : 'answers'}: {right.join(', ')}
                </p>
              )}
              {r.accepted && r.accepted.length > 0 && (
                <p className="muted">Accepted answers: {r.accepted.join(', ')}</p>
              )}
              {r.explanation && <p className="quiz-explanation">{r.explanation}</p>}
            </li>
          );
        })}
      </ol>
      <div className="quiz-actions">
        {onRetry && (
          <button type="button" className="btn" onClick={onRetry}>
            Try again
          </button>
        )}
        <Link className="btn btn-outline" to={`/view-course/${courseId}`}>
          Back to the course
        </Link>
      </div>
    </section>
  );
}
