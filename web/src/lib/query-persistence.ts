/**
 * The browser-storage copy of cached server data (spec part 7: boards and the project count are
 * kept in browser storage). The feature that persists its queries writes under this key; signing
 * out forgets it, so the next person on this browser does not see it.
 */
export const PERSISTED_QUERIES_KEY = 'cadence.queries';

export function forgetPersistedQueries(): void {
  localStorage.removeItem(PERSISTED_QUERIES_KEY);
}
