import type { TEarningsSummary } from '@app/contract/payouts';
import { formatMonth, signedNaira } from './ledger-text.ts';

/** The chart's figures as a table: each month's gross sales, the platform's fee and what the tutor earned. */
export function MonthlyTable({ months }: { months: TEarningsSummary['byMonth'] }) {
  return (
    <div className="table-wrap">
      <table className="table earnings-months">
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
              <th scope="row">{formatMonth(m.month)}</th>
              <td>{signedNaira(m.gross)}</td>
              <td>{signedNaira(m.fee)}</td>
              <td>{signedNaira(m.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
