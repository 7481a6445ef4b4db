/**
 * Every route of route-table.ts (the pages the features declare) as a React Router route: one lazy
 * chunk per page, guards in loaders, before anything renders; and the app layout with its menus.
 */
import { homeOf, isAllowedParam } from '@cadence/contract/routes';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  matchRoutes,
  type Params,
  redirect,
  type RouteObject,
} from 'react-router';
import type { ComponentType } from 'react';
import { defaultAbility } from '@cadence/contract/abilities';
import type { RouteAccess } from '../lib/ability';
import type { LazyPage, LazyPages } from '../lib/feature-routes';
import { type LazyNamespace, loadNamespaces } from '../lib/i18n';
import {
  type Feature,
  layoutNamespaces,
  menus,
  NOT_AUTHORIZED,
  type RouteEntry,
  routeTable,
} from './route-table';
import { lazyRoute } from '../lib/lazy-route';
import { session } from '../lib/session';
import { Component as Login } from '../features/auth/pages/login';
import { RouteError } from '../features/status-pages/components/route-error';
import { FullLayout } from '../layouts/full-layout';

/** A route of the table with its page's chunk and first queries (the page's name replaced). */
type AppRoute = Omit<RouteEntry, 'page' | 'shell'> & LazyPage;

/**
 * Each feature's `lazy-pages.ts`, by its path: one `import()` each. Each `import()` in this file
 * puts a preload list in the entry chunk, which /login loads too (bench/bundle-size.ts): one per
 * feature, not one per page or query.
 */
const lazyPagesFiles = import.meta.glob<{ lazyPages: LazyPages }>('../features/*/lazy-pages.ts');

/** A page of a feature's `lazy-pages.ts`: its chunk and its first queries, both reached through it. */
function lazyPage(feature: Feature, name: string): LazyPage {
  const load = lazyPagesFiles[`../features/${feature}/lazy-pages.ts`];
  if (!load) throw new Error(`features/${feature} declares routes but has no lazy-pages.ts`);
  return {
    page: async () => (await load()).lazyPages[name]!.page(),
    prefetch: async (context) => (await load()).lazyPages[name]!.prefetch?.(context),
  };
}

/**
 * The pages the entry chunk holds (a route's `shell`): the login form, so that /login is one file
 * of JavaScript.
 */
const shellPages: Record<string, ComponentType> = { 'auth/login': Login };

function shellPage(route: RouteEntry): LazyPage {
  const Component = shellPages[`${route.feature}/${route.page}`];
  if (!Component) throw new Error(`${route.path}: router.tsx holds no page ${route.feature}/${route.page}`);
  return { page: () => Promise.resolve({ Component }) };
}

export const appRoutes: AppRoute[] = routeTable.map((route) => ({
  ...route,
  ...(route.shell ? shellPage(route) : lazyPage(route.feature, route.page)),
}));

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
      ...(route.layout === 'app' ? layoutNamespaces : []),
    ];
    const [module, queries] = await Promise.all([
      route.page(),
      route.layout === 'full' && route.queries !== false ? import('../lib/query-client') : undefined,
      loadNamespaces(namespaces),
    ]);
    // The app layout provides the query client to its pages; a full-layout page gets its own.
    return queries ? { ...module, Component: queries.withQueries(module.Component) } : module;
  };
  const loader = async ({ params, request }: LoaderFunctionArgs) => {
    const refused = await refusal(route, params);
    if (refused) return refused;
    startPrefetch(route, params, new URL(request.url).searchParams);
    return null;
  };
  return { path: route.path, loader, lazy: lazyRoute(load) };
}

/** Where an address must send its visitor instead (a 404, /login, not authorized), or null. */
async function refusal(route: AppRoute, params: Params): Promise<Response | null> {
  // An address that can never exist is a 404 for everyone, signed in or not: it reveals nothing.
  const whitelisted = Object.entries(route.params ?? {});
  if (whitelisted.some(([name, kind]) => !isAllowedParam(kind, params[name]))) return redirect('/error-404');
  return guard(route)();
}

/**
 * The page's first queries, not awaited: the page renders its skeleton as soon as its chunk is
 * here, and the data follows; a failed prefetch is the page's query to report. A query already on
 * its way is not asked for twice (TanStack Query's prefetch).
 */
function startPrefetch(route: AppRoute, params: Params, search: URLSearchParams): void {
  const userId = session.user()?._id;
  if (!route.prefetch || !userId) return;
  const prefetch = route.prefetch;
  void import('../lib/query-client')
    // Not when the session ended meanwhile (signed out in another tab).
    .then(({ queryClient }) =>
      session.user()?._id === userId ? prefetch({ params, search, queryClient, userId }) : undefined,
    )
    .catch(() => undefined);
}

/**
 * The chunks of the page at the address (and of the app layout), and its first queries, asked for
 * as soon as the entry runs rather than once the strings are in, the router made and React
 * rendering: the router's own `import()` and prefetch then find them loaded or on their way.
 */
export function preloadPage(location: Pick<Location, 'pathname' | 'search'>): void {
  const match = matchRoutes(appRoutes, location.pathname)?.at(-1);
  if (!match) return;
  const { route, params } = match;
  if (route.layout === 'app') void import('../layouts/app-layout').catch(() => undefined);
  void route.page().catch(() => undefined);
  void refusal(route, params)
    .then((refused) => refused ?? startPrefetch(route, params, new URLSearchParams(location.search)))
    .catch(() => undefined);
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
          lazy: lazyRoute(async () => {
            const { AppLayoutRoute } = await import('../layouts/app-layout');
            // The menus are declared with the pages (route-table.ts), which the layout may not import.
            return { Component: () => <AppLayoutRoute menus={menus} /> };
          }),
          children: appRoutes.filter((r) => r.layout === 'app').map(toRouteObject),
        },
        { path: '*', loader: () => redirect('/error-404'), Component: Redirecting },
      ],
    },
  ]);
}
