import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { lagosSpan, lagosWhen } from '@/lib/cohort-dates.ts';
import { useCohortWeek } from './api/cohorts.ts';
import './cohorts.css';

/**
 * `/user/week`: the student's 'This week' across their cohorts (docs/cohorts.md): the sections that open, the
 * quizzes due (late ones marked), the next live class and the recordings of past ones, every moment in Lagos time.
 */
export default function WeekPage() {
  const week = useCohortWeek();
  const data = week.data;
  const recordings = data?.recordings ?? [];
  const empty = data && !data.opening.length && !data.due.length && !data.nextSession && !recordings.length;

  return (
    <section className="page cohort-page week-page">
      <h1>This week</h1>
      <p className="muted">
        The next 7 days in your cohorts. Times are in Lagos time (WAT).{' '}
        <Link to="/user/calendar">Add them to your calendar</Link>.
      </p>
      {week.isPending && <p className="page-loading">Loading...</p>}
      {week.isError && (
        <LoadFailed message="Your week could not be loaded. Please try again." onRetry={week.refetch} />
      )}
      {empty && (
        <EmptyState message="Nothing opens or is due in the next 7 days, and no live class is coming." />
      )}
      {data?.nextSession && (
        <div className="card week-block">
          <h2>Next live class</h2>
          <p className="week-title">
            <Link to={`/live/${data.nextSession.id}`}>{data.nextSession.title}</Link>
          </p>
          <p className="muted">
            {data.nextSession.courseTitle} · {data.nextSession.cohortName}
          </p>
          <p>{lagosSpan(data.nextSession.startsAt, data.nextSession.durationMinutes)}</p>
        </div>
      )}
      {data && data.opening.length > 0 && (
        <div className="card week-block">
          <h2>What opens</h2>
          <ul className="week-list">
            {data.opening.map((o) => (
              <li key={`${o.courseId}-${o.sectionId}`}>
                <span className="week-title">{o.sectionTitle}</span>
                <span className="muted">
                  <Link to={`/view-course/${o.courseId}`}>{o.courseTitle}</Link>
                </span>
                <span>Opens {lagosWhen(o.opensAt)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {data && data.due.length > 0 && (
        <div className="card week-block">
          <h2>What is due</h2>
          <ul className="week-list">
            {data.due.map((d) => (
              <li key={`${d.courseId}-${d.quizId ? `q${d.quizId}` : `a${d.assignmentId}`}`}>
                <span className="week-title">
                  <Link
                    to={
                      d.assignmentId
                        ? `/home/assignment/${d.assignmentId}`
                        : `/view-course/${d.courseId}/quiz/${d.quizId}`
                    }
                  >
                    {d.title}
                  </Link>
                  {d.late && <span className="late-flag">Late</span>}
                </span>
                <span>
                  {d.late ? 'Was due' : 'Due'} {lagosWhen(d.dueAt)}
                </span>
                {d.late && (
                  <span className="muted">
                    {d.assignmentId
                      ? d.refuseLate
                        ? 'Late submissions are not accepted.'
                        : 'A submission now is accepted and marked late.'
                      : 'An attempt now is accepted and marked late.'}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {recordings.length > 0 && (
        <div className="card week-block">
          <h2>Recordings of your live classes</h2>
          <ul className="week-list">
            {recordings.map((r) => (
              <li key={r.sessionId}>
                <span className="week-title">
                  <a href={r.url} target="_blank" rel="noopener noreferrer">
                    {r.title}
                  </a>
                </span>
                <span className="muted">
                  {r.courseTitle} · {r.cohortName}
                </span>
                <span>Held {lagosWhen(r.startsAt)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
