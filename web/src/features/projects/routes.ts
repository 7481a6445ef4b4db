/**
 * What the router loads for the boards addresses: each page's chunk and its first query (my boards,
 * or the board of the address). One module for the feature, so the entry chunk carries one preload
 * list for it (the /login budget, bench/bundle-size.ts).
 * Its queries' modules are imported by each prefetch, not by this module: the page's chunk starts
 * loading as soon as this small one arrives, in parallel with them.
 */
import type { FeatureRoutes } from '../../lib/feature-routes';

export const routes = {
  /** /apps/projects */
  projects: {
    page: () => import('./pages/projects'),
    prefetch: async ({ queryClient, userId }) =>
      queryClient.prefetchQuery((await import('./api/projects-api')).getBoardsQueryOptions(userId)),
  },
  /** /apps/project/:id */
  board: {
    page: () => import('./pages/board'),
    prefetch: async ({ queryClient, params }) => {
      const projects = await import('./api/projects-api');
      return params.id ? queryClient.prefetchQuery(projects.getBoardQueryOptions(params.id)) : undefined;
    },
  },
  /** /project/add-project */
  add: { page: () => import('./pages/add-project') },
  /** /project/edit-project?id= */
  edit: { page: () => import('./pages/edit-project') },
} satisfies FeatureRoutes;
