import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';

/** One drawn figure: the row field, its legend name and colour. */
export type ChartSeries = { key: string; name: string; color: string };

/**
 * Figures per bucket as grouped bars or lines (recharts: loaded in its own chunk with the dashboards only). The
 * table view beside it carries the same figures for screen readers, so the drawing is hidden from them.
 */
export default function TrendChart({
  rows,
  series,
  kind = 'bar',
  domain,
  format = (n: number) => n.toLocaleString('en-NG'),
}: {
  rows: Record<string, string | number | null>[];
  series: ChartSeries[];
  kind?: 'bar' | 'line';
  domain?: [number, number];
  format?: (n: number) => string;
}) {
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} />
      <YAxis
        tickFormatter={(n: number) => format(n)}
        width={64}
        tick={{ fontSize: 12 }}
        {...(domain ? { domain, tickCount: domain[1] - domain[0] + 1, allowDecimals: false } : {})}
      />
      <Tooltip formatter={(value) => format(Number(value))} />
      <Legend />
    </>
  );
  const style = { width: '100%', height: 240 };
  return (
    <div className="trend-chart" aria-hidden="true">
      {kind === 'line' ? (
        <LineChart responsive data={rows} style={style} accessibilityLayer={false}>
          {axes}
          {series.map((s) => (
            <Line key={s.key} dataKey={s.key} name={s.name} stroke={s.color} connectNulls dot />
          ))}
        </LineChart>
      ) : (
        <BarChart responsive data={rows} style={style} accessibilityLayer={false}>
          {axes}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} radius={[3, 3, 0, 0]} />
          ))}
        </BarChart>
      )}
    </div>
  );
}
