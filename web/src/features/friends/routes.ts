/** The friends and requests addresses and their menu entries; their pages' code is in lazy-pages.ts. */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  {
    path: '/friends',
    page: 'friends',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['friends'],
    menu: [{ section: 'main', labelKey: 'menu.friends', icon: 'users', order: 100 }],
  },
  {
    path: '/apps/requests',
    page: 'requests',
    access: { resource: 'App' },
    layout: 'app',
    // 'meetings' for the API's answers about invitations (api.meetings.answerClosed).
    namespaces: ['friends', 'meetings'],
    menu: [
      { section: 'main', labelKey: 'menu.requests', icon: 'userPlus', order: 110, badge: 'friendRequests' },
    ],
  },
];
