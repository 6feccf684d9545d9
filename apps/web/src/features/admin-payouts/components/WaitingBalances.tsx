import type { TWaitingBalance } from '@app/contract/payouts';
import { TableScroll } from '@/components/DataTable.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { formatNaira } from '@/lib/money.ts';
import { waitingReasonText } from '@/lib/payout-wait.ts';

/** Owed balances that cannot be paid yet, each with why and, for a hold, when it becomes payable. */
export function WaitingBalances({
  balances,
  total,
  minimum,
}: {
  balances: TWaitingBalance[];
  total: number;
  minimum: number;
}) {
  const t = useT();
  if (balances.length === 0) return null;
  return (
    <section className="payouts-waiting" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading">{t('adminPayouts.waiting.title')}</h2>
      <p className="muted">
        {total > balances.length
          ? t('adminPayouts.waiting.largest', { shown: balances.length, total })
          : t('adminPayouts.waiting.all')}
      </p>
      <TableScroll label={t('adminPayouts.waiting.label')}>
        <table className="table payouts-table" aria-labelledby="waiting-heading">
          <thead>
            <tr>
              <th scope="col">{t('adminPayouts.col.tutor')}</th>
              <th scope="col">{t('adminPayouts.col.owed')}</th>
              <th scope="col">{t('adminPayouts.col.whyNotYet')}</th>
              <th scope="col">{t('adminPayouts.col.account')}</th>
            </tr>
          </thead>
          <tbody>
            {balances.map((b) => (
              <tr key={b.tutorId}>
                <td>
                  <span className="payouts-name">{b.fullName}</span>
                  <span className="muted payouts-email">{b.email}</span>
                </td>
                <td className="payouts-amount">{formatNaira(b.owed)}</td>
                <td className="payouts-reason">{waitingReasonText(b.reason, b.payableFrom, minimum)}</td>
                <td className="payouts-number">
                  {b.bankName && b.accountNumber ? `${b.bankName} ${b.accountNumber}` : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
