import { toast } from 'react-toastify';
import type { z } from 'zod';
import type { ZAttendanceRow, ZLiveSessionDto } from '@app/contract/cohorts';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { formatLagosTime } from '@/lib/dates.ts';
import { useT } from '@/lib/i18n/index.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useAttendance, useMarkAttendance } from '../api/cohorts.ts';
import { lagosZone } from '../cohort-text.ts';

type TRow = z.infer<typeof ZAttendanceRow>;

/**
 * A session's attendance sheet: every member of the cohort, when they joined, the minutes counted from the session
 * page's heartbeats, and whether they were present; the tutor marks present or absent by hand, or leaves it to the
 * automatic count again.
 */
export function AttendanceSheet({
  session,
  onClose,
}: {
  session: z.infer<typeof ZLiveSessionDto>;
  onClose: () => void;
}) {
  const t = useT();
  const sheet = useAttendance(session.id);
  const mark = useMarkAttendance();
  const set = (row: TRow, present: boolean | null) =>
    mark.mutate(
      { sessionId: session.id, studentId: row.studentId, present },
      { onError: (err) => toast.error(refusalMessage(err, genericError())) },
    );

  const columns: Column<TRow>[] = [
    { head: t('cohortTutor.member'), title: true, cell: (r) => r.fullName },
    {
      head: t('cohortTutor.attendance.joinedZone', { zone: lagosZone(t) }),
      cell: (r) => (r.joinedAt ? formatLagosTime(r.joinedAt) : t('cohortTutor.attendance.notJoined')),
    },
    { head: t('cohortTutor.attendance.minutes'), cell: (r) => r.minutesAttended },
    {
      head: t('cohortTutor.attendance.present'),
      cell: (r) => (
        <span className={r.present ? 'attendance-present' : 'attendance-absent'}>
          {r.present ? t('cohortTutor.attendance.present') : t('cohortTutor.attendance.absent')}
          {r.markedPresent !== null && ` ${t('cohortTutor.attendance.byHand')}`}
        </span>
      ),
    },
    {
      head: t('cohortTutor.attendance.mark'),
      cell: (r) => (
        <div className="row-actions">
          {r.markedPresent !== true && (
            <button
              type="button"
              className="btn btn-outline"
              aria-label={t('cohortTutor.attendance.markPresentLabel', { name: r.fullName })}
              disabled={mark.isPending}
              onClick={() => set(r, true)}
            >
              {t('cohortTutor.attendance.markPresent')}
            </button>
          )}
          {r.markedPresent !== false && (
            <button
              type="button"
              className="btn btn-outline"
              aria-label={t('cohortTutor.attendance.markAbsentLabel', { name: r.fullName })}
              disabled={mark.isPending}
              onClick={() => set(r, false)}
            >
              {t('cohortTutor.attendance.markAbsent')}
            </button>
          )}
          {r.markedPresent !== null && (
            <button
              type="button"
              className="link-button"
              aria-label={t('cohortTutor.attendance.automaticLabel', { name: r.fullName })}
              disabled={mark.isPending}
              onClick={() => set(r, null)}
            >
              {t('cohortTutor.attendance.automatic')}
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <section
      className="card cohort-panel"
      aria-label={t('cohortTutor.attendance.label', { title: session.title })}
    >
      <div className="cohort-panel-head">
        <h3>{t('cohortTutor.attendance.title', { title: session.title })}</h3>
        <button type="button" className="link-button" onClick={onClose}>
          {t('cohortTutor.attendance.close')}
        </button>
      </div>
      {sheet.isError && (
        <LoadFailed message={t('cohortTutor.attendance.loadFailed')} onRetry={sheet.refetch} />
      )}
      {sheet.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {sheet.data &&
        (sheet.data.attendance.length === 0 ? (
          <p className="muted">{t('cohortTutor.attendance.noMembers')}</p>
        ) : (
          <DataTable columns={columns} rows={sheet.data.attendance} rowKey={(r) => r.studentId} />
        ))}
    </section>
  );
}
