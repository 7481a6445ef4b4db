/**
 * What the router loads for /dashboard/analytics: the page's chunk and its first queries (who I
 * am, and the dashboard's figures). One module for the feature, so the entry chunk carries one
 * preload list for it (the /login budget, bench/bundle-size.ts).
 * Its queries' modules are imported by each prefetch, not by this module: the page's chunk starts
 * loading as soon as this small one arrives, in parallel with them.
 */
import type { LazyPages } from '../../lib/feature-routes';

export const lazyPages = {
  analytics: {
    page: () => import('./pages/analytics'),
    prefetch: async ({ queryClient, userId }) => {
      const [auth, dashboard] = await Promise.all([import('../../lib/auth'), import('./api/dashboard-api')]);
      return Promise.all([
        queryClient.prefetchQuery(auth.getCurrentUserQueryOptions()),
        queryClient.prefetchQuery(dashboard.getDashboardQueryOptions(userId)),
      ]);
    },
  },
} satisfies LazyPages;
