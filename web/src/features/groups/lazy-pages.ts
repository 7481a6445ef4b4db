/**
 * What the router loads for /group: the page's chunk and my groups. One module for the feature,
 * so the entry chunk carries one preload list for it (the /login budget, bench/bundle-size.ts).
 * Its queries' modules are imported by each prefetch, not by this module: the page's chunk starts
 * loading as soon as this small one arrives, in parallel with them.
 */
import type { LazyPages } from '../../lib/feature-routes';

export const lazyPages = {
  groups: {
    page: () => import('./pages/groups'),
    prefetch: async ({ queryClient }) =>
      queryClient.prefetchQuery((await import('./api/groups-api')).getGroupsQueryOptions()),
  },
} satisfies LazyPages;
