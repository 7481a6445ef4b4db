/**
 * Every route: its access rule and layout (spec parts 2 and 6), one lazy chunk per page. Guards run
 * in loaders, before anything renders.
 */
import { homeOf, isAllowedParam, type RouteParamKind } from '@cadence/contract/routes';
import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  type Params,
  redirect,
  type RouteObject,
} from 'react-router';
import { abilityFor, canOpen, type RouteAccess } from '../lib/ability';
import { type LazyNamespace, loadNamespaces } from '../lib/i18n';
import { lazyRoute } from '../lib/lazy-route';
import { session } from '../lib/session';
import type { MeetingsPage } from '../features/meetings/routes';
import type { HelpPage } from '../features/help/routes';
import { RouteError } from '../features/misc/route-error';
import { queryClient } from './providers';

type PageModule = Promise<{ Component: React.ComponentType }>;

interface AppRoute {
  path: string;
  page: () => PageModule;
  access: RouteAccess;
  layout: 'full' | 'app';
  /** Sign-in pages send a signed-in user home. */
  authPage?: boolean;
  /** The feature areas whose strings the page needs (loaded with it). */
  namespaces?: LazyNamespace[];
  /**
   * Starts the page's first queries while its chunk loads, so that code and data arrive together.
   * It imports its query options itself, so they stay out of the entry chunk.
   */
  prefetch?: (context: PrefetchContext) => Promise<unknown>;
  /** Route parameters checked against the spec's whitelists (part 2): another value shows the 404 page. */
  params?: Record<string, RouteParamKind>;
}

interface PrefetchContext {
  params: Params;
  /** The address's query string (`?q=`, `?tag=`). */
  search: URLSearchParams;
  queryClient: QueryClient;
  userId: string;
}

const open: RouteAccess = { resource: 'Auth' };
const app: RouteAccess = { resource: 'App' };

export const NOT_AUTHORIZED = '/pages/miscellaneous/not-authorized';

/** One loader for the three goals addresses: each `import()` would carry its own preload list into the entry. */
const goalsPage = () => import('../features/goals/pages/goals');

/** The goals pages' list (by filter, tag and words) and the tags it shows in colour. */
async function prefetchGoals({ queryClient, params, search, userId }: PrefetchContext) {
  const [goals, tags] = await Promise.all([import('../features/goals/api/goals-api'), import('../lib/tags')]);
  return Promise.all([
    queryClient.prefetchQuery(goals.getGoalsQueryOptions(userId, goals.goalListParams(params, search))),
    queryClient.prefetchQuery(tags.getTagsQueryOptions()),
  ]);
}

/** One loader for the four to-dos addresses, as for goals. */
const todosPage = () => import('../features/todos/pages/todos');

/** The to-dos list of the address (filter, tag, words, sort, page), the tags and the summary's "today". */
async function prefetchTodos({ queryClient, params, search, userId }: PrefetchContext) {
  const [todos, tags] = await Promise.all([import('../features/todos/api/todos-api'), import('../lib/tags')]);
  return Promise.all([
    queryClient.prefetchQuery(todos.getTodosQueryOptions(userId, todos.todoListParams(params, search))),
    queryClient.prefetchQuery(tags.getTagsQueryOptions()),
    queryClient.prefetchQuery(todos.getTodoSummaryQueryOptions(userId)),
  ]);
}

/** The to-dos routes share all but their path and whitelisted parameter. */
const todosRoute = (path: string, params?: AppRoute['params']): AppRoute => ({
  path,
  params,
  namespaces: ['todos'],
  prefetch: prefetchTodos,
  page: todosPage,
  access: app,
  layout: 'app',
});

/** One loader for the five meetings addresses' pages and prefetches, as for goals. */
const meetingsModule = () => import('../features/meetings/routes');

/** A meetings address: its page and first queries come through meetingsModule. */
const meetingsRoute = (path: string, page: MeetingsPage, layout: AppRoute['layout'] = 'app'): AppRoute => ({
  path,
  // The list page opens the working-hours editor.
  namespaces: ['meetings', 'workingHours'],
  prefetch: async (context) => (await meetingsModule()).meetingsRoutes[page].prefetch(context),
  page: async () => (await meetingsModule()).meetingsRoutes[page].page(),
  access: app,
  layout,
});

/** The chat page and its prefetch through one module, as for pricing: one preload list in the entry. */
const chatModule = () => import('../features/chat/routes');

