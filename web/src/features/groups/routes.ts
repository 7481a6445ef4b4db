/** The groups page's address and its menu entry; its code is in lazy-pages.ts. */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  {
    path: '/group',
    page: 'groups',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['groups'],
    menu: [{ section: 'main', labelKey: 'menu.groups', icon: 'usersGroup', order: 120 }],
  },
];
