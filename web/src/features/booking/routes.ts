/**
 * The booking addresses (D44): the host's page, with its menu entry, and the open pages of a
 * booking link and of a booking; their pages' code is in lazy-pages.ts.
 */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  {
    path: '/apps/booking',
    page: 'types',
    access: { resource: 'App' },
    layout: 'app',
    // 'booking' holds the page's words and the API's messages (api.booking.*); 'meetings' those of
    // the days and times a booking type shares with meetings (api.meetings.*).
    namespaces: ['booking', 'meetings'],
    menu: [{ section: 'main', labelKey: 'menu.booking', icon: 'calendarShare', order: 70 }],
  },
  // Open to anyone: a user's booking link, and a booking's manage link (its token is the key).
  // 'booking' brings the API's messages (api.booking.*), 'meetings' those of days and times,
  // 'account' the refusal of a time zone the API does not know (api.account.*).
  {
    path: '/book/:username/:slug',
    page: 'book',
    access: { resource: 'Auth' },
    layout: 'full',
    namespaces: ['bookingPublic', 'booking', 'meetings', 'account'],
  },
  {
    path: '/booking/:token',
    page: 'manage',
    access: { resource: 'Auth' },
    layout: 'full',
    namespaces: ['bookingPublic', 'booking', 'meetings', 'account'],
  },
];
