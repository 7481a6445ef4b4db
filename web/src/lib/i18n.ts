/**
 * i18next with en, fr, de and pt (D27). Resources live in locales/<language>/, one file per feature
 * area (see bundleOf). Only
 * the chosen language is downloaded; the choice is kept in browser storage and mirrored to
 * <html lang>.
 */
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const languages = ['en', 'fr', 'de', 'pt'] as const;
export type Language = (typeof languages)[number];
const storageKey = 'language';

type Bundle = Record<string, unknown>;

/**
 * The files of one language merged into one bundle: `en/auth.json` holds `auth.*`, and
 * `en/api/tags.json` holds `api.tags.*`, so each feature owns its files.
 */
function bundleOf(files: Record<string, Bundle>): Bundle {
  const bundle: Bundle = {};
  for (const [file, content] of Object.entries(files)) {
    const segments = /locales\/\w+\/(.+)\.json$/.exec(file)![1]!.split('/');
    let node = bundle;
    for (const segment of segments.slice(0, -1)) node = (node[segment] ??= {}) as Bundle;
    const last = segments.at(-1)!;
    node[last] = { ...(node[last] as Bundle | undefined), ...content };
  }
  return bundle;
}

const english = bundleOf(
  import.meta.glob<Bundle>('../locales/en/**/*.json', { eager: true, import: 'default' }),
);
const others = {
  fr: import.meta.glob<Bundle>('../locales/fr/**/*.json', { import: 'default' }),
  de: import.meta.glob<Bundle>('../locales/de/**/*.json', { import: 'default' }),
  pt: import.meta.glob<Bundle>('../locales/pt/**/*.json', { import: 'default' }),
};

function storedLanguage(): Language {
  const value = localStorage.getItem(storageKey);
  return (languages as readonly string[]).includes(value ?? '') ? (value as Language) : 'en';
}

async function ensureLoaded(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  const loaders = others[language];
  const entries = await Promise.all(
    Object.entries(loaders).map(async ([file, load]) => [file, await load()] as const),
  );
  i18next.addResourceBundle(language, 'translation', bundleOf(Object.fromEntries(entries)), true, true);
}

export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  const resources: Resource = { en: { translation: english } };
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  document.documentElement.lang = 'en';
  if (language !== 'en') await changeLanguage(language);
}

export async function changeLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
  localStorage.setItem(storageKey, language);
  await i18next.changeLanguage(language);
}

export function currentLanguage(): Language {
  return (languages as readonly string[]).includes(i18next.language) ? (i18next.language as Language) : 'en';
}
