import { useState } from 'react';
import { REFUND_STATUSES, type TRefundStatus } from '@app/contract/payment-rules';
import type { TRefundDto } from '@app/contract/orders';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { formatNaira } from '@/lib/money.ts';
import { useT } from '@/lib/i18n/index.ts';
import { formatDateTime, REFUND_STATUS_LABELS } from '@/lib/order-text.ts';
import { REFUNDS_PAGE_SIZE, useRefunds } from './api/refunds.ts';
import { RefundDialog } from './components/RefundDialog.tsx';
import './admin-refunds.css';

type Decision = { refund: TRefundDto; approve: boolean };
const isStatus = (s: string): s is TRefundStatus => REFUND_STATUSES.includes(s as TRefundStatus);

/** `/admin/refunds`: the students' refund requests (those waiting first shown), approved or rejected with a note. */
export function AdminRefunds() {
  const t = useT();
  const [status, setStatus] = useState<TRefundStatus | undefined>('requested');
  const [page, setPage] = useState(0);
  const [decision, setDecision] = useState<Decision | null>(null);
  const refunds = useRefunds(status, page);

  return (
    <section className="admin-refunds">
      <div className="refunds-head">
        <h1>{t('adminRefunds.title')}</h1>
        <div className="refunds-filter">
          <label htmlFor="refund-status-filter">{t('adminRefunds.statusFilter')}</label>
          <select
            id="refund-status-filter"
            value={status ?? ''}
            onChange={(e) => {
              setStatus(isStatus(e.target.value) ? e.target.value : undefined);
              setPage(0);
            }}
          >
            <option value="">{t('adminRefunds.allStatuses')}</option>
            {REFUND_STATUSES.map((s) => (
              <option key={s} value={s}>
                {REFUND_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {refunds.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : refunds.isError && !refunds.data ? (
        <LoadFailed message={t('adminRefunds.loadFailed')} onRetry={refunds.refetch} />
      ) : refunds.data.refunds.length === 0 ? (
        <p className="empty-state">
          {status
            ? t('adminRefunds.emptyStatus', { status: REFUND_STATUS_LABELS[status] })
            : t('adminRefunds.empty')}
        </p>
      ) : (
        <ul className="refund-list">
          {refunds.data.refunds.map((refund) => (
            <RefundCard
              key={refund.id}
              refund={refund}
              onDecide={(approve) => setDecision({ refund, approve })}
            />
          ))}
        </ul>
      )}

      <Pager
        page={page}
        pageCount={Math.ceil((refunds.data?.totalData ?? 0) / REFUNDS_PAGE_SIZE)}
        onChange={setPage}
      />
      {decision && (
        <RefundDialog refund={decision.refund} approve={decision.approve} onClose={() => setDecision(null)} />
      )}
    </section>
  );
}

function RefundCard({ refund, onDecide }: { refund: TRefundDto; onDecide: (approve: boolean) => void }) {
  const t = useT();
  const headingId = `refund-${refund.id}`;
  const names = { title: refund.courseTitle, student: refund.studentName };
  return (
    <li className="card refund-card" aria-labelledby={headingId}>
      <div className="refund-card-head">
        <h2 id={headingId}>{refund.courseTitle}</h2>
        <span className={`refund-status refund-status-${refund.status}`}>
          {REFUND_STATUS_LABELS[refund.status]}
        </span>
      </div>
      <dl className="refund-facts">
        <div>
          <dt>{t('adminRefunds.student')}</dt>
          <dd>
            {refund.studentName} <span className="muted">({refund.studentEmail})</span>
          </dd>
        </div>
        <div>
          <dt>{t('adminRefunds.amount')}</dt>
          <dd>{formatNaira(refund.amount)}</dd>
        </div>
        <div>
          <dt>{t('adminRefunds.watched')}</dt>
          <dd>{Math.round(refund.watchedPercent)}%</dd>
        </div>
        <div>
          <dt>{t('adminRefunds.paid')}</dt>
          <dd>{formatDateTime(refund.paidAt)}</dd>
        </div>
        <div>
          <dt>{t('adminRefunds.asked')}</dt>
          <dd>{formatDateTime(refund.timeCreated)}</dd>
        </div>
        <div>
          <dt>{t('adminRefunds.order')}</dt>
          <dd>
            <code>{refund.reference}</code>
          </dd>
        </div>
      </dl>
      <p className="refund-reason">
        <strong>{t('adminRefunds.reason')}</strong> {refund.reason}
      </p>
      {refund.note && (
        <p className="refund-reason">
          <strong>{t('adminRefunds.note')}</strong> {refund.note}
        </p>
      )}
      {refund.status === 'requested' && (
        <div className="refund-actions">
          <button
            type="button"
            className="btn"
            onClick={() => onDecide(true)}
            aria-label={t('adminRefunds.approveLabel', names)}
          >
            {t('adminRefunds.approve')}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => onDecide(false)}
            aria-label={t('adminRefunds.rejectLabel', names)}
          >
            {t('adminRefunds.reject')}
          </button>
        </div>
      )}
    </li>
  );
}
