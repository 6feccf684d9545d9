import { useState } from 'react';
import { toast } from 'react-toastify';
import type { TCouponDto } from '@app/contract/coupons';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { TutorCourseSelect, useChosenTutorCourse } from '@/components/TutorCourseSelect.tsx';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { formatLagosTime, LAGOS_TIME, runStatus } from '@/lib/dates.ts';
import { formatNaira } from '@/lib/money.ts';
import { useCourseCoupons, useDisableCoupon, useSaleOptOut } from './api/coupons.ts';
import { CouponForm } from './components/CouponForm.tsx';
import './tutor-coupons.css';

/** /tutor/coupons: a tutor makes, lists, changes and disables coupon codes for one of their courses (`?course=ID`). */
export default function TutorCoupons() {
  const { courses, chosen, choose } = useChosenTutorCourse();
  const coupons = useCourseCoupons(chosen);
  const disable = useDisableCoupon(chosen ?? 0);
  const optOut = useSaleOptOut(chosen ?? 0);
  const [origin] = useState(() => window.location.origin);
  const [editing, setEditing] = useState<TCouponDto | null>(null);
  // A coupon being changed belongs to the course shown; choosing another course leaves it.
  const changing = editing?.courseId === chosen ? editing : null;

  if (courses.isError)
    return <LoadFailed message="Your courses could not be loaded." onRetry={courses.refetch} />;
  if (courses.isPending) return <p className="page-loading">Loading...</p>;
  if (courses.data.length === 0) return <p>Create a course first, then make coupons for it.</p>;

  const columns: Column<TCouponDto>[] = [
    { head: 'Code', cell: (c) => <code>{c.code}</code>, title: true },
    { head: 'Off', cell: (c) => (c.kind === 'percent' ? `${c.value}%` : formatNaira(c.value)) },
    { head: `From (${LAGOS_TIME})`, cell: (c) => formatLagosTime(c.startsAt) },
    { head: `Until (${LAGOS_TIME})`, cell: (c) => formatLagosTime(c.endsAt) },
    { head: 'Uses', cell: (c) => `${c.confirmed} paid${c.limit !== null ? ` of ${c.limit}` : ''}` },
    {
      head: 'Link',
      cell: (c) => <code className="coupon-link">{`${origin}/course/${c.courseId}?coupon=${c.code}`}</code>,
    },
    {
      head: 'Status',
      cell: (c) =>
        c.disabled ? (
          <span className="status run-disabled">Disabled</span>
        ) : (
          <div className="row-actions">
            <span className={`status run-${runStatus(c.startsAt, c.endsAt).toLowerCase()}`}>
              {runStatus(c.startsAt, c.endsAt)}
            </span>
            <button
              type="button"
              className="btn btn-outline"
              aria-label={`Edit ${c.code}`}
              onClick={() => setEditing(c)}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-outline"
              aria-label={`Disable ${c.code}`}
              disabled={disable.isPending}
              onClick={() =>
                disable.mutate(c.id, {
                  onSuccess: () => toast.success(`Coupon ${c.code} disabled.`),
                  onError: (err) => toast.error(refusalMessage(err, GENERIC_ERROR)),
                })
              }
            >
              Disable
            </button>
          </div>
        ),
    },
  ];

  return (
    <section className="tutor-coupons">
      <h1>Coupons</h1>
      <TutorCourseSelect className="coupon-course" courses={courses.data} chosen={chosen} onChoose={choose} />
      {coupons.data && (
        <label className="coupon-optout">
          <input
            type="checkbox"
            checked={coupons.data.saleOptOut}
            disabled={optOut.isPending}
            onChange={(e) =>
              optOut.mutate(e.target.checked, {
                onError: (err) => toast.error(refusalMessage(err, GENERIC_ERROR)),
              })
            }
          />{' '}
          Keep this course out of site-wide sales
        </label>
      )}
      {chosen !== null && (
        <CouponForm
          key={changing?.id ?? 'new'}
          courseId={chosen}
          editing={changing}
          onDone={() => setEditing(null)}
        />
      )}
      <h2>Codes of this course</h2>
      {coupons.isError && <LoadFailed message="The coupons could not be loaded." onRetry={coupons.refetch} />}
      {coupons.data &&
        (coupons.data.coupons.length === 0 ? (
          <p className="muted">No coupons yet.</p>
        ) : (
          <DataTable columns={columns} rows={coupons.data.coupons} rowKey={(c) => c.id} />
        ))}
    </section>
  );
}
