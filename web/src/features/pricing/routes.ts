/**
 * What the router loads for /pages/pricing: the page's chunk and its first queries (the prices in
 * the address's currency, my billing). One module for the feature, so the entry chunk carries one
 * preload list for it (the /login budget, bench/bundle-size.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { currencyOf, getBillingQueryOptions, getPricingQueryOptions } from './api/pricing-api';

interface PrefetchContext {
  search: URLSearchParams;
  queryClient: QueryClient;
  userId: string;
}

export const pricingRoute = {
  page: () => import('./pages/pricing'),
  prefetch: ({ queryClient, search, userId }: PrefetchContext) =>
    Promise.all([
      queryClient.prefetchQuery(getPricingQueryOptions(currencyOf(search))),
      queryClient.prefetchQuery(getBillingQueryOptions(userId)),
    ]),
};
