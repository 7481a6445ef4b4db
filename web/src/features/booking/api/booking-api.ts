/**
 * The host's booking calls (D44): my booking types (list, add, change, delete with Undo), the
 * bookings made with me by list (upcoming, past, cancelled), and cancelling one as its host. A
 * booking is an event in each host's calendar: cancelling one reads the calendar again too.
 */
import type { BookingType, BookingTypeInput, BookingTypeList, HostBookingList } from '@cadence/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { cacheEdit, useHeldDelete } from '../../../lib/use-undo';
import { bookingKeys, calendarKeys } from '../../../shared/queries/keys';
import type { BookingListName } from '../components/booking-lists';

export { bookingListOf, bookingLists, type BookingListName } from '../components/booking-lists';

const typePath = (id: string) => `/booking-types/${encodeURIComponent(id)}`;

/** GET /booking-types: my booking types. */
export const getBookingTypesQueryOptions = () =>
  queryOptions({
    queryKey: bookingKeys.types,
    queryFn: () => api.get<BookingTypeList>('/booking-types'),
  });

/** GET /bookings?when=: the bookings made with me (as one of the hosts). */
export const getHostBookingsQueryOptions = (when: BookingListName) =>
  queryOptions({
    queryKey: bookingKeys.list(when),
    queryFn: () => api.get<HostBookingList>(`/bookings?${new URLSearchParams({ when })}`),
  });

/** A change to my types reads them again (and the bookings, whose titles they give). */
function useBookingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export function useCreateBookingType() {
  return useBookingMutation((input: BookingTypeInput) => api.post<BookingType>('/booking-types', input));
}

export function useUpdateBookingType() {
  return useBookingMutation(({ id, input }: { id: string; input: BookingTypeInput }) =>
    api.put<BookingType>(typePath(id), input),
  );
}

function withoutType(list: BookingTypeList, id: string): BookingTypeList {
  const data = list.data.filter((row) => row._id !== id);
  return data.length === list.data.length ? list : { data, count: Math.max(0, list.count - 1) };
}

/** Deletes a booking type: it leaves the list at once and is sent when its toast closes, unless Undo (D48). */
export function useDeleteBookingType() {
  const hold = useHeldDelete();
  return useCallback(
    (type: BookingType, message: string) =>
      hold({
        message,
        edits: [cacheEdit<BookingTypeList>(bookingKeys.types, (list) => withoutType(list, type._id), true)],
        send: (options) => api.delete<undefined>(typePath(type._id), options),
        refresh: [bookingKeys.all],
      }),
    [hold],
  );
}

/** POST /bookings/{id}/host-cancel: the host cancels a booking; the visitor and the other hosts are told. */
export function useHostCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<undefined>(`/bookings/${encodeURIComponent(id)}/host-cancel`, { reason }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.bookings }),
        queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
      ]),
  });
}
