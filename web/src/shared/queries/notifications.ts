/** The bell's calls: the newest notifications, read one, read all. */
import type { Notification, NotificationList } from '@cadence/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { notificationsKey } from './keys';

/** Reminders fire on the server's clock: the bell asks again every minute and on focus. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

export const getNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsKey,
    queryFn: () => api.get<NotificationList>('/notifications'),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
  });

function markedRead(list: NotificationList, ids: Set<string> | 'all'): NotificationList {
  const data = list.data.map((item) =>
    ids === 'all' || ids.has(item._id) ? { ...item, isRead: true } : item,
  );
  const newlyRead = list.data.filter((item) => !item.isRead && (ids === 'all' || ids.has(item._id))).length;
  return { ...list, data, unread: ids === 'all' ? 0 : Math.max(0, list.unread - newlyRead) };
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const { queryKey } = getNotificationsQueryOptions();
  return useMutation({
    mutationFn: (id: string) => api.put<Notification>(`/notifications/${id}`, { isRead: true }),
    onMutate: (id) => {
      queryClient.setQueryData(queryKey, (list) => list && markedRead(list, new Set([id])));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

export function useReadAllNotifications() {
  const queryClient = useQueryClient();
  const { queryKey } = getNotificationsQueryOptions();
  return useMutation({
    mutationFn: () => api.post<{ unread: 0 }>('/notifications/read-all', {}),
    onMutate: () => {
      queryClient.setQueryData(queryKey, (list) => list && markedRead(list, 'all'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
