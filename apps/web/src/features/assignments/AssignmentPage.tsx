import { useParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import type { TAssignmentResponse } from '@app/contract/assignments';
import { LinkifiedText } from '@/components/LinkifiedText.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import { RubricTable } from '@/components/rubric/Rubric.tsx';
import { ApiError } from '@/lib/api.ts';
import { lagosWhen } from '@/lib/cohort-dates.ts';
import { useT, type Translate } from '@/lib/i18n/index.ts';
import { useAssignment } from './api/assignments.ts';
import { AttemptCard, GradeShown, WorkShown } from './components/AttemptCard.tsx';
import { STATUS_TEXT, TYPE_TEXT } from './components/attempt-text.ts';
import { WorkForm } from './components/WorkForm.tsx';
import './assignments.css';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** `/home/assignment/:id`: a student reads an assignment, hands in their work, and sees its grades. */
export default function AssignmentPage() {
  const t = useT();
  const id = Number(useParams().id);
  const query = useAssignment(id);
  if (!(Number.isInteger(id) && id > 0)) return <NotFound />;
  if (query.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 404) return <NotFound />;
    if (status === 403 || status === 400)
      return (
        <div className="page assignment-page">
          <p role="alert">{translateRefusal(query.error.message)}</p>
          <Link to="/home/my-courses">{t('assignments.backToMyCourses')}</Link>
        </div>
      );
    return <LoadFailed message={t('assignments.loadFailed')} onRetry={query.refetch} page solid />;
  }
  return <Assignment data={query.data} />;
}

function facts(t: Translate, { assignment: a }: TAssignmentResponse): string {
  const grading =
    a.grading === 'rubric'
      ? t('assignments.facts.rubric', { pass: a.passPoints ?? 0, max: a.maxPoints })
      : t('assignments.facts.passFail');
  const resubmits =
    a.maxResubmissions === 0
      ? t('assignments.facts.noResubmission')
      : t('assignments.facts.resubmissions', { count: a.maxResubmissions });
  return [
    t(TYPE_TEXT[a.submissionType]),
    grading,
    resubmits,
    a.requiredForCertificate ? t('assignments.facts.requiredForCertificate') : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function Assignment({ data }: { data: TAssignmentResponse }) {
  const t = useT();
  const { assignment, standing, attempts } = data;
  const latest = attempts[0];
  const left = standing.resubmissionsLeft ?? 0;
  const writable = !latest || latest.status === 'draft' || (latest.status === 'returned' && left > 0);
  // The next attempt after a return starts from the returned work: the form opens with it.
  const resubmit = (latest?.attemptNo ?? 1) > 1 || latest?.status === 'returned';
  const history = attempts.filter((a) => a.status !== 'draft');
  // The attempt the form writes: the draft's, or the next one after a return (its first save makes it).
  const workingOn = latest?.status === 'returned' ? latest.attemptNo + 1 : (latest?.attemptNo ?? 1);
  return (
    <div className="page assignment-page">
      <nav className="quiz-crumbs" aria-label={t('assignments.breadcrumb')}>
        <Link to={`/view-course/${assignment.courseId}`}>{t('assignments.backToCourseCrumb')}</Link>
      </nav>
      <h1>{assignment.title}</h1>
      <p className="muted">{facts(t, data)}</p>
      {standing.dueAt && (
        <p className="assignment-due">{t('assignments.due', { when: lagosWhen(standing.dueAt) })}</p>
      )}
      {standing.passed && <p className="completion-note done">{t('assignments.passedNote')}</p>}

      <section aria-labelledby="instructions-heading">
        <h2 id="instructions-heading">{t('assignments.instructions')}</h2>
        <LinkifiedText text={assignment.instructions} />
      </section>
      {assignment.grading === 'rubric' && assignment.rubric.length > 0 && (
        <section aria-labelledby="rubric-heading">
          <h2 id="rubric-heading">{t('assignments.howGraded')}</h2>
          <RubricTable rubric={assignment.rubric} />
        </section>
      )}

      {latest?.status === 'returned' && (
        <div className="card assignment-returned" role="status">
          <p>
            <strong>{t('assignments.returned')}</strong>{' '}
            {left > 0 ? t('assignments.returnedLeft', { count: left }) : t('assignments.noResubmissionsLeft')}
          </p>
          <GradeShown assignment={assignment} submission={latest} />
        </div>
      )}
      {latest?.status === 'submitted' && (
        <div className="card" role="status">
          <p>
            <strong>{t('assignments.submitted')}</strong> {t('assignments.submittedNote')}
          </p>
          <WorkShown submission={latest} />
        </div>
      )}
      {(latest?.status === 'passed' || latest?.status === 'failed') && (
        <div className="card" role="status">
          <GradeShown assignment={assignment} submission={latest} />
        </div>
      )}
      {writable && <WorkForm key={workingOn} assignment={assignment} latest={latest} resubmit={resubmit} />}

      {history.length > 0 && (
        <section aria-labelledby="attempts-heading" className="assignment-attempts">
          <h2 id="attempts-heading">{t('assignments.attemptsHeading')}</h2>
          <p className="muted">
            {t('assignments.attemptsSummary', {
              count: standing.attemptsUsed,
              status: standing.status ? t(STATUS_TEXT[standing.status]) : t('assignments.status.none'),
            })}
          </p>
          {history.map((a) => (
            <AttemptCard key={a.id} assignment={assignment} submission={a} />
          ))}
        </section>
      )}
    </div>
  );
}
