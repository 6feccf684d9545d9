import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type { TNotificationReadRequest } from '@app/contract/notifications';
import { callOp } from '@/lib/api.ts';
import { notificationKeys } from '@/lib/queries/notifications.ts';

export const NOTIFICATIONS_PAGE_SIZE = 10;

/** One page of the caller's notifications, newest first. */
export function useNotifications(pageNo: number) {
  return useQuery({
    queryKey: notificationKeys.page(pageNo),
    queryFn: ({ signal }) =>
      callOp('notificationList', { pageSize: NOTIFICATIONS_PAGE_SIZE, pageNo }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Marks the given notifications (or all) read; the pages and the bell refresh. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TNotificationReadRequest) => callOp('notificationRead', body),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
