import { useState } from 'react';
import { toast } from 'react-toastify';
import type { TReportListResponse } from '@app/contract/questions';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { formatTimeCreated } from '@/lib/dates.ts';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { REPORTS_PAGE_SIZE, useHidePost, useReports } from './api/reports.ts';
import './admin-reports.css';

type Report = TReportListResponse['reports'][number];

export const POST_HIDDEN = 'The post is hidden. Only admins can see it now.';

/** `/admin/reports`: reported questions and answers with the post's excerpt and the reason, and a Hide button. */
export function AdminReports() {
  const [page, setPage] = useState(0);
  const reports = useReports(page);
  const data = reports.data;
  return (
    <section className="admin-reports">
      <h1>Reported posts</h1>
      {reports.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : reports.isError && !data ? (
        <LoadFailed message="Reports could not be loaded. Please try again." onRetry={reports.refetch} />
      ) : data && data.reports.length === 0 ? (
        <p className="empty-state">No reported posts.</p>
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
  const hide = useHidePost();
  const headingId = `report-${report.id}`;
  const what = report.kind === 'question' ? 'Question' : 'Answer';
  return (
    <li className="card report-card" aria-labelledby={headingId}>
      <div className="report-card-head">
        <h2 id={headingId}>
          {what} in {report.courseTitle}
        </h2>
        {report.hidden && <span className="report-hidden">Hidden</span>}
      </div>
      {/* The post's own words, shown as text: an excerpt is never rendered as markup. */}
      <blockquote className="report-excerpt">{report.excerpt}</blockquote>
      <p className="report-reason">
        <strong>Reason:</strong> <span className="user-text-inline">{report.reason}</span>
      </p>
      <p className="muted report-meta">
        Reported by {report.reporter} on {formatTimeCreated(report.timeCreated)}
      </p>
      {!report.hidden && (
        <div className="row-actions">
          <button
            type="button"
            className="btn btn-danger"
            disabled={hide.isPending}
            aria-label={`Hide this ${report.kind} in ${report.courseTitle}`}
            onClick={() =>
              hide.mutate(
                { kind: report.kind, id: report.postId },
                {
                  onSuccess: () => toast.success(POST_HIDDEN),
                  onError: (err) => toast.error(refusalMessage(err, GENERIC_ERROR)),
                },
              )
            }
          >
            {hide.isPending ? 'Hiding...' : 'Hide'}
          </button>
        </div>
      )}
    </li>
  );
}
