import { useState } from 'react';
import { DASHBOARD_PERIODS, type TAdminStatsResponse, type TDashboardPeriod } from '@app/contract/dashboards';
import { bucketLabel, ChartFigure } from '@/components/charts/ChartFigure.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { formatNaira } from '@/lib/money.ts';
import { useAdminStats } from '../api/admin-stats.ts';

/** The catalog key of each period's name. */
const PERIOD_NAMES: Record<TDashboardPeriod, string> = {
  day: 'adminDashboard.period.day',
  week: 'adminDashboard.period.week',
  month: 'adminDashboard.period.month',
};
/** The catalog key of the course statuses the chart counts (another status shows as it comes). */
const STATUS_NAMES: Record<string, string> = {
  Pending: 'adminDashboard.status.pending',
  Approved: 'adminDashboard.status.approved',
  Rejected: 'adminDashboard.status.rejected',
};

/** A top list (courses or tutors) by naira sold in the window. */
function TopList({ title, rows }: { title: string; rows: TAdminStatsResponse['topCourses'] }) {
  const t = useT();
  return (
    <div className="surface chart-figure">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">{t('adminDashboard.noSales')}</p>
      ) : (
        <ol>
          {rows.map((r) => (
            <li key={r.id}>
              {t('adminDashboard.topRow', { name: r.name, gross: formatNaira(r.gross), count: r.sales })}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The admin's charts: sales and fees, refunds, sign-ups; review time; top courses and tutors. */
export function MarketCharts() {
  const t = useT();
  const [period, setPeriod] = useState<TDashboardPeriod>('month');
  const stats = useAdminStats(period);
  const data = stats.data;
  const rows = (data?.series ?? []).map((b) => ({ ...b, label: bucketLabel(b.bucket) }));
  return (
    <section className="market-charts" aria-labelledby="market-charts-title">
      <h2 id="market-charts-title">{t('adminDashboard.marketplace')}</h2>
      <div className="chart-controls">
        <label>
          {t('adminDashboard.period')}
          <select value={period} onChange={(e) => setPeriod(e.target.value as TDashboardPeriod)}>
            {DASHBOARD_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(PERIOD_NAMES[p])}
              </option>
            ))}
          </select>
        </label>
      </div>
      {stats.isError && <LoadFailed message={t('adminDashboard.chartsFailed')} onRetry={stats.refetch} />}
      {data && (
        <>
          <p>
            {t('adminDashboard.medianReview')}{' '}
            <strong>
              {data.medianReviewHours === null
                ? '—'
                : t('adminDashboard.hours', { hours: data.medianReviewHours })}
            </strong>
          </p>
          <div className="chart-grid">
            <ChartFigure
              title={t('adminDashboard.salesAndFees')}
              rows={rows}
              format={formatNaira}
              series={[
                { key: 'gross', name: t('adminDashboard.sales'), color: '#16202a' },
                { key: 'fees', name: t('adminDashboard.fees'), color: '#0a7d4f' },
                { key: 'refunds', name: t('adminDashboard.refunds'), color: '#c0392b' },
              ]}
            />
            <ChartFigure
              title={t('adminDashboard.signUps')}
              rows={rows}
              series={[
                { key: 'newStudents', name: t('adminDashboard.newStudents'), color: '#1f6feb' },
                { key: 'newTutors', name: t('adminDashboard.newTutors'), color: '#b7791f' },
              ]}
            />
            <ChartFigure
              title={t('adminDashboard.byStatus')}
              rows={data.coursesByStatus.map((s) => ({
                label: STATUS_NAMES[s.status] ? t(STATUS_NAMES[s.status]!) : s.status,
                count: s.count,
              }))}
              series={[{ key: 'count', name: t('adminDashboard.courses'), color: '#9aa5b1' }]}
            />
            <TopList title={t('adminDashboard.topCourses')} rows={data.topCourses} />
            <TopList title={t('adminDashboard.topTutors')} rows={data.topTutors} />
          </div>
        </>
      )}
    </section>
  );
}
