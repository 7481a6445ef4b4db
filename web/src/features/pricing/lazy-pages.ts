/**
 * What the router loads for /pages/pricing: the page's chunk and its first queries (the prices in
 * the address's currency, my billing). One module for the feature, so the entry chunk carries one
 * preload list for it (the /login budget, bench/bundle-size.ts).
 * Its queries' modules are imported by each prefetch, not by this module: the page's chunk starts
 * loading as soon as this small one arrives, in parallel with them.
 */
import type { LazyPages } from '../../lib/feature-routes';

export const lazyPages = {
  /** /pages/pricing?currency= */
  pricing: {
    page: () => import('./pages/pricing'),
    prefetch: async ({ queryClient, search, userId }) => {
      const pricing = await import('./api/pricing-api');
      return Promise.all([
        queryClient.prefetchQuery(pricing.getPricingQueryOptions(pricing.currencyOf(search))),
        queryClient.prefetchQuery(pricing.getBillingQueryOptions(userId)),
      ]);
    },
  },
} satisfies LazyPages;
