import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import {
  COURSE_STATUSES,
  SEARCH_MIN_LENGTH,
  type TCourseDto,
  type TCourseStatus,
} from '@app/contract/courses';
import { Pager } from '@/components/Pager.tsx';
import { formatTimeCreated } from '@/lib/dates.ts';
import { useT } from '@/lib/i18n/index.ts';
import { formatNaira } from '@/lib/money.ts';
import { ADMIN_PAGE_SIZE, useAllCourses } from './api/all-courses.ts';
import { useAdminCourses } from './api/get-course.ts';
import { useAdminCourseSearch } from './api/search-courses.ts';
import { CourseStatus } from '@/components/CourseStatus.tsx';
import { useDebounced } from '@/lib/use-debounced.ts';
import { StatusDialog } from './components/StatusDialog.tsx';
import { STATUS_LABELS } from './status-labels.ts';
import '@/components/data-table.css';
import './admin-review.css';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Options } from '@/components/form/options.tsx';

const SEARCH_DELAY_MS = 300;

/** A table row: the search answers only id, title and author, so the rest may still be loading. */
type Row = { id: number; title: string; author: string; course?: TCourseDto };
type Target = { id: number; title: string; status?: TCourseStatus };

const pageCount = (total: number) => Math.ceil(total / ADMIN_PAGE_SIZE);

const isStatus = (s: string | null): s is TCourseStatus => COURSE_STATUSES.includes(s as TCourseStatus);

/** The catalog key of the empty list's sentence under each status filter. */
const EMPTY_WITH_STATUS: Record<TCourseStatus, string> = {
  Pending: 'adminReview.empty.pending',
  Approved: 'adminReview.empty.approved',
  Rejected: 'adminReview.empty.rejected',
};

