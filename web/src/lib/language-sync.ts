/**
 * One language setting for a signed-in user: the account's language (which its e-mails speak) and
 * the interface's are kept equal. Signing in, or any refresh of the stored user record, brings the
 * account's language to the interface; choosing a language in the navbar saves it to the account.
 * A visitor who is not signed in keeps their choice in browser storage alone.
 */
import type { Language } from '@cadence/contract';
import { api } from './api-client';
import { changeLanguage, currentLanguage, LANGUAGE_STORAGE_KEY } from './i18n';
import { session } from './session';

/** Before i18n starts: a signed-in user's interface opens in their account's language. */
export function preferAccountLanguage(): void {
  const language = session.user()?.language;
  if (language) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
}

/** A choice being saved: a user record read before the save must not switch the interface back. */
let saving: Language | null = null;

/** From then on, the interface follows the stored user record's language. */
export function followAccountLanguage(): void {
  session.subscribe(() => {
    const language = session.user()?.language;
    if (language && !saving && language !== currentLanguage()) void changeLanguage(language);
  });
}

/** The navbar's choice: the interface changes at once; a signed-in user's account follows. */
export async function chooseLanguage(language: Language): Promise<void> {
  await changeLanguage(language);
  if (!session.user() || !session.accessToken()) return;
  saving = language;
  try {
    await api.put('/account', { language });
  } finally {
    saving = null;
  }
  rememberAccountLanguage(language);
}

/** After the account's language changed elsewhere (account settings). */
export function rememberAccountLanguage(language: Language): void {
  const user = session.user();
  if (user && user.language !== language) session.setUser({ ...user, language });
}
