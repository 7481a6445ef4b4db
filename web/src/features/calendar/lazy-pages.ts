/**
 * What the router loads for /apps/calendar: the page's chunk and its first queries (see
 * `prefetchCalendar`). One module for the feature, so the entry chunk carries one preload list for
 * it (the /login budget, bench/bundle-size.ts).
 * Its queries' modules are imported by each prefetch, not by this module: the page's chunk starts
 * loading as soon as this small one arrives, in parallel with them.
 */
import type { LazyPages } from '../../lib/feature-routes';

export const lazyPages = {
  calendar: {
    page: () => import('./pages/calendar'),
    prefetch: async ({ queryClient, userId }) =>
      (await import('./api/calendar-api')).prefetchCalendar(queryClient, userId),
  },
} satisfies LazyPages;
