import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

/** Query keys of the notification calls: the bell and the notification pages share them. */
export const notificationKeys = {
  all: ['notifications'] as const,
  page: (pageNo: number) => ['notifications', 'page', pageNo] as const,
  unread: ['notifications', 'unread'] as const,
};

const UNREAD_POLL_MS = 60_000;

/** The header bell's unread count: one small call, refreshed every minute and when the window regains focus. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => callOp('notificationList', { pageSize: 1, pageNo: 0 }, { signal }),
    enabled,
    select: (res) => res.unreadCount,
    refetchInterval: UNREAD_POLL_MS,
  });
}
