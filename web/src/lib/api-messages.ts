/** Shows an API error in the user's language: by its field or message key (D10, D28). */
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { translateApiMessage } from './translate-message';

export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.body) return translateApiMessage(t, error.body.message);
  return t('api.server.error');
}

/** Field messages of a validation or conflict error, translated. */
export function fieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body?.fields) return {};
  return Object.fromEntries(
    Object.entries(error.body.fields).map(([field, text]) => [field, translateApiMessage(t, text)]),
  );
}
