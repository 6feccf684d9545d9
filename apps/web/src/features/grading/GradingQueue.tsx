import { useSearchParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import { SUBMISSION_STATUSES, type TQueueItem, type TSubmissionStatus } from '@app/contract/assignments';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { lagosWhen } from '@/lib/cohort-dates.ts';
import { useT } from '@/lib/i18n/index.ts';
import { refusalMessage, genericError } from '@/lib/messages.ts';
import { useGradingQueue, useStaffAssignments } from './api/grading.ts';
import { CourseAndCohort } from './components/CourseFilters.tsx';
import { useGradedCourses } from './components/graded-courses.ts';
import './grading.css';

const PAGE_SIZE = 20;

/** What each status is called in the queue's filter: catalog keys (read with `t`). */
export const QUEUE_STATUS_TEXT: Record<TSubmissionStatus, string> = {
  submitted: 'grading.status.submitted',
  passed: 'grading.status.passed',
  failed: 'grading.status.failed',
  returned: 'grading.queueStatus.returned',
  draft: 'grading.queueStatus.draft',
};

const numberParam = (v: string | null) => (v && Number(v) > 0 ? Number(v) : null);

/**
 * `/tutor/grading`: the submissions a tutor grades (their courses and those they assist on), oldest submitted
 * first, filtered by course, cohort, assignment and status (kept in the URL).
 */
export default function GradingQueue() {
  const t = useT();
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
    { head: t('grading.col.student'), cell: (i) => i.studentName, title: true },
    {
      head: t('grading.col.assignment'),
      cell: (i) => (
        <span>
          {i.assignmentTitle}
          <span className="muted queue-course"> · {i.courseTitle}</span>
        </span>
      ),
    },
    { head: t('grading.col.attempt'), cell: (i) => String(i.attemptNo) },
    {
      head: t('grading.col.submitted'),
      cell: (i) => (
        <span>
          {i.submittedAt ? lagosWhen(i.submittedAt) : '—'}
          {i.late && <span className="badge late-badge"> {t('grading.col.late')}</span>}
        </span>
      ),
    },
    { head: t('grading.peerReviews'), cell: (i) => String(i.peerReviewsDone) },
    {
      head: t('grading.col.grade'),
      cell: (i) => (
        <Link
          className="btn btn-outline"
          to={`/tutor/grading/${i.submissionId}`}
          aria-label={t(i.status === 'submitted' ? 'grading.gradeLabel' : 'grading.openLabel', {
            student: i.studentName,
            assignment: i.assignmentTitle,
          })}
        >
          {i.status === 'submitted' ? t('grading.grade') : t('grading.open')}
        </Link>
      ),
    },
  ];

  return (
    <section className="grading">
      <h1>{t('grading.title')}</h1>
      <p className="muted">{t('grading.lead')}</p>
      <div className="grading-filters">
        {courses.isPending ? (
          <p className="muted">{t('grading.loadingCourses')}</p>
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
            {t('grading.col.assignment')}
            <select value={assignmentId ?? ''} onChange={(e) => set({ assignment: e.target.value || null })}>
              <option value="">{t('grading.filter.allAssignments')}</option>
              {assignments.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="filter">
          {t('grading.filter.status')}
          <select value={status} onChange={(e) => set({ status: e.target.value })}>
            {(['submitted', 'returned', 'passed', 'failed'] as const).map((s) => (
              <option key={s} value={s}>
                {t(QUEUE_STATUS_TEXT[s])}
              </option>
            ))}
          </select>
        </label>
      </div>
      {queue.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : queue.isError ? (
        <LoadFailed message={refusalMessage(queue.error, genericError())} onRetry={queue.refetch} />
      ) : queue.data.items.length === 0 ? (
        <p className="empty-state card">
          {status === 'submitted' ? t('grading.noneWaiting') : t('grading.noneMatch')}
        </p>
      ) : (
        <>
          <p className="muted">{t('grading.count', { count: queue.data.totalData })}</p>
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
