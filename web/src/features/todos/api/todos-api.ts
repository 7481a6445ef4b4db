/**
 * The to-dos calls (D30): my tasks by filter, tag, words, sort and page; the menu's summary; adding,
 * changing, deleting and restoring. Completing and starring are optimistic: the cached lists change
 * at once and go back with a toast if the server refuses. Every change reads the lists and the
 * summary again (D4: no page reload).
 */
import {
  type CreateTaskForm,
  type Task,
  type TaskList,
  type TodoFilter,
  type TodoSort,
  todoSorts,
  type UpdateTaskForm,
} from '@cadence/contract';
import { isAllowedParam } from '@cadence/contract/routes';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Params } from 'react-router';
import { api } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast';
import { cacheEdit, useHeldDelete } from '../../../lib/use-undo';
import { todoKeys } from '../../../shared/queries/keys';

export { getTodoSummaryQueryOptions } from '../../../shared/queries/todo-summary';

/** What a to-dos list is asked for: the route's filter or tag, the words, the sort and the page. */
export interface TodoListParams {
  filter?: TodoFilter;
  tag?: string;
  q?: string;
  sortBy: TodoSort;
  page: number;
}

/**
 * The list a to-dos address shows: `/apps/todo/:filter`, `/apps/todo/tag/:tag` and `/todo/tag/:tag`
 * (built-in tags), `?tag=` for the user's own tags (D14), `?q=` words, `?sortBy=` and `?page=`.
 */
export function todoListParams(params: Params, search: URLSearchParams): TodoListParams {
  const filter = isAllowedParam('todoFilter', params.filter) ? (params.filter as TodoFilter) : undefined;
  const tag = (params.tag ?? search.get('tag'))?.trim();
  const q = search.get('q')?.trim();
  const sort = search.get('sortBy');
  const sortBy = todoSorts.includes(sort as TodoSort) ? (sort as TodoSort) : 'latest';
  const page = Number(search.get('page'));
  return {
    filter,
    tag: tag || undefined,
    q: q || undefined,
    sortBy,
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : 1,
  };
}

function listPath(userId: string, { filter, tag, q, sortBy, page }: TodoListParams): string {
  const query = new URLSearchParams({ user: userId });
  if (filter) query.set('filter', filter);
  if (tag) query.set('tag', tag);
  if (q) query.set('q', q);
  if (sortBy !== 'latest') query.set('sortBy', sortBy);
  if (page > 1) query.set('page', String(page));
  return `/todos?${query.toString()}`;
}

const taskPath = (id: string) => `/todos/${encodeURIComponent(id)}`;

/** A copy the route's loader fetched a moment ago (its prefetch in lazy-pages.ts) is not asked for twice. */
const unlessJustFetched = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > 2000;

/** GET /todos?user=: the tasks I own or am assigned to, for this address. */
export const getTodosQueryOptions = (userId: string, params: TodoListParams) =>
  queryOptions({
    queryKey: todoKeys.list(userId, {
      filter: params.filter ?? null,
      tag: params.tag ?? null,
      q: params.q ?? null,
      sortBy: params.sortBy,
      page: params.page,
    }),
    queryFn: () => api.get<TaskList>(listPath(userId, params)),
    refetchOnMount: unlessJustFetched,
    // Other words, sort or page keep the rows on screen until their answer.
    placeholderData: keepPreviousData,
  });

/** GET /todos/:id: one task I own or am assigned to (a notification's); under the lists' key, read again with them. */
export const getTaskQueryOptions = (userId: string, id: string) =>
  queryOptions({
    queryKey: [...todoKeys.all, userId, 'task', id] as const,
    queryFn: () => api.get<Task>(taskPath(id)),
    retry: false,
  });

/** Every change reads the lists and the summary again, which keeps the server's order and filters. */
function useTodoMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todoKeys.all }),
  });
}

export function useCreateTask() {
  return useTodoMutation((input: CreateTaskForm) => api.post<Task>('/todos', input));
}

/** Any change the owner makes: fields, assignees, flags (restored is `isDeleted: false`). */
export function useUpdateTask() {
  return useTodoMutation(({ id, input }: { id: string; input: UpdateTaskForm }) =>
    api.put<Task>(taskPath(id), input),
  );
}

/** A list without one task (a read of another shape, the summary, is left alone). */
function withoutTask(list: TaskList, id: string): TaskList {
  if (!Array.isArray(list.data)) return list;
  const data = list.data.filter((row) => row._id !== id);
  return data.length === list.data.length ? list : { ...list, data, count: Math.max(0, list.count - 1) };
}

/**
 * Moves a task to the deleted ones; a deleted task is removed for good. Either leaves the lists at
 * once and is sent when its toast closes, unless Undo (D48, `lib/undo.ts`).
 */
export function useDeleteTask() {
  const hold = useHeldDelete();
  return useCallback(
    (task: Task, message: string) =>
      hold({
        message,
        edits: [cacheEdit<TaskList>(todoKeys.all, (list) => withoutTask(list, task._id))],
        send: (options) => api.delete<undefined>(taskPath(task._id), options),
        refresh: [todoKeys.all],
      }),
    [hold],
  );
}

/** The flags a row changes with one click: shown at once, rolled back on refusal. */
export type TaskFlags = Pick<UpdateTaskForm, 'isCompleted' | 'isImportant'>;

export function useToggleTask() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const mutationKey = todoKeys.flags;
  return useMutation({
    mutationKey,
    mutationFn: ({ task, flags }: { task: Task; flags: TaskFlags }) =>
      api.put<Task>(taskPath(task._id), flags),
    onMutate: async ({ task, flags }) => {
      await queryClient.cancelQueries({ queryKey: todoKeys.all });
      const snapshots = queryClient.getQueriesData<TaskList>({ queryKey: todoKeys.all });
      queryClient.setQueriesData<TaskList>({ queryKey: todoKeys.all }, (list) =>
        list?.data
          ? { ...list, data: list.data.map((row) => (row._id === task._id ? { ...row, ...flags } : row)) }
          : list,
      );
      return { snapshots };
    },
    onError: (error, _vars, context) => {
      for (const [queryKey, data] of context?.snapshots ?? []) queryClient.setQueryData(queryKey, data);
      toastError(t, error);
    },
    onSettled: async () => {
      // Read the lists again once, after the last of a burst of clicks.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      await queryClient.invalidateQueries({ queryKey: todoKeys.all });
    },
  });
}
