/** What every help page needs: the content's language and, for an address naming no page, the 404 page. */
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { type Language, languages } from '../../../lib/i18n';

/** The interface's language, which the content follows (re-rendered when it changes). */
export function useHelpLanguage(): Language {
  const { i18n } = useTranslation();
  return (languages as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';
}

/** A category or article the API does not know (404), or an address it cannot name one (400). */
export const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

export const kbCategoryPath = (category: string) => `/pages/knowledge-base/${category}`;
export const kbArticlePath = (category: string, slug: string) => `${kbCategoryPath(category)}/${slug}`;
