/**
 * What the router loads for the status pages (not found, not authorized, coming soon, under
 * maintenance, error): each page's chunk, no query. One module for the feature, so the entry chunk
 * carries one preload list for it (the /login budget, bench/bundle-size.ts).
 */
import type { LazyPages } from '../../lib/feature-routes';

export const lazyPages = {
  /** /error-404 */
  notFound: { page: () => import('./pages/not-found') },
  /** /pages/miscellaneous/not-authorized */
  notAuthorized: { page: () => import('./pages/not-authorized') },
  /** /pages/miscellaneous/coming-soon */
  comingSoon: { page: () => import('./pages/coming-soon') },
  /** /pages/miscellaneous/under-maintenance */
  underMaintenance: { page: () => import('./pages/under-maintenance') },
  /** /pages/miscellaneous/error */
  error: { page: () => import('./pages/error-page') },
} satisfies LazyPages;
