import type { OpAnswer } from '@app/contract/operations';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { formatLagosTime } from '@/lib/dates.ts';

type TMember = OpAnswer<'cohortMembers'>['members'][number];

/**
 * The cohort's members: enrolment day, progress, last watched, live sessions attended; a member who has watched
 * nothing for 7 days is marked idle, and their row stands out.
 */
export function MembersTable({ members, sessions }: { members: TMember[]; sessions: number }) {
  const columns: Column<TMember>[] = [
    {
      head: 'Member',
      title: true,
      cell: (m) => (
        <span className="cohort-member">
          <span>{m.fullName}</span>
          {m.idle && <span className="status cohort-idle">Idle 7 days</span>}
        </span>
      ),
    },
    { head: 'Email', cell: (m) => <span className="cohort-email">{m.email}</span> },
    { head: 'Enrolled', cell: (m) => (m.enrolledAt ? formatLagosTime(m.enrolledAt) : '—') },
    {
      head: 'Progress',
      cell: (m) => (
        <span className="cohort-progress">
          <progress max={100} value={m.progressPercent} aria-label={`Progress of ${m.fullName}`} />{' '}
          {m.progressPercent}%
        </span>
      ),
    },
    { head: 'Last watched', cell: (m) => (m.lastWatchedAt ? formatLagosTime(m.lastWatchedAt) : 'Never') },
    { head: 'Live sessions', cell: (m) => `${m.sessionsAttended} of ${sessions}` },
  ];
  if (members.length === 0) return <p className="muted">No members yet.</p>;
  const idle = members.filter((m) => m.idle).length;
  return (
    <>
      {idle > 0 && (
        <p className="cohort-idle-note" role="status">
          {idle === 1 ? '1 student has' : `${idle} students have`} watched nothing for 7 days.
        </p>
      )}
      <DataTable columns={columns} rows={members} rowKey={(m) => m.studentId} />
    </>
  );
}
