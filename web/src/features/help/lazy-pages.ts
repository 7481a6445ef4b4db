/**
 * What the router loads for the four help addresses: each page's chunk and its first query, in
 * the interface's language. One module for the feature, so the entry chunk carries one preload
 * list for it (the /login budget, bench/bundle-size.ts).
 * Its queries' modules are imported by each prefetch, not by this module: the page's chunk starts
 * loading as soon as this small one arrives, in parallel with them.
 */
import type { LazyPages } from '../../lib/feature-routes';
import { currentLanguage } from '../../lib/i18n';

const helpApi = () => import('./api/help-api');

export const lazyPages = {
  /** /pages/faq?q= */
  faq: {
    page: () => import('./pages/faq'),
    prefetch: async ({ queryClient, search }) => {
      const help = await helpApi();
      return queryClient.prefetchQuery(help.getFaqQueryOptions(currentLanguage(), help.helpSearch(search)));
    },
  },
  /** /pages/knowledge-base?q= */
  knowledgeBase: {
    page: () => import('./pages/knowledge-base'),
    prefetch: async ({ queryClient, search }) => {
      const help = await helpApi();
      return queryClient.prefetchQuery(help.getKbQueryOptions(currentLanguage(), help.helpSearch(search)));
    },
  },
  /** /pages/knowledge-base/:category */
  category: {
    page: () => import('./pages/kb-category'),
    prefetch: async ({ queryClient, params }) => {
      if (!params.category) return;
      const help = await helpApi();
      return queryClient.prefetchQuery(help.getKbCategoryQueryOptions(currentLanguage(), params.category));
    },
  },
  /** /pages/knowledge-base/:category/:slug: the article and its category's other articles. */
  article: {
    page: () => import('./pages/kb-article'),
    prefetch: async ({ queryClient, params }) => {
      const { category, slug } = params;
      if (!category || !slug) return;
      const help = await helpApi();
      const lang = currentLanguage();
      return Promise.all([
        queryClient.prefetchQuery(help.getKbArticleQueryOptions(lang, category, slug)),
        queryClient.prefetchQuery(help.getKbCategoryQueryOptions(lang, category)),
      ]);
    },
  },
} satisfies LazyPages;
