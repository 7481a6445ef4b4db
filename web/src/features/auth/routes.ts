/**
 * The sign-in addresses: open to anyone, full layout, no server state (they render without the
 * query client, which /login then does not download). Their pages are in lazy-pages.ts, but
 * /login's, which the entry chunk holds (`shell`), so that /login is one file of JavaScript.
 */
import type { FeatureRoutes } from '../../lib/feature-routes';
import type { lazyPages } from './lazy-pages';

export const routes: FeatureRoutes<typeof lazyPages> = [
  // The first page of every new visitor (bench/bundle-size.ts).
  {
    path: '/login',
    page: 'login',
    shell: true,
    access: { resource: 'Auth' },
    layout: 'full',
    queries: false,
    authPage: true,
  },
  {
    path: '/register',
    page: 'register',
    access: { resource: 'Auth' },
    layout: 'full',
    queries: false,
    authPage: true,
    // The browser's time zone goes with the form: a zone the server does not know is refused with
    // the account's message (api.account.*).
    namespaces: ['account'],
  },
  {
    path: '/forgot-password',
    page: 'forgotPassword',
    access: { resource: 'Auth' },
    layout: 'full',
    queries: false,
    authPage: true,
  },
  {
    path: '/reset-password',
    page: 'resetPassword',
    access: { resource: 'Auth' },
    layout: 'full',
    queries: false,
    authPage: true,
  },
  // Not an authPage: the link of a mail works whether or not this browser is signed in.
  { path: '/unlock', page: 'unlock', access: { resource: 'Auth' }, layout: 'full', queries: false },
];
