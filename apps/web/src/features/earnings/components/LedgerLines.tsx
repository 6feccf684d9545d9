import { useState } from 'react';
import type { TLedgerLine } from '@app/contract/payouts';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { LEDGER_PAGE_SIZE, useLedger } from '../api/ledger.ts';
import { useT, type Translate } from '@/lib/i18n/index.ts';
import { formatDay, ledgerStatusLabel, routeLabel, signedNaira } from './ledger-text.ts';

const columns = (t: Translate): Column<TLedgerLine>[] => [
  { head: t('earnings.ledger.date'), cell: (l) => formatDay(l.date) },
  {
    head: t('earnings.ledger.course'),
    cell: (l) => (
      <>
        {l.courseTitle}
        {l.referral && (
          <>
            {' '}
            <span className="ledger-kind">{t('earnings.ledger.referral')}</span>
          </>
        )}
        {l.kind === 'refund' && (
          <>
            {' '}
            <span className="ledger-kind">{t('earnings.ledger.refund')}</span>
          </>
        )}
      </>
    ),
  },
  { head: t('earnings.ledger.buyer'), cell: (l) => l.buyerFirstName },
  { head: t('earnings.gross'), cell: (l) => signedNaira(l.gross) },
  { head: t('earnings.fee'), cell: (l) => signedNaira(l.fee) },
  { head: t('earnings.net'), cell: (l) => signedNaira(l.net) },
  { head: t('earnings.ledger.route'), cell: (l) => routeLabel(l.route) },
  {
    head: t('earnings.ledger.status'),
    cell: (l) => <span className={`ledger-status ledger-${l.status}`}>{ledgerStatusLabel(l.status)}</span>,
  },
];

/** Every sale and refund of the tutor's courses, newest first: what was paid, the fee, the tutor's net and its way. */
export function LedgerLines() {
  const t = useT();
  const [page, setPage] = useState(0);
  const ledger = useLedger(page);
  const lines = ledger.data?.lines ?? [];
  const pageCount = Math.ceil((ledger.data?.totalData ?? 0) / LEDGER_PAGE_SIZE);

  return (
    <div className="earnings-panel">
      {ledger.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {ledger.isError && <LoadFailed message={t('earnings.ledger.loadFailed')} onRetry={ledger.refetch} />}
      {ledger.isSuccess && lines.length === 0 && <p className="empty-state">{t('earnings.ledger.none')}</p>}
      {lines.length > 0 && <DataTable columns={columns(t)} rows={lines} rowKey={(l) => l.id} />}
      <Pager page={page} pageCount={pageCount} onChange={setPage} />
    </div>
  );
}
