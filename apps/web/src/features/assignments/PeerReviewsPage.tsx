import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { TPeerTasksResponse } from '@app/contract/assignments';
import { LinkifiedText } from '@/components/LinkifiedText.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { RubricPicker, toScores, unscored, type RubricChoice } from '@/components/rubric/Rubric.tsx';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useT } from '@/lib/i18n/index.ts';
import { usePeerReview, usePeerTasks } from './api/assignments.ts';
import { WorkShown } from './components/AttemptCard.tsx';
import './assignments.css';

type Task = TPeerTasksResponse['reviews'][number];

/** `/home/reviews`: a student's peer reviews, classmates' work scored with the assignment's rubric, anonymously. */
export default function PeerReviewsPage() {
  const t = useT();
  const query = usePeerTasks();
  if (query.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (query.isError)
    return <LoadFailed message={t('assignments.reviews.loadFailed')} onRetry={query.refetch} page solid />;
  const todo = query.data.reviews.filter((r) => !r.done);
  const done = query.data.reviews.filter((r) => r.done);
  return (
    <div className="page assignment-page">
      <h1>{t('assignments.reviews.title')}</h1>
      <p className="muted">{t('assignments.reviews.intro')}</p>
      <h2>{t('assignments.reviews.toReview')}</h2>
      {todo.length === 0 ? (
        <p className="muted">{t('assignments.reviews.none')}</p>
      ) : (
        todo.map((task, i) => <ReviewTask key={task.reviewId} task={task} number={i + 1} />)
      )}
      {done.length > 0 && (
        <>
          <h2>{t('assignments.reviews.done')}</h2>
          {done.map((task) => (
            <article
              key={task.reviewId}
              className="card peer-task"
              aria-label={t('assignments.reviews.doneLabel', { title: task.assignment.title })}
            >
              <h3>{task.assignment.title}</h3>
              <p className="muted">{t('assignments.reviews.thanks')}</p>
            </article>
          ))}
        </>
      )}
    </div>
  );
}

function ReviewTask({ task, number }: { task: Task; number: number }) {
  const t = useT();
  const review = usePeerReview();
  const [choice, setChoice] = useState<RubricChoice>({});
  const [feedback, setFeedback] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { assignment } = task;
  const rubric = assignment.grading === 'rubric' ? assignment.rubric : [];
  const headingId = `review-${task.reviewId}`;

  function send(e: FormEvent) {
    e.preventDefault();
    const missing = unscored(rubric, choice);
    if (missing) return setProblem(t('assignments.reviews.unscored', { criterion: missing.title }));
    setProblem(null);
    review.mutate(
      { reviewId: task.reviewId, scores: toScores(choice), feedback },
      {
        onSuccess: () => toast.success(t('assignments.reviews.sent')),
        onError: (err) => setProblem(refusalMessage(err, genericError())),
      },
    );
  }

  return (
    <article className="card peer-task" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('assignments.reviews.heading', { number, title: assignment.title })}</h3>
      <details>
        <summary>{t('assignments.instructions')}</summary>
        <LinkifiedText text={assignment.instructions} />
      </details>
      <p className="attempt-label">{t('assignments.reviews.classmateWork')}</p>
      <WorkShown submission={{ ...task.submission, gradedBy: null }} />
      <form className="work-form" onSubmit={send} noValidate>
        {rubric.length > 0 && (
          <RubricPicker
            rubric={rubric}
            value={choice}
            onChange={setChoice}
            disabled={review.isPending}
            idPrefix={`peer-${task.reviewId}`}
          />
        )}
        <div className="field">
          <label htmlFor={`${headingId}-feedback`}>{t('assignments.reviews.feedback')}</label>
          <textarea
            id={`${headingId}-feedback`}
            rows={4}
            value={feedback}
            onChange={(e) => setFeedback(e.target.value)}
          />
        </div>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <div className="row-actions">
          <button type="submit" className="btn" disabled={review.isPending}>
            {review.isPending ? t('common.sending') : t('assignments.reviews.send')}
          </button>
        </div>
      </form>
    </article>
  );
}
