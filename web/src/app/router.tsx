/**
 * Every route: its access rule and layout (spec parts 2 and 6), one lazy chunk per page. Guards run
 * in loaders, before anything renders.
 */
import { homeOf, isAllowedParam, type RouteParamKind } from '@cadence/contract/routes';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  matchRoutes,
  redirect,
  type RouteObject,
} from 'react-router';
import { defaultAbility } from '@cadence/contract/abilities';
import type { RouteAccess } from '../lib/ability';
import type { FeatureRoute, FeatureRoutes } from '../lib/feature-routes';
import { type LazyNamespace, loadNamespaces } from '../lib/i18n';
import { lazyRoute } from '../lib/lazy-route';
import { session } from '../lib/session';
import { Component as Login } from '../features/auth/pages/login';
import { RouteError } from '../features/status-pages/components/route-error';
import { FullLayout } from '../layouts/full-layout';

interface AppRoute extends FeatureRoute {
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
}

/**
 * A feature's pages, by their names in its `routes.ts`: the page's chunk and its first queries
 * (`prefetch`), both reached through that one module. Each `import()` in this file puts a preload
 * list in the entry chunk, which /login loads too (bench/bundle-size.ts): one per feature, not one
 * per page or query.
 */
function featurePages<Routes extends FeatureRoutes>(load: () => Promise<{ routes: Routes }>) {
  return (name: keyof Routes): FeatureRoute => ({
    page: async () => (await load()).routes[name]!.page(),
    prefetch: async (context) => (await load()).routes[name]!.prefetch?.(context),
  });
}

const auth = featurePages(() => import('../features/auth/routes'));
const dashboard = featurePages(() => import('../features/dashboard/routes'));
const users = featurePages(() => import('../features/users/routes'));
const account = featurePages(() => import('../features/account/routes'));
const tags = featurePages(() => import('../features/tags/routes'));
const friends = featurePages(() => import('../features/friends/routes'));
const groups = featurePages(() => import('../features/groups/routes'));
const projects = featurePages(() => import('../features/projects/routes'));
const goals = featurePages(() => import('../features/goals/routes'));
const todos = featurePages(() => import('../features/todos/routes'));
const calendar = featurePages(() => import('../features/calendar/routes'));
const meetings = featurePages(() => import('../features/meetings/routes'));
const chat = featurePages(() => import('../features/chat/routes'));
const booking = featurePages(() => import('../features/booking/routes'));
const pricing = featurePages(() => import('../features/pricing/routes'));
const help = featurePages(() => import('../features/help/routes'));
const accessControl = featurePages(() => import('../features/access-control/routes'));
const statusPages = featurePages(() => import('../features/status-pages/routes'));

const open: RouteAccess = { resource: 'Auth' };
const app: RouteAccess = { resource: 'App' };

export const NOT_AUTHORIZED = '/pages/miscellaneous/not-authorized';

/** The to-dos routes share all but their path and whitelisted parameter. */
const todosRoute = (path: string, params?: AppRoute['params']): AppRoute => ({
  path,
  params,
  namespaces: ['todos'],
  ...todos('todos'),
  access: app,
  layout: 'app',
});

/** A meetings address. */
const meetingsRoute = (
  path: string,
  page: Parameters<typeof meetings>[0],
  layout: AppRoute['layout'] = 'app',
): AppRoute => ({
  path,
  // The list page opens the working-hours editor.
  namespaces: ['meetings', 'workingHours'],
  ...meetings(page),
  access: app,
  layout,
});

/** /apps/chat (app layout) and /chat (full layout): one page, `?id=` the chat open (D37). */
const chatRoute = (path: string, layout: AppRoute['layout']): AppRoute => ({
  path,
  namespaces: ['chat'],
  ...chat('chat'),
  access: app,
  layout,
});

/** A help-centre address (D26). */
const helpRoute = (path: string, page: Parameters<typeof help>[0]): AppRoute => ({
  path,
  namespaces: ['help'],
  ...help(page),
  access: app,
  layout: 'app',
});

