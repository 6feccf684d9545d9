import { lazy, Suspense } from 'react';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Tabs } from '@/components/Tabs.tsx';
import { useEarningsSummary } from './api/earnings-summary.ts';
import { CourseEarningsTable } from './components/CourseEarningsTable.tsx';
import { EarningsSummary } from './components/EarningsSummary.tsx';
import { LedgerLines } from './components/LedgerLines.tsx';
import { MonthlyTable } from './components/MonthlyTable.tsx';
import { useT } from '@/lib/i18n/index.ts';
import './earnings.css';

// The chart library is loaded by this screen only, not with the rest of the tutor area.
const MonthlyChart = lazy(() => import('./components/MonthlyChart.tsx'));

/**
 * `/tutor/earnings`: the tutor's money (owed, in transfer, paid out, settled by split, refunded), gross, fee and net
 * by month as a chart and a table, then the spec's per-course table (each course opens its buyers) or the ledger's
 * lines, as two tabs.
 */
export default function Earnings() {
  const t = useT();
  const summary = useEarningsSummary();
  const months = summary.data?.byMonth ?? [];
  return (
    <section className="tutor-page">
      <h1>{t('earnings.title')}</h1>
      {summary.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {summary.isError && <LoadFailed message={t('earnings.loadFailed')} onRetry={summary.refetch} />}
      {summary.data && <EarningsSummary summary={summary.data} />}
      {months.length > 0 && (
        <section className="earnings-block" aria-labelledby="months-heading">
          <h2 id="months-heading">{t('earnings.byMonth')}</h2>
          <div className="earnings-months-layout">
            <Suspense fallback={<div className="earnings-chart" />}>
              <MonthlyChart months={months} />
            </Suspense>
            <MonthlyTable months={months} />
          </div>
        </section>
      )}
      {/* The spec's course table stays what the screen opens on; the ledger is one tab away (`?view=sales`). */}
      <Tabs
        label={t('earnings.details')}
        param="view"
        tabs={[
          { id: 'courses', label: t('earnings.tab.courses') },
          { id: 'sales', label: t('earnings.tab.sales') },
        ]}
      >
        {(view) => (view === 'courses' ? <CourseEarningsTable /> : <LedgerLines />)}
      </Tabs>
    </section>
  );
}
