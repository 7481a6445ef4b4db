/**
 * The help centre's addresses (D26) and their menu entries; their pages' code is in lazy-pages.ts.
 * The pages show the 404 page for a category or article the API does not know.
 */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  {
    path: '/pages/faq',
    page: 'faq',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['help'],
    menu: [
      { section: 'main', labelKey: 'menu.faq', icon: 'helpCircle', order: 170 },
      { section: 'account', labelKey: 'navbar.help', icon: 'helpCircle', order: 40 },
    ],
  },
  {
    path: '/pages/knowledge-base',
    page: 'knowledgeBase',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['help'],
    menu: [{ section: 'main', labelKey: 'menu.knowledgeBase', icon: 'book', order: 180 }],
  },
  {
    path: '/pages/knowledge-base/:category',
    page: 'category',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['help'],
  },
  {
    path: '/pages/knowledge-base/:category/:slug',
    page: 'article',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['help'],
  },
];
