import { useState } from 'react';
import { Link } from '@/components/Link.tsx';
import type { TCourseDto } from '@app/contract/courses';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { Pager } from '@/components/Pager.tsx';
import { priceColumn, statusColumn } from '@/components/TutorCoursesTable.tsx';
import { useT, type Translate } from '@/lib/i18n/index.ts';
import { formatNaira } from '@/lib/money.ts';
import { useTutorCoursesPage } from '@/lib/queries/tutor-courses.ts';

const columns = (t: Translate): Column<TCourseDto>[] => [
  {
    head: t('earnings.courses.course'),
    cell: (c) => <Link to={`/tutor/course/earnings/${c.id}`}>{c.title}</Link>,
  },
  priceColumn(t),
  statusColumn(t),
  { head: t('earnings.courses.buyers'), cell: (c) => c.buyerCount ?? 0 },
  { head: t('earnings.courses.net'), cell: (c) => formatNaira(c.totalEarnings ?? 0) },
];

/** Spec's course table: per course, how many bought it and the tutor's net from it; each row opens its buyers. */
export function CourseEarningsTable() {
  const t = useT();
  const [page, setPage] = useState(0);
  const courses = useTutorCoursesPage(page);
  const rows = courses.data?.coursesDtos ?? [];
  const pageCount = Math.ceil((courses.data?.totalData ?? 0) / 10);

  return (
    <div className="earnings-panel">
      {courses.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {courses.isError && (
        <p className="empty-state" role="alert">
          {t('tutorCourses.listFailed')}
        </p>
      )}
      {courses.isSuccess && rows.length === 0 && <p className="empty-state">{t('tutorCourses.none')}</p>}
      {rows.length > 0 && <DataTable columns={columns(t)} rows={rows} rowKey={(c) => c.id} />}
      <Pager page={page} pageCount={pageCount} onChange={setPage} />
    </div>
  );
}
