import { Link, useParams } from 'react-router';
import type { TAssignmentResponse } from '@app/contract/assignments';
import { LinkifiedText } from '@/components/LinkifiedText.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import { RubricTable } from '@/components/rubric/Rubric.tsx';
import { ApiError } from '@/lib/api.ts';
import { lagosWhen } from '@/lib/cohort-dates.ts';
import { useAssignment } from './api/assignments.ts';
import { AttemptCard, GradeShown, WorkShown } from './components/AttemptCard.tsx';
import { STATUS_TEXT, TYPE_TEXT } from './components/attempt-text.ts';
import { WorkForm } from './components/WorkForm.tsx';
import './assignments.css';

/** `/home/assignment/:id`: a student reads an assignment, hands in their work, and sees its grades. */
export default function AssignmentPage() {
  const id = Number(useParams().id);
  const query = useAssignment(id);
  if (!(Number.isInteger(id) && id > 0)) return <NotFound />;
  if (query.isPending) return <p className="page-loading">Loading...</p>;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 404) return <NotFound />;
    if (status === 403 || status === 400)
      return (
        <div className="page assignment-page">
          <p role="alert">{query.error.message}</p>
          <Link to="/home/my-courses">← My Courses</Link>
        </div>
      );
    return (
      <LoadFailed
        message="We could not load this assignment. Please try again."
        onRetry={query.refetch}
        page
        solid
      />
    );
  }
  return <Assignment data={query.data} />;
}

function facts({ assignment: a }: TAssignmentResponse): string {
  const grading =
    a.grading === 'rubric'
      ? `Graded with a rubric · pass mark ${a.passPoints ?? 0} of ${a.maxPoints}`
      : 'Pass or fail';
  const resubmits =
    a.maxResubmissions === 0
      ? 'no resubmission'
      : `${a.maxResubmissions} ${a.maxResubmissions === 1 ? 'resubmission' : 'resubmissions'} allowed`;
  return [
    TYPE_TEXT[a.submissionType],
    grading,
    resubmits,
    a.requiredForCertificate ? 'Required for the certificate' : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function Assignment({ data }: { data: TAssignmentResponse }) {
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
      <nav className="quiz-crumbs" aria-label="Breadcrumb">
        <Link to={`/view-course/${assignment.courseId}`}>← Back to the course</Link>
      </nav>
      <h1>{assignment.title}</h1>
      <p className="muted">{facts(data)}</p>
      {standing.dueAt && <p className="assignment-due">Due {lagosWhen(standing.dueAt)}</p>}
      {standing.passed && <p className="completion-note done">You passed this assignment.</p>}

      <section aria-labelledby="instructions-heading">
        <h2 id="instructions-heading">Instructions</h2>
        <LinkifiedText text={assignment.instructions} />
      </section>
      {assignment.grading === 'rubric' && assignment.rubric.length > 0 && (
        <section aria-labelledby="rubric-heading">
          <h2 id="rubric-heading">How it is graded</h2>
          <RubricTable rubric={assignment.rubric} />
        </section>
      )}

      {latest?.status === 'returned' && (
        <div className="card assignment-returned" role="status">
          <p>
            <strong>Your work was returned.</strong>{' '}
            {left > 0
              ? `Read the feedback, change your work and resubmit. ${left} ${left === 1 ? 'resubmission' : 'resubmissions'} left.`
              : 'You have no resubmissions left.'}
          </p>
          <GradeShown assignment={assignment} submission={latest} />
        </div>
      )}
      {latest?.status === 'submitted' && (
        <div className="card" role="status">
          <p>
            <strong>Your work is submitted.</strong> It can change only once your tutor returns it.
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
          <h2 id="attempts-heading">Your attempts</h2>
          <p className="muted">
            {standing.attemptsUsed} submitted · latest:{' '}
            {standing.status ? STATUS_TEXT[standing.status] : 'none'}
          </p>
          {history.map((a) => (
            <AttemptCard key={a.id} assignment={assignment} submission={a} />
          ))}
        </section>
      )}
    </div>
  );
}
