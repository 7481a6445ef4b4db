/**
 * What the router loads for /friends and /apps/requests: each page's chunk and its first queries.
 * One module for the feature, so the entry chunk carries one preload list for it (the /login
 * budget, bench/bundle-size.ts).
 * Its queries' modules are imported by each prefetch, not by this module: the page's chunk starts
 * loading as soon as this small one arrives, in parallel with them.
 */
import type { LazyPages } from '../../lib/feature-routes';

export const lazyPages = {
  /** /friends: my friends and the requests. */
  friends: {
    page: () => import('./pages/friends'),
    prefetch: async ({ queryClient }) => {
      const friends = await import('../../shared/queries/friends');
      return Promise.all([
        queryClient.prefetchQuery(friends.getFriendsQueryOptions()),
        queryClient.prefetchQuery(friends.getFriendRequestsQueryOptions()),
      ]);
    },
  },
  /** /apps/requests: friend requests, the meeting invitations waiting, and the time zone they read in. */
  requests: {
    page: () => import('./pages/requests'),
    prefetch: async ({ queryClient }) => {
      const [friends, invitations, account] = await Promise.all([
        import('../../shared/queries/friends'),
        import('../../shared/queries/meeting-invitations'),
        import('../../shared/queries/account'),
      ]);
      return Promise.all([
        queryClient.prefetchQuery(friends.getFriendRequestsQueryOptions()),
        queryClient.prefetchQuery(invitations.getInvitationsQueryOptions('pending')),
        queryClient.prefetchQuery(account.getAccountQueryOptions()),
      ]);
    },
  },
} satisfies LazyPages;
