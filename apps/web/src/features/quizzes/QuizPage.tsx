import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import type { TQuizDto, TQuizSubmitResponse } from '@app/contract/quizzes';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import { ApiError } from '@/lib/api.ts';
import { genericError } from '@/lib/messages.ts';
import { useT } from '@/lib/i18n/index.ts';
import { quizKeys, useQuiz, useSubmitQuiz } from './api/quiz.ts';
import { answered, noAnswer, QuizQuestion, type Answer } from './components/QuizQuestion.tsx';
import { attemptsText, QuizResult } from './components/QuizResult.tsx';
import './quizzes.css';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** `/view-course/{id}/quiz/{quizId}`: a student takes a quiz of a course they own. */
export function QuizPage() {
  const t = useT();
  const { id, quizId } = useParams();
  const courseId = Number(id);
  const query = useQuiz(Number(quizId));
  const client = useQueryClient();
  // Each attempt is a fresh form; a submit updates the kept quiz (its standing) without starting a new one.
  const [round, setRound] = useState(0);
  // A new attempt starts from a fresh copy (a new order when the quiz is shuffled, the attempts left).
  const nextRound = () =>
    void client.refetchQueries({ queryKey: quizKeys.one(Number(quizId)) }).then(() => setRound((r) => r + 1));

  if (!Number.isInteger(courseId) || courseId <= 0 || !(Number(quizId) > 0)) return <NotFound />;
  if (query.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 404) return <NotFound />;
    if (status === 403 || status === 400)
      return (
        <div className="page quiz-page">
          <p role="alert">{translateRefusal(query.error.message)}</p>
          <Link to={`/view-course/${courseId}`}>{t('quizzes.backToCourseCrumb')}</Link>
        </div>
      );
    return <LoadFailed message={t('quizzes.loadFailed')} onRetry={query.refetch} page solid />;
  }
  return <TakeQuiz key={round} quiz={query.data.quiz} courseId={courseId} onRetry={nextRound} />;
}

function TakeQuiz({ quiz, courseId, onRetry }: { quiz: TQuizDto; courseId: number; onRetry: () => void }) {
  const t = useT();
  const submit = useSubmitQuiz();
  const [answers, setAnswers] = useState<Record<number, Answer>>({});
  const [result, setResult] = useState<TQuizSubmitResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const missing = quiz.questions.filter((q) => !answered(answers[q.id])).length;
  const outOfAttempts = quiz.attemptsLeft === 0 && !quiz.passed;

  // The result replaces nothing on screen: focus moves to its heading so it is read out at once.
  useEffect(() => {
    if (result) resultHeading.current?.focus();
  }, [result]);

  function send(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    submit.mutate(
      {
        quizId: quiz.id,
        answers: quiz.questions.map((q) => {
          const a = answers[q.id] ?? noAnswer;
          return q.type === 'short'
            ? { questionId: q.id, text: a.text }
            : { questionId: q.id, optionIds: a.optionIds };
        }),
      },
      {
        onSuccess: setResult,
        onError: (err) =>
          setProblem(
            err instanceof ApiError && err.status >= 400 && err.status < 500
              ? translateRefusal(err.message)
              : genericError(),
          ),
      },
    );
  }

  return (
    <div className="page quiz-page">
      <nav className="quiz-crumbs" aria-label={t('quizzes.breadcrumb')}>
        <Link to={`/view-course/${courseId}`}>{t('quizzes.backToCourseCrumb')}</Link>
      </nav>
      <h1>{quiz.title}</h1>
      <p className="muted quiz-facts">
        {quiz.bestPercent === null
          ? t('quizzes.facts', { count: quiz.questions.length, passPercent: quiz.passPercent })
          : t('quizzes.factsWithBest', {
              count: quiz.questions.length,
              passPercent: quiz.passPercent,
              best: quiz.bestPercent,
            })}
      </p>
      {quiz.passed && !result && <p className="quiz-passed-note">{t('quizzes.passedNote')}</p>}
      {result ? (
        <QuizResult
          quiz={quiz}
          result={result}
          courseId={courseId}
          headingRef={resultHeading}
          onRetry={!result.passed && result.attemptsLeft !== 0 ? onRetry : undefined}
        />
      ) : outOfAttempts ? (
        <p role="status">{t('quizzes.outOfAttempts')}</p>
      ) : (
        <form className="quiz-form-take" onSubmit={send} noValidate>
          <p className="muted">{attemptsText(t, quiz.attemptsLeft)}</p>
          {quiz.questions.map((q, i) => (
            <QuizQuestion
              key={q.id}
              question={q}
              number={i + 1}
              total={quiz.questions.length}
              answer={answers[q.id] ?? noAnswer}
              disabled={submit.isPending}
              onChange={(a) => setAnswers((all) => ({ ...all, [q.id]: a }))}
            />
          ))}
          {missing > 0 && (
            <p className="muted" aria-live="polite">
              {t('quizzes.unanswered', { count: missing })}
            </p>
          )}
          <FormAlert message={problem} />
          <div className="quiz-actions">
            <button type="submit" className="btn" disabled={submit.isPending}>
              {submit.isPending ? t('quizzes.submitting') : t('quizzes.submit')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
