import { useState } from 'react';
import { toast } from 'react-toastify';
import { DASHBOARD_PERIODS, type TDashboardPeriod } from '@app/contract/dashboards';
import { bucketLabel, ChartFigure, downloadCsv } from '@/components/charts/ChartFigure.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { formatNaira } from '@/lib/money.ts';
import { useAllTutorCourses } from '@/lib/queries/tutor-courses.ts';
import { fetchTutorSales, useTutorStats } from '../api/stats.ts';

const PERIOD_NAMES: Record<TDashboardPeriod, string> = { day: 'By day', week: 'By week', month: 'By month' };

/** The tutor's charts: sales and revenue, new students and minutes watched, ratings, coupon uses; CSV exports. */
export function SalesCharts() {
  const [period, setPeriod] = useState<TDashboardPeriod>('month');
  const [courseId, setCourseId] = useState<number | null>(null);
  const courses = useAllTutorCourses();
  const stats = useTutorStats(period, courseId);

  const exportCsv = async (what: 'sales' | 'buyers') => {
    try {
      const { sales } = await fetchTutorSales(period, courseId);
      if (what === 'sales') {
        downloadCsv(
          'sales.csv',
          [
            'Date',
            'Course',
            'Buyer',
            'Email',
            'Gross (NGN)',
            'Fee (NGN)',
            'Net (NGN)',
            'Coupon',
            'Refunded',
            'Referral',
          ],
          sales.map((s) => [
            s.date,
            s.course,
            s.buyer,
            s.email,
            s.gross,
            s.fee,
            s.net,
            s.coupon,
            s.refunded ? 'yes' : '',
            s.referral ? 'yes' : '',
          ]),
        );
        return;
      }
      const buyers = new Map<
        string,
        { name: string; email: string; first: string; courses: Set<string>; spent: number }
      >();
      for (const s of [...sales].reverse()) {
        const b = buyers.get(s.email) ?? {
          name: s.buyer,
          email: s.email,
          first: s.date,
          courses: new Set(),
          spent: 0,
        };
        b.courses.add(s.course);
        if (!s.refunded) b.spent = Math.round((b.spent + s.gross) * 100) / 100;
        buyers.set(s.email, b);
      }
      downloadCsv(
        'buyers.csv',
        ['Name', 'Email', 'First purchase', 'Courses', 'Paid less refunds, gross (NGN)'],
        [...buyers.values()].map((b) => [b.name, b.email, b.first, [...b.courses].join('; '), b.spent]),
      );
    } catch (err) {
      toast.error(refusalMessage(err, GENERIC_ERROR));
    }
  };

  const data = stats.data;
  const rows = (data?.series ?? []).map((b) => ({ ...b, label: bucketLabel(b.bucket) }));
  return (
    <section className="sales-charts" aria-labelledby="sales-charts-title">
      <h2 id="sales-charts-title">Sales and students</h2>
      <div className="chart-controls">
        <label>
          Course
          <select
            value={courseId ?? ''}
            onChange={(e) => setCourseId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">All courses</option>
            {(courses.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </label>
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
        <button type="button" className="btn btn-outline" onClick={() => exportCsv('sales')}>
          Export sales (CSV)
        </button>
        <button type="button" className="btn btn-outline" onClick={() => exportCsv('buyers')}>
          Export buyers (CSV)
        </button>
      </div>
      {stats.isError && <LoadFailed message="The figures could not be loaded." onRetry={stats.refetch} />}
      {data && (
        <>
          <div className="stat-grid">
            <div className="surface stat-card">
              <p className="stat-label">Sales</p>
              <p className="stat-value" data-testid="stat-sales">
                {data.totals.sales}
              </p>
            </div>
            <div className="surface stat-card">
              <p className="stat-label">Gross sales / your earnings (net)</p>
              <p className="stat-value">
                {formatNaira(data.totals.gross)} / {formatNaira(data.totals.net)}
              </p>
            </div>
            <div className="surface stat-card">
              <p className="stat-label">Completion rate</p>
              <p className="stat-value">
                {data.totals.completionRate === null ? '—' : `${data.totals.completionRate}%`}
              </p>
            </div>
          </div>
          <div className="chart-grid">
            <ChartFigure
              title="Sales"
              rows={rows}
              series={[{ key: 'sales', name: 'Sales', color: '#0a7d4f' }]}
            />
            <ChartFigure
              title="Gross sales and earnings"
              rows={rows}
              format={formatNaira}
              series={[
                { key: 'gross', name: 'Gross sales', color: '#16202a' },
                { key: 'net', name: 'Your earnings (net)', color: '#0a7d4f' },
              ]}
            />
            <ChartFigure
              title="New students and minutes watched"
              rows={rows}
              series={[
                { key: 'newStudents', name: 'New students', color: '#1f6feb' },
                { key: 'minutesWatched', name: 'Minutes watched', color: '#9aa5b1' },
              ]}
            />
            <ChartFigure
              title="Average rating"
              kind="line"
              rows={rows}
              domain={[0, 5]}
              format={(n) => n.toFixed(1)}
              series={[{ key: 'averageRating', name: 'Average rating', color: '#b7791f' }]}
            />
            <ChartFigure
              title="Coupon uses"
              rows={data.couponUses.map((c) => ({ label: c.code, uses: c.uses }))}
              series={[{ key: 'uses', name: 'Uses', color: '#0a7d4f' }]}
            />
          </div>
        </>
      )}
    </section>
  );
}