export const appRoutes: AppRoute[] = [
  // The first page of every new visitor: the login form and its layout are in the entry's chunk
  // (`shell`), not lazy, so /login is one file of JavaScript (bench/bundle-size.ts).
  {
    path: '/login',
    page: () => Promise.resolve({ Component: Login }),
    queries: false,
    access: open,
    layout: 'full',
    authPage: true,
  },
  { path: '/register', ...auth('register'), queries: false, access: open, layout: 'full', authPage: true },
  {
    path: '/forgot-password',
    ...auth('forgotPassword'),
    queries: false,
    access: open,
    layout: 'full',
    authPage: true,
  },
  {
    path: '/reset-password',
    ...auth('resetPassword'),
    queries: false,
    access: open,
    layout: 'full',
    authPage: true,
  },
  // Not an authPage: the link of a mail works whether or not this browser is signed in.
  { path: '/unlock', ...auth('unlock'), queries: false, access: open, layout: 'full' },
  {
    path: '/dashboard/analytics',
    namespaces: ['dashboard'],
    ...dashboard('analytics'),
    access: app,
    layout: 'app',
  },
  { path: '/apps/users/list', namespaces: ['users'], ...users('list'), access: app, layout: 'app' },
  { path: '/apps/users/view/:id', namespaces: ['users'], ...users('view'), access: app, layout: 'app' },
  { path: '/apps/users/edit/:id', namespaces: ['users'], ...users('edit'), access: app, layout: 'app' },
  {
    path: '/pages/account-setting',
    // 'meetings' holds the API's messages about working hours (api.meetings.*); 'pricing' the
    // Billing tab's words.
    namespaces: ['account', 'workingHours', 'meetings', 'pricing'],
    ...account('settings'),
    access: app,
    layout: 'app',
  },
  {
    path: '/pages/profile',
    namespaces: ['account', 'profile'],
    ...account('profile'),
    access: app,
    layout: 'app',
  },
  { path: '/profile', namespaces: ['account', 'profile'], ...account('profile'), access: app, layout: 'app' },
  { path: '/apps/tags', namespaces: ['tags'], ...tags('tags'), access: app, layout: 'app' },
  { path: '/friends', namespaces: ['friends'], ...friends('friends'), access: app, layout: 'app' },
  {
    path: '/apps/requests',
    // 'meetings' for the API's answers about invitations (api.meetings.answerClosed).
    namespaces: ['friends', 'meetings'],
    ...friends('requests'),
    access: app,
    layout: 'app',
  },
  { path: '/group', namespaces: ['groups'], ...groups('groups'), access: app, layout: 'app' },
  { path: '/apps/projects', namespaces: ['projects'], ...projects('projects'), access: app, layout: 'app' },
  { path: '/apps/project/:id', namespaces: ['projects'], ...projects('board'), access: app, layout: 'app' },
  { path: '/project/add-project', namespaces: ['projects'], ...projects('add'), access: app, layout: 'app' },
  {
    path: '/project/edit-project',
    namespaces: ['projects'],
    ...projects('edit'),
    access: app,
    layout: 'app',
  },
  { path: '/apps/objectifs', namespaces: ['goals'], ...goals('goals'), access: app, layout: 'app' },
  {
    path: '/apps/objectifs/:filter',
    params: { filter: 'goalFilter' },
    namespaces: ['goals'],
    ...goals('goals'),
    access: app,
    layout: 'app',
  },
  {
    path: '/apps/objectifs/tag/:tag',
    params: { tag: 'tag' },
    namespaces: ['goals'],
    ...goals('goals'),
    access: app,
    layout: 'app',
  },
  todosRoute('/apps/todo'),
  todosRoute('/apps/todo/:filter', { filter: 'todoFilter' }),
  todosRoute('/apps/todo/tag/:tag', { tag: 'tag' }),
  todosRoute('/todo/tag/:tag', { tag: 'tag' }),
  { path: '/apps/calendar', namespaces: ['calendar'], ...calendar('calendar'), access: app, layout: 'app' },
  meetingsRoute('/apps/meetings', 'list'),
  meetingsRoute('/apps/meetings/add-meeting', 'add'),
  meetingsRoute('/apps/meetings/preview', 'preview', 'full'),
  meetingsRoute('/apps/meetings/advanced/:id', 'advanced'),
  // The page checks its id: a positive integer, a meeting I organise; anything else is the 404 page.
  meetingsRoute('/apps/meetings/:id', 'settings'),
  {
    path: '/apps/booking',
    // 'booking' holds the page's words and the API's messages (api.booking.*).
    namespaces: ['booking'],
    ...booking('types'),
    access: app,
    layout: 'app',
  },
  chatRoute('/apps/chat', 'app'),
  chatRoute('/chat', 'full'),
  {
    path: '/pages/pricing',
    // 'billing' holds the API's messages about requests (api.billing.*).
    namespaces: ['pricing', 'billing'],
    ...pricing('pricing'),
    access: app,
    layout: 'app',
  },
  helpRoute('/pages/faq', 'faq'),
  helpRoute('/pages/knowledge-base', 'knowledgeBase'),
  // The pages show the 404 page for a category or article the API does not know.
  helpRoute('/pages/knowledge-base/:category', 'category'),
  helpRoute('/pages/knowledge-base/:category/:slug', 'article'),
  {
    path: '/access-control',
    namespaces: ['accessControl'],
    ...accessControl('accessControl'),
    access: { resource: 'ACL' },
    layout: 'app',
  },
  {
    // Open to anyone: the token in the address is the key (D42).
    path: '/meeting-answer/:token',
    namespaces: ['meetings'],
    ...meetings('answer'),
    access: open,
    layout: 'full',
  },
  {
    // Open to anyone (D44): a user's booking link, and a booking's manage link (its token is the key).
    // 'booking' brings the API's messages (api.booking.*).
    path: '/book/:username/:slug',
    namespaces: ['bookingPublic', 'booking'],
    ...booking('book'),
    access: open,
    layout: 'full',
  },
  {
    path: '/booking/:token',
    namespaces: ['bookingPublic', 'booking'],
    ...booking('manage'),
    access: open,
    layout: 'full',
  },
  { path: '/error-404', ...statusPages('notFound'), queries: false, access: open, layout: 'full' },
  { path: NOT_AUTHORIZED, ...statusPages('notAuthorized'), queries: false, access: open, layout: 'full' },
  {
    path: '/pages/miscellaneous/coming-soon',
    ...statusPages('comingSoon'),
    queries: false,
    access: open,
    layout: 'full',
  },
  {
    path: '/pages/miscellaneous/under-maintenance',
    ...statusPages('underMaintenance'),
    queries: false,
    access: open,
    layout: 'full',
  },
  {
    path: '/pages/miscellaneous/error',
    ...statusPages('error'),
    queries: false,
    access: open,
    layout: 'full',
  },
];

