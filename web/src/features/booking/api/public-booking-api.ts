/**
 * The booking pages' public calls (D44), made without sign-in: a link's free times, booking one,
 * and the visitor's booking through the token of its manage link (read, cancel, move).
 */
import type { BookInput, BookingView, PublicTimes, PublicTimesQuery } from '@cadence/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { publicBookingKeys } from '../../../shared/queries/keys';

const linkPath = (username: string, slug: string) =>
  `/book/${encodeURIComponent(username)}/${encodeURIComponent(slug)}`;
const bookingPath = (token: string) => `/bookings/${encodeURIComponent(token)}`;

/** The times open on the link's days `start`..`end`, grouped by the visitor's dates in `timeZone`. */
export const getPublicTimesQueryOptions = (username: string, slug: string, range: PublicTimesQuery) =>
  queryOptions({
    queryKey: publicBookingKeys.times(username, slug, range),
    queryFn: () =>
      api.get<PublicTimes>(`${linkPath(username, slug)}?${new URLSearchParams(range).toString()}`),
    // A 404 (no such link) is an answer, not a failure worth asking again.
    retry: false,
  });

export const bookTime = (username: string, slug: string, input: BookInput) =>
  api.post<{ token: string }>(linkPath(username, slug), input);

/** A booking as its visitor sees it, by the token of its manage link. */
export const getBookingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: publicBookingKeys.booking(token),
    queryFn: () => api.get<BookingView>(bookingPath(token)),
    retry: false,
  });

export const cancelBooking = (token: string, reason: string) =>
  api.post<BookingView>(`${bookingPath(token)}/cancel`, { reason });

export const rescheduleBooking = (token: string, start: string) =>
  api.post<BookingView>(`${bookingPath(token)}/reschedule`, { start });