/** /apps/chat (app layout) and /chat (full layout): one page, `?id=` the chat open (D37). */
const chatRoute = (path: string, layout: AppRoute['layout']): AppRoute => ({
  path,
  namespaces: ['chat'],
  prefetch: async (context) => (await chatModule()).chatPage.prefetch(context),
  page: async () => (await chatModule()).chatPage.page(),
  access: app,
  layout,
});

/** The pricing page and its prefetch through one module: one preload list in the entry. */
const pricingModule = () => import('../features/pricing/routes');

/** One loader for the four help-centre addresses' pages and prefetches, as for meetings. */
const helpModule = () => import('../features/help/routes');

/** A help-centre address (D26): its page and first query come through helpModule. */
const helpRoute = (path: string, page: HelpPage): AppRoute => ({
  path,
  namespaces: ['help'],
  prefetch: async (context) => (await helpModule()).helpRoutes[page].prefetch(context),
  page: async () => (await helpModule()).helpRoutes[page].page(),
  access: app,
  layout: 'app',
});

export const appRoutes: AppRoute[] = [
  {
    path: '/login',
    page: () => import('../features/auth/pages/login'),
    access: open,
    layout: 'full',
    authPage: true,
  },
  {
    path: '/register',
    page: () => import('../features/auth/pages/register'),
    access: open,
    layout: 'full',
    authPage: true,
  },
  {
    path: '/forgot-password',
    page: () => import('../features/auth/pages/forgot-password'),
    access: open,
    layout: 'full',
    authPage: true,
  },
  {
    path: '/reset-password',
    page: () => import('../features/auth/pages/reset-password'),
    access: open,
    layout: 'full',
    authPage: true,
  },
  {
    // Not an authPage: the link of a mail works whether or not this browser is signed in.
    path: '/unlock',
    page: () => import('../features/auth/pages/unlock'),
    access: open,
    layout: 'full',
  },
  {
    path: '/dashboard/analytics',
    namespaces: ['dashboard'],
    prefetch: async ({ queryClient, userId }) => {
      const [auth, dashboard] = await Promise.all([
        import('../lib/auth'),
        import('../features/dashboard/api/dashboard-api'),
      ]);
      return Promise.all([
        queryClient.prefetchQuery(auth.getCurrentUserQueryOptions()),
        queryClient.prefetchQuery(dashboard.getDashboardQueryOptions(userId)),
      ]);
    },
    page: () => import('../features/dashboard/analytics'),
    access: app,
    layout: 'app',
  },
  {
    path: '/apps/users/list',
    namespaces: ['users'],
    prefetch: async ({ queryClient }) =>
      queryClient.prefetchQuery(
        (await import('../features/users/api/users-api')).getUsersQueryOptions('', 1),
      ),
    page: () => import('../features/users/pages/users-list'),
    access: app,
    layout: 'app',
  },
  {
    path: '/apps/users/view/:id',
    namespaces: ['users'],
    page: () => import('../features/users/pages/user-view'),
    access: app,
    layout: 'app',
  },
  {
    path: '/apps/users/edit/:id',
    namespaces: ['users'],
    page: () => import('../features/users/pages/user-edit'),
    access: app,
    layout: 'app',
  },
  {
    path: '/pages/account-setting',
    // 'meetings' holds the API's messages about working hours (api.meetings.*); 'pricing' the
    // Billing tab's words.
    namespaces: ['account', 'workingHours', 'meetings', 'pricing'],
    prefetch: async ({ queryClient, search, userId }) => {
      const [account, hours] = await Promise.all([
        import('../features/account/api/account-api'),
        import('../lib/working-hours'),
      ]);
      await Promise.all([
        queryClient.prefetchQuery(account.getAccountQueryOptions()),
        search.get('tab') === 'working-hours'
          ? queryClient.prefetchQuery(hours.getWorkingHoursQueryOptions())
          : undefined,
        search.get('tab') === 'billing'
          ? queryClient.prefetchQuery(account.getBillingQueryOptions(userId))
          : undefined,
      ]);
    },
    page: () => import('../features/account/pages/account-settings'),
    access: app,
    layout: 'app',
  },
  {
    path: '/pages/profile',
    namespaces: ['account', 'profile'],
    page: () => import('../features/account/pages/profile'),
    access: app,
    layout: 'app',
  },
  {
    path: '/profile',
    namespaces: ['account', 'profile'],
    page: () => import('../features/account/pages/profile'),
    access: app,
    layout: 'app',
  },
  {
    path: '/apps/tags',
    namespaces: ['tags'],
    prefetch: async ({ queryClient }) =>
      queryClient.prefetchQuery((await import('../features/tags/api/tags-api')).getTagsQueryOptions()),
    page: () => import('../features/tags/pages/tags'),
    access: app,
    layout: 'app',
  },
  {
    path: '/friends',
    namespaces: ['friends'],
    prefetch: async ({ queryClient }) => {
      const friends = await import('../lib/friends');
      return Promise.all([
        queryClient.prefetchQuery(friends.getFriendsQueryOptions()),
        queryClient.prefetchQuery(friends.getFriendRequestsQueryOptions()),
      ]);
    },
    page: () => import('../features/friends/pages/friends'),
    access: app,
    layout: 'app',
  },
  {
    path: '/apps/requests',
    // 'meetings' for the API's answers about invitations (api.meetings.answerClosed).
    namespaces: ['friends', 'meetings'],
    prefetch: async ({ queryClient }) => {
      const [friends, invitations, account] = await Promise.all([
        import('../lib/friends'),
        import('../lib/meeting-invitations'),
        import('../lib/account'),
      ]);
      await Promise.all([
        queryClient.prefetchQuery(friends.getFriendRequestsQueryOptions()),
        queryClient.prefetchQuery(invitations.getInvitationsQueryOptions('pending')),
        queryClient.prefetchQuery(account.getAccountQueryOptions()),
      ]);
    },
    page: () => import('../features/friends/pages/requests'),
    access: app,
    layout: 'app',
  },
  {
    path: '/group',
    namespaces: ['groups'],
    prefetch: async ({ queryClient }) =>
      queryClient.prefetchQuery((await import('../features/groups/api/groups-api')).getGroupsQueryOptions()),
    page: () => import('../features/groups/pages/groups'),
    access: app,
    layout: 'app',
  },
  {
    path: '/apps/projects',
    namespaces: ['projects'],
    prefetch: async ({ queryClient, userId }) =>
      queryClient.prefetchQuery(
        (await import('../features/projects/api/projects-api')).getBoardsQueryOptions(userId),
      ),
    page: () => import('../features/projects/pages/projects'),
    access: app,
    layout: 'app',
  },
  {
    path: '/apps/project/:id',
    namespaces: ['projects'],
    prefetch: async ({ queryClient, params }) => {
      const projects = await import('../features/projects/api/projects-api');
      return params.id ? queryClient.prefetchQuery(projects.getBoardQueryOptions(params.id)) : undefined;
    },
    page: () => import('../features/projects/pages/board'),
    access: app,
    layout: 'app',
  },
  {
    path: '/project/add-project',
    namespaces: ['projects'],
    page: () => import('../features/projects/pages/add-project'),
    access: app,
    layout: 'app',
  },
  {
    path: '/project/edit-project',
    namespaces: ['projects'],
    page: () => import('../features/projects/pages/edit-project'),
    access: app,
    layout: 'app',
  },
  {
    path: '/apps/objectifs',
    namespaces: ['goals'],
    prefetch: prefetchGoals,
    page: goalsPage,
    access: app,
    layout: 'app',
  },
  {
    path: '/apps/objectifs/:filter',
    params: { filter: 'goalFilter' },
    namespaces: ['goals'],
    prefetch: prefetchGoals,
    page: goalsPage,
    access: app,
    layout: 'app',
  },
  {
    path: '/apps/objectifs/tag/:tag',
    params: { tag: 'tag' },
    namespaces: ['goals'],
    prefetch: prefetchGoals,
    page: goalsPage,
    access: app,
    layout: 'app',
  },
  todosRoute('/apps/todo'),
  todosRoute('/apps/todo/:filter', { filter: 'todoFilter' }),
  todosRoute('/apps/todo/tag/:tag', { tag: 'tag' }),
  todosRoute('/todo/tag/:tag', { tag: 'tag' }),
  {
    path: '/apps/calendar',
    namespaces: ['calendar'],
    prefetch: async ({ queryClient, userId }) =>
      (await import('../features/calendar/api/calendar-api')).prefetchCalendar(queryClient, userId),
    page: () => import('../features/calendar/pages/calendar'),
    access: app,
    layout: 'app',
  },
  meetingsRoute('/apps/meetings', 'list'),
  meetingsRoute('/apps/meetings/add-meeting', 'add'),
  meetingsRoute('/apps/meetings/preview', 'preview', 'full'),
  meetingsRoute('/apps/meetings/advanced/:id', 'advanced'),
  // The page checks its id: a positive integer, a meeting I organise; anything else is the 404 page.
  meetingsRoute('/apps/meetings/:id', 'settings'),
  chatRoute('/apps/chat', 'app'),
  chatRoute('/chat', 'full'),
  {
    path: '/pages/pricing',
    // 'billing' holds the API's messages about requests (api.billing.*).
    namespaces: ['pricing', 'billing'],
    prefetch: async (context) => (await pricingModule()).pricingRoute.prefetch(context),
    page: async () => (await pricingModule()).pricingRoute.page(),
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
    page: () => import('../features/access-control/access-control'),
    access: { resource: 'ACL' },
    layout: 'app',
  },
  {
    // Open to anyone: the token in the address is the key (D42).
    path: '/meeting-answer/:token',
    namespaces: ['meetings'],
    page: async () => (await meetingsModule()).meetingsRoutes.answer.page(),
    access: open,
    layout: 'full',
  },
  { path: '/error-404', page: () => import('../features/misc/not-found'), access: open, layout: 'full' },
  {
    path: NOT_AUTHORIZED,
    page: () => import('../features/misc/not-authorized'),
    access: open,
    layout: 'full',
  },
  {
    path: '/pages/miscellaneous/coming-soon',
    page: () => import('../features/misc/coming-soon'),
    access: open,
    layout: 'full',
  },
  {
    path: '/pages/miscellaneous/under-maintenance',
    page: () => import('../features/misc/under-maintenance'),
    access: open,
    layout: 'full',
  },
  {
    path: '/pages/miscellaneous/error',
    page: () => import('../features/misc/error-page'),
    access: open,
    layout: 'full',
  },
];

