import { formatTimeCreated } from '@/lib/dates.ts';
import { useReviewHistory } from '@/lib/queries/review-history.ts';
import { CourseStatus } from '@/components/CourseStatus.tsx';

/** The course's review history on the admin's view-course screen: every status change, who made it and why. */
export function StatusHistory({ courseId }: { courseId: number }) {
  const history = useReviewHistory(courseId);
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">Review history</h2>
      {history.isPending && <p className="page-loading">Loading...</p>}
      {history.isError && <p role="alert">The review history could not be loaded.</p>}
      {history.data?.length === 0 && <p className="muted">No status changes yet.</p>}
      {history.data && history.data.length > 0 && (
        <ol className="status-history">
          {history.data.map((h, i) => (
            <li key={i}>
              <CourseStatus status={h.status} />{' '}
              <span className="muted">{formatTimeCreated(h.timeCreated)}</span> · {h.adminName ?? 'the tutor'}
              {h.reason && <p className="status-history-reason">{h.reason}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
