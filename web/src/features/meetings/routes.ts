/**
 * What the router loads for the five meetings addresses: each page's own chunk and its first
 * queries. The router reaches them through this one module, so the entry chunk carries a single
 * preload list for the whole feature instead of one per page (the /login budget, bench/bundle-size.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { getAccountQueryOptions } from '../../lib/account';
import { getFriendsQueryOptions, getGroupsQueryOptions } from '../../lib/friends';
import {
  getInvitationsQueryOptions,
  getMeetingQueryOptions,
  getMeetingsQueryOptions,
  isMeetingId,
  meetingsView,
} from './api/meetings-api';

interface PrefetchContext {
  params: Params;
  search: URLSearchParams;
  queryClient: QueryClient;
}

/** One meeting by the address's id (when it can be one), and the time zone its times read in. */
function prefetchMeeting(queryClient: QueryClient, id: string | null | undefined) {
  return Promise.all([
    queryClient.prefetchQuery(getAccountQueryOptions()),
    isMeetingId(id) ? queryClient.prefetchQuery(getMeetingQueryOptions(id)) : undefined,
  ]);
}

export const meetingsRoutes = {
  /** /meeting-answer/:token: an invitation mail's Accept and Decline links (D42), no sign-in. */
  answer: {
    page: () => import('./pages/meeting-answer'),
    prefetch: () => Promise.resolve(),
  },
  /** /apps/meetings: the list of the address's tab and filter, and the count of invitations waiting. */
  list: {
    page: () => import('./pages/meetings'),
    prefetch: ({ queryClient, search }: PrefetchContext) => {
      const view = meetingsView(search);
      return Promise.all([
        queryClient.prefetchQuery(getAccountQueryOptions()),
        view.tab === 'meetings'
          ? queryClient.prefetchQuery(getMeetingsQueryOptions(view.state))
          : queryClient.prefetchQuery(getInvitationsQueryOptions(view.status)),
        queryClient.prefetchQuery(getInvitationsQueryOptions('pending')),
      ]);
    },
  },
  /** /apps/meetings/add-meeting: the time zone of the default days, my friends and groups. */
  add: {
    page: () => import('./pages/add-meeting'),
    prefetch: ({ queryClient }: PrefetchContext) =>
      Promise.all([
        queryClient.prefetchQuery(getAccountQueryOptions()),
        queryClient.prefetchQuery(getFriendsQueryOptions()),
        queryClient.prefetchQuery(getGroupsQueryOptions()),
      ]),
  },
  /** /apps/meetings/preview?id= */
  preview: {
    page: () => import('./pages/meeting-preview'),
    prefetch: ({ queryClient, search }: PrefetchContext) => prefetchMeeting(queryClient, search.get('id')),
  },
  /** /apps/meetings/advanced/:id */
  advanced: {
    page: () => import('./pages/meeting-advanced'),
    prefetch: ({ queryClient, params }: PrefetchContext) => prefetchMeeting(queryClient, params.id),
  },
  /** /apps/meetings/:id */
  settings: {
    page: () => import('./pages/meeting-settings'),
    prefetch: ({ queryClient, params }: PrefetchContext) => prefetchMeeting(queryClient, params.id),
  },
};

export type MeetingsPage = keyof typeof meetingsRoutes;
