import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { TGradebookResponse } from '@app/contract/assignments';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { downloadWithKey } from '@/lib/download.ts';
import { useT } from '@/lib/i18n/index.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useGradebook } from './api/grading.ts';
import { CourseAndCohort } from './components/CourseFilters.tsx';
import { cellText } from '@/lib/gradebook.ts';
import { useGradedCourses } from './components/graded-courses.ts';
import './grading.css';

type Row = TGradebookResponse['rows'][number];

/** `/tutor/gradebook?course=&cohort=`: a course's (or a cohort's) students by quizzes and assignments, and its CSV. */
export default function Gradebook() {
  const t = useT();
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
      toast.error(refusalMessage(err, genericError()));
    } finally {
      setDownloading(false);
    }
  }

  if (courses.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (courses.courses.length === 0)
    return (
      <section className="grading">
        <h1>{t('grading.book.title')}</h1>
        <p>{t('grading.book.noCourses')}</p>
      </section>
    );

  const columns: Column<Row>[] = book.data
    ? [
        { head: t('grading.col.student'), cell: (r) => r.studentName, title: true },
        { head: t('grading.book.lessonsWatched'), cell: (r) => `${r.progressPercent}%` },
        ...book.data.columns.map((c, i) => ({
          head: t(c.kind === 'quiz' ? 'grading.book.quizColumn' : 'grading.book.assignmentColumn', {
            title: c.title,
          }),
          cell: (r: Row) => <span className="gradebook-cell">{cellText(r.cells[i], c.outOf, c.kind)}</span>,
        })),
      ]
    : [];

  return (
    <section className="grading">
      <h1>{t('grading.book.title')}</h1>
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
          {downloading ? t('grading.book.downloading') : t('grading.book.download')}
        </button>
      </div>
      {book.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : book.isError ? (
        <LoadFailed message={refusalMessage(book.error, genericError())} onRetry={book.refetch} />
      ) : book.data.rows.length === 0 ? (
        <p className="empty-state card">{t('grading.book.noStudents')}</p>
      ) : (
        <DataTable columns={columns} rows={book.data.rows} rowKey={(r) => r.studentId} />
      )}
    </section>
  );
}
