import { useState } from 'react';
import { toast } from 'react-toastify';
import { DASHBOARD_PERIODS, type TDashboardPeriod } from '@app/contract/dashboards';
import { bucketLabel, ChartFigure, downloadCsv } from '@/components/charts/ChartFigure.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { formatNaira } from '@/lib/money.ts';
import { useAllTutorCourses } from '@/lib/queries/tutor-courses.ts';
import { useT } from '@/lib/i18n/index.ts';
import { fetchTutorSales, useTutorStats } from '../api/stats.ts';

const PERIOD_NAMES: Record<TDashboardPeriod, string> = {
  day: 'tutorDashboard.period.day',
  week: 'tutorDashboard.period.week',
  month: 'tutorDashboard.period.month',
};

/** The tutor's charts: sales and revenue, new students and minutes watched, ratings, coupon uses; CSV exports. */
export function SalesCharts() {
  const t = useT();
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
            t('tutorDashboard.csv.date'),
            t('tutorDashboard.csv.course'),
            t('tutorDashboard.csv.buyer'),
            t('tutorDashboard.csv.email'),
            t('tutorDashboard.csv.gross'),
            t('tutorDashboard.csv.fee'),
            t('tutorDashboard.csv.net'),
            t('tutorDashboard.csv.coupon'),
            t('tutorDashboard.csv.refunded'),
            t('tutorDashboard.csv.referral'),
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
            s.refunded ? t('tutorDashboard.csv.yes') : '',
            s.referral ? t('tutorDashboard.csv.yes') : '',
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
        [
          t('tutorDashboard.csv.name'),
          t('tutorDashboard.csv.email'),
          t('tutorDashboard.csv.firstPurchase'),
          t('tutorDashboard.csv.courses'),
          t('tutorDashboard.csv.paid'),
        ],
        [...buyers.values()].map((b) => [b.name, b.email, b.first, [...b.courses].join('; '), b.spent]),
      );
    } catch (err) {
      toast.error(refusalMessage(err, genericError()));
    }
  };

  const data = stats.data;
  const rows = (data?.series ?? []).map((b) => ({ ...b, label: bucketLabel(b.bucket) }));
  return (
    <section className="sales-charts" aria-labelledby="sales-charts-title">
      <h2 id="sales-charts-title">{t('tutorDashboard.charts.title')}</h2>
      <div className="chart-controls">
        <label>
          {t('tutorDashboard.charts.course')}
          <select
            value={courseId ?? ''}
            onChange={(e) => setCourseId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t('tutorDashboard.charts.allCourses')}</option>
            {(courses.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('tutorDashboard.charts.period')}
          <select value={period} onChange={(e) => setPeriod(e.target.value as TDashboardPeriod)}>
            {DASHBOARD_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(PERIOD_NAMES[p])}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-outline" onClick={() => exportCsv('sales')}>
          {t('tutorDashboard.charts.exportSales')}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => exportCsv('buyers')}>
          {t('tutorDashboard.charts.exportBuyers')}
        </button>
      </div>
      {stats.isError && (
        <LoadFailed message={t('tutorDashboard.charts.loadFailed')} onRetry={stats.refetch} />
      )}
      {data && (
        <>
          <div className="stat-grid">
            <div className="surface stat-card">
              <p className="stat-label">{t('tutorDashboard.charts.sales')}</p>
              <p className="stat-value" data-testid="stat-sales">
                {data.totals.sales}
              </p>
            </div>
            <div className="surface stat-card">
              <p className="stat-label">{t('tutorDashboard.charts.grossNet')}</p>
              <p className="stat-value">
                {formatNaira(data.totals.gross)} / {formatNaira(data.totals.net)}
              </p>
            </div>
            <div className="surface stat-card">
              <p className="stat-label">{t('tutorDashboard.charts.completion')}</p>
              <p className="stat-value">
                {data.totals.completionRate === null ? '—' : `${data.totals.completionRate}%`}
              </p>
            </div>
          </div>
          <div className="chart-grid">
            <ChartFigure
              title={t('tutorDashboard.charts.sales')}
              rows={rows}
              series={[{ key: 'sales', name: t('tutorDashboard.charts.sales'), color: '#0a7d4f' }]}
            />
            <ChartFigure
              title={t('tutorDashboard.charts.grossAndEarnings')}
              rows={rows}
              format={formatNaira}
              series={[
                { key: 'gross', name: t('tutorDashboard.charts.gross'), color: '#16202a' },
                { key: 'net', name: t('tutorDashboard.charts.net'), color: '#0a7d4f' },
              ]}
            />
            <ChartFigure
              title={t('tutorDashboard.charts.studentsAndMinutes')}
              rows={rows}
              series={[
                { key: 'newStudents', name: t('tutorDashboard.charts.newStudents'), color: '#1f6feb' },
                { key: 'minutesWatched', name: t('tutorDashboard.charts.minutes'), color: '#9aa5b1' },
              ]}
            />
            <ChartFigure
              title={t('tutorDashboard.charts.rating')}
              kind="line"
              rows={rows}
              domain={[0, 5]}
              format={(n) => n.toFixed(1)}
              series={[{ key: 'averageRating', name: t('tutorDashboard.charts.rating'), color: '#b7791f' }]}
            />
            <ChartFigure
              title={t('tutorDashboard.charts.couponUses')}
              rows={data.couponUses.map((c) => ({ label: c.code, uses: c.uses }))}
              series={[{ key: 'uses', name: t('tutorDashboard.charts.uses'), color: '#0a7d4f' }]}
            />
          </div>
        </>
      )}
    </section>
  );
}
