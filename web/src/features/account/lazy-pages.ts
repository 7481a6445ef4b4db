/**
 * What the router loads for the account addresses: each page's chunk, and the settings' first
 * queries (the account, and the open tab's own read). One module for the feature, so the entry
 * chunk carries one preload list for it (the /login budget, bench/bundle-size.ts).
 * Its queries' modules are imported by each prefetch, not by this module: the page's chunk starts
 * loading as soon as this small one arrives, in parallel with them.
 */
import type { LazyPages } from '../../lib/feature-routes';

export const lazyPages = {
  /** /pages/account-setting?tab= */
  settings: {
    page: () => import('./pages/account-settings'),
    prefetch: async ({ queryClient, search, userId }) => {
      const [account, hours] = await Promise.all([
        import('./api/account-api'),
        import('../../shared/queries/working-hours'),
      ]);
      return Promise.all([
        queryClient.prefetchQuery(account.getAccountQueryOptions()),
        search.get('tab') === 'working-hours'
          ? queryClient.prefetchQuery(hours.getWorkingHoursQueryOptions())
          : undefined,
        search.get('tab') === 'billing'
          ? queryClient.prefetchQuery(account.getBillingQueryOptions(userId))
          : undefined,
      ]);
    },
  },
  /** /pages/profile and /profile */
  profile: { page: () => import('./pages/profile') },
} satisfies LazyPages;
