import { useParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import { Tabs } from '@/components/Tabs.tsx';
import { ApiError } from '@/lib/api.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useCohortMembers, useCourseOutline } from './api/cohorts.ts';
import { CohortAnnounce } from './components/CohortAnnounce.tsx';
import { CohortStatus } from './components/CohortStatus.tsx';
import { DeadlinesPanel } from './components/DeadlinesPanel.tsx';
import { MembersTable } from './components/MembersTable.tsx';
import { SessionForm } from './components/SessionForm.tsx';
import { SessionList } from './components/SessionList.tsx';
import { UnlockPanel } from './components/UnlockPanel.tsx';
import './cohort-tutor.css';

/**
 * `/tutor/cohort/:id`: the cohort's dashboard: its members (progress, attendance, who is idle) with an announcement
 * to this cohort only, its live sessions (schedule, join as moderator, attendance, recordings), and its sections
 * unlocked early and quiz deadlines.
 */
export default function CohortPage() {
  const t = useT();
  const cohortId = Number(useParams().id);
  const dashboard = useCohortMembers(cohortId);

  if (dashboard.isError) {
    const status = dashboard.error instanceof ApiError ? dashboard.error.status : 0;
    if (status === 404 || status === 400) return <NotFound />;
    return <LoadFailed message={t('cohortTutor.page.loadFailed')} onRetry={dashboard.refetch} />;
  }
  if (dashboard.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  const { cohort, members, sessions } = dashboard.data;
  const tabs = [
    { id: 'members', label: t('cohortTutor.tab.members') },
    { id: 'sessions', label: t('cohortTutor.tab.sessions') },
    { id: 'schedule', label: t('cohortTutor.tab.schedule') },
  ] as const;

  return (
    <section className="cohort-tutor">
      <p>
        <Link to={`/tutor/cohorts?course=${cohort.courseId}`}>{t('cohortTutor.page.back')}</Link>
      </p>
      <div className="cohort-head">
        <h1>{cohort.name}</h1>
        <CohortStatus status={cohort.status} />
      </div>
      <p className="muted">{cohort.summary}</p>
      <Tabs label={t('cohortTutor.cohort')} param="tab" tabs={tabs}>
        {(tab) =>
          tab === 'members' ? (
            <div className="cohort-stack">
              <MembersTable members={members} sessions={sessions} />
              <CohortAnnounce cohortId={cohort.id} cohortName={cohort.name} />
            </div>
          ) : tab === 'schedule' ? (
            <SchedulePanel cohortId={cohort.id} courseId={cohort.courseId} members={members} />
          ) : (
            <div className="cohort-stack">
              <SessionList cohortId={cohort.id} />
              {cohort.status !== 'cancelled' && cohort.status !== 'finished' && (
                <SessionForm cohortId={cohort.id} />
              )}
            </div>
          )
        }
      </Tabs>
    </section>
  );
}

/** A section unlocked early, and the quizzes' deadlines: both name the course's sections and quizzes. */
function SchedulePanel({
  cohortId,
  courseId,
  members,
}: {
  cohortId: number;
  courseId: number;
  members: { studentId: number; fullName: string }[];
}) {
  const t = useT();
  const course = useCourseOutline(courseId);
  if (course.isError)
    return <LoadFailed message={t('cohortTutor.page.courseLoadFailed')} onRetry={course.refetch} />;
  if (course.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  const sections = course.data.coursesDto.sectionDto;
  return (
    <div className="cohort-stack">
      <UnlockPanel cohortId={cohortId} sections={sections} members={members} />
      <h2>{t('cohortTutor.page.deadlines')}</h2>
      <DeadlinesPanel
        cohortId={cohortId}
        quizzes={sections.flatMap((s) => s.quizzes ?? [])}
        members={members}
      />
    </div>
  );
}
