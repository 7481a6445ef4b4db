/**
 * The signed-in session as the spec keeps it in browser storage: `userData`, `accessToken`,
 * `refreshToken`. Components subscribe to it; the API client and the auth pages write it.
 */
import type { AuthSession, TokenPair, UserData } from '@cadence/contract';
import { useSyncExternalStore } from 'react';

const keys = { user: 'userData', access: 'accessToken', refresh: 'refreshToken' } as const;
const listeners = new Set<() => void>();

function readUser(): UserData | null {
  const raw = localStorage.getItem(keys.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as UserData;
  } catch {
    return null;
  }
}

let currentUser = readUser();

function notify() {
  currentUser = readUser();
  listeners.forEach((listener) => listener());
}

// Another tab logged in or out.
window.addEventListener('storage', (event) => {
  if (event.key === null || Object.values(keys).includes(event.key as never)) notify();
});

export const session = {
  user: () => currentUser,
  accessToken: () => localStorage.getItem(keys.access),
  refreshToken: () => localStorage.getItem(keys.refresh),
  start(value: AuthSession) {
    localStorage.setItem(keys.user, JSON.stringify(value.userData));
    localStorage.setItem(keys.access, value.accessToken);
    localStorage.setItem(keys.refresh, value.refreshToken);
    notify();
  },
  setTokens(tokens: TokenPair) {
    localStorage.setItem(keys.access, tokens.accessToken);
    localStorage.setItem(keys.refresh, tokens.refreshToken);
  },
  setUser(user: UserData) {
    localStorage.setItem(keys.user, JSON.stringify(user));
    notify();
  },
  clear() {
    Object.values(keys).forEach((key) => localStorage.removeItem(key));
    notify();
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/**
 * After the account's time zone changed here (settings, working hours, the layout's banner): the
 * stored record follows at once, as the banner compares it with the device's zone (D46).
 */
export function rememberAccountZone(timeZone: string): void {
  const user = session.user();
  if (user && user.timeZone !== timeZone) session.setUser({ ...user, timeZone });
}

export function useSessionUser(): UserData | null {
  return useSyncExternalStore(session.subscribe, session.user);
}
