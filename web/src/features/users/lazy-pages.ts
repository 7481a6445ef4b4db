/**
 * What the router loads for the users addresses: each page's chunk, and the list's first page.
 * One module for the feature, so the entry chunk carries one preload list for it (the /login
 * budget, bench/bundle-size.ts).
 * Its queries' modules are imported by each prefetch, not by this module: the page's chunk starts
 * loading as soon as this small one arrives, in parallel with them.
 */
import type { LazyPages } from '../../lib/feature-routes';

export const lazyPages = {
  /** /apps/users/list: the first page, unfiltered. */
  list: {
    page: () => import('./pages/users-list'),
    prefetch: async ({ queryClient }) =>
      queryClient.prefetchQuery((await import('./api/users-api')).getUsersQueryOptions('', 1)),
  },
  /** /apps/users/view/:id */
  view: { page: () => import('./pages/user-view') },
  /** /apps/users/edit/:id */
  edit: { page: () => import('./pages/user-edit') },
} satisfies LazyPages;
