/** The lists of bookings on /apps/booking (the page's tabs). */

/** The lists, as `GET /bookings?when=` names them. */
export const bookingLists = ['upcoming', 'past', 'cancelled'] as const;
export type BookingListName = (typeof bookingLists)[number];

/** The tab the address asks for (`?tab=`), upcoming unless it names another list. */
export function bookingListOf(search: URLSearchParams): BookingListName {
  const tab = search.get('tab');
  return bookingLists.find((name) => name === tab) ?? 'upcoming';
}
