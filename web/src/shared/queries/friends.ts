/**
 * The friends and friend-request reads that several screens share: the friends pages, the groups
 * page (whose members are friends), the menu's count of incoming requests, and the groups that
 * assignee and guest choices offer (D13).
 */
import type { FriendRequests, Group, PublicUser } from '@cadence/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Every friends read lives under this key, so one invalidation refreshes them all. */
export const friendsQueryKey = ['friends'] as const;

/** Ending a friendship also changes groups (D13): whoever ends one invalidates this key too. */
export const groupsQueryKey = ['groups'] as const;

export const getFriendsQueryOptions = () =>
  queryOptions({
    queryKey: [...friendsQueryKey, 'list'],
    queryFn: () => api.get<{ data: PublicUser[]; count: number }>('/friends'),
  });

export const getFriendRequestsQueryOptions = () =>
  queryOptions({
    queryKey: [...friendsQueryKey, 'requests'],
    queryFn: () => api.get<FriendRequests>('/friends/requests'),
  });

export const getGroupsQueryOptions = () =>
  queryOptions({
    queryKey: [...groupsQueryKey, 'list'],
    queryFn: () => api.get<{ data: Group[]; count: number }>('/groups'),
  });