/**
 * What an anonymous visitor may open: the default ability's rules, matched as CASL matches rules
 * without conditions (no `manage` or `all` among them), so /login needs no CASL.
 */
function anonymousMay(access: RouteAccess): boolean {
  const action = access.action ?? 'read';
  return defaultAbility.some((rule) => rule.action === action && rule.subject === access.resource);
}

/** The ability's code (CASL), fetched as soon as a signed-in visit starts. */
const importAbility = () => import('../lib/ability');
let abilityModule: ReturnType<typeof importAbility> | undefined;
export const loadAbility = () => (abilityModule ??= importAbility());

/** The access check of spec part 6, and the auth pages' redirect of signed-in users. */
export function guard(route: Pick<AppRoute, 'access' | 'authPage'>) {
  return async () => {
    const user = session.user();
    if (route.authPage && user && session.accessToken()) {
      const home = homeOf(user.role);
      if (home !== '/login') return redirect(home);
      return null;
    }
    if (!user) return anonymousMay(route.access) ? null : redirect('/login');
    const { abilityFor, canOpen } = await loadAbility();
    if (!canOpen(abilityFor(user), route.access)) return redirect(NOT_AUTHORIZED);
    return null;
  };
}

function toRouteObject(route: AppRoute): RouteObject {
  const load = async () => {
    // The app layout's own strings (customizer, time-zone banner, menu, footer, role names) come
    // with any page of that layout, not with /login.
    const namespaces: LazyNamespace[] = [
      ...(route.namespaces ?? []),
      ...(route.layout === 'app'
        ? (['customizer', 'timeZoneBanner', 'menu', 'footer', 'roles'] as const)
        : []),
    ];
    const [module, queries] = await Promise.all([
      route.page(),
      route.layout === 'full' && route.queries !== false ? import('../lib/query-client') : undefined,
      loadNamespaces(namespaces),
    ]);
    // The app layout provides the query client to its pages; a full-layout page gets its own.
    return queries ? { ...module, Component: queries.withQueries(module.Component) } : module;
  };
  const check = guard(route);
  const loader = async ({ params, request }: LoaderFunctionArgs) => {
    // An address that can never exist is a 404 for everyone, signed in or not: it reveals nothing.
    const whitelisted = Object.entries(route.params ?? {});
    if (whitelisted.some(([name, kind]) => !isAllowedParam(kind, params[name])))
      return redirect('/error-404');
    const refused = await check();
    if (refused) return refused;
    const userId = session.user()?._id;
    const search = new URL(request.url).searchParams;
    // Not awaited: the page renders its skeleton as soon as its chunk is here, and the data
    // follows; a failed prefetch is the page's query to report.
    if (route.prefetch && userId) {
      const prefetch = route.prefetch;
      void import('../lib/query-client')
        // Not when the session ended meanwhile (signed out in another tab).
        .then(({ queryClient }) =>
          session.user()?._id === userId ? prefetch({ params, search, queryClient, userId }) : undefined,
        )
        .catch(() => undefined);
    }
    return null;
  };
  return { path: route.path, loader, lazy: lazyRoute(load) };
}

/**
 * The chunks of the page at `pathname` (and of the app layout), asked for as soon as the entry runs
 * rather than once the strings are in and the router made: the router's own `import()` of them
 * then finds them loaded or on their way.
 */
export function preloadPage(pathname: string): void {
  const route = matchRoutes(appRoutes, pathname)?.at(-1)?.route;
  if (!route) return;
  if (route.layout === 'app') void import('../layouts/app-layout').catch(() => undefined);
  void route.page().catch(() => undefined);
}

/** Routes whose loader always redirects render nothing of their own. */
function Redirecting() {
  return null;
}

export function createRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      // Shown while the first route's chunks and loaders resolve (the page itself draws its skeleton).
      hydrateFallbackElement: <div aria-busy="true" />,
      children: [
        { path: '/', loader: () => redirect('/dashboard/analytics'), Component: Redirecting },
        {
          Component: FullLayout,
          children: appRoutes.filter((r) => r.layout === 'full').map(toRouteObject),
        },
        {
          lazy: lazyRoute(async () => ({
            Component: (await import('../layouts/app-layout')).AppLayoutRoute,
          })),
          children: appRoutes.filter((r) => r.layout === 'app').map(toRouteObject),
        },
        { path: '*', loader: () => redirect('/error-404'), Component: Redirecting },
      ],
    },
  ]);
}
