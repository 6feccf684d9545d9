import { useState } from 'react';
import { toast } from 'react-toastify';
import { maskAccountNumber } from '@app/contract/payment-rules';
import type { TPayoutDto } from '@app/contract/payouts';
import { TableScroll } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { formatNaira } from '@/lib/money.ts';
import { PAYOUTS_PAGE_SIZE, useOwedTutors, type OwedTutor } from '../api/owed-tutors.ts';
import { usePayTutors } from '../api/pay-tutors.ts';
import { PayDialog } from './PayDialog.tsx';
import { PayoutStatus } from './PayoutStatus.tsx';
import { WaitingBalances } from './WaitingBalances.tsx';

/**
 * Tutors owed money, to tick and pay; after a payment, how each transfer started; then the balances that cannot be
 * paid yet and why.
 */
export function OwedTutors() {
  const [page, setPage] = useState(0);
  const owed = useOwedTutors(page);
  const pay = usePayTutors();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [results, setResults] = useState<TPayoutDto[]>([]);

  const tutors = owed.data?.tutors ?? [];
  const chosen = tutors.filter((t) => selected.has(t.tutorId));
  const allChosen = tutors.length > 0 && chosen.length === tutors.length;
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const changePage = (p: number) => {
    setSelected(new Set());
    setPage(p);
  };

  const confirm = () =>
    pay.mutate(
      chosen.map((t) => t.tutorId),
      {
        onSuccess: ({ payouts }) => {
          setResults(payouts);
          setSelected(new Set());
          setConfirming(false);
          if (payouts.length === 0) toast.info('Nothing was due to these tutors.');
          else toast.success(payouts.length === 1 ? 'Payout started.' : `${payouts.length} payouts started.`);
        },
      },
    );

  return (
    <div className="payouts-panel">
      {results.length > 0 && <PayResults payouts={results} />}
      {owed.isError && !owed.data ? (
        <LoadFailed
          message="The tutors owed money could not be loaded. Please try again."
          onRetry={owed.refetch}
        />
      ) : owed.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : tutors.length === 0 ? (
        <p className="empty-state">No tutor is owed a payout right now.</p>
      ) : (
        <>
          <div className="payouts-actions">
            <button
              type="button"
              className="btn"
              disabled={chosen.length === 0}
              onClick={() => {
                pay.reset();
                setConfirming(true);
              }}
            >
              Pay selected{chosen.length > 0 ? ` (${chosen.length})` : ''}
            </button>
            {chosen.length > 0 && (
              <span className="muted">
                {formatNaira(chosen.reduce((sum, t) => sum + t.owed, 0))} in total
              </span>
            )}
          </div>
          <TableScroll label="Tutors owed a payout">
            <table className="table payouts-table">
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label="Select all tutors on this page"
                      checked={allChosen}
                      onChange={() => setSelected(new Set(allChosen ? [] : tutors.map((t) => t.tutorId)))}
                    />
                  </th>
                  <th scope="col">Tutor</th>
                  <th scope="col">Owed</th>
                  <th scope="col">Bank</th>
                  <th scope="col">Account number</th>
                  <th scope="col">Account name</th>
                </tr>
              </thead>
              <tbody>
                {tutors.map((t) => (
                  <OwedRow key={t.tutorId} tutor={t} checked={selected.has(t.tutorId)} onToggle={toggle} />
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
      <Pager
        page={page}
        pageCount={Math.ceil((owed.data?.totalData ?? 0) / PAYOUTS_PAGE_SIZE)}
        onChange={changePage}
      />
      {owed.data && (
        <WaitingBalances
          balances={owed.data.waiting}
          total={owed.data.waitingTotal}
          minimum={owed.data.minimum}
        />
      )}
      {confirming && (
        <PayDialog
          tutors={chosen}
          busy={pay.isPending}
          error={pay.error}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

function OwedRow({
  tutor: t,
  checked,
  onToggle,
}: {
  tutor: OwedTutor;
  checked: boolean;
  onToggle: (id: number) => void;
}) {
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          aria-label={`Select ${t.fullName}`}
          checked={checked}
          onChange={() => onToggle(t.tutorId)}
        />
      </td>
      <td>
        <span className="payouts-name">{t.fullName}</span>
        <span className="muted payouts-email">{t.email}</span>
      </td>
      <td className="payouts-amount">{formatNaira(t.owed)}</td>
      <td>{t.bankName}</td>
      <td className="payouts-number">{maskAccountNumber(t.accountNumber)}</td>
      <td>{t.accountName}</td>
    </tr>
  );
}

/** What the last "Pay selected" did, tutor by tutor. */
function PayResults({ payouts }: { payouts: TPayoutDto[] }) {
  return (
    <section className="surface payouts-results" aria-labelledby="pay-results-heading">
      <h2 id="pay-results-heading">Payouts just made</h2>
      <ul>
        {payouts.map((p) => (
          <li key={p.id}>
            <span>
              {p.tutorName} · {formatNaira(p.amount)}
            </span>
            <PayoutStatus status={p.status} />
            {p.failureReason && <span className="field-error">{p.failureReason}</span>}
          </li>
        ))}
      </ul>
      <p className="muted">A pending transfer is confirmed by the bank within minutes: see the history.</p>
    </section>
  );
}
