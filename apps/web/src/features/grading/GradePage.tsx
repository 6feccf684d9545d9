import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
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
import { useT } from '@/lib/i18n/index.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useGrade, useSubmission } from './api/grading.ts';
import { GivenGrade, PeerScores, SUBMISSION_STATUS_TEXT, Work } from './components/SubmissionWork.tsx';
import './grading.css';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** The catalog keys of the outcome buttons (read with `t`). */
const OUTCOME_BUTTON: Record<TGradeOutcome, string> = {
  pass: 'grading.outcome.pass',
  fail: 'grading.outcome.fail',
  return: 'grading.outcome.return',
};

/** The catalog keys of what a grade did, told once it is saved. */
const GRADED: Record<TGradeOutcome, string> = {
  pass: 'grading.done.passed',
  fail: 'grading.done.failed',
  return: 'grading.done.returned',
};

/** `/tutor/grading/:submissionId`: one submission graded with the rubric, feedback and an outcome. */
export default function GradePage() {
  const t = useT();
  const id = Number(useParams().submissionId);
  const query = useSubmission(id);
  if (query.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    return status >= 400 && status < 500 ? (
      <section className="grading">
        <p role="alert">{translateRefusal(query.error.message)}</p>
        <Link to="/tutor/grading">{t('grading.backToQueue')}</Link>
      </section>
    ) : (
      <LoadFailed message={t('grading.loadFailed')} onRetry={query.refetch} />
    );
  }
  return <Grade key={id} detail={query.data} />;
}

function Grade({ detail }: { detail: TSubmissionDetailResponse }) {
  const t = useT();
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
    if (missing) return setProblem(t('grading.unscored', { criterion: missing.title }));
    setProblem(null);
    grade.mutate(
      { submissionId: submission.id, outcome, scores: toScores(choice), feedback },
      {
        onSuccess: (r) => {
          toast.success(
            r.certificateCode
              ? t('grading.certificateIssued', { message: t(GRADED[outcome]) })
              : t(GRADED[outcome]),
          );
          void navigate('/tutor/grading');
        },
        onError: (err) =>
          err instanceof ApiError && err.status === 409
            ? setTaken(translateRefusal(err.message))
            : setProblem(refusalMessage(err, genericError())),
      },
    );
  }

  return (
    <section className="grading">
      <p>
        <Link to="/tutor/grading">{t('grading.backToQueue')}</Link>
      </p>
      <h1>{assignment.title}</h1>
      <p className="muted">
        {detail.studentName} · {t('grading.meta.attempt', { n: submission.attemptNo })}
        {submission.submittedAt
          ? ` · ${t('grading.meta.submitted', { when: lagosWhen(submission.submittedAt) })}`
          : ''}
        {submission.late ? ` · ${t('grading.meta.late')}` : ''} ·{' '}
        {t(SUBMISSION_STATUS_TEXT[submission.status])}
      </p>
      {taken && (
        <div className="card grade-taken" role="alert">
          <p>
            <strong>{taken}</strong>
          </p>
          <Link to="/tutor/grading" className="btn">
            {t('grading.openQueue')}
          </Link>
        </div>
      )}
      <div className="grade-layout">
        <div className="grading">
          <details>
            <summary>{t('grading.instructions')}</summary>
            <LinkifiedText text={assignment.instructions} />
          </details>
          <section className="card grade-panel" aria-labelledby="work-heading">
            <h2 id="work-heading">{t('grading.theWork')}</h2>
            <Work submission={submission} />
          </section>
          {submission.gradedAt && (
            <section className="card grade-panel" aria-labelledby="grade-heading">
              <h2 id="grade-heading">{t('grading.col.grade')}</h2>
              <GivenGrade assignment={assignment} submission={submission} />
            </section>
          )}
          {waiting && (
            <form
              className="card grade-panel"
              aria-label={t('grading.formLabel')}
              onSubmit={(e) => e.preventDefault()}
            >
              <h2>{t('grading.yourGrade')}</h2>
              {rubric.length > 0 && (
                <>
                  <RubricPicker
                    rubric={rubric}
                    value={choice}
                    onChange={setChoice}
                    disabled={grade.isPending}
                  />
                  <p aria-live="polite">
                    {t('grading.total', {
                      total,
                      max: assignment.maxPoints,
                      pass: assignment.passPoints ?? 0,
                    })}
                  </p>
                </>
              )}
              {rubric.length === 0 && <p className="muted">{t('grading.noRubric')}</p>}
              <div className="field">
                <label htmlFor="grade-feedback">{t('grading.feedback')}</label>
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
                    {t(OUTCOME_BUTTON[o])}
                  </button>
                ))}
              </div>
            </form>
          )}
          {history.length > 0 && (
            <section className="grade-panel" aria-labelledby="history-heading">
              <h2 id="history-heading">{t('grading.earlier')}</h2>
              {history.map((h) => (
                <article
                  key={h.id}
                  className="card grade-panel"
                  aria-label={t('grading.attemptN', { n: h.attemptNo })}
                >
                  <h3>
                    {t('grading.attemptN', { n: h.attemptNo })} · {t(SUBMISSION_STATUS_TEXT[h.status])}
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
