import { Link } from '@/components/Link.tsx';
import type { TCohortDto, TCohortSchedule } from '@app/contract/cohorts';
import { lagosDay, lagosSpan, lagosWhen } from '@/lib/cohort-dates.ts';
import { useT, type Translate } from '@/lib/i18n/index.ts';

type Section = TCohortSchedule['sections'][number];

/** When a section opens for the cohort's members, in words. */
function opensText(s: Section, t: Translate): string {
  if (s.kind === 'start') return t('courseCohorts.opens.start');
  if (s.opensAt) return t('courseCohorts.opens.at', { when: lagosWhen(s.opensAt) });
  if (s.kind === 'enrolment_day')
    return s.days === 0
      ? t('courseCohorts.opens.onSeat')
      : t('courseCohorts.opens.afterSeat', { days: s.days });
  return t('courseCohorts.opens.afterPrevious');
}

/**
 * A cohort's timetable on the course page: its dates, when its sections open and its live classes (each a link to
 * its session page for a student who owns the course: the page says so when they are not of this cohort).
 */
export function CohortSchedule({
  cohort,
  schedule,
  owned,
}: {
  owned: boolean;
  cohort: TCohortDto;
  schedule: TCohortSchedule | undefined;
}) {
  const t = useT();
  return (
    <div className="cohort-schedule">
      <h3>
        {t('courseCohorts.scheduleOf', {
          name: cohort.name,
          start: lagosDay(cohort.startsAt),
          end: lagosDay(cohort.endsAt),
        })}
      </h3>
      {schedule && schedule.sections.length > 0 && (
        <>
          <h4>{t('courseCohorts.sections')}</h4>
          <ol className="cohort-timetable">
            {schedule.sections.map((s) => (
              <li key={s.sectionId}>
                <span>{s.title}</span> <span className="muted">{opensText(s, t)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
      {schedule && schedule.sessions.length > 0 && (
        <>
          <h4>{t('courseCohorts.liveClasses')}</h4>
          <ul className="cohort-timetable">
            {schedule.sessions.map((s) => (
              <li key={s.id}>
                {owned ? <Link to={`/live/${s.id}`}>{s.title}</Link> : <span>{s.title}</span>}{' '}
                <span className="muted">{lagosSpan(s.startsAt, s.durationMinutes)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
