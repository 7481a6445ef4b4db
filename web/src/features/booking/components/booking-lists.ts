/** The lists of bookings on /apps/booking (the page's tabs), and what tells the page a booking changed. */
import type { NotificationKind } from '@cadence/contract';

/** The lists, as `GET /bookings?when=` names them. */
export const bookingLists = ['upcoming', 'past', 'cancelled'] as const;
export type BookingListName = (typeof bookingLists)[number];

/** The tab the address asks for (`?tab=`), upcoming unless it names another list. */
export function bookingListOf(search: URLSearchParams): BookingListName {
  const tab = search.get('tab');
  return bookingLists.find((name) => name === tab) ?? 'upcoming';
}

const bookingKinds = new Set<NotificationKind>(['booking-new', 'booking-rescheduled', 'booking-cancelled']);

/** The newest notice about a booking in the bell's list, if any. */
export function newestBookingNotice(list: {
  data: { _id: string; kind: NotificationKind }[];
}): string | null {
  return list.data.find((item) => bookingKinds.has(item.kind))?._id ?? null;
}
