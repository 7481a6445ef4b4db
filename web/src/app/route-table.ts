/**
 * Every route of the app and both menus, composed from each feature's `routes.ts`, where a page is
 * declared (spec parts 2 and 6): its address, access rule, layout, string areas, menu entries and
 * the page's name in that feature's `lazy-pages.ts`. The router (router.tsx) turns each route into
 * a lazy route and hands the menus to the app layout; the build (web/route-preloads.ts) reads the
 * same table to list each address's chunks, which the server names in the index.html it sends for
 * that address (`<link rel=modulepreload>`), so a first visit fetches the page's code while the
 * entry runs. Nothing here may import code that runs, nor `import()` anything: the entry chunk
 * holds this module, and the build loads it in Node (Vite's config loader bundles what a dynamic
 * import names, a page and all it imports).
 */
import type { MenuLink, MenuSection, RouteDeclaration } from '../lib/feature-routes';
import { routes as accessControl } from '../features/access-control/routes.ts';
import { routes as account } from '../features/account/routes.ts';
import { routes as auth } from '../features/auth/routes.ts';
import { routes as booking } from '../features/booking/routes.ts';
import { routes as calendar } from '../features/calendar/routes.ts';
import { routes as chat } from '../features/chat/routes.ts';
import { routes as dashboard } from '../features/dashboard/routes.ts';
import { routes as friends } from '../features/friends/routes.ts';
import { routes as goals } from '../features/goals/routes.ts';
import { routes as groups } from '../features/groups/routes.ts';
import { routes as help } from '../features/help/routes.ts';
import { routes as meetings } from '../features/meetings/routes.ts';
import { routes as pricing } from '../features/pricing/routes.ts';
import { routes as projects } from '../features/projects/routes.ts';
import { routes as statusPages } from '../features/status-pages/routes.ts';
import { routes as tags } from '../features/tags/routes.ts';
import { routes as todos } from '../features/todos/routes.ts';
import { routes as users } from '../features/users/routes.ts';

export { NOT_AUTHORIZED } from '../features/status-pages/routes.ts';

/** Each feature's declared routes, by its folder's name (`web/src/features/<feature>/`). */
export const featureRoutes = {
  'access-control': accessControl,
  account,
  auth,
  booking,
  calendar,
  chat,
  dashboard,
  friends,
  goals,
  groups,
  help,
  meetings,
  pricing,
  projects,
  'status-pages': statusPages,
  tags,
  todos,
  users,
} satisfies Record<string, readonly RouteDeclaration[]>;

export type Feature = keyof typeof featureRoutes;

/** A route with the feature that declares it (where its page is found). */
export type RouteEntry = RouteDeclaration & { feature: Feature };

/**
 * The app layout's own strings, loaded with every page of that layout (not with /login); 'account'
 * for the messages of the account changes it makes on any page (the time-zone banner, the language).
 */
export const layoutNamespaces = [
  'customizer',
  'timeZoneBanner',
  'menu',
  'footer',
  'roles',
  'account',
] as const;

export const routeTable: RouteEntry[] = Object.entries(featureRoutes).flatMap(([feature, routes]) =>
  routes.map((route) => ({ ...route, feature: feature as Feature })),
);

/** Each menu's links, lowest `order` first, for the app layout (router.tsx hands them over). */
export const menus: Record<MenuSection, MenuLink[]> = { main: [], account: [] };
for (const route of routeTable) {
  for (const entry of route.menu ?? []) {
    menus[entry.section].push({ ...entry, to: route.path, access: route.access });
  }
}
for (const links of Object.values(menus)) links.sort((a, b) => a.order - b.order);
