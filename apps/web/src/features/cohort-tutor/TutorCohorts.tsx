import { useState } from 'react';
import { Link } from '@/components/Link.tsx';
import { toast } from 'react-toastify';
import type { TCohortDto } from '@app/contract/cohorts';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { TutorCourseSelect, useChosenTutorCourse } from '@/components/TutorCourseSelect.tsx';
import { formatLagosTime } from '@/lib/dates.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useCourseCohorts } from './api/cohorts.ts';
import { isOpen, lagosZone, priceText, seatsText } from './cohort-text.ts';
import { CohortForm } from './components/CohortForm.tsx';
import { CohortStatus } from './components/CohortStatus.tsx';
import { ConfirmCancel } from './components/ConfirmCancel.tsx';
import { OfferingPicker } from './components/OfferingPicker.tsx';
import { ReleaseRules } from './components/ReleaseRules.tsx';
import './cohort-tutor.css';

/**
 * `/tutor/cohorts?course=ID`: how one of the tutor's courses is sold (self-paced, cohorts, both), its cohorts
 * (create, change, cancel, open one's dashboard) and its sections' release rules.
 */
export default function TutorCohorts() {
  const t = useT();
  const { courses, chosen, choose } = useChosenTutorCourse();
  const course = courses.data?.find((c) => c.id === chosen) ?? null;
  const cohorts = useCourseCohorts(chosen);
  const [editing, setEditing] = useState<TCohortDto | null>(null);
  const [cancelling, setCancelling] = useState<TCohortDto | null>(null);
  const changing = editing?.courseId === chosen ? editing : null;

  if (courses.isError)
    return <LoadFailed message={t('cohortTutor.list.coursesLoadFailed')} onRetry={courses.refetch} />;
  if (courses.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (courses.data.length === 0) return <p>{t('cohortTutor.list.noCourses')}</p>;
  const zone = lagosZone(t);

  const columns: Column<TCohortDto>[] = [
    {
      head: t('cohortTutor.cohort'),
      title: true,
      cell: (c) => (
        <Link to={`/tutor/cohort/${c.id}`} aria-label={t('cohortTutor.list.openLabel', { name: c.name })}>
          {c.name}
        </Link>
      ),
    },
    { head: t('cohortTutor.startsZone', { zone }), cell: (c) => formatLagosTime(c.startsAt) },
    { head: t('cohortTutor.endsZone', { zone }), cell: (c) => formatLagosTime(c.endsAt) },
    {
      head: t('cohortTutor.list.enrolmentZone', { zone }),
      cell: (c) => `${formatLagosTime(c.enrolOpensAt)} – ${formatLagosTime(c.enrolClosesAt)}`,
    },
    { head: t('cohortTutor.list.seats'), cell: (c) => seatsText(c, t) },
    { head: t('cohortTutor.list.price'), cell: (c) => priceText(c, t) },
    {
      head: t('cohortTutor.list.status'),
      cell: (c) => (
        <div className="row-actions">
          <CohortStatus status={c.status} />
          {isOpen(c) && (
            <>
              <button
                type="button"
                className="btn btn-outline"
                aria-label={t('cohortTutor.list.editLabel', { name: c.name })}
                onClick={() => setEditing(c)}
              >
                {t('cohortTutor.list.edit')}
              </button>
              <button
                type="button"
                className="btn btn-outline danger"
                aria-label={t('cohortTutor.list.cancelLabel', { name: c.name })}
                onClick={() => setCancelling(c)}
              >
                {t('cohortTutor.cancel')}
              </button>
            </>
          )}
        </div>
      ),
    },
  ];

  return (
    <section className="cohort-tutor">
      <h1>{t('cohortTutor.list.title')}</h1>
      <TutorCourseSelect className="cohort-course" courses={courses.data} chosen={chosen} onChoose={choose} />
      {cohorts.isError && <LoadFailed message={t('cohortTutor.list.loadFailed')} onRetry={cohorts.refetch} />}
      {cohorts.data && chosen !== null && (
        <>
          <OfferingPicker key={chosen} courseId={chosen} offering={cohorts.data.offering} />
          <h2>{t('cohortTutor.list.ofCourse')}</h2>
          {cohorts.data.cohorts.length === 0 ? (
            <p className="muted">{t('cohortTutor.list.none')}</p>
          ) : (
            <DataTable columns={columns} rows={cohorts.data.cohorts} rowKey={(c) => c.id} />
          )}
          <CohortForm
            key={changing?.id ?? `new-${chosen}`}
            courseId={chosen}
            editing={changing}
            onDone={() => setEditing(null)}
          />
          {course && <ReleaseRules key={course.id} course={course} />}
        </>
      )}
      {cancelling && (
        <ConfirmCancel
          cohort={cancelling}
          onClose={() => setCancelling(null)}
          onCancelled={(message) => {
            toast.success(message);
            setCancelling(null);
          }}
        />
      )}
    </section>
  );
}
