import { useMemo, useState } from 'react';
import { maskAccountNumber } from '@app/contract/payment-rules';
import type { TPayoutDto } from '@app/contract/payouts';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { useT, type Translate } from '@/lib/i18n/index.ts';
import { formatNaira } from '@/lib/money.ts';
import { formatDateTime } from '@/lib/order-text.ts';
import { PAYOUTS_PAGE_SIZE } from '../api/owed-tutors.ts';
import { usePayoutHistory } from '../api/payout-history.ts';
import { PayoutStatus } from './PayoutStatus.tsx';

/** The table's columns in the language of `t`. */
const columns = (t: Translate): Column<TPayoutDto>[] => [
  { head: t('adminPayouts.col.date'), cell: (p) => formatDateTime(p.timeCreated) },
  { head: t('adminPayouts.col.tutor'), cell: (p) => p.tutorName },
  { head: t('adminPayouts.col.amount'), cell: (p) => formatNaira(p.amount) },
  { head: t('adminPayouts.col.bank'), cell: (p) => `${p.bankName} ${maskAccountNumber(p.accountNumber)}` },
  { head: t('adminPayouts.col.status'), cell: (p) => <PayoutStatus status={p.status} /> },
  { head: t('adminPayouts.col.reason'), cell: (p) => p.failureReason ?? '' },
  { head: t('adminPayouts.col.reference'), cell: (p) => <code className="payouts-ref">{p.reference}</code> },
];

/** Every payout made, newest first; pending ones refresh until the bank answers. */
export function PayoutHistory() {
  const t = useT();
  const COLUMNS = useMemo(() => columns(t), [t]);
  const [page, setPage] = useState(0);
  const history = usePayoutHistory(page);
  const payouts = history.data?.payouts ?? [];

  return (
    <div className="payouts-panel">
      {history.isError && !history.data ? (
        <LoadFailed message={t('adminPayouts.historyFailed')} onRetry={history.refetch} />
      ) : history.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : payouts.length === 0 ? (
        <p className="empty-state">{t('adminPayouts.historyEmpty')}</p>
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
