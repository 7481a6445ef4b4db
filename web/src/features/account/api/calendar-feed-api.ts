/** The secret calendar feed address and the .ics import, from account settings. */
import type { CalendarFeed, CalendarFeedStatus, CalendarImportResult } from '@cadence/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { calendarFeedKey, calendarKeys } from '../../../shared/queries/keys';

export const getCalendarFeedQueryOptions = () =>
  queryOptions({ queryKey: calendarFeedKey, queryFn: () => api.get<CalendarFeedStatus>('/calender/feed') });

export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CalendarFeed>('/calender/feed', {}),
    onSuccess: (feed) =>
      queryClient.setQueryData(getCalendarFeedQueryOptions().queryKey, {
        active: true,
        createdAt: feed.createdAt,
      }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<undefined>('/calender/feed'),
    onSuccess: () =>
      queryClient.setQueryData(getCalendarFeedQueryOptions().queryKey, { active: false, createdAt: null }),
  });
}

export function useImportCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return request<CalendarImportResult>('POST', '/calender/import', form);
    },
    // Whatever range the calendar shows next is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
