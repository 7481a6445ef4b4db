/**
 * What the router loads for the four to-dos addresses: the page's chunk, the list of the address
 * (filter, tag, words, sort, page), the tags and the summary's "today". One module for the
 * feature, so the entry chunk carries one preload list for it (the /login budget,
 * bench/bundle-size.ts).
 * Its queries' modules are imported by each prefetch, not by this module: the page's chunk starts
 * loading as soon as this small one arrives, in parallel with them.
 */
import type { LazyPages } from '../../lib/feature-routes';

export const lazyPages = {
  todos: {
    page: () => import('./pages/todos'),
    prefetch: async ({ queryClient, params, search, userId }) => {
      const [todos, tags] = await Promise.all([
        import('./api/todos-api'),
        import('../../shared/queries/tags'),
      ]);
      return Promise.all([
        queryClient.prefetchQuery(todos.getTodosQueryOptions(userId, todos.todoListParams(params, search))),
        queryClient.prefetchQuery(tags.getTagsQueryOptions()),
        queryClient.prefetchQuery(todos.getTodoSummaryQueryOptions(userId)),
      ]);
    },
  },
} satisfies LazyPages;