/** The access check of spec part 6, and the auth pages' redirect of signed-in users. */
export function guard(route: Pick<AppRoute, 'access' | 'authPage'>) {
  return () => {
    const user = session.user();
    if (route.authPage && user && session.accessToken()) {
      const home = homeOf(user.role);
      if (home !== '/login') return redirect(home);
      return null;
    }
    if (!canOpen(abilityFor(user), route.access)) return redirect(user ? NOT_AUTHORIZED : '/login');
    return null;
  };
}

function toRouteObject(route: AppRoute): RouteObject {
  const load = async () => {
    // The app layout's customizer strings come with any page of that layout, not with /login.
    const namespaces: LazyNamespace[] = [
      ...(route.namespaces ?? []),
      ...(route.layout === 'app' ? (['customizer'] as const) : []),
    ];
    const [module] = await Promise.all([route.page(), loadNamespaces(namespaces)]);
    return module;
  };
  const check = guard(route);
  const loader = ({ params, request }: LoaderFunctionArgs) => {
    // An address that can never exist is a 404 for everyone, signed in or not: it reveals nothing.
    const whitelisted = Object.entries(route.params ?? {});
    if (whitelisted.some(([name, kind]) => !isAllowedParam(kind, params[name])))
      return redirect('/error-404');
    const refused = check();
    if (refused) return refused;
    const userId = session.user()?._id;
    const search = new URL(request.url).searchParams;
    // Not awaited: the page renders its skeleton as soon as its chunk is here, and the data
    // follows; a failed prefetch is the page's query to report.
    if (route.prefetch && userId) {
      void route.prefetch({ params, search, queryClient, userId }).catch(() => undefined);
    }
    return null;
  };
  return { path: route.path, loader, lazy: lazyRoute(load) };
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
          lazy: lazyRoute(async () => ({ Component: (await import('../layouts/full-layout')).FullLayout })),
          children: appRoutes.filter((r) => r.layout === 'full').map(toRouteObject),
        },
        {
          lazy: lazyRoute(async () => ({ Component: (await import('../layouts/app-layout')).AppLayout })),
          children: appRoutes.filter((r) => r.layout === 'app').map(toRouteObject),
        },
        { path: '*', loader: () => redirect('/error-404'), Component: Redirecting },
      ],
    },
  ]);
}
