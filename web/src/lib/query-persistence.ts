/**
 * The browser-storage copy of cached server data (spec part 7: boards, the project count and goals
 * are kept in browser storage). The features that persist their queries write under this key;
 * signing out forgets it, so the next person on this browser does not see it.
 */
export const PERSISTED_QUERIES_KEY = 'cadence.queries';

/** How long the copy in browser storage is trusted; persisted queries stay in memory as long (gcTime). */
export const PERSISTED_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export function forgetPersistedQueries(): void {
  localStorage.removeItem(PERSISTED_QUERIES_KEY);
}
