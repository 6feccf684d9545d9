import type { TAssignmentDto, TSubmissionDto } from '@app/contract/assignments';
import { LinkifiedText } from '@/components/LinkifiedText.tsx';
import { RubricScores } from '@/components/rubric/Rubric.tsx';
import { lagosWhen } from '@/lib/cohort-dates.ts';
import { scoreText, sizeText, STATUS_TEXT, submittedText } from './attempt-text.ts';

/** The work an attempt holds: its text, its link or its file (a signed link). */
export function WorkShown({ submission }: { submission: TSubmissionDto }) {
  return (
    <div className="attempt-work">
      {submission.text !== null && submission.text !== '' && (
        <LinkifiedText text={submission.text} className="attempt-text" />
      )}
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
  if (!submission.gradedAt) return null;
  const score = scoreText(submission);
  return (
    <div className="attempt-grade">
      <p>
        <strong>{STATUS_TEXT[submission.status]}</strong>
        {score && ` · ${score}`}
      </p>
      <RubricScores rubric={assignment.rubric} scores={submission.scores} />
      {submission.feedback ? (
        <div>
          <p className="attempt-label">Feedback</p>
          <LinkifiedText text={submission.feedback} className="attempt-feedback" />
        </div>
      ) : (
        <p className="muted">No written feedback.</p>
      )}
      <p className="muted">
        Graded {lagosWhen(submission.gradedAt)}
        {submission.gradedBy ? ` by ${submission.gradedBy}` : ''}
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
  return (
    <article className="card attempt-card" aria-label={`Attempt ${submission.attemptNo}`}>
      <h3>
        Attempt {submission.attemptNo} · {STATUS_TEXT[submission.status]}
      </h3>
      <p className="muted">{submittedText(submission)}</p>
      <WorkShown submission={submission} />
      <GradeShown assignment={assignment} submission={submission} />
    </article>
  );
}
