import type { TWaitingBalance } from '@app/contract/payouts';
import { TableScroll } from '@/components/DataTable.tsx';
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
  if (balances.length === 0) return null;
  return (
    <section className="payouts-waiting" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading">Not payable yet</h2>
      <p className="muted">
        {total > balances.length
          ? `The ${balances.length} largest of ${total} balances that cannot be paid yet.`
          : 'These balances cannot be paid yet.'}
      </p>
      <TableScroll label="Balances not payable yet">
        <table className="table payouts-table" aria-labelledby="waiting-heading">
          <thead>
            <tr>
              <th scope="col">Tutor</th>
              <th scope="col">Owed</th>
              <th scope="col">Why not yet</th>
              <th scope="col">Account</th>
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
