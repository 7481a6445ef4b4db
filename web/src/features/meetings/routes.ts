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
    namespaces: ['meetings', 'workingHours'],
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
  // Open to anyone: the token in the address is the key (D42).
  {
    path: '/meeting-answer/:token',
    page: 'answer',
    access: { resource: 'Auth' },
    layout: 'full',
    namespaces: ['meetings'],
  },
];
