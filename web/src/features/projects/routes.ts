/** The boards' addresses and their menu entry; their pages' code is in lazy-pages.ts. */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  {
    path: '/apps/projects',
    page: 'projects',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['projects'],
    menu: [{ section: 'main', labelKey: 'menu.projects', icon: 'layoutKanban', order: 20 }],
  },
  {
    path: '/apps/project/:id',
    page: 'board',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['projects'],
  },
  {
    path: '/project/add-project',
    page: 'add',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['projects'],
  },
  {
    path: '/project/edit-project',
    page: 'edit',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['projects'],
  },
];
