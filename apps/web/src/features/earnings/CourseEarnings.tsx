import { useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import type { TBuyerDto } from '@app/contract/payments';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { Pager } from '@/components/Pager.tsx';
import { ApiError } from '@/lib/api.ts';
import { formatNaira } from '@/lib/money.ts';
import { useBoughtCourse } from './api/bought-course.ts';
import { useCourseTitle } from './api/course-title.ts';
import { useT, type Translate } from '@/lib/i18n/index.ts';
import './earnings.css';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

const buyerColumns = (t: Translate): Column<TBuyerDto>[] => [
  { head: t('earnings.buyers.name'), cell: (u) => u.fullName },
  { head: t('earnings.buyers.email'), cell: (u) => u.email },
  { head: t('earnings.buyers.net'), cell: (u) => formatNaira(u.amount) },
];

/** `/tutor/course/earnings/:id`: who bought the course and the tutor's net from each, 10 per page. */
export default function CourseEarnings() {
  const t = useT();
  const id = Number(useParams().id);
  const [page, setPage] = useState(0);
  const buyers = useBoughtCourse(id, page);
  const title = useCourseTitle(id);
  const rows = buyers.data?.users ?? [];
  const pageCount = Math.ceil((buyers.data?.totalData ?? 0) / 10);
  const valid = Number.isInteger(id) && id > 0;
  const status = buyers.error instanceof ApiError ? buyers.error.status : 0;

  return (
    <section className="tutor-page">
      <p>
        <Link to="/tutor/earnings">{t('earnings.back')}</Link>
      </p>
      <h1>{t('earnings.course.title')}</h1>
      {title.data && <p className="muted">{title.data}</p>}
      {!valid && <p className="empty-state">{t('earnings.course.notFound')}</p>}
      {valid && buyers.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {buyers.isError && (
        <p className="empty-state" role="alert">
          {status === 403 || status === 404
            ? translateRefusal(buyers.error.message)
            : t('earnings.course.loadFailed')}
        </p>
      )}
      {buyers.data && (
        <p className="earnings-summary">
          <span>
            {t('earnings.course.buyers')} <strong>{buyers.data.totalData}</strong>
          </span>{' '}
          <span>
            {t('earnings.course.total')} <strong>{formatNaira(buyers.data.totalEarnings)}</strong>
          </span>
        </p>
      )}
      {buyers.isSuccess && rows.length === 0 && <p className="empty-state">{t('earnings.course.none')}</p>}
      {rows.length > 0 && (
        <DataTable columns={buyerColumns(t)} rows={rows} rowKey={(u, i) => `${u.email}-${i}`} />
      )}
      <Pager page={page} pageCount={pageCount} onChange={setPage} />
    </section>
  );
}
