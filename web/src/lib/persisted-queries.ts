/**
 * Keeps the projects queries (my boards, the project count, the boards opened) and the goals
 * queries in browser storage (spec part 7), so their pages show them at once on the next visit
 * while the server is asked again. One persister writes both, under one key: whichever page starts
 * it first restores and keeps them all. The copy belongs to one user (the buster) and is dropped
 * when the session ends or changes hands.
 *
 * Imported only by the pages that persist (lazy chunks), so the persist packages stay out of the
 * entry.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { useEffect } from 'react';
import { forgetPersistedQueries, PERSISTED_MAX_AGE_MS, PERSISTED_QUERIES_KEY } from './query-persistence';
import { session, useSessionUser } from './session';
import { goalKeys, projectKeys } from '../shared/queries/keys';

/** The first element of every query key kept in browser storage. */
const persistedQueryRoots: readonly unknown[] = [projectKeys.all[0], goalKeys.all[0]];

let active: { client: QueryClient; userId: string; stop: () => void } | null = null;

function stopPersisting(): void {
  active?.stop();
  active = null;
}

function startPersisting(client: QueryClient, userId: string): void {
  if (active?.client === client && active.userId === userId) return;
  stopPersisting();
  // A write the persister throttled may fire after the session ended: it must not bring the
  // forgotten copy back, so writes stop with the persister.
  let writing = true;
  const storage = {
    getItem: (key: string) => window.localStorage.getItem(key),
    setItem: (key: string, value: string) => {
      if (writing) window.localStorage.setItem(key, value);
    },
    removeItem: (key: string) => window.localStorage.removeItem(key),
  };
  const persister = createSyncStoragePersister({
    storage,
    key: PERSISTED_QUERIES_KEY,
    throttleTime: 1000,
  });
  const [unsubscribe] = persistQueryClient({
    queryClient: client,
    persister,
    maxAge: PERSISTED_MAX_AGE_MS,
    // Another user's copy is thrown away, never shown.
    buster: `user:${userId}`,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) =>
        persistedQueryRoots.includes(query.queryKey[0]) && query.state.status === 'success',
    },
  });
  const stopWatching = session.subscribe(() => {
    if (session.user()?._id === userId) return;
    stopPersisting();
    forgetPersistedQueries();
  });
  active = {
    client,
    userId,
    stop: () => {
      writing = false;
      unsubscribe();
      stopWatching();
    },
  };
}

/** Called by the pages whose queries persist: restores the stored copy once, then keeps it up to date. */
export function usePersistedQueries(): void {
  const client = useQueryClient();
  const userId = useSessionUser()?._id;
  useEffect(() => {
    if (userId) startPersisting(client, userId);
  }, [client, userId]);
}
