import type { ReactNode } from 'react';
import './data-table.css';

/**
 * One column of a DataTable: its header and what a row shows under it. `title`: on a phone this cell is the heading of
 * the row's card instead of a labelled line.
 */
export type Column<T> = { head: string; cell: (row: T) => ReactNode; title?: boolean };

/**
 * A plain table of `rows`, one cell per column, in the scrolling wrapper of the tutor screens; on a phone each row is a
 * card of labelled lines (`.table-cards`).
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
}) {
  return (
    <div className="table-wrap">
      <table className="table table-cards">
        <thead>
          <tr>
            {columns.map((col) => (
              <th key={col.head} scope="col">
                {col.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)}>
              {columns.map((col) =>
                col.title ? (
                  <td key={col.head} className="table-card-title">
                    {col.cell(row)}
                  </td>
                ) : (
                  <td key={col.head} data-label={col.head}>
                    {col.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
