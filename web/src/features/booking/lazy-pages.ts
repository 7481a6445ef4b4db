/**
 * What the router loads for the booking pages (D44): each page's own chunk, reached through this
 * one module (see meetings/lazy-pages.ts for why).
 */
import type { LazyPages } from '../../lib/feature-routes';

export const lazyPages = {
  /** /apps/booking: the user's booking types, their links and the bookings made with them. */
  types: {
    page: async () => ({ Component: (await import('./pages/booking-types')).BookingTypesPage }),
  },
  /** /book/:username/:slug: a link's free times and the form that books one, no sign-in. */
  book: {
    page: () => import('./pages/book'),
  },
  /** /booking/:token: the visitor's booking, to see, move or cancel, no sign-in. */
  manage: {
    page: () => import('./pages/manage-booking'),
  },
} satisfies LazyPages;
