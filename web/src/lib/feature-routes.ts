/**
 * The shapes of a feature's two route files. `routes.ts` declares its addresses — path, access,
 * layout, strings, menu entries — as plain data that the router, the menus and the build read
 * before any of the feature's code loads. `lazy-pages.ts` holds what loads with an address: the
 * page's chunk and its first queries, started while that chunk loads so that code and data arrive
 * together.
 *
 * Why two files: the declarations are in the entry chunk, which /login loads too (the budget of
 * bench/bundle-size.ts), and the build reads them in Node (vite.config.ts), whose config loader
 * would bundle whatever an `import()` names. The router reaches a feature's lazy pages through one
 * `import()` of its `lazy-pages.ts`: each `import()` in the entry carries a preload list, so one
 * per feature, not one per page. Types only.
 */
import type { RouteParamKind } from '@cadence/contract/routes';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';
import type { RouteAccess } from './ability';
import type { LazyNamespace } from './i18n';

export interface PrefetchContext {
  params: Params;
  /** The address's query string (`?q=`, `?tag=`, `?tab=`). */
  search: URLSearchParams;
  queryClient: QueryClient;
  /** Prefetches run for a signed-in user only. */
  userId: string;
}

export interface LazyPage {
  /** The page's lazy chunk: a module whose `Component` React Router renders. */
  page: () => Promise<{ Component: ComponentType }>;
  /** The page's first queries; it imports their query options itself, out of the entry chunk. */
  prefetch?: (context: PrefetchContext) => Promise<unknown>;
}

/** A feature's pages by name: `export const lazyPages = { … } satisfies LazyPages`. */
export type LazyPages = Record<string, LazyPage>;

/** The menus: the side (or top) menu, and the account menu under the user's picture. */
export type MenuSection = 'main' | 'account';

/** A menu icon, by its name in @tabler/icons-react without `Icon` (layouts/menu.ts draws it). */
export type MenuIcon =
  | 'addressBook'
  | 'book'
  | 'calendar'
  | 'calendarShare'
  | 'calendarUser'
  | 'chartPie'
  | 'creditCard'
  | 'helpCircle'
  | 'layoutKanban'
  | 'listCheck'
  | 'messages'
  | 'settings'
  | 'shieldLock'
  | 'tags'
  | 'target'
  | 'userCircle'
  | 'userPlus'
  | 'users'
  | 'usersGroup';

/** A count shown at the end of a main-menu entry (layouts/menu.ts draws it). */
export type MenuBadge = 'chatUnseen' | 'friendRequests' | 'todoDue';

export interface MenuEntry {
  section: MenuSection;
  labelKey: string;
  icon: MenuIcon;
  /** Its place in its section, lowest first. */
  order: number;
  badge?: MenuBadge;
}

/** A menu entry with the address it opens, shown to those whom the route's access lets in. */
export interface MenuLink extends MenuEntry {
  to: string;
  access: RouteAccess;
}

interface RouteFacts {
  path: string;
  /** What the route's loader checks before anything renders (a CASL subject, `read` by default). */
  access: RouteAccess;
  layout: 'full' | 'app';
  /** Sign-in pages send a signed-in user home. */
  authPage?: true;
  /** The feature areas whose strings the page needs (loaded with it; the app layout adds its own). */
  namespaces?: readonly LazyNamespace[];
  /** Route parameters checked against the spec's whitelists (part 2): another value shows the 404 page. */
  params?: Readonly<Record<string, RouteParamKind>>;
  /**
   * False for the full-layout pages that read no server state (sign-in and status pages): they
   * render without the query client, which /login then does not download. App-layout pages always
   * have it (the layout provides it).
   */
  queries?: false;
  /** Its entries in the menus; an address with parameters has none (nothing to link to). */
  menu?: readonly MenuEntry[];
}

/**
 * An address of a feature: its page is one of `lazy-pages.ts`, or, with `shell`, one the entry
 * chunk holds (router.tsx imports it: the login form, so that /login is one file of JavaScript).
 */
export type RouteDeclaration<Page extends string = string> = RouteFacts &
  ({ page: Page; shell?: undefined } | { page: string; shell: true });

/** A feature's `routes.ts`: `export const routes: FeatureRoutes<typeof lazyPages> = [ … ]`. */
export type FeatureRoutes<Pages extends LazyPages> = readonly RouteDeclaration<keyof Pages & string>[];
