/**
 * /access-control and its menu entry: the page a client's account (D6) opens, which reads `ACL`;
 * its code is in lazy-pages.ts.
 */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  {
    path: '/access-control',
    page: 'accessControl',
    access: { resource: 'ACL' },
    layout: 'app',
    namespaces: ['accessControl'],
    menu: [{ section: 'main', labelKey: 'menu.accessControl', icon: 'shieldLock', order: 190 }],
  },
];
