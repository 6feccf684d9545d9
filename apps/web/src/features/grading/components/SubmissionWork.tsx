import type { TAssignmentDto, TSubmissionDetailResponse, TSubmissionDto } from '@app/contract/assignments';
import { LinkifiedText } from '@/components/LinkifiedText.tsx';
import { RubricScores } from '@/components/rubric/Rubric.tsx';
import { lagosWhen } from '@/lib/cohort-dates.ts';

const STATUS: Record<TSubmissionDto['status'], string> = {
  draft: 'Draft',
  submitted: 'Waiting for a grade',
  passed: 'Passed',
  failed: 'Not passed',
  returned: 'Returned for resubmission',
};

/** The work handed in: text, link or file (a signed link). */
export function Work({ submission }: { submission: TSubmissionDto }) {
  return (
    <div>
      {submission.text && <LinkifiedText text={submission.text} />}
      {submission.link && (
        <p>
          Link:{' '}
          <a href={submission.link} target="_blank" rel="nofollow noopener">
            {submission.link}
          </a>
        </p>
      )}
      {submission.fileName && (
        <p>
          File:{' '}
          {submission.fileUrl ? (
            <a href={submission.fileUrl} target="_blank" rel="noopener">
              {submission.fileName}
            </a>
          ) : (
            submission.fileName
          )}
        </p>
      )}
    </div>
  );
}

/** A grade given: outcome, total, per criterion, feedback and who gave it. */
export function GivenGrade({
  assignment,
  submission,
}: {
  assignment: TAssignmentDto;
  submission: TSubmissionDto;
}) {
  if (!submission.gradedAt) return null;
  return (
    <div>
      <p>
        <strong>{STATUS[submission.status]}</strong>
        {submission.score !== null && submission.scoreOutOf
          ? ` · ${submission.score} of ${submission.scoreOutOf}`
          : ''}
      </p>
      <RubricScores rubric={assignment.rubric} scores={submission.scores} />
      {submission.feedback && <LinkifiedText text={submission.feedback} />}
      <p className="muted">
        Graded {lagosWhen(submission.gradedAt)}
        {submission.gradedBy ? ` by ${submission.gradedBy}` : ''}
      </p>
    </div>
  );
}

/** The peer reviews beside the staff's grade: 'Reviewer 1', 'Reviewer 2', their scores and feedback. */
export function PeerScores({ detail }: { detail: TSubmissionDetailResponse }) {
  if (!detail.peerReviews.length) return null;
  return (
    <section className="card peer-panel" aria-labelledby="peer-heading">
      <h2 id="peer-heading">Peer reviews</h2>
      {detail.peerReviews.map((r) => (
        <article key={r.reviewer} aria-label={r.reviewer}>
          <h3>
            {r.reviewer}
            {r.done && r.score !== null ? ` · ${r.score} of ${detail.assignment.maxPoints}` : ''}
          </h3>
          {r.done ? (
            <>
              <RubricScores
                rubric={detail.assignment.rubric}
                scores={r.scores}
                label={`${r.reviewer}'s scores`}
              />
              {r.feedback && <LinkifiedText text={r.feedback} />}
            </>
          ) : (
            <p className="muted">Not reviewed yet.</p>
          )}
        </article>
      ))}
    </section>
  );
}

export { STATUS as SUBMISSION_STATUS_TEXT };
