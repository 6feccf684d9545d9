import { useId, useState } from 'react';
import type { TCohortDto, TCohortListResponse } from '@app/contract/cohorts';
import type { TCourseDto } from '@app/contract/courses';
import { WaitlistOffer } from '@/components/cart/WaitlistOffer.tsx';
import { useAddSeatToCart } from '@/lib/add-seat.ts';
import { lagosWhen, nextCohort, openCohorts, seatsText } from '@/lib/cohort-dates.ts';
import { formatNaira } from '@/lib/money.ts';
import { CohortSchedule } from './CohortSchedule.tsx';

const STATUS: Record<TCohortDto['status'], string> = {
  scheduled: 'Enrolling',
  running: 'Running',
  finished: 'Finished',
  cancelled: 'Cancelled',
};

/**
 * The course page's cohorts (docs/cohorts.md): choose one, see its dates and schedule, and add a seat to the cart,
 * or join the waitlist of a full one. An owned course shows them without the buying.
 */
export function CourseCohorts({
  course,
  cohorts,
}: {
  course: Pick<TCourseDto, 'id' | 'title' | 'nairaPrice' | 'salePrice' | 'owned'>;
  cohorts: TCohortListResponse;
}) {
  const open = openCohorts(cohorts.cohorts);
  const first = nextCohort(cohorts.cohorts) ?? open[0];
  const [chosenId, setChosenId] = useState<number | undefined>(first?.id);
  const addSeat = useAddSeatToCart();
  const name = useId();
  const chosen = open.find((c) => c.id === chosenId) ?? first;
  if (!chosen) {
    return cohorts.offering === 'self_paced' ? null : (
      <section id="cohorts" className="course-detail-section course-cohorts">
        <h2>Cohorts</h2>
        <p className="muted">No cohort is open for enrolment right now.</p>
      </section>
    );
  }

  return (
    <section id="cohorts" className="course-detail-section course-cohorts" aria-labelledby={`${name}-h`}>
      <h2 id={`${name}-h`}>{open.length === 1 ? 'Cohort' : 'Cohorts'}</h2>
      <p className="muted">
        {cohorts.offering === 'cohorts'
          ? 'This course is taught in cohorts: a class starts on a date, sections open week by week, and the tutor teaches live.'
          : 'Take it at your own pace, or join a cohort: a class that starts on a date, with sections opening week by week and live classes.'}
      </p>
      <fieldset className="cohort-choices">
        <legend className="visually-hidden">Choose a cohort</legend>
        {open.map((c) => (
          <label key={c.id} className={c.id === chosen.id ? 'cohort-choice chosen' : 'cohort-choice'}>
            <input
              type="radio"
              name={name}
              value={c.id}
              checked={c.id === chosen.id}
              onChange={() => setChosenId(c.id)}
            />
            <span className="cohort-choice-text">
              <strong>{c.name}</strong>
              <span className="cohort-status">{STATUS[c.status]}</span>
              <span>
                {lagosWhen(c.startsAt)} to {lagosWhen(c.endsAt)}
              </span>
              <span className={c.seatsLeft === 0 ? 'cohort-full' : 'muted'}>
                {c.seatsLeft === 0 ? 'Full' : seatsText(c)}
                {c.nairaPrice !== null && ` · ${formatNaira(c.nairaPrice)}`}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <CohortSchedule
        owned={course.owned}
        cohort={chosen}
        schedule={cohorts.schedules?.find((s) => s.cohortId === chosen.id)}
      />
      {!course.owned &&
        (chosen.seatsLeft === 0 ? (
          <WaitlistOffer cohortId={chosen.id} message="This cohort is full." />
        ) : (
          <button type="button" className="btn" onClick={() => addSeat(course, chosen)}>
            Add a seat to cart
          </button>
        ))}
    </section>
  );
}
