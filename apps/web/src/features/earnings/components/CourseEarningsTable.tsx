import { useState } from 'react';
import { Link } from 'react-router';
import type { TCourseDto } from '@app/contract/courses';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { Pager } from '@/components/Pager.tsx';
import { PRICE, STATUS } from '@/components/TutorCoursesTable.tsx';
import { formatNaira } from '@/lib/money.ts';
import { LIST_FAILED, useTutorCoursesPage } from '@/lib/queries/tutor-courses.ts';

const COLUMNS: Column<TCourseDto>[] = [
  { head: 'Course', cell: (c) => <Link to={`/tutor/course/earnings/${c.id}`}>{c.title}</Link> },
  PRICE,
  STATUS,
  { head: 'Buyers', cell: (c) => c.buyerCount ?? 0 },
  { head: 'Earnings (net)', cell: (c) => formatNaira(c.totalEarnings ?? 0) },
];

/** Spec's course table: per course, how many bought it and the tutor's net from it; each row opens its buyers. */
export function CourseEarningsTable() {
  const [page, setPage] = useState(0);
  const courses = useTutorCoursesPage(page);
  const rows = courses.data?.coursesDtos ?? [];
  const pageCount = Math.ceil((courses.data?.totalData ?? 0) / 10);

  return (
    <div className="earnings-panel">
      {courses.isPending && <p className="page-loading">Loading...</p>}
      {courses.isError && (
        <p className="empty-state" role="alert">
          {LIST_FAILED}
        </p>
      )}
      {courses.isSuccess && rows.length === 0 && (
        <p className="empty-state">No courses available at the moment.</p>
      )}
      {rows.length > 0 && <DataTable columns={COLUMNS} rows={rows} rowKey={(c) => c.id} />}
      <Pager page={page} pageCount={pageCount} onChange={setPage} />
    </div>
  );
}
