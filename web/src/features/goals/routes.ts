/**
 * The goals addresses (all, a filter, a tag: one page) and their menu entry; the page's code is in
 * lazy-pages.ts.
 */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  {
    path: '/apps/objectifs',
    page: 'goals',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['goals'],
    menu: [{ section: 'main', labelKey: 'menu.goals', icon: 'target', order: 30 }],
  },
  {
    path: '/apps/objectifs/:filter',
    page: 'goals',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['goals'],
    params: { filter: 'goalFilter' },
  },
  {
    path: '/apps/objectifs/tag/:tag',
    page: 'goals',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['goals'],
    params: { tag: 'tag' },
  },
];
