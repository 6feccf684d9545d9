import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { TEarningsSummary } from '@app/contract/payouts';
import { formatNaira } from '@/lib/money.ts';
import { useT } from '@/lib/i18n/index.ts';
import { formatMonth } from './ledger-text.ts';

// The brand's green for what the tutor keeps, a grey for the fee and a dark ink for the gross.
const SERIES = [
  { key: 'gross', name: 'earnings.gross', color: '#16202a' },
  { key: 'fee', name: 'earnings.fee', color: '#9aa5b1' },
  { key: 'net', name: 'earnings.net', color: '#0a7d4f' },
] as const;

/** "₦12k" on the axis, so the labels fit a 360 px screen. */
const axisNaira = (n: number) => (Math.abs(n) >= 1000 ? `₦${Math.round(n / 1000)}k` : formatNaira(n));

/**
 * Gross, fee and net per month as grouped bars (recharts, loaded with the earnings screen only). The table beside
 * it carries the same figures for screen readers, so the drawing itself is hidden from them.
 */
export default function MonthlyChart({ months }: { months: TEarningsSummary['byMonth'] }) {
  const t = useT();
  const data = months.map((m) => ({ ...m, label: formatMonth(m.month) }));
  return (
    <div className="earnings-chart" aria-hidden="true">
      <BarChart responsive data={data} style={{ width: '100%', height: 260 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} />
        <YAxis tickFormatter={axisNaira} width={56} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(value) => formatNaira(Number(value))} />
        <Legend />
        {SERIES.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={t(s.name)} fill={s.color} radius={[3, 3, 0, 0]} />
        ))}
      </BarChart>
    </div>
  );
}
