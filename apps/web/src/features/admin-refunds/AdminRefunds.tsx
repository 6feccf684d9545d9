import { useState } from 'react';
import { REFUND_STATUSES, type TRefundStatus } from '@app/contract/payment-rules';
import type { TRefundDto } from '@app/contract/orders';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { formatNaira } from '@/lib/money.ts';
import { formatDateTime, REFUND_STATUS_LABELS } from '@/lib/order-text.ts';
import { REFUNDS_PAGE_SIZE, useRefunds } from './api/refunds.ts';
import { RefundDialog } from './components/RefundDialog.tsx';
import './admin-refunds.css';

type Decision = { refund: TRefundDto; approve: boolean };
const isStatus = (s: string): s is TRefundStatus => REFUND_STATUSES.includes(s as TRefundStatus);

/** `/admin/refunds`: the students' refund requests (those waiting first shown), approved or rejected with a note. */
export function AdminRefunds() {
  const [status, setStatus] = useState<TRefundStatus | undefined>('requested');
  const [page, setPage] = useState(0);
  const [decision, setDecision] = useState<Decision | null>(null);
  const refunds = useRefunds(status, page);

  return (
    <section className="admin-refunds">
      <div className="refunds-head">
        <h1>Refunds</h1>
        <div className="refunds-filter">
          <label htmlFor="refund-status-filter">Status</label>
          <select
            id="refund-status-filter"
            value={status ?? ''}
            onChange={(e) => {
              setStatus(isStatus(e.target.value) ? e.target.value : undefined);
              setPage(0);
            }}
          >
            <option value="">All statuses</option>
            {REFUND_STATUSES.map((s) => (
              <option key={s} value={s}>
                {REFUND_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {refunds.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : refunds.isError && !refunds.data ? (
        <LoadFailed
          message="Refund requests could not be loaded. Please try again."
          onRetry={refunds.refetch}
        />
      ) : refunds.data.refunds.length === 0 ? (
        <p className="empty-state">
          {status
            ? `No refund requests with the status "${REFUND_STATUS_LABELS[status]}".`
            : 'No refund requests yet.'}
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
  const headingId = `refund-${refund.id}`;
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
          <dt>Student</dt>
          <dd>
            {refund.studentName} <span className="muted">({refund.studentEmail})</span>
          </dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{formatNaira(refund.amount)}</dd>
        </div>
        <div>
          <dt>Watched</dt>
          <dd>{Math.round(refund.watchedPercent)}%</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{formatDateTime(refund.paidAt)}</dd>
        </div>
        <div>
          <dt>Asked</dt>
          <dd>{formatDateTime(refund.timeCreated)}</dd>
        </div>
        <div>
          <dt>Order</dt>
          <dd>
            <code>{refund.reference}</code>
          </dd>
        </div>
      </dl>
      <p className="refund-reason">
        <strong>Reason:</strong> {refund.reason}
      </p>
      {refund.note && (
        <p className="refund-reason">
          <strong>Note:</strong> {refund.note}
        </p>
      )}
      {refund.status === 'requested' && (
        <div className="refund-actions">
          <button
            type="button"
            className="btn"
            onClick={() => onDecide(true)}
            aria-label={`Approve refund of ${refund.courseTitle} for ${refund.studentName}`}
          >
            Approve
          </button>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => onDecide(false)}
            aria-label={`Reject refund of ${refund.courseTitle} for ${refund.studentName}`}
          >
            Reject
          </button>
        </div>
      )}
    </li>
  );
}
