import { useState } from 'react';
import { DASHBOARD_PERIODS, type TAdminStatsResponse, type TDashboardPeriod } from '@app/contract/dashboards';
import { bucketLabel, ChartFigure } from '@/components/charts/ChartFigure.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { formatNaira } from '@/lib/money.ts';
import { useAdminStats } from '../api/admin-stats.ts';

const PERIOD_NAMES: Record<TDashboardPeriod, string> = { day: 'By day', week: 'By week', month: 'By month' };

/** A top list (courses or tutors) by naira sold in the window. */
function TopList({ title, rows }: { title: string; rows: TAdminStatsResponse['topCourses'] }) {
  return (
    <div className="surface chart-figure">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">No sales in this period.</p>
      ) : (
        <ol>
          {rows.map((r) => (
            <li key={r.id}>
              {r.name}: {formatNaira(r.gross)} ({r.sales} {r.sales === 1 ? 'sale' : 'sales'})
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The admin's charts: sales and fees, refunds, sign-ups; review time; top courses and tutors. */
export function MarketCharts() {
  const [period, setPeriod] = useState<TDashboardPeriod>('month');
  const stats = useAdminStats(period);
  const data = stats.data;
  const rows = (data?.series ?? []).map((b) => ({ ...b, label: bucketLabel(b.bucket) }));
  return (
    <section className="market-charts" aria-labelledby="market-charts-title">
      <h2 id="market-charts-title">Marketplace</h2>
      <div className="chart-controls">
        <label>
          Period
          <select value={period} onChange={(e) => setPeriod(e.target.value as TDashboardPeriod)}>
            {DASHBOARD_PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_NAMES[p]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {stats.isError && <LoadFailed message="The figures could not be loaded." onRetry={stats.refetch} />}
      {data && (
        <>
          <p>
            Median time from submission to review:{' '}
            <strong>{data.medianReviewHours === null ? '—' : `${data.medianReviewHours} hours`}</strong>
          </p>
          <div className="chart-grid">
            <ChartFigure
              title="Sales and fees"
              rows={rows}
              format={formatNaira}
              series={[
                { key: 'gross', name: 'Sales', color: '#16202a' },
                { key: 'fees', name: 'Fees', color: '#0a7d4f' },
                { key: 'refunds', name: 'Refunds', color: '#c0392b' },
              ]}
            />
            <ChartFigure
              title="New students and tutors"
              rows={rows}
              series={[
                { key: 'newStudents', name: 'New students', color: '#1f6feb' },
                { key: 'newTutors', name: 'New tutors', color: '#b7791f' },
              ]}
            />
            <ChartFigure
              title="Courses by status"
              rows={data.coursesByStatus.map((s) => ({ label: s.status, count: s.count }))}
              series={[{ key: 'count', name: 'Courses', color: '#9aa5b1' }]}
            />
            <TopList title="Top courses" rows={data.topCourses} />
            <TopList title="Top tutors" rows={data.topTutors} />
          </div>
        </>
      )}
    </section>
  );
}
