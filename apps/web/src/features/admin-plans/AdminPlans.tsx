import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { callOp } from '@/lib/api.ts';
import { useT, type Translate } from '@/lib/i18n/index.ts';
import { formatNaira } from '@/lib/money.ts';
import { formatDateTime } from '@/lib/order-text.ts';

const PAGE_SIZE = 20;
type Status = 'past_due' | 'suspended';
type LatePlan = Awaited<ReturnType<typeof loadPlans>>['plans'][number];

/** The catalog key of each late status's label. */
const STATUS_LABELS: Record<Status, string> = {
  past_due: 'adminPlans.status.pastDue',
  suspended: 'adminPlans.status.suspended',
};

const loadPlans = (status: Status | undefined, pageNo: number, signal?: AbortSignal) =>
  callOp('adminPlans', { pageSize: PAGE_SIZE, pageNo, ...(status ? { status } : {}) }, { signal });

/** The table's columns in the language of `t`. */
const columns = (t: Translate): Column<LatePlan>[] => [
  { head: t('adminPlans.col.student'), cell: (p) => `${p.studentName} (${p.studentEmail})`, title: true },
  { head: t('adminPlans.col.course'), cell: (p) => p.title },
  {
    head: t('adminPlans.col.status'),
    cell: (p) => (p.status in STATUS_LABELS ? t(STATUS_LABELS[p.status as Status]) : p.status),
  },
  { head: t('adminPlans.col.arrears'), cell: (p) => formatNaira(p.arrears) },
  { head: t('adminPlans.col.lateSince'), cell: (p) => formatDateTime(p.overdueSince) },
  {
    head: t('adminPlans.col.paidOfTotal'),
    cell: (p) => t('adminPlans.paidOfTotal', { paid: formatNaira(p.paid), total: formatNaira(p.total) }),
  },
];

/** `/admin/plans`: instalment plans past due or suspended, the most overdue first, with what is in arrears. */
export function AdminPlans() {
  const t = useT();
  const COLUMNS = useMemo(() => columns(t), [t]);
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const [page, setPage] = useState(0);
  const plans = useQuery({
    queryKey: ['admin', 'late-plans', status ?? 'all', page],
    queryFn: ({ signal }) => loadPlans(status, page, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <section className="admin-plans">
      <h1>{t('adminPlans.title')}</h1>
      <p>
        <label htmlFor="plan-status-filter">{t('adminPlans.col.status')} </label>
        <select
          id="plan-status-filter"
          value={status ?? ''}
          onChange={(e) => {
            setStatus(e.target.value === '' ? undefined : (e.target.value as Status));
            setPage(0);
          }}
        >
          <option value="">{t('adminPlans.allLate')}</option>
          <option value="past_due">{t(STATUS_LABELS.past_due)}</option>
          <option value="suspended">{t(STATUS_LABELS.suspended)}</option>
        </select>
      </p>
      {plans.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : plans.isError && !plans.data ? (
        <LoadFailed message={t('adminPlans.loadFailed')} onRetry={plans.refetch} />
      ) : plans.data.plans.length === 0 ? (
        <p className="empty-state">{t('adminPlans.empty')}</p>
      ) : (
        <>
          <p>
            {t('adminPlans.summary', {
              count: plans.data.totalData,
              arrears: formatNaira(plans.data.totalArrears),
            })}
          </p>
          <DataTable columns={COLUMNS} rows={plans.data.plans} rowKey={(p) => p.id} />
        </>
      )}
      <Pager page={page} pageCount={Math.ceil((plans.data?.totalData ?? 0) / PAGE_SIZE)} onChange={setPage} />
    </section>
  );
}
