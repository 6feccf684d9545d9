import { useState } from 'react';
import { Link } from 'react-router';
import type { TNotificationDto } from '@app/contract/notifications';
import { Pager } from '@/components/Pager.tsx';
import { formatTimeCreated } from '@/lib/dates.ts';
import { NOTIFICATIONS_PAGE_SIZE, useMarkRead, useNotifications } from './api/notifications.ts';
import './notifications.css';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';

/**
 * `/home/notifications` and `/tutor/notifications`: the caller's notifications, newest first, 10 a page, unread ones
 * marked; opening one marks it read, and 'Mark all as read' clears the bell.
 */
export default function NotificationsPage() {
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
        <h1>Notifications</h1>
        <button
          type="button"
          className="btn btn-outline"
          disabled={!data || data.unreadCount === 0 || markRead.isPending}
          onClick={() => markRead.mutate({})}
        >
          Mark all as read
        </button>
      </div>
      {list.isPending && <p className="page-loading">Loading...</p>}
      {list.isError && (
        <LoadFailed message="Notifications could not be loaded. Please try again." onRetry={list.refetch} />
      )}
      {data && data.totalData === 0 && <EmptyState message="You have no notifications yet." />}
      {data && data.notifications.length > 0 && (
        <>
          <p className="muted">{data.unreadCount === 0 ? 'All caught up.' : `${data.unreadCount} unread`}</p>
          <ul className="notification-list">
            {data.notifications.map((n) => (
              <li key={n.id} className={`card notification ${n.read ? '' : 'notification-unread'}`}>
                {!n.read && <span className="visually-hidden">Unread: </span>}
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
