import type { TEarningsSummary } from '@app/contract/payouts';
import { Link } from '@/components/Link.tsx';
import { formatNaira } from '@/lib/money.ts';
import { payoutStandingText } from '@/lib/payout-wait.ts';
import { useT } from '@/lib/i18n/index.ts';

type Figure = {
  key: keyof Omit<TEarningsSummary, 'byMonth' | 'responseDto' | 'payout' | 'instalments'>;
  label: string;
  hint: string;
};

// The catalog's keys of each figure's label and hint.
const FIGURES: Figure[] = [
  { key: 'owed', label: 'earnings.figure.owed', hint: 'earnings.figure.owedHint' },
  { key: 'inTransfer', label: 'earnings.figure.inTransfer', hint: 'earnings.figure.inTransferHint' },
  { key: 'paidOut', label: 'earnings.figure.paidOut', hint: 'earnings.figure.paidOutHint' },
  { key: 'settledBySplit', label: 'earnings.figure.split', hint: 'earnings.figure.splitHint' },
  { key: 'refunded', label: 'earnings.figure.refunded', hint: 'earnings.figure.refundedHint' },
];

/**
 * The tutor's money in five figures, in naira, and whether the owed balance can be paid out now (or why not and
 * until when: the admin's payouts screen gives the same reason).
 */
export function EarningsSummary({ summary }: { summary: TEarningsSummary }) {
  const t = useT();
  const standing = payoutStandingText(summary.payout, summary.owed);
  return (
    <>
      <ul className="earnings-figures" aria-label={t('earnings.figures')}>
        {FIGURES.map((f) => (
          <li key={f.key} className="surface earnings-figure">
            <span className="earnings-figure-label">{t(f.label)}</span>
            <strong className="earnings-figure-amount">{formatNaira(summary[f.key])}</strong>
            <span className="muted earnings-figure-hint">{t(f.hint)}</span>
          </li>
        ))}
      </ul>
      {summary.instalments && (summary.instalments.received > 0 || summary.instalments.scheduled > 0) && (
        <p className="surface earnings-instalments">
          {t('earnings.instalments', {
            received: formatNaira(summary.instalments.received),
            scheduled: formatNaira(summary.instalments.scheduled),
          })}
        </p>
      )}
      {standing && (
        <p className="surface earnings-payout" data-state={summary.payout.state}>
          {standing}
          {summary.payout.state === 'no_account' && (
            <>
              {' '}
              <Link to="/tutor/settings">{t('earnings.addPayoutAccount')}</Link>
            </>
          )}
        </p>
      )}
    </>
  );
}
