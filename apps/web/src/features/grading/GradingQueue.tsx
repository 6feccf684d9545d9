import { Link, useSearchParams } from 'react-router';
import { SUBMISSION_STATUSES, type TQueueItem, type TSubmissionStatus } from '@app/contract/assignments';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { lagosWhen } from '@/lib/cohort-dates.ts';
import { refusalMessage, GENERIC_ERROR } from '@/lib/messages.ts';
import { useGradingQueue, useStaffAssignments } from './api/grading.ts';
import { CourseAndCohort } from './components/CourseFilters.tsx';
import { useGradedCourses } from './components/graded-courses.ts';
import './grading.css';

const PAGE_SIZE = 20;

/** What each status is called in the queue's filter. */
export const QUEUE_STATUS_TEXT: Record<TSubmissionStatus, string> = {
  submitted: 'Waiting for a grade',
  passed: 'Passed',
  failed: 'Not passed',
  returned: 'Returned',
  draft: 'Drafts',
};

const numberParam = (v: string | null) => (v && Number(v) > 0 ? Number(v) : null);

/**
 * `/tutor/grading`: the submissions a tutor grades (their courses and those they assist on), oldest submitted
 * first, filtered by course, cohort, assignment and status (kept in the URL).
 */
export default function GradingQueue() {
  const [params, setParams] = useSearchParams();
  const courseId = numberParam(params.get('course'));
  const cohortId = numberParam(params.get('cohort'));
  const assignmentId = numberParam(params.get('assignment'));
  const status = (SUBMISSION_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as TSubmissionStatus)
    : 'submitted';
  const page = Math.max(0, Number(params.get('page')) || 0);
  const courses = useGradedCourses();
  const assignments = useStaffAssignments(courseId).data?.assignments ?? [];
  const queue = useGradingQueue({
    pageNo: page,
    pageSize: PAGE_SIZE,
    status,
    ...(courseId ? { courseId } : {}),
    ...(cohortId && courseId ? { cohortId } : {}),
    ...(assignmentId && courseId ? { assignmentId } : {}),
  });

  /** Changes filters; any change of filter starts again at the first page. */
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(changes))
          if (v) p.set(k, v);
          else p.delete(k);
        if (!('page' in changes)) p.delete('page');
        return p;
      },
      { preventScrollReset: true },
    );

  const columns: Column<TQueueItem>[] = [
    { head: 'Student', cell: (i) => i.studentName, title: true },
    {
      head: 'Assignment',
      cell: (i) => (
        <span>
          {i.assignmentTitle}
          <span className="muted queue-course"> · {i.courseTitle}</span>
        </span>
      ),
    },
    { head: 'Attempt', cell: (i) => String(i.attemptNo) },
    {
      head: 'Submitted',
      cell: (i) => (
        <span>
          {i.submittedAt ? lagosWhen(i.submittedAt) : '—'}
          {i.late && <span className="badge late-badge"> Late</span>}
        </span>
      ),
    },
    { head: 'Peer reviews', cell: (i) => String(i.peerReviewsDone) },
    {
      head: 'Grade',
      cell: (i) => (
        <Link
          className="btn btn-outline"
          to={`/tutor/grading/${i.submissionId}`}
          aria-label={`${i.status === 'submitted' ? 'Grade' : 'Open'} ${i.studentName}'s work on ${i.assignmentTitle}`}
        >
          {i.status === 'submitted' ? 'Grade' : 'Open'}
        </Link>
      ),
    },
  ];

  return (
    <section className="grading">
      <h1>Grading</h1>
      <p className="muted">Oldest submitted first. Work graded by anyone leaves the waiting list at once.</p>
      <div className="grading-filters">
        {courses.isPending ? (
          <p className="muted">Loading your courses...</p>
        ) : (
          <CourseAndCohort
            courses={courses.courses}
            courseId={courseId}
            cohortId={cohortId}
            allCourses
            onCourse={(id) => set({ course: id ? String(id) : null, cohort: null, assignment: null })}
            onCohort={(id) => set({ cohort: id ? String(id) : null })}
          />
        )}
        {courseId !== null && (
          <label className="filter">
            Assignment
            <select value={assignmentId ?? ''} onChange={(e) => set({ assignment: e.target.value || null })}>
              <option value="">All assignments</option>
              {assignments.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="filter">
          Status
          <select value={status} onChange={(e) => set({ status: e.target.value })}>
            {(['submitted', 'returned', 'passed', 'failed'] as const).map((s) => (
              <option key={s} value={s}>
                {QUEUE_STATUS_TEXT[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {queue.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : queue.isError ? (
        <LoadFailed message={refusalMessage(queue.error, GENERIC_ERROR)} onRetry={queue.refetch} />
      ) : queue.data.items.length === 0 ? (
        <p className="empty-state card">
          {status === 'submitted' ? 'No work is waiting for a grade.' : 'No submissions match these filters.'}
        </p>
      ) : (
        <>
          <p className="muted">
            {queue.data.totalData} {queue.data.totalData === 1 ? 'submission' : 'submissions'}
          </p>
          <DataTable columns={columns} rows={queue.data.items} rowKey={(i) => i.submissionId} />
          <Pager
            page={page}
            pageCount={Math.ceil(queue.data.totalData / PAGE_SIZE)}
            onChange={(p) => set({ page: String(p) })}
          />
        </>
      )}
    </section>
  );
}
