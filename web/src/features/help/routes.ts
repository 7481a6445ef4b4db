/**
 * What the router loads for the four help addresses: each page's chunk and its first query, in
 * the interface's language. One module for the feature, so the entry chunk carries one preload
 * list for it (the /login budget, bench/bundle-size.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { currentLanguage } from '../../lib/i18n';
import {
  getFaqQueryOptions,
  getKbArticleQueryOptions,
  getKbCategoryQueryOptions,
  getKbQueryOptions,
  helpSearch,
} from './api/help-api';

interface PrefetchContext {
  params: Params;
  search: URLSearchParams;
  queryClient: QueryClient;
}

export const helpRoutes = {
  /** /pages/faq?q= */
  faq: {
    page: () => import('./pages/faq'),
    prefetch: ({ queryClient, search }: PrefetchContext) =>
      queryClient.prefetchQuery(getFaqQueryOptions(currentLanguage(), helpSearch(search))),
  },
  /** /pages/knowledge-base?q= */
  knowledgeBase: {
    page: () => import('./pages/knowledge-base'),
    prefetch: ({ queryClient, search }: PrefetchContext) =>
      queryClient.prefetchQuery(getKbQueryOptions(currentLanguage(), helpSearch(search))),
  },
  /** /pages/knowledge-base/:category */
  category: {
    page: () => import('./pages/kb-category'),
    prefetch: ({ queryClient, params }: PrefetchContext) =>
      params.category
        ? queryClient.prefetchQuery(getKbCategoryQueryOptions(currentLanguage(), params.category))
        : Promise.resolve(),
  },
  /** /pages/knowledge-base/:category/:slug: the article and its category's other articles. */
  article: {
    page: () => import('./pages/kb-article'),
    prefetch: ({ queryClient, params }: PrefetchContext) => {
      const { category, slug } = params;
      if (!category || !slug) return Promise.resolve();
      const lang = currentLanguage();
      return Promise.all([
        queryClient.prefetchQuery(getKbArticleQueryOptions(lang, category, slug)),
        queryClient.prefetchQuery(getKbCategoryQueryOptions(lang, category)),
      ]);
    },
  },
};

export type HelpPage = keyof typeof helpRoutes;
