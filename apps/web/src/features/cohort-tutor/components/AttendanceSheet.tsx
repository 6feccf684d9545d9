import { toast } from 'react-toastify';
import type { z } from 'zod';
import type { ZAttendanceRow, ZLiveSessionDto } from '@app/contract/cohorts';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { formatLagosTime, LAGOS_TIME } from '@/lib/dates.ts';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useAttendance, useMarkAttendance } from '../api/cohorts.ts';

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
  const sheet = useAttendance(session.id);
  const mark = useMarkAttendance();
  const set = (row: TRow, present: boolean | null) =>
    mark.mutate(
      { sessionId: session.id, studentId: row.studentId, present },
      { onError: (err) => toast.error(refusalMessage(err, GENERIC_ERROR)) },
    );

  const columns: Column<TRow>[] = [
    { head: 'Member', title: true, cell: (r) => r.fullName },
    {
      head: `Joined (${LAGOS_TIME})`,
      cell: (r) => (r.joinedAt ? formatLagosTime(r.joinedAt) : 'Not joined'),
    },
    { head: 'Minutes', cell: (r) => r.minutesAttended },
    {
      head: 'Present',
      cell: (r) => (
        <span className={r.present ? 'attendance-present' : 'attendance-absent'}>
          {r.present ? 'Present' : 'Absent'}
          {r.markedPresent !== null && ' (marked by hand)'}
        </span>
      ),
    },
    {
      head: 'Mark',
      cell: (r) => (
        <div className="row-actions">
          {r.markedPresent !== true && (
            <button
              type="button"
              className="btn btn-outline"
              aria-label={`Mark ${r.fullName} present`}
              disabled={mark.isPending}
              onClick={() => set(r, true)}
            >
              Mark present
            </button>
          )}
          {r.markedPresent !== false && (
            <button
              type="button"
              className="btn btn-outline"
              aria-label={`Mark ${r.fullName} absent`}
              disabled={mark.isPending}
              onClick={() => set(r, false)}
            >
              Mark absent
            </button>
          )}
          {r.markedPresent !== null && (
            <button
              type="button"
              className="link-button"
              aria-label={`Count ${r.fullName} automatically`}
              disabled={mark.isPending}
              onClick={() => set(r, null)}
            >
              Automatic
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <section className="card cohort-panel" aria-label={`Attendance of ${session.title}`}>
      <div className="cohort-panel-head">
        <h3>Attendance: {session.title}</h3>
        <button type="button" className="link-button" onClick={onClose}>
          Close
        </button>
      </div>
      {sheet.isError && <LoadFailed message="The attendance could not be loaded." onRetry={sheet.refetch} />}
      {sheet.isPending && <p className="page-loading">Loading...</p>}
      {sheet.data &&
        (sheet.data.attendance.length === 0 ? (
          <p className="muted">This cohort has no members yet.</p>
        ) : (
          <DataTable columns={columns} rows={sheet.data.attendance} rowKey={(r) => r.studentId} />
        ))}
    </section>
  );
}
