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
export const LANGUAGE_STORAGE_KEY = 'language';

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

/**
 * Feature areas whose strings load with their pages, so the first visit downloads only the core
 * (sign-in, navbar, messages). `locales/<lang>/<area>.json` and `locales/<lang>/api/<area>.json`.
 */
export const lazyNamespaces = [
  'tags',
  'friends',
  'groups',
  'users',
  'account',
  'profile',
  'projects',
  'goals',
  'todos',
  'calendar',
  'notifications',
  'meetings',
  'workingHours',
  'help',
  'dashboard',
  'pricing',
  'chat',
  // The layout customizer, the time-zone banner, the menu, the footer and the role names: app
  // pages only (the router loads them with every app-layout route).
  'customizer',
  'timeZoneBanner',
  'menu',
  'footer',
  'roles',
  'accessControl',
  // Only the API's messages (api/billing.json), for the pricing page's and Billing tab's forms.
  'billing',
  // Only the API's messages about app passwords (api/appPasswords.json), for Account settings → Apps.
  'appPasswords',
  // The host's booking page (/apps/booking) and the API's booking messages (api/booking.json).
  'booking',
  // The public booking pages (/book/…, /booking/…).
  'bookingPublic',
  // A repetition said in words (lib/recurrence-rule.ts): the to-dos and the calendar.
  'repetition',
] as const;
export type LazyNamespace = (typeof lazyNamespaces)[number];

const english = bundleOf(
  import.meta.glob<Bundle>(
    [
      '../locales/en/*.json',
      '!../locales/en/{tags,friends,groups,users,account,profile,projects,goals,todos,calendar,notifications,meetings,workingHours,help,dashboard,pricing,chat,customizer,timeZoneBanner,menu,footer,roles,accessControl,booking,bookingPublic,repetition}.json',
    ],
    { eager: true, import: 'default' },
  ),
);
/**
 * The loaders of every other file (other languages, feature areas): a map of ~180 imports, ~5 KB
 * of gzip, in a chunk of its own (`locale-files.ts`) that a first visit in English to /login
 * never needs (bench/bundle-size.ts). `preloadLocaleFiles` asks for it early.
 */
const importLocaleFiles = () => import('./locale-files');
let localeFiles: ReturnType<typeof importLocaleFiles> | undefined;
export const preloadLocaleFiles = () => (localeFiles ??= importLocaleFiles());

const loadedNamespaces = new Set<LazyNamespace>();

async function loadFiles(loaders: Record<string, () => Promise<Bundle>>): Promise<Bundle> {
  const entries = await Promise.all(
    Object.entries(loaders).map(async ([file, load]) => [file, await load()] as const),
  );
  return bundleOf(Object.fromEntries(entries));
}

/** A feature area's strings, in English (the fallback) and in the given language. */
async function loadNamespacesFor(language: Language, namespaces: Iterable<LazyNamespace>): Promise<void> {
  const wanted = new Set(namespaces);
  if (wanted.size === 0) return;
  const { featureFiles } = await preloadLocaleFiles();
  const files = Object.fromEntries(
    Object.entries(featureFiles).filter(([file]) => {
      const match = /locales\/(\w+)\/(?:api\/)?(\w+)\.json$/.exec(file);
      return match && (match[1] === language || match[1] === 'en') && wanted.has(match[2] as LazyNamespace);
    }),
  );
  const byLanguage: Record<string, Record<string, () => Promise<Bundle>>> = {};
  for (const [file, load] of Object.entries(files)) {
    const lang = /locales\/(\w+)\//.exec(file)![1]!;
    (byLanguage[lang] ??= {})[file] = load;
  }
  await Promise.all(
    Object.entries(byLanguage).map(async ([lang, loaders]) => {
      i18next.addResourceBundle(lang, 'translation', await loadFiles(loaders), true, true);
    }),
  );
}

/** Called by a route before its page renders. */
export async function loadNamespaces(namespaces: readonly LazyNamespace[]): Promise<void> {
  const missing = namespaces.filter((namespace) => !loadedNamespaces.has(namespace));
  if (missing.length === 0) return;
  await loadNamespacesFor(currentLanguage(), missing);
  missing.forEach((namespace) => loadedNamespaces.add(namespace));
}

const isLanguage = (value: string): value is Language => (languages as readonly string[]).includes(value);

/**
 * The language chosen on this browser before, else the first of the browser's own that the app
 * speaks (D46: a first visit in French is in French, and so is the account it registers), else
 * English.
 */
function storedLanguage(): Language {
  const value = localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? '';
  if (isLanguage(value)) return value;
  const browser = navigator.languages.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLanguage);
  return browser ?? 'en';
}

const coreLoaded = new Set<Language>(['en']);

async function ensureLoaded(language: Language): Promise<void> {
  // The feature areas already shown must follow the language too; bundles merge deeply.
  const features = loadNamespacesFor(language, loadedNamespaces);
  if (!coreLoaded.has(language) && language !== 'en') {
    const { others } = await preloadLocaleFiles();
    i18next.addResourceBundle(language, 'translation', await loadFiles(others[language]), true, true);
    coreLoaded.add(language);
  }
  await features;
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
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18next.changeLanguage(language);
}

export function currentLanguage(): Language {
  return (languages as readonly string[]).includes(i18next.language) ? (i18next.language as Language) : 'en';
}
