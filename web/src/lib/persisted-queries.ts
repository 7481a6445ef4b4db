/**
 * Keeps the projects queries (my boards, the project count, the boards opened) in browser storage
 * (spec part 7), so the pages show them at once on the next visit while the server is asked again.
 * Only ['projects', …] queries are written; the copy belongs to one user (the buster) and is
 * dropped when the session ends or changes hands.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { useEffect } from 'react';
import { forgetPersistedQueries, PERSISTED_QUERIES_KEY } from '../../../lib/query-persistence';
import { session, useSessionUser } from '../../../lib/session';
import { PERSISTED_MAX_AGE_MS, projectsQueryKey } from './projects-api';

let active: { client: QueryClient; userId: string; stop: () => void } | null = null;

function stopPersisting(): void {
  active?.stop();
  active = null;
}

function startPersisting(client: QueryClient, userId: string): void {
  if (active?.client === client && active.userId === userId) return;
  stopPersisting();
  const persister = createSyncStoragePersister({
    storage: window.localStorage,
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
        query.queryKey[0] === projectsQueryKey[0] && query.state.status === 'success',
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
      unsubscribe();
      stopWatching();
    },
  };
}

/** Called by the projects pages: restores the stored copy once, then keeps it up to date. */
export function useProjectsPersistence(): void {
  const client = useQueryClient();
  const userId = useSessionUser()?._id;
  useEffect(() => {
    if (userId) startPersisting(client, userId);
  }, [client, userId]);
}
