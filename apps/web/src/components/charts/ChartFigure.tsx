import { lazy, Suspense } from 'react';
import { TableScroll } from '@/components/DataTable.tsx';
import type { ChartSeries } from './TrendChart.tsx';
import './charts.css';
import { dateFormat } from '@/lib/i18n/format.ts';
import { useT } from '@/lib/i18n/index.ts';
import { saveBlob } from '@/lib/download.ts';

const TrendChart = lazy(() => import('./TrendChart.tsx'));

/**
 * A dashboard chart with its table view: the drawing (lazy, hidden from screen readers) and a table of the same
 * figures, one row per bucket, under a "Table view" disclosure.
 */
export function ChartFigure({
  title,
  rows,
  series,
  kind,
  domain,
  format = (n: number) => n.toLocaleString('en-NG'),
}: {
  title: string;
  rows: ({ label: string } & Record<string, string | number | null>)[];
  series: ChartSeries[];
  kind?: 'bar' | 'line';
  /** The value axis's fixed range (a rating's 0-5), instead of one fitted to the figures. */
  domain?: [number, number];
  format?: (n: number) => string;
}) {
  const t = useT();
  return (
    <figure className="surface chart-figure">
      <figcaption>
        <h3>{title}</h3>
      </figcaption>
      <Suspense fallback={<div className="trend-chart" />}>
        <TrendChart rows={rows} series={series} kind={kind} domain={domain} format={format} />
      </Suspense>
      <details className="chart-table">
        <summary>{t('chart.tableView')}</summary>
        <TableScroll label={title}>
          <table className="table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('chart.period')}</th>
                {series.map((s) => (
                  <th key={s.key} scope="col">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.label}>
                  <th scope="row">{r.label}</th>
                  {series.map((s) => (
                    <td key={s.key}>{r[s.key] === null ? '—' : format(Number(r[s.key]))}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}

/** A bucket's label: "Jan 2098" for a month, "5 Jan" for a day or the week starting then. */
export function bucketLabel(bucket: string): string {
  const month = bucket.length === 7;
  const d = new Date(`${month ? `${bucket}-01` : bucket}T00:00:00Z`);
  return dateFormat(
    month
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', timeZone: 'UTC' },
  ).format(d);
}

/** Downloads rows as a CSV file (values quoted where needed, a formula's leading character neutralised). */
export function downloadCsv(filename: string, header: string[], rows: (string | number | null)[][]): void {
  const cell = (v: string | number | null) => {
    let s = v === null ? '' : String(v);
    if (/^[=+\-@]/.test(s) && typeof v === 'string') s = `'${s}`;
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const text = [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), filename);
}
