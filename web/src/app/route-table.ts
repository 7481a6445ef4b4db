/**
 * Every route as data (spec parts 2 and 6): its address, access rule, layout, string areas and the
 * page that draws it, named by feature and by the page's name in that feature's `routes.ts`. The
 * router (router.tsx) turns each into a lazy route; the build (web/route-preloads.ts) reads the same
 * table to list each address's chunks, which the server names in the index.html it sends for that
 * address (`<link rel=modulepreload>`), so a first visit fetches the page's code while the entry
 * runs. Nothing here may import code that runs: the build loads this module in Node.
 */
import type { RouteParamKind } from '@cadence/contract/routes';
import type { RouteAccess } from '../lib/ability';
import type { LazyNamespace } from '../lib/i18n';
import type { routes as accessControlPages } from '../features/access-control/routes';
import type { routes as accountPages } from '../features/account/routes';
import type { routes as authPages } from '../features/auth/routes';
import type { routes as bookingPages } from '../features/booking/routes';
import type { routes as calendarPages } from '../features/calendar/routes';
import type { routes as chatPages } from '../features/chat/routes';
import type { routes as dashboardPages } from '../features/dashboard/routes';
import type { routes as friendsPages } from '../features/friends/routes';
import type { routes as goalsPages } from '../features/goals/routes';
import type { routes as groupsPages } from '../features/groups/routes';
import type { routes as helpPages } from '../features/help/routes';
import type { routes as meetingsPages } from '../features/meetings/routes';
import type { routes as pricingPages } from '../features/pricing/routes';
import type { routes as projectsPages } from '../features/projects/routes';
import type { routes as statusPages } from '../features/status-pages/routes';
import type { routes as tagsPages } from '../features/tags/routes';
import type { routes as todosPages } from '../features/todos/routes';
import type { routes as usersPages } from '../features/users/routes';

/** Each feature's pages, by their names in its `routes.ts` (the folder is the feature's name). */
interface FeaturePages {
  'access-control': typeof accessControlPages;
  account: typeof accountPages;
  auth: typeof authPages;
  booking: typeof bookingPages;
  calendar: typeof calendarPages;
  chat: typeof chatPages;
  dashboard: typeof dashboardPages;
  friends: typeof friendsPages;
  goals: typeof goalsPages;
  groups: typeof groupsPages;
  help: typeof helpPages;
  meetings: typeof meetingsPages;
  pricing: typeof pricingPages;
  projects: typeof projectsPages;
  'status-pages': typeof statusPages;
  tags: typeof tagsPages;
  todos: typeof todosPages;
  users: typeof usersPages;
}
export type Feature = keyof FeaturePages;

/** A page: its feature (`web/src/features/<feature>/routes.ts`) and its name there. */
export type PageRef = { [F in Feature]: { feature: F; page: keyof FeaturePages[F] & string } }[Feature];

/** The app layout's own strings, loaded with every page of that layout (not with /login). */
export const layoutNamespaces = ['customizer', 'timeZoneBanner', 'menu', 'footer', 'roles'] as const;

export type RouteEntry = {
  path: string;
  access: RouteAccess;
  layout: 'full' | 'app';
  /** Sign-in pages send a signed-in user home. */
  authPage?: boolean;
  /** The feature areas whose strings the page needs (loaded with it). */
  namespaces?: LazyNamespace[];
  /** Route parameters checked against the spec's whitelists (part 2): another value shows the 404 page. */
  params?: Record<string, RouteParamKind>;
  /**
   * False for the full-layout pages that read no server state (sign-in and status pages): they
   * render without the query client, which /login then does not download. App-layout pages always
   * have it (the layout provides it).
   */
  queries?: false;
} & (PageRef | { feature: 'shell'; page: 'login' });

const open: RouteAccess = { resource: 'Auth' };
const app: RouteAccess = { resource: 'App' };

export const NOT_AUTHORIZED = '/pages/miscellaneous/not-authorized';

/** A page of the app layout, for a signed-in user: most routes. */
function appRoute<F extends Feature>(
  path: string,
  feature: F,
  page: keyof FeaturePages[F] & string,
  namespaces: LazyNamespace[],
  params?: RouteEntry['params'],
): RouteEntry {
  // The page's name is checked against its feature's above; the union of all features' pages
  // cannot follow a generic feature.
  return { path, params, namespaces, ...({ feature, page } as PageRef), access: app, layout: 'app' };
}

/** A meetings address. The list page opens the working-hours editor. */
const meetingsRoute = (
  path: string,
  page: keyof FeaturePages['meetings'],
  layout: RouteEntry['layout'] = 'app',
): RouteEntry => ({
  path,
  namespaces: ['meetings', 'workingHours'],
  feature: 'meetings',
  page,
  access: app,
  layout,
});

/** /apps/chat (app layout) and /chat (full layout): one page, `?id=` the chat open (D37). */
const chatRoute = (path: string, layout: RouteEntry['layout']): RouteEntry => ({
  path,
  namespaces: ['chat'],
  feature: 'chat',
  page: 'chat',
  access: app,
  layout,
});

/** A sign-in page: no server state, and a signed-in user goes home. */
const authRoute = (path: string, page: keyof FeaturePages['auth']): RouteEntry => ({
  path,
  feature: 'auth',
  page,
  queries: false,
  access: open,
  layout: 'full',
  authPage: true,
});

/** A status page (404, not authorized, …): open to anyone, no server state. */
const statusRoute = (path: string, page: keyof FeaturePages['status-pages']): RouteEntry => ({
  path,
  feature: 'status-pages',
  page,
  queries: false,
  access: open,
  layout: 'full',
});

