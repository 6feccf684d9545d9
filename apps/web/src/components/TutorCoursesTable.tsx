import { useState, type ReactNode } from 'react';
import type { TCourseDto } from '@app/contract/courses';
import { formatNaira } from '../lib/money.ts';
import { LIST_FAILED, useTutorCoursesPage } from '../lib/tutor-courses.ts';
import { CourseStatus } from './CourseStatus.tsx';
import { Pager } from './Pager.tsx';

type Column = { head: string; cell: (c: TCourseDto) => ReactNode };

/** The title column, price and status every tutor table shows, as columns. */
export const PRICE: Column = { head: 'Price', cell: (c) => formatNaira(c.nairaPrice) };
export const STATUS: Column = { head: 'Status', cell: (c) => <CourseStatus status={c.status} /> };

/**
 * A tutor's courses, one server page (10) at a time, as a table of `columns`, with the loading, failure and empty
 * states and the pager: the review and earnings screens.
 */
export function TutorCoursesTable({ title, columns }: { title: string; columns: Column[] }) {
  const [page, setPage] = useState(0);
  const courses = useTutorCoursesPage(page);
  const rows = courses.data?.coursesDtos ?? [];
  const pageCount = Math.ceil((courses.data?.totalData ?? 0) / 10);

  return (
    <section className="tutor-page">
      <h1>{title}</h1>
      {courses.isPending && <p className="page-loading">Loading...</p>}
      {courses.isError && (
        <p className="empty-state" role="alert">
          {LIST_FAILED}
        </p>
      )}
      {courses.isSuccess && rows.length === 0 && (
        <p className="empty-state">No courses available at the moment.</p>
      )}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                {columns.map((col) => (
                  <th key={col.head} scope="col">
                    {col.head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  {columns.map((col) => (
                    <td key={col.head}>{col.cell(c)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pageCount={pageCount} onChange={setPage} />
    </section>
  );
}
