import type { TEarningsSummary } from '@app/contract/payouts';
import { TableScroll } from '@/components/DataTable.tsx';
import { formatMonth, signedNaira } from './ledger-text.ts';

/**
 * The chart's figures as a table: each month's gross sales, the platform's fee and what the tutor earned; on a phone
 * each month is a card of those three lines (`.table-cards`), so Net is never past the edge.
 */
export function MonthlyTable({ months }: { months: TEarningsSummary['byMonth'] }) {
  return (
    <TableScroll label="Earnings by month">
      <table className="table table-cards earnings-months">
        <caption className="visually-hidden">Earnings by month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Gross</th>
            <th scope="col">Fee</th>
            <th scope="col">Net</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row" className="table-card-title">
                {formatMonth(m.month)}
              </th>
              <td data-label="Gross">{signedNaira(m.gross)}</td>
              <td data-label="Fee">{signedNaira(m.fee)}</td>
              <td data-label="Net">{signedNaira(m.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