export const routeTable: RouteEntry[] = [
  // The first page of every new visitor: the login form and its layout are in the entry's chunk
  // (`shell`), not lazy, so /login is one file of JavaScript (bench/bundle-size.ts).
  {
    path: '/login',
    feature: 'shell',
    page: 'login',
    queries: false,
    access: open,
    layout: 'full',
    authPage: true,
  },
  authRoute('/register', 'register'),
  authRoute('/forgot-password', 'forgotPassword'),
  authRoute('/reset-password', 'resetPassword'),
  // Not an authPage: the link of a mail works whether or not this browser is signed in.
  { path: '/unlock', feature: 'auth', page: 'unlock', queries: false, access: open, layout: 'full' },
  appRoute('/dashboard/analytics', 'dashboard', 'analytics', ['dashboard']),
  appRoute('/apps/users/list', 'users', 'list', ['users']),
  appRoute('/apps/users/view/:id', 'users', 'view', ['users']),
  appRoute('/apps/users/edit/:id', 'users', 'edit', ['users']),
  // 'meetings' holds the API's messages about working hours (api.meetings.*); 'pricing' the
  // Billing tab's words.
  appRoute('/pages/account-setting', 'account', 'settings', [
    'account',
    'workingHours',
    'meetings',
    'pricing',
  ]),
  appRoute('/pages/profile', 'account', 'profile', ['account', 'profile']),
  appRoute('/profile', 'account', 'profile', ['account', 'profile']),
  appRoute('/apps/tags', 'tags', 'tags', ['tags']),
  appRoute('/friends', 'friends', 'friends', ['friends']),
  // 'meetings' for the API's answers about invitations (api.meetings.answerClosed).
  appRoute('/apps/requests', 'friends', 'requests', ['friends', 'meetings']),
  appRoute('/group', 'groups', 'groups', ['groups']),
  appRoute('/apps/projects', 'projects', 'projects', ['projects']),
  appRoute('/apps/project/:id', 'projects', 'board', ['projects']),
  appRoute('/project/add-project', 'projects', 'add', ['projects']),
  appRoute('/project/edit-project', 'projects', 'edit', ['projects']),
  appRoute('/apps/objectifs', 'goals', 'goals', ['goals']),
  appRoute('/apps/objectifs/:filter', 'goals', 'goals', ['goals'], { filter: 'goalFilter' }),
  appRoute('/apps/objectifs/tag/:tag', 'goals', 'goals', ['goals'], { tag: 'tag' }),
  // The to-dos routes share all but their path and whitelisted parameter.
  appRoute('/apps/todo', 'todos', 'todos', ['todos', 'repetition']),
  appRoute('/apps/todo/:filter', 'todos', 'todos', ['todos', 'repetition'], { filter: 'todoFilter' }),
  appRoute('/apps/todo/tag/:tag', 'todos', 'todos', ['todos', 'repetition'], { tag: 'tag' }),
  appRoute('/todo/tag/:tag', 'todos', 'todos', ['todos', 'repetition'], { tag: 'tag' }),
  appRoute('/apps/calendar', 'calendar', 'calendar', ['calendar', 'repetition']),
  meetingsRoute('/apps/meetings', 'list'),
  meetingsRoute('/apps/meetings/add-meeting', 'add'),
  meetingsRoute('/apps/meetings/preview', 'preview', 'full'),
  meetingsRoute('/apps/meetings/advanced/:id', 'advanced'),
  // The page checks its id: a positive integer, a meeting I organise; anything else is the 404 page.
  meetingsRoute('/apps/meetings/:id', 'settings'),
  // 'booking' holds the page's words and the API's messages (api.booking.*).
  appRoute('/apps/booking', 'booking', 'types', ['booking']),
  chatRoute('/apps/chat', 'app'),
  chatRoute('/chat', 'full'),
  // 'billing' holds the API's messages about requests (api.billing.*).
  appRoute('/pages/pricing', 'pricing', 'pricing', ['pricing', 'billing']),
  // The help centre (D26); the pages show the 404 page for a category or article the API does not know.
  appRoute('/pages/faq', 'help', 'faq', ['help']),
  appRoute('/pages/knowledge-base', 'help', 'knowledgeBase', ['help']),
  appRoute('/pages/knowledge-base/:category', 'help', 'category', ['help']),
  appRoute('/pages/knowledge-base/:category/:slug', 'help', 'article', ['help']),
  {
    ...appRoute('/access-control', 'access-control', 'accessControl', ['accessControl']),
    access: { resource: 'ACL' },
  },
  {
    // Open to anyone: the token in the address is the key (D42).
    path: '/meeting-answer/:token',
    namespaces: ['meetings'],
    feature: 'meetings',
    page: 'answer',
    access: open,
    layout: 'full',
  },
  {
    // Open to anyone (D44): a user's booking link, and a booking's manage link (its token is the key).
    // 'booking' brings the API's messages (api.booking.*).
    path: '/book/:username/:slug',
    namespaces: ['bookingPublic', 'booking'],
    feature: 'booking',
    page: 'book',
    access: open,
    layout: 'full',
  },
  {
    path: '/booking/:token',
    namespaces: ['bookingPublic', 'booking'],
    feature: 'booking',
    page: 'manage',
    access: open,
    layout: 'full',
  },
  statusRoute('/error-404', 'notFound'),
  statusRoute(NOT_AUTHORIZED, 'notAuthorized'),
  statusRoute('/pages/miscellaneous/coming-soon', 'comingSoon'),
  statusRoute('/pages/miscellaneous/under-maintenance', 'underMaintenance'),
  statusRoute('/pages/miscellaneous/error', 'error'),
];
