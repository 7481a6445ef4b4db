/** The booking pages' words for the contract's values (i18n keys), one table each. */
import type { BookingMode } from '@cadence/contract';
import type { BookingListName } from './booking-lists';

export const modeLabels: Record<BookingMode, string> = {
  alone: 'booking.mode.alone',
  collective: 'booking.mode.collective',
  'round-robin': 'booking.mode.roundRobin',
};

export const modeHints: Record<Exclude<BookingMode, 'alone'>, string> = {
  collective: 'booking.form.collectiveHint',
  'round-robin': 'booking.form.roundRobinHint',
};

export const listLabels: Record<BookingListName, string> = {
  upcoming: 'booking.bookings.upcoming',
  past: 'booking.bookings.past',
  cancelled: 'booking.bookings.cancelled',
};

export const emptyListKeys: Record<BookingListName, string> = {
  upcoming: 'booking.bookings.emptyUpcoming',
  past: 'booking.bookings.emptyPast',
  cancelled: 'booking.bookings.emptyCancelled',
};
