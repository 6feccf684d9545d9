import { useState } from 'react';
import { toast } from 'react-toastify';
import type { TReportListResponse } from '@app/contract/questions';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { formatTimeCreated } from '@/lib/dates.ts';
import { t as translate, useT } from '@/lib/i18n/index.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { REPORTS_PAGE_SIZE, useHidePost, useReports } from './api/reports.ts';
import './admin-reports.css';

type Report = TReportListResponse['reports'][number];

/** `/admin/reports`: reported questions and answers with the post's excerpt and the reason, and a Hide button. */
export function AdminReports() {
  const t = useT();
  const [page, setPage] = useState(0);
  const reports = useReports(page);
  const data = reports.data;
  return (
    <section className="admin-reports">
      <h1>{t('adminReports.title')}</h1>
      {reports.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : reports.isError && !data ? (
        <LoadFailed message={t('adminReports.loadFailed')} onRetry={reports.refetch} />
      ) : data && data.reports.length === 0 ? (
        <p className="empty-state">{t('adminReports.empty')}</p>
      ) : (
        <ul className="report-list">
          {data?.reports.map((r) => (
            <ReportCard key={r.id} report={r} />
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pageCount={Math.ceil((data?.totalData ?? 0) / REPORTS_PAGE_SIZE)}
        onChange={setPage}
      />
    </section>
  );
}

function ReportCard({ report }: { report: Report }) {
  const t = useT();
  const hide = useHidePost();
  const headingId = `report-${report.id}`;
  const question = report.kind === 'question';
  const where = { title: report.courseTitle };
  return (
    <li className="card report-card" aria-labelledby={headingId}>
      <div className="report-card-head">
        <h2 id={headingId}>
          {question ? t('adminReports.questionIn', where) : t('adminReports.answerIn', where)}
        </h2>
        {report.hidden && <span className="report-hidden">{t('adminReports.hidden')}</span>}
      </div>
      {/* The post's own words, shown as text: an excerpt is never rendered as markup. */}
      <blockquote className="report-excerpt">{report.excerpt}</blockquote>
      <p className="report-reason">
        <strong>{t('adminReports.reason')}</strong> <span className="user-text-inline">{report.reason}</span>
      </p>
      <p className="muted report-meta">
        {t('adminReports.reportedBy', { name: report.reporter, date: formatTimeCreated(report.timeCreated) })}
      </p>
      {!report.hidden && (
        <div className="row-actions">
          <button
            type="button"
            className="btn btn-danger"
            disabled={hide.isPending}
            aria-label={
              question ? t('adminReports.hideQuestion', where) : t('adminReports.hideAnswer', where)
            }
            onClick={() =>
              hide.mutate(
                { kind: report.kind, id: report.postId },
                {
                  onSuccess: () => toast.success(translate('adminReports.hiddenToast')),
                  onError: (err) => toast.error(refusalMessage(err, genericError())),
                },
              )
            }
          >
            {hide.isPending ? t('adminReports.hiding') : t('adminReports.hide')}
          </button>
        </div>
      )}
    </li>
  );
}
