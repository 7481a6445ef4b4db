/** The groups calls (D13): my groups of friends; create, change, delete. */
import type { CreateGroupInput, Group, UpdateGroupInput } from '@cadence/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getGroupsQueryOptions } from '../../../shared/queries/friends';
import { groupKeys } from '../../../shared/queries/keys';

export { getGroupsQueryOptions };

export function useGroups() {
  return useQuery(getGroupsQueryOptions());
}

/** Every change refetches the list, which keeps the server's order. */
function useGroupMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

export function useCreateGroup() {
  return useGroupMutation((input: CreateGroupInput) => api.post<Group>('/groups', input));
}

export function useUpdateGroup() {
  return useGroupMutation(({ id, input }: { id: string; input: UpdateGroupInput }) =>
    api.put<Group>(`/groups/${encodeURIComponent(id)}`, input),
  );
}

export function useDeleteGroup() {
  return useGroupMutation((id: string) => api.delete<undefined>(`/groups/${encodeURIComponent(id)}`));
}
