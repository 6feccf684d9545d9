import { Link } from '@/components/Link.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { lagosSpan, lagosWhen } from '@/lib/cohort-dates.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useCohortWeek } from './api/cohorts.ts';
import './cohorts.css';

/**
 * `/user/week`: the student's 'This week' across their cohorts (docs/cohorts.md): the sections that open, the
 * quizzes due (late ones marked), the next live class and the recordings of past ones, every moment in Lagos time.
 */
export default function WeekPage() {
  const t = useT();
  const week = useCohortWeek();
  const data = week.data;
  const recordings = data?.recordings ?? [];
  const empty = data && !data.opening.length && !data.due.length && !data.nextSession && !recordings.length;

  return (
    <section className="page cohort-page week-page">
      <h1>{t('cohorts.week.title')}</h1>
      <p className="muted">
        {t('cohorts.week.intro')} <Link to="/user/calendar">{t('cohorts.week.addToCalendar')}</Link>.
      </p>
      {week.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {week.isError && <LoadFailed message={t('cohorts.week.loadFailed')} onRetry={week.refetch} />}
      {empty && <EmptyState message={t('cohorts.week.empty')} />}
      {data?.nextSession && (
        <div className="card week-block">
          <h2>{t('cohorts.week.nextSession')}</h2>
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
          <h2>{t('cohorts.week.opening')}</h2>
          <ul className="week-list">
            {data.opening.map((o) => (
              <li key={`${o.courseId}-${o.sectionId}`}>
                <span className="week-title">{o.sectionTitle}</span>
                <span className="muted">
                  <Link to={`/view-course/${o.courseId}`}>{o.courseTitle}</Link>
                </span>
                <span>{t('cohorts.week.opens', { when: lagosWhen(o.opensAt) })}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {data && data.due.length > 0 && (
        <div className="card week-block">
          <h2>{t('cohorts.week.due')}</h2>
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
                  {d.late && <span className="late-flag">{t('cohorts.week.late')}</span>}
                </span>
                <span>
                  {d.late
                    ? t('cohorts.week.wasDue', { when: lagosWhen(d.dueAt) })
                    : t('cohorts.week.dueAt', { when: lagosWhen(d.dueAt) })}
                </span>
                {d.late && (
                  <span className="muted">
                    {d.assignmentId
                      ? d.refuseLate
                        ? t('cohorts.week.lateRefused')
                        : t('cohorts.week.lateSubmission')
                      : t('cohorts.week.lateAttempt')}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {recordings.length > 0 && (
        <div className="card week-block">
          <h2>{t('cohorts.week.recordings')}</h2>
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
                <span>{t('cohorts.week.held', { when: lagosWhen(r.startsAt) })}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
