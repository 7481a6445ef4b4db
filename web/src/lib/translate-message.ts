/** An API message's English text in the user's language, by its key (D10, D28). */
import i18next, { type TFunction } from 'i18next';

type Strings = { [key: string]: string | Strings };

/**
 * Every `api.*` key whose English text is `text`, among the strings loaded so far: the core API
 * messages always, a feature's with its pages (so the contract's full list of texts stays out of
 * the first download). Keys may sit deeper than their area (`api.calendar.skip.badDate`).
 */
function loadedApiKeysOf(text: string): string[] {
  const api = (i18next.getResourceBundle('en', 'translation') as { api?: Strings } | undefined)?.api ?? {};
  const keys: string[] = [];
  const walk = (node: Strings, prefix: string) => {
    for (const [name, value] of Object.entries(node)) {
      if (value === text) keys.push(`${prefix}.${name}`);
      else if (typeof value === 'object') walk(value, `${prefix}.${name}`);
    }
  };
  walk(api, 'api');
  return keys;
}

/**
 * An API message in the user's language, by its key. A text that several features share is found
 * under whichever of their keys is loaded; a text that is no loaded API message is kept as it is,
 * or, when `appKey` says so, read as a key of the app.
 */
export function translateApiMessage(t: TFunction, text: string, { appKey = false } = {}): string {
  const keys = loadedApiKeysOf(text);
  if (keys.length > 0) return t(keys, { defaultValue: text });
  return appKey ? t(text, { defaultValue: text }) : text;
}
