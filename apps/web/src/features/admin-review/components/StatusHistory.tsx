import { formatTimeCreated } from '@/lib/dates.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useReviewHistory } from '@/lib/queries/review-history.ts';
import { CourseStatus } from '@/components/CourseStatus.tsx';

/** The course's review history on the admin's view-course screen: every status change, who made it and why. */
export function StatusHistory({ courseId }: { courseId: number }) {
  const t = useT();
  const history = useReviewHistory(courseId);
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">{t('adminReview.history')}</h2>
      {history.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {history.isError && <p role="alert">{t('adminReview.historyFailed')}</p>}
      {history.data?.length === 0 && <p className="muted">{t('adminReview.historyEmpty')}</p>}
      {history.data && history.data.length > 0 && (
        <ol className="status-history">
          {history.data.map((h, i) => (
            <li key={i}>
              <CourseStatus status={h.status} />{' '}
              <span className="muted">{formatTimeCreated(h.timeCreated)}</span> ·{' '}
              {h.adminName ?? t('adminReview.theTutor')}
              {h.reason && <p className="status-history-reason">{h.reason}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
