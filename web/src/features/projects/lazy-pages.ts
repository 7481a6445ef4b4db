/**
 * What the router loads for the boards addresses: each page's chunk and its first query (my boards,
 * or the board of the address). One module for the feature, so the entry chunk carries one preload
 * list for it (the /login budget, bench/bundle-size.ts).
 * It imports the two first reads (`api/board-queries.ts`, small: TanStack Query and the API client
 * are loaded already) rather than the whole of projects-api.ts: they arrive with this module,
 * before the page's chunks queue on the browser's six connections, so the board's request leaves
 * while the page's code is still on its way (bench/first-visit.ts).
 */
import type { LazyPages } from '../../lib/feature-routes';
import { getBoardQueryOptions, getBoardsQueryOptions } from './api/board-queries';

export const lazyPages = {
  /** /apps/projects */
  projects: {
    page: () => import('./pages/projects'),
    prefetch: async ({ queryClient, userId }) => queryClient.prefetchQuery(getBoardsQueryOptions(userId)),
  },
  /** /apps/project/:id */
  board: {
    page: () => import('./pages/board'),
    prefetch: async ({ queryClient, params }) =>
      params.id ? queryClient.prefetchQuery(getBoardQueryOptions(params.id)) : undefined,
  },
  /** /project/add-project */
  add: { page: () => import('./pages/add-project') },
  /** /project/edit-project?id= */
  edit: { page: () => import('./pages/edit-project') },
} satisfies LazyPages;
