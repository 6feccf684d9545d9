import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import type { TGradeOutcome, TSubmissionDetailResponse } from '@app/contract/assignments';
import { LinkifiedText } from '@/components/LinkifiedText.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import {
  choiceTotal,
  RubricPicker,
  toScores,
  unscored,
  type RubricChoice,
} from '@/components/rubric/Rubric.tsx';
import { ApiError } from '@/lib/api.ts';
import { lagosWhen } from '@/lib/cohort-dates.ts';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useGrade, useSubmission } from './api/grading.ts';
import { GivenGrade, PeerScores, SUBMISSION_STATUS_TEXT, Work } from './components/SubmissionWork.tsx';
import './grading.css';

const OUTCOME_BUTTON: Record<TGradeOutcome, string> = {
  pass: 'Pass',
  fail: 'Fail',
  return: 'Return for resubmission',
};

/** `/tutor/grading/:submissionId`: one submission graded with the rubric, feedback and an outcome. */
export default function GradePage() {
  const id = Number(useParams().submissionId);
  const query = useSubmission(id);
  if (query.isPending) return <p className="page-loading">Loading...</p>;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    return status >= 400 && status < 500 ? (
      <section className="grading">
        <p role="alert">{query.error.message}</p>
        <Link to="/tutor/grading">← Grading queue</Link>
      </section>
    ) : (
      <LoadFailed message="This submission could not be loaded." onRetry={query.refetch} />
    );
  }
  return <Grade key={id} detail={query.data} />;
}

function Grade({ detail }: { detail: TSubmissionDetailResponse }) {
  const { submission, assignment, history } = detail;
  const navigate = useNavigate();
  const grade = useGrade();
  const rubric = assignment.grading === 'rubric' ? assignment.rubric : [];
  const [choice, setChoice] = useState<RubricChoice>({});
  const [feedback, setFeedback] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Another grader was first (409): the work is theirs; this page says so and offers the queue.
  const [taken, setTaken] = useState<string | null>(null);
  const total = choiceTotal(rubric, choice);
  const waiting = submission.status === 'submitted' && !taken;

  function send(outcome: TGradeOutcome) {
    const missing = unscored(rubric, choice);
    if (missing) return setProblem(`Score every criterion: "${missing.title}" has no level chosen.`);
    setProblem(null);
    grade.mutate(
      { submissionId: submission.id, outcome, scores: toScores(choice), feedback },
      {
        onSuccess: (r) => {
          toast.success(
            r.certificateCode
              ? `${r.responseDto.message}. The course is complete: the certificate is issued.`
              : r.responseDto.message,
          );
          void navigate('/tutor/grading');
        },
        onError: (err) =>
          err instanceof ApiError && err.status === 409
            ? setTaken(err.message)
            : setProblem(refusalMessage(err, GENERIC_ERROR)),
      },
    );
  }

  return (
    <section className="grading">
      <p>
        <Link to="/tutor/grading">← Grading queue</Link>
      </p>
      <h1>{assignment.title}</h1>
      <p className="muted">
        {detail.studentName} · attempt {submission.attemptNo}
        {submission.submittedAt ? ` · submitted ${lagosWhen(submission.submittedAt)}` : ''}
        {submission.late ? ' · late' : ''} · {SUBMISSION_STATUS_TEXT[submission.status]}
      </p>
      {taken && (
        <div className="card grade-taken" role="alert">
          <p>
            <strong>{taken}</strong>
          </p>
          <Link to="/tutor/grading" className="btn">
            Open the queue
          </Link>
        </div>
      )}
      <div className="grade-layout">
        <div className="grading">
          <details>
            <summary>Instructions</summary>
            <LinkifiedText text={assignment.instructions} />
          </details>
          <section className="card grade-panel" aria-labelledby="work-heading">
            <h2 id="work-heading">The work</h2>
            <Work submission={submission} />
          </section>
          {submission.gradedAt && (
            <section className="card grade-panel" aria-labelledby="grade-heading">
              <h2 id="grade-heading">Grade</h2>
              <GivenGrade assignment={assignment} submission={submission} />
            </section>
          )}
          {waiting && (
            <form
              className="card grade-panel"
              aria-label="Grade this work"
              onSubmit={(e) => e.preventDefault()}
            >
              <h2>Your grade</h2>
              {rubric.length > 0 && (
                <>
                  <RubricPicker
                    rubric={rubric}
                    value={choice}
                    onChange={setChoice}
                    disabled={grade.isPending}
                  />
                  <p aria-live="polite">
                    Total: {total} of {assignment.maxPoints} · pass mark {assignment.passPoints ?? 0}
                  </p>
                </>
              )}
              {rubric.length === 0 && <p className="muted">Pass/fail: no rubric to score.</p>}
              <div className="field">
                <label htmlFor="grade-feedback">Feedback for the student</label>
                <textarea
                  id="grade-feedback"
                  rows={6}
                  value={feedback}
                  disabled={grade.isPending}
                  onChange={(e) => setFeedback(e.target.value)}
                />
              </div>
              {problem && (
                <p className="field-error" role="alert">
                  {problem}
                </p>
              )}
              <div className="grade-outcomes">
                {(['pass', 'fail', 'return'] as const).map((o) => (
                  <button
                    key={o}
                    type="button"
                    className={
                      o === 'pass' ? 'btn' : o === 'fail' ? 'btn btn-outline danger' : 'btn btn-outline'
                    }
                    disabled={grade.isPending}
                    onClick={() => send(o)}
                  >
                    {OUTCOME_BUTTON[o]}
                  </button>
                ))}
              </div>
            </form>
          )}
          {history.length > 0 && (
            <section className="grade-panel" aria-labelledby="history-heading">
              <h2 id="history-heading">Earlier attempts</h2>
              {history.map((h) => (
                <article key={h.id} className="card grade-panel" aria-label={`Attempt ${h.attemptNo}`}>
                  <h3>
                    Attempt {h.attemptNo} · {SUBMISSION_STATUS_TEXT[h.status]}
                  </h3>
                  <Work submission={h} />
                  <GivenGrade assignment={assignment} submission={h} />
                </article>
              ))}
            </section>
          )}
        </div>
        <PeerScores detail={detail} />
      </div>
    </section>
  );
}
