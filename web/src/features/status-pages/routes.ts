/**
 * The status pages' addresses (not found, not authorized, coming soon, under maintenance, error):
 * open to anyone, full layout, no server state. Their pages' code is in lazy-pages.ts.
 */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

/** Where the router sends a signed-in user whom a route's access refuses. */
export const NOT_AUTHORIZED = '/pages/miscellaneous/not-authorized';

export const routes: FeatureRoutes<typeof lazyPages> = [
  { path: '/error-404', page: 'notFound', access: { resource: 'Auth' }, layout: 'full', queries: false },
  {
    path: NOT_AUTHORIZED,
    page: 'notAuthorized',
    access: { resource: 'Auth' },
    layout: 'full',
    queries: false,
  },
  {
    path: '/pages/miscellaneous/coming-soon',
    page: 'comingSoon',
    access: { resource: 'Auth' },
    layout: 'full',
    queries: false,
  },
  {
    path: '/pages/miscellaneous/under-maintenance',
    page: 'underMaintenance',
    access: { resource: 'Auth' },
    layout: 'full',
    queries: false,
  },
  {
    path: '/pages/miscellaneous/error',
    page: 'error',
    access: { resource: 'Auth' },
    layout: 'full',
    queries: false,
  },
];
