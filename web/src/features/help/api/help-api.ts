/**
 * The help centre's calls (D35): the FAQ and the knowledge base in the interface's language,
 * searched with the address's words. The content only changes with a deploy, so a copy stays
 * fresh for the session; the keys carry the language and the words.
 */
import type { FaqAnswer, KbAnswer, KbArticle, KbCategoryAnswer } from '@cadence/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { helpKeys } from '../../../shared/queries/keys';

/** The words of the address (`?q=`), as the search box writes them. */
export const helpSearch = (search: URLSearchParams) => (search.get('q') ?? '').trim();

const withParams = (path: string, params: Record<string, string>) => {
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== ''));
  return `${path}?${query}`;
};

const kbPath = (...segments: string[]) => ['/kb', ...segments.map(encodeURIComponent)].join('/');

const common = {
  staleTime: Infinity,
  // A help page that does not exist stays missing: the 404 page at once.
  retry: false,
} as const;

/** GET /faq?lang=&q=: the categories and their questions (only the matching ones with q). */
export const getFaqQueryOptions = (lang: string, q: string) =>
  queryOptions({
    ...common,
    queryKey: helpKeys.faq(lang, q),
    queryFn: () => api.get<FaqAnswer>(withParams('/faq', { lang, q })),
    // Other words keep the last answer on screen until theirs arrives.
    placeholderData: keepPreviousData,
  });

/** GET /kb?lang=&q=: the categories and their articles (only the matching ones with q). */
export const getKbQueryOptions = (lang: string, q: string) =>
  queryOptions({
    ...common,
    queryKey: helpKeys.kb(lang, q),
    queryFn: () => api.get<KbAnswer>(withParams('/kb', { lang, q })),
    placeholderData: keepPreviousData,
  });

/** GET /kb/{category}?lang=: one category and its articles (404 when unknown). */
export const getKbCategoryQueryOptions = (lang: string, category: string) =>
  queryOptions({
    ...common,
    queryKey: helpKeys.kbCategory(lang, category),
    queryFn: () => api.get<KbCategoryAnswer>(withParams(kbPath(category), { lang })),
  });

/** GET /kb/{category}/{slug}?lang=: one article with its neighbours (404 when unknown). */
export const getKbArticleQueryOptions = (lang: string, category: string, slug: string) =>
  queryOptions({
    ...common,
    queryKey: helpKeys.kbArticle(lang, category, slug),
    queryFn: () => api.get<KbArticle>(withParams(kbPath(category, slug), { lang })),
  });
