/**
 * What the router loads for the meetings addresses: each page's own chunk and its first queries.
 * The router reaches them through this one module, so the entry chunk carries a single preload
 * list for the whole feature instead of one per page (the /login budget, bench/bundle-size.ts).
 * Its queries' modules are imported by each prefetch, not by this module: the page's chunk starts
 * loading as soon as this small one arrives, in parallel with them.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LazyPages } from '../../lib/feature-routes';

const meetingsApi = () => import('./api/meetings-api');
const accountQuery = async () => (await import('../../shared/queries/account')).getAccountQueryOptions();

/** One meeting by the address's id (when it can be one), and the time zone its times read in. */
async function prefetchMeeting(queryClient: QueryClient, id: string | null | undefined) {
  const [meetings, account] = await Promise.all([meetingsApi(), accountQuery()]);
  return Promise.all([
    queryClient.prefetchQuery(account),
    meetings.isMeetingId(id) ? queryClient.prefetchQuery(meetings.getMeetingQueryOptions(id)) : undefined,
  ]);
}

export const lazyPages = {
  /** /meeting-answer/:token: an invitation mail's Accept and Decline links (D42), no sign-in. */
  answer: {
    page: () => import('./pages/meeting-answer'),
  },
  /** /apps/meetings: the list of the address's tab and filter, and the count of invitations waiting. */
  list: {
    page: () => import('./pages/meetings'),
    prefetch: async ({ queryClient, search }) => {
      const [meetings, account] = await Promise.all([meetingsApi(), accountQuery()]);
      const view = meetings.meetingsView(search);
      return Promise.all([
        queryClient.prefetchQuery(account),
        view.tab === 'meetings'
          ? queryClient.prefetchQuery(meetings.getMeetingsQueryOptions(view.state))
          : queryClient.prefetchQuery(meetings.getInvitationsQueryOptions(view.status)),
        queryClient.prefetchQuery(meetings.getInvitationsQueryOptions('pending')),
      ]);
    },
  },
  /** /apps/meetings/add-meeting: the time zone of the default days, my friends and groups. */
  add: {
    page: () => import('./pages/add-meeting'),
    prefetch: async ({ queryClient }) => {
      const [friends, account] = await Promise.all([import('../../shared/queries/friends'), accountQuery()]);
      return Promise.all([
        queryClient.prefetchQuery(account),
        queryClient.prefetchQuery(friends.getFriendsQueryOptions()),
        queryClient.prefetchQuery(friends.getGroupsQueryOptions()),
      ]);
    },
  },
  /** /apps/meetings/preview?id= */
  preview: {
    page: () => import('./pages/meeting-preview'),
    prefetch: ({ queryClient, search }) => prefetchMeeting(queryClient, search.get('id')),
  },
  /** /apps/meetings/advanced/:id */
  advanced: {
    page: () => import('./pages/meeting-advanced'),
    prefetch: ({ queryClient, params }) => prefetchMeeting(queryClient, params.id),
  },
  /** /apps/meetings/:id */
  settings: {
    page: () => import('./pages/meeting-settings'),
    prefetch: ({ queryClient, params }) => prefetchMeeting(queryClient, params.id),
  },
} satisfies LazyPages;
