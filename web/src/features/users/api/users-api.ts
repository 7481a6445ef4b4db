/** The users directory and account management calls (D7, D11). */
import type { PublicUser, UpdateUserInput, UserDetail } from '@cadence/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentUserKey, userKeys } from '../../../shared/queries/keys';

export const USERS_PER_PAGE = 10;

export const getUsersQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: userKeys.page(q, page),
    queryFn: () =>
      api.get<{ data: PublicUser[]; count: number }>(
        `/users?${new URLSearchParams({ q, page: String(page), perPage: String(USERS_PER_PAGE) }).toString()}`,
      ),
    placeholderData: keepPreviousData,
  });

export const getUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: userKeys.one(id),
    queryFn: () => api.get<UserDetail>(`/users/${id}`),
    retry: false,
  });

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput) => api.put<UserDetail>(`/users/${id}`, input),
    onSuccess: async (user) => {
      queryClient.setQueryData(getUserQueryOptions(id).queryKey, user);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
