import type { TAssignmentDto, TSubmissionDto } from '@app/contract/assignments';
import { LinkifiedText } from '@/components/LinkifiedText.tsx';
import { RubricScores } from '@/components/rubric/Rubric.tsx';
import { lagosWhen } from '@/lib/cohort-dates.ts';
import { useT } from '@/lib/i18n/index.ts';
import { scoreText, sizeText, STATUS_TEXT, submittedText } from './attempt-text.ts';

/** The work an attempt holds: its text, its link or its file (a signed link). */
export function WorkShown({ submission }: { submission: TSubmissionDto }) {
  const t = useT();
  return (
    <div className="attempt-work">
      {submission.text !== null && submission.text !== '' && (
        <LinkifiedText text={submission.text} className="attempt-text" />
      )}
      {submission.link && (
        <p>
          {t('assignments.work.linkShown')}{' '}
          <a href={submission.link} target="_blank" rel="nofollow noopener">
            {submission.link}
          </a>
        </p>
      )}
      {submission.fileName && (
        <p>
          {t('assignments.work.fileShown')}{' '}
          {submission.fileUrl ? (
            <a href={submission.fileUrl} target="_blank" rel="noopener">
              {submission.fileName}
            </a>
          ) : (
            submission.fileName
          )}
          {submission.fileSize !== null && <span className="muted"> ({sizeText(submission.fileSize)})</span>}
        </p>
      )}
    </div>
  );
}

/** The grade of an attempt: outcome, total, score per criterion, feedback and who graded it. */
export function GradeShown({
  assignment,
  submission,
}: {
  assignment: TAssignmentDto;
  submission: TSubmissionDto;
}) {
  const t = useT();
  if (!submission.gradedAt) return null;
  const score = scoreText(t, submission);
  return (
    <div className="attempt-grade">
      <p>
        <strong>{t(STATUS_TEXT[submission.status])}</strong>
        {score && ` · ${score}`}
      </p>
      <RubricScores rubric={assignment.rubric} scores={submission.scores} />
      {submission.feedback ? (
        <div>
          <p className="attempt-label">{t('assignments.grade.feedback')}</p>
          <LinkifiedText text={submission.feedback} className="attempt-feedback" />
        </div>
      ) : (
        <p className="muted">{t('assignments.grade.noFeedback')}</p>
      )}
      <p className="muted">
        {submission.gradedBy
          ? t('assignments.grade.gradedBy', {
              when: lagosWhen(submission.gradedAt),
              name: submission.gradedBy,
            })
          : t('assignments.grade.graded', { when: lagosWhen(submission.gradedAt) })}
      </p>
    </div>
  );
}

/** One attempt in the history: number, status, when, the work and its grade. */
export function AttemptCard({
  assignment,
  submission,
}: {
  assignment: TAssignmentDto;
  submission: TSubmissionDto;
}) {
  const t = useT();
  return (
    <article
      className="card attempt-card"
      aria-label={t('assignments.attempt.label', { number: submission.attemptNo })}
    >
      <h3>
        {t('assignments.attempt.heading', {
          number: submission.attemptNo,
          status: t(STATUS_TEXT[submission.status]),
        })}
      </h3>
      <p className="muted">{submittedText(t, submission)}</p>
      <WorkShown submission={submission} />
      <GradeShown assignment={assignment} submission={submission} />
    </article>
  );
}
