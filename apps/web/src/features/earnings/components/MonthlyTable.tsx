import type { TEarningsSummary } from '@app/contract/payouts';
import { TableScroll } from '@/components/DataTable.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { formatMonth, signedNaira } from './ledger-text.ts';

/**
 * The chart's figures as a table: each month's gross sales, the platform's fee and what the tutor earned; on a phone
 * each month is a card of those three lines (`.table-cards`), so Net is never past the edge.
 */
export function MonthlyTable({ months }: { months: TEarningsSummary['byMonth'] }) {
  const t = useT();
  return (
    <TableScroll label={t('earnings.months.label')}>
      <table className="table table-cards earnings-months">
        <caption className="visually-hidden">{t('earnings.months.label')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('earnings.months.month')}</th>
            <th scope="col">{t('earnings.gross')}</th>
            <th scope="col">{t('earnings.fee')}</th>
            <th scope="col">{t('earnings.net')}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row" className="table-card-title">
                {formatMonth(m.month)}
              </th>
              <td data-label={t('earnings.gross')}>{signedNaira(m.gross)}</td>
              <td data-label={t('earnings.fee')}>{signedNaira(m.fee)}</td>
              <td data-label={t('earnings.net')}>{signedNaira(m.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
