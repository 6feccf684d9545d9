import type { TAssignmentDto, TSubmissionDetailResponse, TSubmissionDto } from '@app/contract/assignments';
import { LinkifiedText } from '@/components/LinkifiedText.tsx';
import { RubricScores } from '@/components/rubric/Rubric.tsx';
import { lagosWhen } from '@/lib/cohort-dates.ts';
import { useT } from '@/lib/i18n/index.ts';

/** The catalog keys of a submission's statuses (read with `t`). */
const STATUS: Record<TSubmissionDto['status'], string> = {
  draft: 'grading.status.draft',
  submitted: 'grading.status.submitted',
  passed: 'grading.status.passed',
  failed: 'grading.status.failed',
  returned: 'grading.status.returned',
};

/** The work handed in: text, link or file (a signed link). */
export function Work({ submission }: { submission: TSubmissionDto }) {
  const t = useT();
  return (
    <div>
      {submission.text && <LinkifiedText text={submission.text} />}
      {submission.link && (
        <p>
          {t('grading.work.link')}{' '}
          <a href={submission.link} target="_blank" rel="nofollow noopener">
            {submission.link}
          </a>
        </p>
      )}
      {submission.fileName && (
        <p>
          {t('grading.work.file')}{' '}
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
  const t = useT();
  if (!submission.gradedAt) return null;
  return (
    <div>
      <p>
        <strong>{t(STATUS[submission.status])}</strong>
        {submission.score !== null && submission.scoreOutOf
          ? ` · ${t('grading.scoreOf', { score: submission.score, outOf: submission.scoreOutOf })}`
          : ''}
      </p>
      <RubricScores rubric={assignment.rubric} scores={submission.scores} />
      {submission.feedback && <LinkifiedText text={submission.feedback} />}
      <p className="muted">
        {submission.gradedBy
          ? t('grading.gradedBy', { when: lagosWhen(submission.gradedAt), name: submission.gradedBy })
          : t('grading.graded', { when: lagosWhen(submission.gradedAt) })}
      </p>
    </div>
  );
}

/** The peer reviews beside the staff's grade: 'Reviewer 1', 'Reviewer 2', their scores and feedback. */
export function PeerScores({ detail }: { detail: TSubmissionDetailResponse }) {
  const t = useT();
  if (!detail.peerReviews.length) return null;
  return (
    <section className="card peer-panel" aria-labelledby="peer-heading">
      <h2 id="peer-heading">{t('grading.peerReviews')}</h2>
      {detail.peerReviews.map((r) => (
        <article key={r.reviewer} aria-label={r.reviewer}>
          <h3>
            {r.reviewer}
            {r.done && r.score !== null
              ? ` · ${t('grading.scoreOf', { score: r.score, outOf: detail.assignment.maxPoints })}`
              : ''}
          </h3>
          {r.done ? (
            <>
              <RubricScores
                rubric={detail.assignment.rubric}
                scores={r.scores}
                label={t('grading.peerScores', { reviewer: r.reviewer })}
              />
              {r.feedback && <LinkifiedText text={r.feedback} />}
            </>
          ) : (
            <p className="muted">{t('grading.notReviewed')}</p>
          )}
        </article>
      ))}
    </section>
  );
}

export { STATUS as SUBMISSION_STATUS_TEXT };