/** The list's status filter and 1-based page live in the URL, so Back from a course returns to the same page. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const page = Math.max(0, (Number.parseInt(params.get('page') ?? '1', 10) || 1) - 1);
  const update = (next: { status?: TCourseStatus; page: number }) => {
    const p = new URLSearchParams();
    if (next.status) p.set('status', next.status);
    if (next.page > 0) p.set('page', String(next.page + 1));
    setParams(p, { replace: true, preventScrollReset: true });
  };
  return {
    status,
    page,
    setStatus: (s?: TCourseStatus) => update({ status: s, page: 0 }),
    setPage: (n: number) => update({ status, page: n }),
  };
}

/** /admin/courses: every course, paged, with a status filter, search and the status update dialog. */
export function AdminCourses() {
  const t = useT();
  const [term, setTerm] = useState('');
  const {
    status: statusFilter,
    page: listPage,
    setStatus: setStatusFilter,
    setPage: setListPage,
  } = useListParams();
  const [searchPage, setSearchPage] = useState(0);
  const [target, setTarget] = useState<Target | null>(null);

  const typed = term.trim();
  const searchTerm = useDebounced(typed, SEARCH_DELAY_MS);
  // Searching starts at SEARCH_MIN_LENGTH characters (spec §5), once typing pauses; shorter shows the list at once.
  const searching = typed.length >= SEARCH_MIN_LENGTH && searchTerm.length >= SEARCH_MIN_LENGTH;

  const list = useAllCourses(listPage, statusFilter, !searching);
  const search = useAdminCourseSearch(searching ? searchTerm : '', searchPage);
  const hits = searching && search.data ? search.data.coursesDtos : [];
  const details = useAdminCourses(hits.map((h) => h.id));

  const onTermChange = (value: string) => {
    setTerm(value);
    setSearchPage(0);
    // An emptied box reloads the list (spec §2).
    if (value.trim() === '') void list.refetch();
  };

  let rows: Row[] = [];
  let total = 0;
  if (searching) {
    rows = hits.map((h, i) => ({ ...h, course: details[i]?.data?.coursesDto }));
    total = search.data?.totalData ?? 0;
  } else if (list.data) {
    rows = list.data.coursesDtos.map((c) => ({ id: c.id, title: c.title, author: c.author, course: c }));
    total = list.data.totalData;
  }
  // A decision can empty the last page of a filtered list: step back to the new last page.
  const lastPage = Math.max(0, pageCount(total) - 1);
  const listOverrun = !searching && !!list.data && !list.isPlaceholderData && listPage > lastPage;
  useEffect(() => {
    if (listOverrun) setListPage(lastPage);
  }, [listOverrun, lastPage, setListPage]);

  const active = searching ? search : list;
  const loading = searching ? !search.data || searchTerm !== typed : list.isPending;

  return (
    <section className="admin-courses">
      <div className="admin-head">
        <h1>{t('adminReview.title')}</h1>
        <div className="admin-search" role="search">
          <label htmlFor="admin-course-search" className="visually-hidden">
            {t('adminReview.search')}
          </label>
          <input
            id="admin-course-search"
            type="search"
            placeholder={t('adminReview.searchPlaceholder')}
            value={term}
            onChange={(e) => onTermChange(e.target.value)}
            autoComplete="off"
          />
          {typed.length > 0 && typed.length < SEARCH_MIN_LENGTH && (
            <p className="muted admin-search-hint">
              {t('adminReview.searchHint', { min: SEARCH_MIN_LENGTH })}
            </p>
          )}
        </div>
        {!searching && (
          <div className="admin-filter">
            <label htmlFor="admin-status-filter">{t('adminReview.col.status')}</label>
            <select
              id="admin-status-filter"
              value={statusFilter ?? ''}
              onChange={(e) => setStatusFilter(isStatus(e.target.value) ? e.target.value : undefined)}
            >
              <Options
                placeholder={t('adminReview.allStatuses')}
                items={COURSE_STATUSES.map((s) => ({ code: s, description: t(STATUS_LABELS[s]) }))}
              />
            </select>
          </div>
        )}
      </div>

      {active.isError && !active.data ? (
        <LoadFailed message={t('adminReview.loadFailed')} onRetry={active.refetch} />
      ) : loading && rows.length === 0 ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="empty-state">
          {searching
            ? t('adminReview.noneFound')
            : statusFilter
              ? t(EMPTY_WITH_STATUS[statusFilter])
              : t('adminReview.empty')}
        </p>
      ) : (
        <CoursesTable rows={rows} onUpdate={setTarget} />
      )}

      <Pager
        page={searching ? searchPage : listPage}
        pageCount={pageCount(total)}
        onChange={searching ? setSearchPage : setListPage}
      />

      {target && <StatusDialog course={target} onClose={() => setTarget(null)} />}
    </section>
  );
}

function CoursesTable({ rows, onUpdate }: { rows: Row[]; onUpdate: (target: Target) => void }) {
  const t = useT();
  const pending = <span className="muted">…</span>;
  return (
    <table className="table table-cards admin-table">
      <thead>
        <tr>
          <th scope="col">{t('adminReview.col.title')}</th>
          <th scope="col">{t('adminReview.col.author')}</th>
          <th scope="col">{t('adminReview.col.price')}</th>
          <th scope="col">{t('adminReview.col.status')}</th>
          <th scope="col">{t('adminReview.col.created')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('adminReview.col.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            {/* The card's heading on a phone: no label before it (the other cells' "Author", "Price"... are). */}
            <td className="admin-table-title table-card-title">{r.title}</td>
            <td data-label={t('adminReview.col.author')}>{r.author}</td>
            <td data-label={t('adminReview.col.price')}>
              {r.course ? formatNaira(r.course.nairaPrice) : pending}
            </td>
            <td data-label={t('adminReview.col.status')}>
              {r.course ? <CourseStatus status={r.course.status} /> : pending}
            </td>
            <td data-label={t('adminReview.col.created')}>
              {r.course ? formatTimeCreated(r.course.timeCreated) : pending}
            </td>
            <td className="admin-table-actions">
              <Link
                to={`/admin/view-course/${r.id}`}
                aria-label={t('adminReview.viewLabel', { title: r.title })}
              >
                {t('adminReview.view')}
              </Link>
              <button
                type="button"
                className="link-button"
                aria-label={t('adminReview.updateLabel', { title: r.title })}
                onClick={() => onUpdate({ id: r.id, title: r.title, status: r.course?.status })}
              >
                {t('adminReview.update')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
