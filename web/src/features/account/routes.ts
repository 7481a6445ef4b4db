/**
 * The account's addresses (settings, profile) and their entries in both menus; their pages' code
 * is in lazy-pages.ts.
 */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  {
    path: '/pages/account-setting',
    page: 'settings',
    access: { resource: 'App' },
    layout: 'app',
    // 'meetings' holds the API's messages about working hours (api.meetings.*); 'pricing' the
    // Billing tab's words; 'calendar' the import's messages and reasons (api.calendar.*);
    // 'appPasswords' the Apps tab's (api.appPasswords.*).
    namespaces: ['account', 'workingHours', 'meetings', 'pricing', 'calendar', 'appPasswords'],
    menu: [
      { section: 'main', labelKey: 'menu.accountSettings', icon: 'settings', order: 150 },
      { section: 'account', labelKey: 'menu.accountSettings', icon: 'settings', order: 20 },
    ],
  },
  {
    path: '/pages/profile',
    page: 'profile',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['account', 'profile'],
    menu: [
      { section: 'main', labelKey: 'menu.profile', icon: 'userCircle', order: 140 },
      { section: 'account', labelKey: 'menu.profile', icon: 'userCircle', order: 10 },
    ],
  },
  {
    path: '/profile',
    page: 'profile',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['account', 'profile'],
  },
];
