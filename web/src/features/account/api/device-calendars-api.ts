/** The names and colours of the calendars that calendar apps sync (D49), from Account settings → Apps and devices. */
import type {
  DeviceCalendar,
  DeviceCalendarCollection,
  DeviceCalendarList,
  UpdateDeviceCalendarInput,
} from '@cadence/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { deviceCalendarsKey } from '../../../shared/queries/keys';

export const getDeviceCalendarsQueryOptions = () =>
  queryOptions({
    queryKey: deviceCalendarsKey,
    queryFn: async () => (await api.get<DeviceCalendarList>('/account/calendars')).data,
  });

export function useUpdateDeviceCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      collection,
      change,
    }: {
      collection: DeviceCalendarCollection;
      change: UpdateDeviceCalendarInput;
    }) => api.put<DeviceCalendar>(`/account/calendars/${collection}`, change),
    onSuccess: (changed) =>
      queryClient.setQueryData(getDeviceCalendarsQueryOptions().queryKey, (calendars) =>
        calendars?.map((calendar) => (calendar.collection === changed.collection ? changed : calendar)),
      ),
  });
}
