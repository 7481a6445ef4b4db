/** The tags page's address and its menu entry; its code is in lazy-pages.ts. */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  {
    path: '/apps/tags',
    page: 'tags',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['tags'],
    menu: [{ section: 'main', labelKey: 'menu.tags', icon: 'tags', order: 90 }],
  },
];
