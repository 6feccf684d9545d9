import { useState } from 'react';
import type { TLedgerLine } from '@app/contract/payouts';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { LEDGER_PAGE_SIZE, useLedger } from '../api/ledger.ts';
import { formatDay, ledgerStatusLabel, ROUTE_LABELS, signedNaira } from './ledger-text.ts';

const COLUMNS: Column<TLedgerLine>[] = [
  { head: 'Date', cell: (l) => formatDay(l.date) },
  {
    head: 'Course',
    cell: (l) => (
      <>
        {l.courseTitle}
        {l.referral && (
          <>
            {' '}
            <span className="ledger-kind">(referral)</span>
          </>
        )}
        {l.kind === 'refund' && (
          <>
            {' '}
            <span className="ledger-kind">(refund)</span>
          </>
        )}
      </>
    ),
  },
  { head: 'Buyer', cell: (l) => l.buyerFirstName },
  { head: 'Gross', cell: (l) => signedNaira(l.gross) },
  { head: 'Fee', cell: (l) => signedNaira(l.fee) },
  { head: 'Net', cell: (l) => signedNaira(l.net) },
  { head: 'Route', cell: (l) => ROUTE_LABELS[l.route] },
  {
    head: 'Status',
    cell: (l) => <span className={`ledger-status ledger-${l.status}`}>{ledgerStatusLabel(l.status)}</span>,
  },
];

/** Every sale and refund of the tutor's courses, newest first: what was paid, the fee, the tutor's net and its way. */
export function LedgerLines() {
  const [page, setPage] = useState(0);
  const ledger = useLedger(page);
  const lines = ledger.data?.lines ?? [];
  const pageCount = Math.ceil((ledger.data?.totalData ?? 0) / LEDGER_PAGE_SIZE);

  return (
    <div className="earnings-panel">
      {ledger.isPending && <p className="page-loading">Loading...</p>}
      {ledger.isError && (
        <LoadFailed message="Your sales could not be loaded. Please try again." onRetry={ledger.refetch} />
      )}
      {ledger.isSuccess && lines.length === 0 && <p className="empty-state">No sales yet.</p>}
      {lines.length > 0 && <DataTable columns={COLUMNS} rows={lines} rowKey={(l) => l.id} />}
      <Pager page={page} pageCount={pageCount} onChange={setPage} />
    </div>
  );
}
