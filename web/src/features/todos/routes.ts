/**
 * The to-dos addresses (all, a filter, a tag: one page) and their menu entry; the page's code is in
 * lazy-pages.ts.
 */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  {
    path: '/apps/todo',
    page: 'todos',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['todos', 'repetition'],
    menu: [{ section: 'main', labelKey: 'menu.todo', icon: 'listCheck', order: 40, badge: 'todoDue' }],
  },
  {
    path: '/apps/todo/:filter',
    page: 'todos',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['todos', 'repetition'],
    params: { filter: 'todoFilter' },
  },
  {
    path: '/apps/todo/tag/:tag',
    page: 'todos',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['todos', 'repetition'],
    params: { tag: 'tag' },
  },
  {
    path: '/todo/tag/:tag',
    page: 'todos',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['todos', 'repetition'],
    params: { tag: 'tag' },
  },
];
