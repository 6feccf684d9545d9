import { Link } from '@/components/Link.tsx';
import type { TCohortDto, TCohortSchedule } from '@app/contract/cohorts';
import { lagosDay, lagosSpan, lagosWhen } from '@/lib/cohort-dates.ts';

type Section = TCohortSchedule['sections'][number];

/** When a section opens for the cohort's members, in words. */
function opensText(s: Section): string {
  if (s.kind === 'start') return 'Open from the start';
  if (s.opensAt) return `Opens ${lagosWhen(s.opensAt)}`;
  if (s.kind === 'enrolment_day')
    return s.days === 0 ? 'Opens when you take your seat' : `Opens ${s.days} days after you take your seat`;
  return 'Opens when you complete the previous section';
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
  return (
    <div className="cohort-schedule">
      <h3>
        Schedule of {cohort.name} ({lagosDay(cohort.startsAt)} to {lagosDay(cohort.endsAt)})
      </h3>
      {schedule && schedule.sections.length > 0 && (
        <>
          <h4>Sections</h4>
          <ol className="cohort-timetable">
            {schedule.sections.map((s) => (
              <li key={s.sectionId}>
                <span>{s.title}</span> <span className="muted">{opensText(s)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
      {schedule && schedule.sessions.length > 0 && (
        <>
          <h4>Live classes</h4>
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
