import type { OpAnswer } from '@app/contract/operations';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { formatLagosTime } from '@/lib/dates.ts';
import { useT } from '@/lib/i18n/index.ts';

type TMember = OpAnswer<'cohortMembers'>['members'][number];

/**
 * The cohort's members: enrolment day, progress, last watched, live sessions attended; a member who has watched
 * nothing for 7 days is marked idle, and their row stands out.
 */
export function MembersTable({ members, sessions }: { members: TMember[]; sessions: number }) {
  const t = useT();
  const columns: Column<TMember>[] = [
    {
      head: t('cohortTutor.member'),
      title: true,
      cell: (m) => (
        <span className="cohort-member">
          <span>{m.fullName}</span>
          {m.idle && <span className="status cohort-idle">{t('cohortTutor.members.idle')}</span>}
        </span>
      ),
    },
    { head: t('cohortTutor.members.email'), cell: (m) => <span className="cohort-email">{m.email}</span> },
    {
      head: t('cohortTutor.members.enrolled'),
      cell: (m) => (m.enrolledAt ? formatLagosTime(m.enrolledAt) : '—'),
    },
    {
      head: t('cohortTutor.members.progress'),
      cell: (m) => (
        <span className="cohort-progress">
          <progress
            max={100}
            value={m.progressPercent}
            aria-label={t('cohortTutor.members.progressLabel', { name: m.fullName })}
          />{' '}
          {m.progressPercent}%
        </span>
      ),
    },
    {
      head: t('cohortTutor.members.lastWatched'),
      cell: (m) => (m.lastWatchedAt ? formatLagosTime(m.lastWatchedAt) : t('cohortTutor.members.never')),
    },
    {
      head: t('cohortTutor.tab.sessions'),
      cell: (m) => t('cohortTutor.members.attended', { attended: m.sessionsAttended, sessions }),
    },
  ];
  if (members.length === 0) return <p className="muted">{t('cohortTutor.members.none')}</p>;
  const idle = members.filter((m) => m.idle).length;
  return (
    <>
      {idle > 0 && (
        <p className="cohort-idle-note" role="status">
          {t('cohortTutor.members.idleNote', { count: idle })}
        </p>
      )}
      <DataTable columns={columns} rows={members} rowKey={(m) => m.studentId} />
    </>
  );
}
