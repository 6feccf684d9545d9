import { Link, useParams } from 'react-router';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import { Tabs } from '@/components/Tabs.tsx';
import { ApiError } from '@/lib/api.ts';
import { useCohortMembers, useCourseOutline } from './api/cohorts.ts';
import { CohortAnnounce } from './components/CohortAnnounce.tsx';
import { CohortStatus } from './components/CohortStatus.tsx';
import { DeadlinesPanel } from './components/DeadlinesPanel.tsx';
import { MembersTable } from './components/MembersTable.tsx';
import { SessionForm } from './components/SessionForm.tsx';
import { SessionList } from './components/SessionList.tsx';
import { UnlockPanel } from './components/UnlockPanel.tsx';
import './cohort-tutor.css';

const TABS = [
  { id: 'members', label: 'Members' },
  { id: 'sessions', label: 'Live sessions' },
  { id: 'schedule', label: 'Unlocks and deadlines' },
] as const;

/**
 * `/tutor/cohort/:id`: the cohort's dashboard: its members (progress, attendance, who is idle) with an announcement
 * to this cohort only, its live sessions (schedule, join as moderator, attendance, recordings), and its sections
 * unlocked early and quiz deadlines.
 */
export default function CohortPage() {
  const cohortId = Number(useParams().id);
  const dashboard = useCohortMembers(cohortId);

  if (dashboard.isError) {
    const status = dashboard.error instanceof ApiError ? dashboard.error.status : 0;
    if (status === 404 || status === 400) return <NotFound />;
    return <LoadFailed message="The cohort could not be loaded." onRetry={dashboard.refetch} />;
  }
  if (dashboard.isPending) return <p className="page-loading">Loading...</p>;
  const { cohort, members, sessions } = dashboard.data;

  return (
    <section className="cohort-tutor">
      <p>
        <Link to={`/tutor/cohorts?course=${cohort.courseId}`}>← Cohorts of this course</Link>
      </p>
      <div className="cohort-head">
        <h1>{cohort.name}</h1>
        <CohortStatus status={cohort.status} />
      </div>
      <p className="muted">{cohort.summary}</p>
      <Tabs label="Cohort" param="tab" tabs={TABS}>
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
  const course = useCourseOutline(courseId);
  if (course.isError)
    return <LoadFailed message="The course could not be loaded." onRetry={course.refetch} />;
  if (course.isPending) return <p className="page-loading">Loading...</p>;
  const sections = course.data.coursesDto.sectionDto;
  return (
    <div className="cohort-stack">
      <UnlockPanel cohortId={cohortId} sections={sections} members={members} />
      <h2>Deadlines</h2>
      <DeadlinesPanel
        cohortId={cohortId}
        quizzes={sections.flatMap((s) => s.quizzes ?? [])}
        members={members}
      />
    </div>
  );
}
