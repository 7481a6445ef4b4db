/** The pricing page's address and its entries in both menus; its code is in lazy-pages.ts. */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  {
    path: '/pages/pricing',
    page: 'pricing',
    access: { resource: 'App' },
    layout: 'app',
    // 'billing' holds the API's messages about requests (api.billing.*).
    namespaces: ['pricing', 'billing'],
    menu: [
      { section: 'main', labelKey: 'menu.pricing', icon: 'creditCard', order: 160 },
      { section: 'account', labelKey: 'menu.pricing', icon: 'creditCard', order: 30 },
    ],
  },
];
