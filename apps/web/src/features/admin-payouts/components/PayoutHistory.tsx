import { useState } from 'react';
import { maskAccountNumber } from '@app/contract/payment-rules';
import type { TPayoutDto } from '@app/contract/payouts';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { formatNaira } from '@/lib/money.ts';
import { formatDateTime } from '@/lib/order-text.ts';
import { PAYOUTS_PAGE_SIZE } from '../api/owed-tutors.ts';
import { usePayoutHistory } from '../api/payout-history.ts';
import { PayoutStatus } from './PayoutStatus.tsx';

const COLUMNS: Column<TPayoutDto>[] = [
  { head: 'Date', cell: (p) => formatDateTime(p.timeCreated) },
  { head: 'Tutor', cell: (p) => p.tutorName },
  { head: 'Amount', cell: (p) => formatNaira(p.amount) },
  { head: 'Bank', cell: (p) => `${p.bankName} ${maskAccountNumber(p.accountNumber)}` },
  { head: 'Status', cell: (p) => <PayoutStatus status={p.status} /> },
  { head: 'Reason', cell: (p) => p.failureReason ?? '' },
  { head: 'Reference', cell: (p) => <code className="payouts-ref">{p.reference}</code> },
];

/** Every payout made, newest first; pending ones refresh until the bank answers. */
export function PayoutHistory() {
  const [page, setPage] = useState(0);
  const history = usePayoutHistory(page);
  const payouts = history.data?.payouts ?? [];

  return (
    <div className="payouts-panel">
      {history.isError && !history.data ? (
        <LoadFailed
          message="The payout history could not be loaded. Please try again."
          onRetry={history.refetch}
        />
      ) : history.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : payouts.length === 0 ? (
        <p className="empty-state">No payouts yet.</p>
      ) : (
        <DataTable columns={COLUMNS} rows={payouts} rowKey={(p) => p.id} />
      )}
      <Pager
        page={page}
        pageCount={Math.ceil((history.data?.totalData ?? 0) / PAYOUTS_PAGE_SIZE)}
        onChange={setPage}
      />
    </div>
  );
}
