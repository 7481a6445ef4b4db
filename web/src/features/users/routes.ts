/**
 * The users directory's addresses and its menu entry; their pages' code is in lazy-pages.ts. They
 * read `Users`, which an admin's ability holds and a plain user's (SIGNUP_ROLE=user) does not.
 */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  {
    path: '/apps/users/list',
    page: 'list',
    access: { resource: 'Users' },
    layout: 'app',
    namespaces: ['users'],
    menu: [{ section: 'main', labelKey: 'menu.users', icon: 'addressBook', order: 130 }],
  },
  {
    path: '/apps/users/view/:id',
    page: 'view',
    access: { resource: 'Users' },
    layout: 'app',
    namespaces: ['users'],
  },
  {
    path: '/apps/users/edit/:id',
    page: 'edit',
    access: { resource: 'Users' },
    layout: 'app',
    // 'account': a user's change answers with the account's messages (api.account.*).
    namespaces: ['users', 'account'],
  },
];
