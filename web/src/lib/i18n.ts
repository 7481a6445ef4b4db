/**
 * i18next with en, fr, de and pt (D27). Only the chosen language's resources are downloaded; the
 * choice is kept in browser storage and mirrored to <html lang>.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

export const languages = ['en', 'fr', 'de', 'pt'] as const;
export type Language = (typeof languages)[number];
const storageKey = 'language';

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  fr: () => import('../locales/fr.json'),
  de: () => import('../locales/de.json'),
  pt: () => import('../locales/pt.json'),
};

function storedLanguage(): Language {
  const value = localStorage.getItem(storageKey);
  return (languages as readonly string[]).includes(value ?? '') ? (value as Language) : 'en';
}

async function ensureLoaded(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  const resources = await loaders[language]();
  i18next.addResourceBundle(language, 'translation', resources.default, true, true);
}

export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
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
