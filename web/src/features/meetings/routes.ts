/**
 * The meetings addresses and their menu entry, and the open address of an invitation's answer
 * links; their pages' code is in lazy-pages.ts. The signed-in pages load the working hours' strings
 * too: the list page opens the working-hours editor.
 */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  {
    path: '/apps/meetings',
    page: 'list',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['meetings', 'workingHours'],
    menu: [{ section: 'main', labelKey: 'menu.meetings', icon: 'calendarUser', order: 60 }],
  },
  {
    path: '/apps/meetings/add-meeting',
    page: 'add',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['meetings', 'workingHours'],
  },
  {
    path: '/apps/meetings/preview',
    page: 'preview',
    access: { resource: 'App' },
    layout: 'full',
    // 'account': the page changes the account's time zone, which the API may refuse (api.account.*).
    namespaces: ['meetings', 'workingHours', 'account'],
  },
  {
    path: '/apps/meetings/advanced/:id',
    page: 'advanced',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['meetings', 'workingHours'],
  },
  // The page checks its id: a positive integer, a meeting I organise; anything else is the 404 page.
  {
    path: '/apps/meetings/:id',
    page: 'settings',
    access: { resource: 'App' },
    layout: 'app',
    namespaces: ['meetings', 'workingHours'],
  },
  // Open to anyone: the token in the address is the key (D42). 'account': the visitor's time zone
  // goes with the request, and a zone the API does not know is refused with api.account.*.
  {
    path: '/meeting-answer/:token',
    page: 'answer',
    access: { resource: 'Auth' },
    layout: 'full',
    namespaces: ['meetings', 'account'],
  },
];
