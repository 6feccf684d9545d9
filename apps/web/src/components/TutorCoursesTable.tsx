import { useState } from 'react';
import type { TCourseDto } from '@app/contract/courses';
import { formatNaira } from '@/lib/money.ts';
import { useTutorCoursesPage } from '@/lib/queries/tutor-courses.ts';
import { CourseStatus } from './CourseStatus.tsx';
import { DataTable, type Column as TableColumn } from './DataTable.tsx';
import { Pager } from './Pager.tsx';
import { useT, type Translate } from '@/lib/i18n/index.ts';

type Column = TableColumn<TCourseDto>;

/** The price and status columns every tutor table shows, headed in the active language. */
export const priceColumn = (t: Translate): Column => ({
  head: t('tutorCourses.table.price'),
  cell: (c) => formatNaira(c.nairaPrice),
});
export const statusColumn = (t: Translate): Column => ({
  head: t('tutorCourses.table.status'),
  cell: (c) => <CourseStatus status={c.status} />,
});

/**
 * A tutor's courses, one server page (10) at a time, as a table of `columns`, with the loading, failure and empty
 * states and the pager: the review and earnings screens.
 */
export function TutorCoursesTable({ title, columns }: { title: string; columns: Column[] }) {
  const t = useT();
  const [page, setPage] = useState(0);
  const courses = useTutorCoursesPage(page);
  const rows = courses.data?.coursesDtos ?? [];
  const pageCount = Math.ceil((courses.data?.totalData ?? 0) / 10);

  return (
    <section className="tutor-page">
      <h1>{title}</h1>
      {courses.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {courses.isError && (
        <p className="empty-state" role="alert">
          {t('tutorCourses.listFailed')}
        </p>
      )}
      {courses.isSuccess && rows.length === 0 && <p className="empty-state">{t('tutorCourses.none')}</p>}
      {rows.length > 0 && <DataTable columns={columns} rows={rows} rowKey={(c) => c.id} />}
      <Pager page={page} pageCount={pageCount} onChange={setPage} />
    </section>
  );
}
