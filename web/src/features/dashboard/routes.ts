/** The dashboard's address and its menu entry; its page's code is in lazy-pages.ts. */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  {
    path: '/dashboard/analytics',
    page: 'analytics',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['dashboard'],
    menu: [{ section: 'main', labelKey: 'menu.analytics', icon: 'chartPie', order: 10 }],
  },
];
