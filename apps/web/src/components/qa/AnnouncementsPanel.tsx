import { useState } from 'react';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { LinkifiedText } from '@/components/LinkifiedText.tsx';
import { Pager } from '@/components/Pager.tsx';
import { formatTimeCreated } from '@/lib/dates.ts';
import { ANNOUNCEMENTS_PAGE_SIZE, useAnnouncements } from '@/lib/queries/questions.ts';
import { useT } from '@/lib/i18n/index.ts';
import './qa.css';

/**
 * A course's announcements from its tutor, newest first (the player's Announcements tab); `current` (from a
 * notification's link) is marked.
 */
export function AnnouncementsPanel({ courseId, current }: { courseId: number; current?: number }) {
  const t = useT();
  const [page, setPage] = useState(0);
  const list = useAnnouncements(courseId, page);
  const data = list.data;
  return (
    <section className="qa-panel" aria-label={t('qa.announcements')}>
      {list.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : list.isError && !data ? (
        <LoadFailed message={t('qa.announcementsLoadFailed')} onRetry={list.refetch} />
      ) : data && data.announcements.length === 0 ? (
        <p className="empty-state qa-empty">{t('qa.noAnnouncements')}</p>
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
                <span className="qa-badge qa-badge-tutor">{t('qa.tutor')}</span>
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
