/**
 * The goals calls (D19, D29): my goals by filter, tag and words; adding, changing, deleting,
 * restoring. Every change reads the lists again (D4: no page reload). Ticking a task is optimistic:
 * the cached goal and its progress change at once, and go back with a toast if the server refuses.
 */
import type {
  CreateObjectiveForm,
  GoalFilter,
  Objective,
  ObjectiveList,
  updateObjectiveInput,
} from '@cadence/contract';
import { isAllowedParam } from '@cadence/contract/routes';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Params } from 'react-router';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { PERSISTED_MAX_AGE_MS } from '../../../lib/query-persistence';
import { toastError } from '../../../lib/toast';
import { cacheEdit, useHeldDelete } from '../../../lib/use-undo';
import { goalKeys } from '../../../shared/queries/keys';
import { replaceGoal, treeOf } from '../model/goal';

/** What a goals list is asked for: the route's filter or tag, and the words searched. */
export interface GoalListParams {
  filter?: GoalFilter;
  tag?: string;
  q?: string;
}

/**
 * The list a goals address shows: `/apps/objectifs/:filter`, `/apps/objectifs/tag/:tag` (built-in
 * tags), and `?tag=` for the user's own tags (D14), `?q=` for words.
 */
export function goalListParams(params: Params, search: URLSearchParams): GoalListParams {
  const filter = isAllowedParam('goalFilter', params.filter) ? (params.filter as GoalFilter) : undefined;
  const tag = params.tag ?? search.get('tag')?.trim();
  const q = search.get('q')?.trim();
  return { filter, tag: tag || undefined, q: q || undefined };
}

function listPath({ filter, tag, q }: GoalListParams): string {
  const query = new URLSearchParams();
  if (filter) query.set('filter', filter);
  if (tag) query.set('tag', tag);
  if (q) query.set('q', q);
  const text = query.toString();
  return text ? `/objectifs?${text}` : '/objectifs';
}

const goalPath = (id: string) => `/objectifs/${encodeURIComponent(id)}`;

/**
 * A copy restored from browser storage is shown, and the server is asked again; a copy the route's
 * loader fetched a moment ago (its prefetch in lazy-pages.ts) is not asked for twice.
 */
const unlessJustFetched = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > 2000;

/** GET /objectifs: my goals for this filter, tag and words, newest first. */
export const getGoalsQueryOptions = (userId: string, params: GoalListParams) =>
  queryOptions({
    queryKey: goalKeys.list(userId, {
      filter: params.filter ?? null,
      tag: params.tag ?? null,
      q: params.q ?? null,
    }),
    queryFn: () => api.get<ObjectiveList>(listPath(params)),
    refetchOnMount: unlessJustFetched,
    gcTime: PERSISTED_MAX_AGE_MS,
  });

/** A change as sent: any of the fields, the whole tree, or the flags. */
export type UpdateGoalInput = z.input<typeof updateObjectiveInput>;

/** Every change reads the goals lists again, which keeps the server's order and filters. */
function useGoalMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goalKeys.all }),
  });
}

export function useCreateGoal() {
  return useGoalMutation((input: CreateObjectiveForm) => api.post<Objective>('/objectifs', input));
}

/** Any change: fields, the whole sub-goal tree, or the flags (done, in progress, restored). */
export function useUpdateGoal() {
  return useGoalMutation(({ id, input }: { id: string; input: UpdateGoalInput }) =>
    api.put<Objective>(goalPath(id), input),
  );
}

/**
 * Moves a goal to the deleted ones; a deleted goal is removed for good. Either leaves the lists at
 * once and is sent when its toast closes, unless Undo (D48, `lib/undo.ts`).
 */
export function useDeleteGoal() {
  const hold = useHeldDelete();
  return useCallback(
    (goal: Objective, message: string) =>
      hold({
        message,
        edits: [
          cacheEdit<ObjectiveList>(goalKeys.all, (list) =>
            Array.isArray(list.data) && list.data.some((row) => row._id === goal._id)
              ? {
                  ...list,
                  data: list.data.filter((row) => row._id !== goal._id),
                  count: Math.max(0, list.count - 1),
                }
              : list,
          ),
        ],
        send: (options) => api.delete<undefined>(goalPath(goal._id), options),
        refresh: [goalKeys.all],
      }),
    [hold],
  );
}

/** Ticks or unticks a task on a goal's card: shown at once, sent as the whole tree (ids kept). */
export function useToggleGoalTask() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const mutationKey = goalKeys.task;
  return useMutation({
    mutationKey,
    mutationFn: ({ next }: { next: Objective }) =>
      api.put<Objective>(goalPath(next._id), { subObjectives: treeOf(next) }),
    onMutate: async ({ next }) => {
      await queryClient.cancelQueries({ queryKey: goalKeys.all });
      const snapshots = queryClient.getQueriesData<ObjectiveList>({ queryKey: goalKeys.all });
      queryClient.setQueriesData<ObjectiveList>({ queryKey: goalKeys.all }, (list) =>
        list?.data ? replaceGoal(list, next) : list,
      );
      return { snapshots };
    },
    onError: (error, _vars, context) => {
      for (const [queryKey, data] of context?.snapshots ?? []) queryClient.setQueryData(queryKey, data);
      toastError(t, error);
    },
    onSettled: async () => {
      // Read the lists again once, after the last of a burst of ticks.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      await queryClient.invalidateQueries({ queryKey: goalKeys.all });
    },
  });
}
