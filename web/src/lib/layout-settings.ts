/**
 * The customizer's settings (spec part 1, D27): applied at once, kept in browser storage.
 */
import { useSyncExternalStore } from 'react';
import { layoutOptions } from './layout-options';

export { layoutOptions } from './layout-options';

type Options = typeof layoutOptions;

export interface LayoutSettings {
  skin: Options['skin'][number];
  rtl: boolean;
  contentWidth: Options['contentWidth'][number];
  menuCollapsed: boolean;
  menuHidden: boolean;
  layout: Options['layout'][number];
  navbarColor: Options['navbarColor'][number];
  navbarType: Options['navbarType'][number];
  footerType: Options['footerType'][number];
}

export const defaultLayoutSettings: LayoutSettings = {
  skin: 'light',
  rtl: false,
  contentWidth: 'full',
  menuCollapsed: false,
  menuHidden: false,
  layout: 'vertical',
  navbarColor: 'default',
  navbarType: 'floating',
  footerType: 'static',
};

const storageKey = 'layoutSettings';
const listeners = new Set<() => void>();

function oneOf<K extends keyof Options>(key: K, value: unknown): value is Options[K][number] {
  return (layoutOptions[key] as readonly unknown[]).includes(value);
}

/** Stored values that are unknown (an older version, a hand edit) fall back to the defaults. */
function read(): LayoutSettings {
  let stored: Partial<Record<keyof LayoutSettings, unknown>> = {};
  try {
    stored = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as typeof stored;
  } catch {
    stored = {};
  }
  const settings = { ...defaultLayoutSettings };
  for (const key of Object.keys(layoutOptions) as Array<keyof Options>) {
    if (oneOf(key, stored[key])) (settings as Record<string, unknown>)[key] = stored[key];
  }
  for (const key of ['rtl', 'menuCollapsed', 'menuHidden'] as const) {
    if (typeof stored[key] === 'boolean') settings[key] = stored[key];
  }
  return settings;
}

let current = read();

function applyToDocument(settings: LayoutSettings) {
  document.documentElement.dir = settings.rtl ? 'rtl' : 'ltr';
}
applyToDocument(current);

export const layoutSettings = {
  get: () => current,
  update(change: Partial<LayoutSettings>) {
    current = { ...current, ...change };
    localStorage.setItem(storageKey, JSON.stringify(current));
    applyToDocument(current);
    listeners.forEach((listener) => listener());
  },
  reset() {
    layoutSettings.update(defaultLayoutSettings);
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useLayoutSettings(): LayoutSettings {
  return useSyncExternalStore(layoutSettings.subscribe, layoutSettings.get);
}
