/**
 * The friends and friend-request reads that several screens share: the friends pages, the groups
 * page (whose members are friends), the menu's count of incoming requests, and the groups that
 * assignee and guest choices offer (D13).
 */
import type { FriendRequests, Group, PublicUser } from '@cadence/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { friendKeys, groupKeys } from './keys';

export const getFriendsQueryOptions = () =>
  queryOptions({
    queryKey: friendKeys.list,
    queryFn: () => api.get<{ data: PublicUser[]; count: number }>('/friends'),
  });

export const getFriendRequestsQueryOptions = () =>
  queryOptions({
    queryKey: friendKeys.requests,
    queryFn: () => api.get<FriendRequests>('/friends/requests'),
  });

export const getGroupsQueryOptions = () =>
  queryOptions({
    queryKey: groupKeys.list,
    queryFn: () => api.get<{ data: Group[]; count: number }>('/groups'),
  });
