import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { TGradebookResponse } from '@app/contract/assignments';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { downloadWithKey } from '@/lib/download.ts';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useGradebook } from './api/grading.ts';
import { CourseAndCohort } from './components/CourseFilters.tsx';
import { cellText } from '@/lib/gradebook.ts';
import { useGradedCourses } from './components/graded-courses.ts';
import './grading.css';

type Row = TGradebookResponse['rows'][number];

/** `/tutor/gradebook?course=&cohort=`: a course's (or a cohort's) students by quizzes and assignments, and its CSV. */
export default function Gradebook() {
  const [params, setParams] = useSearchParams();
  const courses = useGradedCourses();
  const courseId = Number(params.get('course')) || courses.courses[0]?.id || null;
  const cohortId = Number(params.get('cohort')) || null;
  const book = useGradebook(courseId, cohortId);
  const [downloading, setDownloading] = useState(false);

  const choose = (course: number | null, cohort: number | null) =>
    setParams(
      () => {
        const p = new URLSearchParams();
        if (course) p.set('course', String(course));
        if (cohort) p.set('cohort', String(cohort));
        return p;
      },
      { preventScrollReset: true },
    );

  async function downloadCsv() {
    if (!courseId) return;
    setDownloading(true);
    const path = fillPath(PLAIN_ROUTES.gradebookCsv.path, { courseId });
    try {
      await downloadWithKey(
        cohortId ? `${path}?cohortId=${cohortId}` : path,
        `gradebook-${courseId}${cohortId ? `-cohort-${cohortId}` : ''}.csv`,
      );
    } catch (err) {
      toast.error(refusalMessage(err, GENERIC_ERROR));
    } finally {
      setDownloading(false);
    }
  }

  if (courses.isPending) return <p className="page-loading">Loading...</p>;
  if (courses.courses.length === 0)
    return (
      <section className="grading">
        <h1>Gradebook</h1>
        <p>Create a course, or accept an invitation to assist on one, to see its gradebook.</p>
      </section>
    );

  const columns: Column<Row>[] = book.data
    ? [
        { head: 'Student', cell: (r) => r.studentName, title: true },
        { head: 'Lessons watched', cell: (r) => `${r.progressPercent}%` },
        ...book.data.columns.map((c, i) => ({
          head: `${c.kind === 'quiz' ? 'Quiz' : 'Assignment'}: ${c.title}`,
          cell: (r: Row) => <span className="gradebook-cell">{cellText(r.cells[i], c.outOf, c.kind)}</span>,
        })),
      ]
    : [];

  return (
    <section className="grading">
      <h1>Gradebook</h1>
      <div className="grading-filters">
        <CourseAndCohort
          courses={courses.courses}
          courseId={courseId}
          cohortId={cohortId}
          onCourse={(id) => choose(id, null)}
          onCohort={(id) => choose(courseId, id)}
        />
        <button
          type="button"
          className="btn btn-outline"
          disabled={downloading || !book.data}
          onClick={() => void downloadCsv()}
        >
          {downloading ? 'Downloading...' : 'Download CSV'}
        </button>
      </div>
      {book.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : book.isError ? (
        <LoadFailed message={refusalMessage(book.error, GENERIC_ERROR)} onRetry={book.refetch} />
      ) : book.data.rows.length === 0 ? (
        <p className="empty-state card">No students yet.</p>
      ) : (
        <DataTable columns={columns} rows={book.data.rows} rowKey={(r) => r.studentId} />
      )}
    </section>
  );
}
