import { useState } from 'react';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { LinkifiedText } from '@/components/LinkifiedText.tsx';
import { Pager } from '@/components/Pager.tsx';
import { formatTimeCreated } from '@/lib/dates.ts';
import { ANNOUNCEMENTS_PAGE_SIZE, useAnnouncements } from '@/lib/queries/questions.ts';
import './qa.css';

/**
 * A course's announcements from its tutor, newest first (the player's Announcements tab); `current` (from a
 * notification's link) is marked.
 */
export function AnnouncementsPanel({ courseId, current }: { courseId: number; current?: number }) {
  const [page, setPage] = useState(0);
  const list = useAnnouncements(courseId, page);
  const data = list.data;
  return (
    <section className="qa-panel" aria-label="Announcements">
      {list.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : list.isError && !data ? (
        <LoadFailed message="Announcements could not be loaded. Please try again." onRetry={list.refetch} />
      ) : data && data.announcements.length === 0 ? (
        <p className="empty-state qa-empty">The tutor has not made any announcements yet.</p>
      ) : (
        <ul className="qa-list">
          {data?.announcements.map((a) => (
            <li
              key={a.id}
              className={`qa-item qa-announcement${a.id === current ? ' qa-announcement-current' : ''}`}
              aria-current={a.id === current ? 'true' : undefined}
            >
              <h3>{a.title}</h3>
              <p className="qa-byline muted">
                <span className="qa-author">{a.tutorName}</span>
                <span className="qa-badge qa-badge-tutor">Tutor</span>
                <span> · {formatTimeCreated(a.timeCreated)}</span>
              </p>
              <LinkifiedText text={a.body} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pageCount={Math.ceil((data?.totalData ?? 0) / ANNOUNCEMENTS_PAGE_SIZE)}
        onChange={setPage}
      />
    </section>
  );
}
