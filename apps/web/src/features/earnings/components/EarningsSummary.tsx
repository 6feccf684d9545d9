import type { TEarningsSummary } from '@app/contract/payouts';
import { Link } from 'react-router';
import { formatNaira } from '@/lib/money.ts';
import { payoutStandingText } from '@/lib/payout-wait.ts';

type Figure = {
  key: keyof Omit<TEarningsSummary, 'byMonth' | 'responseDto' | 'payout' | 'instalments'>;
  label: string;
  hint: string;
};

const FIGURES: Figure[] = [
  { key: 'owed', label: 'Owed to you', hint: 'Waiting to be paid out by transfer' },
  { key: 'inTransfer', label: 'In transfer', hint: 'Sent to your bank, not yet confirmed' },
  { key: 'paidOut', label: 'Paid out', hint: 'Transferred to your bank' },
  { key: 'settledBySplit', label: 'Settled by split', hint: 'Paid to your account when the student paid' },
  { key: 'refunded', label: 'Refunded', hint: 'Your share of refunded sales' },
];

/**
 * The tutor's money in five figures, in naira, and whether the owed balance can be paid out now (or why not and
 * until when: the admin's payouts screen gives the same reason).
 */
export function EarningsSummary({ summary }: { summary: TEarningsSummary }) {
  const standing = payoutStandingText(summary.payout, summary.owed);
  return (
    <>
      <ul className="earnings-figures" aria-label="Your money">
        {FIGURES.map((f) => (
          <li key={f.key} className="surface earnings-figure">
            <span className="earnings-figure-label">{f.label}</span>
            <strong className="earnings-figure-amount">{formatNaira(summary[f.key])}</strong>
            <span className="muted earnings-figure-hint">{f.hint}</span>
          </li>
        ))}
      </ul>
      {summary.instalments && (summary.instalments.received > 0 || summary.instalments.scheduled > 0) && (
        <p className="surface earnings-instalments">
          Instalment plans: {formatNaira(summary.instalments.received)} received,{' '}
          {formatNaira(summary.instalments.scheduled)} still scheduled (your share).
        </p>
      )}
      {standing && (
        <p className="surface earnings-payout" data-state={summary.payout.state}>
          {standing}
          {summary.payout.state === 'no_account' && (
            <>
              {' '}
              <Link to="/tutor/settings">Add a payout account</Link>
            </>
          )}
        </p>
      )}
    </>
  );
}
