/**
 * What the router loads for the three goals addresses (all, a filter, a tag): the page's chunk, the
 * list of the address (filter, tag and words) and the tags it shows in colour. One module for the
 * feature, so the entry chunk carries one preload list for it (the /login budget,
 * bench/bundle-size.ts).
 * Its queries' modules are imported by each prefetch, not by this module: the page's chunk starts
 * loading as soon as this small one arrives, in parallel with them.
 */
import type { LazyPages } from '../../lib/feature-routes';

export const lazyPages = {
  goals: {
    page: () => import('./pages/goals'),
    prefetch: async ({ queryClient, params, search, userId }) => {
      const [goals, tags] = await Promise.all([
        import('./api/goals-api'),
        import('../../shared/queries/tags'),
      ]);
      return Promise.all([
        queryClient.prefetchQuery(goals.getGoalsQueryOptions(userId, goals.goalListParams(params, search))),
        queryClient.prefetchQuery(tags.getTagsQueryOptions()),
      ]);
    },
  },
} satisfies LazyPages;
