import { useState } from 'react';
import { toast } from 'react-toastify';
import { maskAccountNumber } from '@app/contract/payment-rules';
import type { TPayoutDto } from '@app/contract/payouts';
import { TableScroll } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { t as translate, useT } from '@/lib/i18n/index.ts';
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
  const t = useT();
  const [page, setPage] = useState(0);
  const owed = useOwedTutors(page);
  const pay = usePayTutors();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [results, setResults] = useState<TPayoutDto[]>([]);

  const tutors = owed.data?.tutors ?? [];
  const chosen = tutors.filter((tutor) => selected.has(tutor.tutorId));
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
      chosen.map((tutor) => tutor.tutorId),
      {
        onSuccess: ({ payouts }) => {
          setResults(payouts);
          setSelected(new Set());
          setConfirming(false);
          if (payouts.length === 0) toast.info(translate('adminPayouts.toast.nothingDue'));
          else toast.success(translate('adminPayouts.toast.started', { count: payouts.length }));
        },
      },
    );

  return (
    <div className="payouts-panel">
      {results.length > 0 && <PayResults payouts={results} />}
      {owed.isError && !owed.data ? (
        <LoadFailed message={t('adminPayouts.owedFailed')} onRetry={owed.refetch} />
      ) : owed.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : tutors.length === 0 ? (
        <p className="empty-state">{t('adminPayouts.owedEmpty')}</p>
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
              {chosen.length > 0
                ? t('adminPayouts.paySelectedCount', { count: chosen.length })
                : t('adminPayouts.paySelected')}
            </button>
            {chosen.length > 0 && (
              <span className="muted">
                {t('adminPayouts.inTotal', {
                  total: formatNaira(chosen.reduce((sum, tutor) => sum + tutor.owed, 0)),
                })}
              </span>
            )}
          </div>
          <TableScroll label={t('adminPayouts.owedLabel')}>
            <table className="table payouts-table">
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label={t('adminPayouts.selectAll')}
                      checked={allChosen}
                      onChange={() =>
                        setSelected(new Set(allChosen ? [] : tutors.map((tutor) => tutor.tutorId)))
                      }
                    />
                  </th>
                  <th scope="col">{t('adminPayouts.col.tutor')}</th>
                  <th scope="col">{t('adminPayouts.col.owed')}</th>
                  <th scope="col">{t('adminPayouts.col.bank')}</th>
                  <th scope="col">{t('adminPayouts.col.accountNumber')}</th>
                  <th scope="col">{t('adminPayouts.col.accountName')}</th>
                </tr>
              </thead>
              <tbody>
                {tutors.map((tutor) => (
                  <OwedRow
                    key={tutor.tutorId}
                    tutor={tutor}
                    checked={selected.has(tutor.tutorId)}
                    onToggle={toggle}
                  />
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
  tutor,
  checked,
  onToggle,
}: {
  tutor: OwedTutor;
  checked: boolean;
  onToggle: (id: number) => void;
}) {
  const t = useT();
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          aria-label={t('adminPayouts.selectTutor', { name: tutor.fullName })}
          checked={checked}
          onChange={() => onToggle(tutor.tutorId)}
        />
      </td>
      <td>
        <span className="payouts-name">{tutor.fullName}</span>
        <span className="muted payouts-email">{tutor.email}</span>
      </td>
      <td className="payouts-amount">{formatNaira(tutor.owed)}</td>
      <td>{tutor.bankName}</td>
      <td className="payouts-number">{maskAccountNumber(tutor.accountNumber)}</td>
      <td>{tutor.accountName}</td>
    </tr>
  );
}

/** What the last "Pay selected" did, tutor by tutor. */
function PayResults({ payouts }: { payouts: TPayoutDto[] }) {
  const t = useT();
  return (
    <section className="surface payouts-results" aria-labelledby="pay-results-heading">
      <h2 id="pay-results-heading">{t('adminPayouts.results.title')}</h2>
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
      <p className="muted">{t('adminPayouts.results.note')}</p>
    </section>
  );
}
