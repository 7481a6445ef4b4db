/** Session calls that every part of the app needs: the current user and logging out. */
import type { CurrentUser } from '@cadence/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { forgetPersistedQueries } from './query-persistence';
import { session } from './session';
import { flushHeldDelete } from './undo';
import { currentUserKey } from '../shared/queries/keys';

export const getCurrentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserKey,
    queryFn: async () => {
      const current = await api.get<CurrentUser>('/jwt/me');
      // Keep the stored record in step with the server (name, role, avatar).
      session.setUser(current.userData);
      return current;
    },
  });

/**
 * Ends the session here, then on the server, whatever the server says. Here first: the server
 * ends the session's live stream at once (`expired`), and a client still holding its tokens would
 * try to refresh them — a refused call for nothing.
 */
export async function logout(): Promise<void> {
  // A deletion waiting for its Undo goes out while the session can still send it (D48).
  await flushHeldDelete();
  const refreshToken = session.refreshToken();
  forgetPersistedQueries();
  session.clear();
  if (refreshToken) await api.post('/jwt/logout', { refreshToken }).catch(() => undefined);
}
