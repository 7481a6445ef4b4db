/** An API message's English text in the user's language, by its key (D10, D28). */
import { messageKeysOf } from '@cadence/contract/messages';
import type { TFunction } from 'i18next';

/**
 * An API message in the user's language, by its key. A text that several features share is found
 * under whichever of their keys is loaded (i18next takes the first key of the list it has); a text
 * that is no API message is kept as it is, or, when `appKey` says so, read as a key of the app.
 */
export function translateApiMessage(t: TFunction, text: string, { appKey = false } = {}): string {
  const keys = messageKeysOf(text).map((key) => `api.${key}`);
  if (keys.length > 0) return t(keys, { defaultValue: text });
  return appKey ? t(text, { defaultValue: text }) : text;
}
