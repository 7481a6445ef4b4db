/** The calendar's address and its menu entry; its page's code is in lazy-pages.ts. */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  {
    path: '/apps/calendar',
    page: 'calendar',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['calendar', 'repetition'],
    menu: [{ section: 'main', labelKey: 'menu.calendar', icon: 'calendar', order: 50 }],
  },
];
