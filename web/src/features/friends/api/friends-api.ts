/** The friends calls (D12): the users directory to find people, requests and friendships. */
import type { FriendRequest, PublicUser } from '@cadence/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { friendKeys, groupKeys, userKeys } from '../../../shared/queries/keys';

export const DIRECTORY_PER_PAGE = 10;

/** GET /api/users (D11): public fields only, `q` matches a username, a full name or an exact e-mail. */
export const getDirectoryQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: userKeys.directory(q, page),
    queryFn: () =>
      api.get<{ data: PublicUser[]; count: number }>(
        `/users?${new URLSearchParams({ q, page: String(page), perPage: String(DIRECTORY_PER_PAGE) }).toString()}`,
      ),
    placeholderData: keepPreviousData,
  });

/** Every change refetches the friends and the requests (and the groups, which hold friends). */
function useFriendsMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: friendKeys.all }),
        queryClient.invalidateQueries({ queryKey: groupKeys.all }),
      ]),
  });
}

export function useSendFriendRequest() {
  return useFriendsMutation((person: PublicUser) =>
    api.post<FriendRequest>('/friends/requests', { userId: person._id }),
  );
}

export function useWithdrawFriendRequest() {
  return useFriendsMutation((request: FriendRequest) =>
    api.delete<undefined>(`/friends/requests/${encodeURIComponent(request._id)}`),
  );
}

export function useAcceptFriendRequest() {
  return useFriendsMutation((request: FriendRequest) =>
    api.post<undefined>(`/friends/requests/${encodeURIComponent(request._id)}/accept`),
  );
}

export function useDeclineFriendRequest() {
  return useFriendsMutation((request: FriendRequest) =>
    api.post<undefined>(`/friends/requests/${encodeURIComponent(request._id)}/decline`),
  );
}

export function useRemoveFriend() {
  return useFriendsMutation((friend: PublicUser) =>
    api.delete<undefined>(`/friends/${encodeURIComponent(friend._id)}`),
  );
}
