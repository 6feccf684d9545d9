import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { TPeerTasksResponse } from '@app/contract/assignments';
import { LinkifiedText } from '@/components/LinkifiedText.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { RubricPicker, toScores, unscored, type RubricChoice } from '@/components/rubric/Rubric.tsx';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { usePeerReview, usePeerTasks } from './api/assignments.ts';
import { WorkShown } from './components/AttemptCard.tsx';
import './assignments.css';

type Task = TPeerTasksResponse['reviews'][number];

/** `/home/reviews`: a student's peer reviews, classmates' work scored with the assignment's rubric, anonymously. */
export default function PeerReviewsPage() {
  const query = usePeerTasks();
  if (query.isPending) return <p className="page-loading">Loading...</p>;
  if (query.isError)
    return (
      <LoadFailed
        message="We could not load your reviews. Please try again."
        onRetry={query.refetch}
        page
        solid
      />
    );
  const todo = query.data.reviews.filter((r) => !r.done);
  const done = query.data.reviews.filter((r) => r.done);
  return (
    <div className="page assignment-page">
      <h1>Peer reviews</h1>
      <p className="muted">
        Score a classmate’s work with the assignment’s rubric before the tutor grades it. They do not see your
        name, and you do not see theirs.
      </p>
      <h2>To review</h2>
      {todo.length === 0 ? (
        <p className="muted">No reviews waiting for you.</p>
      ) : (
        todo.map((t, i) => <ReviewTask key={t.reviewId} task={t} number={i + 1} />)
      )}
      {done.length > 0 && (
        <>
          <h2>Done</h2>
          {done.map((t) => (
            <article key={t.reviewId} className="card peer-task" aria-label={`Done: ${t.assignment.title}`}>
              <h3>{t.assignment.title}</h3>
              <p className="muted">Reviewed. Thank you.</p>
            </article>
          ))}
        </>
      )}
    </div>
  );
}

function ReviewTask({ task, number }: { task: Task; number: number }) {
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
    if (missing) return setProblem(`Score every criterion: "${missing.title}" has no level chosen.`);
    setProblem(null);
    review.mutate(
      { reviewId: task.reviewId, scores: toScores(choice), feedback },
      {
        onSuccess: () => toast.success('Review sent. Thank you.'),
        onError: (err) => setProblem(refusalMessage(err, GENERIC_ERROR)),
      },
    );
  }

  return (
    <article className="card peer-task" aria-labelledby={headingId}>
      <h3 id={headingId}>
        Review {number}: {assignment.title}
      </h3>
      <details>
        <summary>Instructions</summary>
        <LinkifiedText text={assignment.instructions} />
      </details>
      <p className="attempt-label">A classmate’s work</p>
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
          <label htmlFor={`${headingId}-feedback`}>Your feedback (optional)</label>
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
            {review.isPending ? 'Sending...' : 'Send review'}
          </button>
        </div>
      </form>
    </article>
  );
}
