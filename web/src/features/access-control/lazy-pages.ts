/**
 * What the router loads for /access-control: the page's chunk (it starts no query). One module for
 * the feature, as for the others (the /login budget, bench/bundle-size.ts).
 */
import type { LazyPages } from '../../lib/feature-routes';

export const lazyPages = {
  accessControl: { page: () => import('./pages/access-control') },
} satisfies LazyPages;
