import { useId, useState } from 'react';
import type { TCohortDto, TCohortListResponse } from '@app/contract/cohorts';
import type { TCourseDto } from '@app/contract/courses';
import { WaitlistOffer } from '@/components/cart/WaitlistOffer.tsx';
import { useAddSeatToCart } from '@/lib/add-seat.ts';
import { lagosWhen, nextCohort, openCohorts, seatsText } from '@/lib/cohort-dates.ts';
import { useT } from '@/lib/i18n/index.ts';
import { formatNaira } from '@/lib/money.ts';
import { CohortSchedule } from './CohortSchedule.tsx';

/** A cohort's status: its catalog key. */
const STATUS: Record<TCohortDto['status'], string> = {
  scheduled: 'courseCohorts.status.scheduled',
  running: 'courseCohorts.status.running',
  finished: 'courseCohorts.status.finished',
  cancelled: 'courseCohorts.status.cancelled',
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
  const t = useT();
  const chosen = open.find((c) => c.id === chosenId) ?? first;
  if (!chosen) {
    return cohorts.offering === 'self_paced' ? null : (
      <section id="cohorts" className="course-detail-section course-cohorts">
        <h2>{t('courseCohorts.title', { count: 2 })}</h2>
        <p className="muted">{t('courseCohorts.noneOpen')}</p>
      </section>
    );
  }

  return (
    <section id="cohorts" className="course-detail-section course-cohorts" aria-labelledby={`${name}-h`}>
      <h2 id={`${name}-h`}>{t('courseCohorts.title', { count: open.length })}</h2>
      <p className="muted">
        {t(cohorts.offering === 'cohorts' ? 'courseCohorts.offering.cohorts' : 'courseCohorts.offering.both')}
      </p>
      <fieldset className="cohort-choices">
        <legend className="visually-hidden">{t('courseCohorts.choose')}</legend>
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
              <span className="cohort-status">{t(STATUS[c.status])}</span>
              <span>
                {t('courseCohorts.dates', { start: lagosWhen(c.startsAt), end: lagosWhen(c.endsAt) })}
              </span>
              <span className={c.seatsLeft === 0 ? 'cohort-full' : 'muted'}>
                {c.seatsLeft === 0 ? t('courseCohorts.full') : seatsText(c)}
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
          <WaitlistOffer cohortId={chosen.id} message={t('courseCohorts.fullMessage')} />
        ) : (
          <button type="button" className="btn" onClick={() => addSeat(course, chosen)}>
            {t('courseCohorts.addSeat')}
          </button>
        ))}
    </section>
  );
}
