import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { TCohortDto } from '@app/contract/cohorts';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { TutorCourseSelect, useChosenTutorCourse } from '@/components/TutorCourseSelect.tsx';
import { formatLagosTime, LAGOS_TIME } from '@/lib/dates.ts';
import { useCourseCohorts } from './api/cohorts.ts';
import { isOpen, priceText, seatsText } from './cohort-text.ts';
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
  const { courses, chosen, choose } = useChosenTutorCourse();
  const course = courses.data?.find((c) => c.id === chosen) ?? null;
  const cohorts = useCourseCohorts(chosen);
  const [editing, setEditing] = useState<TCohortDto | null>(null);
  const [cancelling, setCancelling] = useState<TCohortDto | null>(null);
  const changing = editing?.courseId === chosen ? editing : null;

  if (courses.isError)
    return <LoadFailed message="Your courses could not be loaded." onRetry={courses.refetch} />;
  if (courses.isPending) return <p className="page-loading">Loading...</p>;
  if (courses.data.length === 0) return <p>Create a course first, then run it in cohorts.</p>;

  const columns: Column<TCohortDto>[] = [
    {
      head: 'Cohort',
      title: true,
      cell: (c) => (
        <Link to={`/tutor/cohort/${c.id}`} aria-label={`Open ${c.name}`}>
          {c.name}
        </Link>
      ),
    },
    { head: `Starts (${LAGOS_TIME})`, cell: (c) => formatLagosTime(c.startsAt) },
    { head: `Ends (${LAGOS_TIME})`, cell: (c) => formatLagosTime(c.endsAt) },
    {
      head: `Enrolment (${LAGOS_TIME})`,
      cell: (c) => `${formatLagosTime(c.enrolOpensAt)} – ${formatLagosTime(c.enrolClosesAt)}`,
    },
    { head: 'Seats', cell: seatsText },
    { head: 'Price', cell: priceText },
    {
      head: 'Status',
      cell: (c) => (
        <div className="row-actions">
          <CohortStatus status={c.status} />
          {isOpen(c) && (
            <>
              <button
                type="button"
                className="btn btn-outline"
                aria-label={`Edit ${c.name}`}
                onClick={() => setEditing(c)}
              >
                Edit
              </button>
              <button
                type="button"
                className="btn btn-outline danger"
                aria-label={`Cancel ${c.name}`}
                onClick={() => setCancelling(c)}
              >
                Cancel
              </button>
            </>
          )}
        </div>
      ),
    },
  ];

  return (
    <section className="cohort-tutor">
      <h1>Cohorts</h1>
      <TutorCourseSelect className="cohort-course" courses={courses.data} chosen={chosen} onChoose={choose} />
      {cohorts.isError && <LoadFailed message="The cohorts could not be loaded." onRetry={cohorts.refetch} />}
      {cohorts.data && chosen !== null && (
        <>
          <OfferingPicker key={chosen} courseId={chosen} offering={cohorts.data.offering} />
          <h2>Cohorts of this course</h2>
          {cohorts.data.cohorts.length === 0 ? (
            <p className="muted">No cohorts yet.</p>
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
