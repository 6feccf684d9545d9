import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { callOp } from '@/lib/api.ts';
import { formatNaira } from '@/lib/money.ts';
import { formatDateTime } from '@/lib/order-text.ts';

const PAGE_SIZE = 20;
type Status = 'past_due' | 'suspended';
type LatePlan = Awaited<ReturnType<typeof loadPlans>>['plans'][number];

const STATUS_LABELS: Record<Status, string> = { past_due: 'Past due', suspended: 'Suspended' };

const loadPlans = (status: Status | undefined, pageNo: number, signal?: AbortSignal) =>
  callOp('adminPlans', { pageSize: PAGE_SIZE, pageNo, ...(status ? { status } : {}) }, { signal });

const COLUMNS: Column<LatePlan>[] = [
  { head: 'Student', cell: (p) => `${p.studentName} (${p.studentEmail})`, title: true },
  { head: 'Course', cell: (p) => p.title },
  { head: 'Status', cell: (p) => STATUS_LABELS[p.status as Status] ?? p.status },
  { head: 'In arrears', cell: (p) => formatNaira(p.arrears) },
  { head: 'Late since', cell: (p) => formatDateTime(p.overdueSince) },
  { head: 'Paid of total', cell: (p) => `${formatNaira(p.paid)} of ${formatNaira(p.total)}` },
];

/** `/admin/plans`: instalment plans past due or suspended, the most overdue first, with what is in arrears. */
export function AdminPlans() {
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const [page, setPage] = useState(0);
  const plans = useQuery({
    queryKey: ['admin', 'late-plans', status ?? 'all', page],
    queryFn: ({ signal }) => loadPlans(status, page, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <section className="admin-plans">
      <h1>Late instalment plans</h1>
      <p>
        <label htmlFor="plan-status-filter">Status </label>
        <select
          id="plan-status-filter"
          value={status ?? ''}
          onChange={(e) => {
            setStatus(e.target.value === '' ? undefined : (e.target.value as Status));
            setPage(0);
          }}
        >
          <option value="">Past due and suspended</option>
          <option value="past_due">Past due</option>
          <option value="suspended">Suspended</option>
        </select>
      </p>
      {plans.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : plans.isError && !plans.data ? (
        <LoadFailed message="Late plans could not be loaded. Please try again." onRetry={plans.refetch} />
      ) : plans.data.plans.length === 0 ? (
        <p className="empty-state">No instalment plan is late.</p>
      ) : (
        <>
          <p>
            {plans.data.totalData} {plans.data.totalData === 1 ? 'plan' : 'plans'},{' '}
            {formatNaira(plans.data.totalArrears)} in arrears.
          </p>
          <DataTable columns={COLUMNS} rows={plans.data.plans} rowKey={(p) => p.id} />
        </>
      )}
      <Pager page={page} pageCount={Math.ceil((plans.data?.totalData ?? 0) / PAGE_SIZE)} onChange={setPage} />
    </section>
  );
}
