/**
 * What a feature's `routes.ts` gives the router for each of its pages: the page's chunk, and the
 * page's first queries, started while that chunk loads so that code and data arrive together.
 * The router reaches a feature's pages through one dynamic import of its `routes.ts`: each
 * `import()` in the router puts a preload list in the entry chunk, which /login loads too (the
 * budget of bench/bundle-size.ts). Types only.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Params } from 'react-router';

export interface PrefetchContext {
  params: Params;
  /** The address's query string (`?q=`, `?tag=`, `?tab=`). */
  search: URLSearchParams;
  queryClient: QueryClient;
  /** Prefetches run for a signed-in user only. */
  userId: string;
}

export interface FeatureRoute {
  /** The page's lazy chunk: a module whose `Component` React Router renders. */
  page: () => Promise<{ Component: ComponentType }>;
  /** The page's first queries; it imports their query options itself, out of the entry chunk. */
  prefetch?: (context: PrefetchContext) => Promise<unknown>;
}

/** A feature's pages by name: `export const routes = { … } satisfies FeatureRoutes`. */
export type FeatureRoutes = Record<string, FeatureRoute>;
