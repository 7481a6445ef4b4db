/** The tags calls (D14): the list, and adding, changing and deleting the user's own tags. */
import type { CreateTagInput, Tag, UpdateTagInput } from '@cadence/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getTagsQueryOptions } from '../../../shared/queries/tags';

export { getTagsQueryOptions };

export function useTags() {
  return useQuery(getTagsQueryOptions());
}

/** Every change refetches the list, which keeps the server's order. */
function useTagMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTagsQueryOptions().queryKey }),
  });
}

export function useCreateTag() {
  return useTagMutation((input: CreateTagInput) => api.post<Tag>('/tags', input));
}

export function useUpdateTag() {
  return useTagMutation(({ id, input }: { id: string; input: UpdateTagInput }) =>
    api.put<Tag>(`/tags/${encodeURIComponent(id)}`, input),
  );
}

export function useDeleteTag() {
  return useTagMutation((id: string) => api.delete<undefined>(`/tags/${encodeURIComponent(id)}`));
}
