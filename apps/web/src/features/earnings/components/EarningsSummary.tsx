import type { TEarningsSummary } from '@app/contract/payouts';
import { formatNaira } from '@/lib/money.ts';

type Figure = { key: keyof Omit<TEarningsSummary, 'byMonth' | 'responseDto'>; label: string; hint: string };

const FIGURES: Figure[] = [
  { key: 'owed', label: 'Owed to you', hint: 'Waiting to be paid out by transfer' },
  { key: 'inTransfer', label: 'In transfer', hint: 'Sent to your bank, not yet confirmed' },
  { key: 'paidOut', label: 'Paid out', hint: 'Transferred to your bank' },
  { key: 'settledBySplit', label: 'Settled by split', hint: 'Paid to your account when the student paid' },
  { key: 'refunded', label: 'Refunded', hint: 'Your share of refunded sales' },
];

/** The tutor's money in five figures, in naira. */
export function EarningsSummary({ summary }: { summary: TEarningsSummary }) {
  return (
    <ul className="earnings-figures" aria-label="Your money">
      {FIGURES.map((f) => (
        <li key={f.key} className="surface earnings-figure">
          <span className="earnings-figure-label">{f.label}</span>
          <strong className="earnings-figure-amount">{formatNaira(summary[f.key])}</strong>
          <span className="muted earnings-figure-hint">{f.hint}</span>
        </li>
      ))}
    </ul>
  );
}
