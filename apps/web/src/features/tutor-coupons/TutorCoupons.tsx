import { useState } from 'react';
import { toast } from 'react-toastify';
import type { TCouponDto } from '@app/contract/coupons';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { TutorCourseSelect, useChosenTutorCourse } from '@/components/TutorCourseSelect.tsx';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { formatLagosTime, lagosTime, runStatus } from '@/lib/dates.ts';
import { formatNaira } from '@/lib/money.ts';
import { useCourseCoupons, useDisableCoupon, useSaleOptOut } from './api/coupons.ts';
import { CouponForm } from './components/CouponForm.tsx';
import { useT } from '@/lib/i18n/index.ts';
import './tutor-coupons.css';

const RUN_STATUS: Record<ReturnType<typeof runStatus>, string> = {
  Scheduled: 'coupons.status.scheduled',
  Running: 'coupons.status.running',
  Ended: 'coupons.status.ended',
};

/** /tutor/coupons: a tutor makes, lists, changes and disables coupon codes for one of their courses (`?course=ID`). */
export default function TutorCoupons() {
  const t = useT();
  const { courses, chosen, choose } = useChosenTutorCourse();
  const coupons = useCourseCoupons(chosen);
  const disable = useDisableCoupon(chosen ?? 0);
  const optOut = useSaleOptOut(chosen ?? 0);
  const [origin] = useState(() => window.location.origin);
  const [editing, setEditing] = useState<TCouponDto | null>(null);
  // A coupon being changed belongs to the course shown; choosing another course leaves it.
  const changing = editing?.courseId === chosen ? editing : null;

  if (courses.isError) return <LoadFailed message={t('coupons.coursesFailed')} onRetry={courses.refetch} />;
  if (courses.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (courses.data.length === 0) return <p>{t('coupons.noCourse')}</p>;

  const columns: Column<TCouponDto>[] = [
    { head: t('coupons.column.code'), cell: (c) => <code>{c.code}</code>, title: true },
    {
      head: t('coupons.column.off'),
      cell: (c) => (c.kind === 'percent' ? `${c.value}%` : formatNaira(c.value)),
    },
    { head: t('coupons.column.from', { zone: lagosTime() }), cell: (c) => formatLagosTime(c.startsAt) },
    { head: t('coupons.column.until', { zone: lagosTime() }), cell: (c) => formatLagosTime(c.endsAt) },
    {
      head: t('coupons.column.uses'),
      cell: (c) =>
        c.limit !== null
          ? t('coupons.usesOf', { paid: c.confirmed, limit: c.limit })
          : t('coupons.uses', { paid: c.confirmed }),
    },
    {
      head: t('coupons.column.link'),
      cell: (c) => <code className="coupon-link">{`${origin}/course/${c.courseId}?coupon=${c.code}`}</code>,
    },
    {
      head: t('coupons.column.status'),
      cell: (c) =>
        c.disabled ? (
          <span className="status run-disabled">{t('coupons.status.disabled')}</span>
        ) : (
          <div className="row-actions">
            <span className={`status run-${runStatus(c.startsAt, c.endsAt).toLowerCase()}`}>
              {t(RUN_STATUS[runStatus(c.startsAt, c.endsAt)])}
            </span>
            <button
              type="button"
              className="btn btn-outline"
              aria-label={t('coupons.editLabel', { code: c.code })}
              onClick={() => setEditing(c)}
            >
              {t('coupons.edit')}
            </button>
            <button
              type="button"
              className="btn btn-outline"
              aria-label={t('coupons.disableLabel', { code: c.code })}
              disabled={disable.isPending}
              onClick={() =>
                disable.mutate(c.id, {
                  onSuccess: () => toast.success(t('coupons.disabled', { code: c.code })),
                  onError: (err) => toast.error(refusalMessage(err, genericError())),
                })
              }
            >
              {t('coupons.disable')}
            </button>
          </div>
        ),
    },
  ];

  return (
    <section className="tutor-coupons">
      <h1>{t('coupons.title')}</h1>
      <TutorCourseSelect className="coupon-course" courses={courses.data} chosen={chosen} onChoose={choose} />
      {coupons.data && (
        <label className="coupon-optout">
          <input
            type="checkbox"
            checked={coupons.data.saleOptOut}
            disabled={optOut.isPending}
            onChange={(e) =>
              optOut.mutate(e.target.checked, {
                onError: (err) => toast.error(refusalMessage(err, genericError())),
              })
            }
          />{' '}
          {t('coupons.optOut')}
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
      <h2>{t('coupons.codes')}</h2>
      {coupons.isError && <LoadFailed message={t('coupons.loadFailed')} onRetry={coupons.refetch} />}
      {coupons.data &&
        (coupons.data.coupons.length === 0 ? (
          <p className="muted">{t('coupons.none')}</p>
        ) : (
          <DataTable columns={columns} rows={coupons.data.coupons} rowKey={(c) => c.id} />
        ))}
    </section>
  );
}
