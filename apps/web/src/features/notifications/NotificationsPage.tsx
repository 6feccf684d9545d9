import { useState } from 'react';
import { Link } from '@/components/Link.tsx';
import type { TNotificationDto } from '@app/contract/notifications';
import { Pager } from '@/components/Pager.tsx';
import { formatTimeCreated } from '@/lib/dates.ts';
import { NOTIFICATIONS_PAGE_SIZE, useMarkRead, useNotifications } from './api/notifications.ts';
import './notifications.css';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { useT } from '@/lib/i18n/index.ts';

/**
 * `/home/notifications` and `/tutor/notifications`: the caller's notifications, newest first, 10 a page, unread ones
 * marked; opening one marks it read, and 'Mark all as read' clears the bell.
 */
export default function NotificationsPage() {
  const t = useT();
  const [page, setPage] = useState(0);
  const list = useNotifications(page);
  const markRead = useMarkRead();
  const data = list.data;

  const open = (n: TNotificationDto) => {
    if (!n.read) markRead.mutate({ ids: [n.id] });
  };

  return (
    <section className="page notifications-page">
      <div className="notifications-head">
        <h1>{t('header.notifications')}</h1>
        <button
          type="button"
          className="btn btn-outline"
          disabled={!data || data.unreadCount === 0 || markRead.isPending}
          onClick={() => markRead.mutate({})}
        >
          {t('notifications.markAll')}
        </button>
      </div>
      {list.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {list.isError && <LoadFailed message={t('notifications.loadFailed')} onRetry={list.refetch} />}
      {data && data.totalData === 0 && <EmptyState message={t('notifications.empty')} />}
      {data && data.notifications.length > 0 && (
        <>
          <p className="muted">
            {data.unreadCount === 0
              ? t('notifications.allCaughtUp')
              : t('notifications.unread', { count: data.unreadCount })}
          </p>
          <ul className="notification-list">
            {data.notifications.map((n) => (
              <li key={n.id} className={`card notification ${n.read ? '' : 'notification-unread'}`}>
                {!n.read && <span className="visually-hidden">{t('notifications.unreadMark')}</span>}
                {n.link ? (
                  <Link to={n.link} onClick={() => open(n)}>
                    {n.message}
                  </Link>
                ) : (
                  <span>{n.message}</span>
                )}
                <time className="muted">{formatTimeCreated(n.timeCreated)}</time>
              </li>
            ))}
          </ul>
        </>
      )}
      <Pager
        page={page}
        pageCount={Math.ceil((data?.totalData ?? 0) / NOTIFICATIONS_PAGE_SIZE)}
        onChange={setPage}
      />
    </section>
  );
}
