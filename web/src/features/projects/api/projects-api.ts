/**
 * The project-board calls (spec part 7 Projects table; D16–D18): my boards, one board with its
 * lists, items and to-dos, and every change to them. Changes on the board page are optimistic:
 * the cached board changes at once, goes back if the server refuses (with a toast), and is read
 * again once the last pending change has settled.
 */
import {
  type Board,
  type BoardList,
  type BoardSummary,
  type CreateBoardInput,
  DEFAULT_ITEM_DESCRIPTION,
  type Group,
  type ItemTodo,
  type ListItem,
  type UpdateBoardInput,
  type UpdateListInput,
} from '@cadence/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../../lib/api-client';
import { groupsQueryKey } from '../../../lib/friends';
import { PERSISTED_MAX_AGE_MS } from '../../../lib/query-persistence';
import { toastError } from '../../../lib/toast';
import * as model from '../model/board';

/** Every projects read lives under this key (and only these are kept in browser storage). */
export const projectsQueryKey = ['projects'] as const;

export interface BoardSummaryList {
  data: BoardSummary[];
  count: number;
}

export interface BoardAnswer {
  data: Board;
}

const path = (...segments: string[]) => segments.map(encodeURIComponent).join('/');

/**
 * A copy restored from browser storage is shown, and the server is asked again; a copy the route's
 * loader fetched a moment ago (router.tsx) is not asked for twice.
 */
const unlessJustFetched = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > 2000;

/** GET /projects?user={myId}: the boards I own or am a member of, and their count. */
export const getBoardsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...projectsQueryKey, 'list', userId],
    queryFn: () => api.get<BoardSummaryList>(`/projects?user=${encodeURIComponent(userId)}`),
    refetchOnMount: unlessJustFetched,
    gcTime: PERSISTED_MAX_AGE_MS,
  });

/** GET /projects?id={boardId}: the board, its lists (archived ones too) and items in order. */
export const getBoardQueryOptions = (boardId: string) =>
  queryOptions({
    queryKey: [...projectsQueryKey, 'board', boardId],
    queryFn: () => api.get<BoardAnswer>(`/projects?id=${encodeURIComponent(boardId)}`),
    refetchOnMount: unlessJustFetched,
    gcTime: PERSISTED_MAX_AGE_MS,
    // Unchanged lists and items keep their objects, so memoised columns and cards do not re-render.
    structuralSharing: (previous, next) => {
      const before = previous as BoardAnswer | undefined;
      const after = next as BoardAnswer;
      const data = model.shareBoard(before?.data, after.data);
      if (before && data === before.data) return before;
      return data === after.data ? after : { data };
    },
    // A refused read (a missing board, not mine) will not change by asking again.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    // The route's loader asks on every visit; the page does not ask again for what it just refused.
    retryOnMount: false,
  });

/** GET /groups, for the project form's group choice (the groups page reads the same key). */
export const getMyGroupsQueryOptions = () =>
  queryOptions({
    queryKey: [...groupsQueryKey, 'list'],
    queryFn: () => api.get<{ data: Group[]; count: number }>('/groups'),
  });

// ---- Boards (the projects pages) ----------------------------------------------------------

function useProjectsMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  });
}

export function useCreateBoard() {
  return useProjectsMutation((input: CreateBoardInput) => api.post<Board>('/projects', input));
}

export function useUpdateBoard() {
  return useProjectsMutation(({ id, input }: { id: string; input: UpdateBoardInput }) =>
    api.put<Board>(`/projects/${path(id)}`, input),
  );
}

export function useDeleteBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<undefined>(`/projects/${path(id)}`),
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: getBoardQueryOptions(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    },
  });
}

// ---- The board page: optimistic changes ---------------------------------------------------

interface BoardChange<TVars, TResult> {
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** The board as it will be, shown before the server answers. */
  optimistic: (board: Board, vars: TVars) => Board;
  /** Puts the server's answer in place (real ids for things created optimistically). */
  settle?: (board: Board, result: TResult, vars: TVars) => Board;
}

function useBoardChange<TVars, TResult>(boardId: string, change: BoardChange<TVars, TResult>) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const { queryKey } = getBoardQueryOptions(boardId);
  const mutationKey = [...queryKey, 'change'];
  return useMutation({
    mutationKey,
    mutationFn: change.mutationFn,
    onMutate: async (vars) => {
      await queryClient.cancelQueries({ queryKey, exact: true });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, { data: change.optimistic(previous.data, vars) });
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      toastError(t, error);
    },
    onSuccess: (result, vars) => {
      const { settle } = change;
      if (!settle) return;
      queryClient.setQueryData(queryKey, (current) =>
        current ? { data: settle(current.data, result, vars) } : current,
      );
    },
    onSettled: async () => {
      // Read the board again once, after the last of a burst of changes.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      await queryClient.invalidateQueries({ queryKey, exact: true });
    },
  });
}

const listPath = (boardId: string, listId: string) => `/projects/${path(boardId, 'lists', listId)}`;
const itemPath = (boardId: string, listId: string, itemId: string) =>
  `${listPath(boardId, listId)}/items/${path(itemId)}`;

export function useCreateList(boardId: string) {
  return useBoardChange(boardId, {
    mutationFn: ({ name }: { name: string; tempId: string }) =>
      api.post<BoardList>(`/projects/${path(boardId)}/lists`, { name }),
    optimistic: (board, { name, tempId }) =>
      model.addList(board, {
        _id: tempId,
        name,
        status: 'active',
        project: boardId,
        headerColor: 'purple',
        items: [],
      }),
    settle: (board, saved, { tempId }) => model.replaceList(board, tempId, saved),
  });
}

/** Rename, recolour, archive (`status:'inactive'`) or restore (`status:'active'`) a list. */
export function useUpdateList(boardId: string) {
  return useBoardChange(boardId, {
    mutationFn: ({
      listId,
      input,
    }: {
      listId: string;
      input: Pick<UpdateListInput, 'name' | 'status' | 'headerColor'>;
    }) => api.put<BoardList>(listPath(boardId, listId), input),
    optimistic: (board, { listId, input }) => model.updateList(board, listId, input),
  });
}

/** A dropped list: its new position among all the board's lists (D16). */
export function useReorderList(boardId: string) {
  return useBoardChange(boardId, {
    mutationFn: ({ listId, index }: { listId: string; index: number; next: Board }) =>
      api.put<BoardList>(listPath(boardId, listId), { index }),
    // The page already shows `next` (a drop must change what is shown at once).
    optimistic: (_board, { next }) => next,
  });
}

/** A dropped item: one call moves it within its list or to another (D16). */
export function useMoveItem(boardId: string) {
  return useBoardChange(boardId, {
    mutationFn: ({ move }: { move: model.ItemMove; next: Board }) =>
      api.put<Board>(`/projects/${path(boardId, 'lists', 'items', move.itemId)}`, {
        fromList: move.fromList,
        toList: move.toList,
        fromIndex: move.fromIndex,
        toIndex: move.toIndex,
      }),
    optimistic: (_board, { next }) => next,
  });
}

export function useCreateItem(boardId: string) {
  return useBoardChange(boardId, {
    mutationFn: ({ listId, name }: { listId: string; name: string; tempId: string }) =>
      api.post<ListItem>(`${listPath(boardId, listId)}/items`, { name }),
    optimistic: (board, { listId, name, tempId }) =>
      model.addItem(board, listId, { _id: tempId, name, description: DEFAULT_ITEM_DESCRIPTION, todos: [] }),
    settle: (board, saved, { listId, tempId }) => model.replaceItem(board, listId, tempId, saved),
  });
}

export function useUpdateItem(boardId: string) {
  return useBoardChange(boardId, {
    mutationFn: ({
      listId,
      itemId,
      input,
    }: {
      listId: string;
      itemId: string;
      input: { name?: string; description?: string };
    }) => api.put<ListItem>(itemPath(boardId, listId, itemId), input),
    optimistic: (board, { listId, itemId, input }) => model.updateItem(board, listId, itemId, input),
  });
}

export function useDeleteItem(boardId: string) {
  return useBoardChange(boardId, {
    mutationFn: ({ listId, itemId }: { listId: string; itemId: string }) =>
      api.delete<undefined>(itemPath(boardId, listId, itemId)),
    optimistic: (board, { listId, itemId }) => model.removeItem(board, listId, itemId),
  });
}

interface TodoTarget {
  listId: string;
  itemId: string;
}

export function useCreateTodo(boardId: string) {
  return useBoardChange(boardId, {
    mutationFn: ({ listId, itemId, text }: TodoTarget & { text: string; tempId: string }) =>
      api.post<ItemTodo>(`${itemPath(boardId, listId, itemId)}/todo`, { text, done: false }),
    optimistic: (board, { listId, itemId, text, tempId }) =>
      model.addTodo(board, listId, itemId, { _id: tempId, text, done: false }),
    settle: (board, saved, { listId, itemId, tempId }) =>
      model.replaceTodo(board, listId, itemId, tempId, saved),
  });
}

export function useUpdateTodo(boardId: string) {
  return useBoardChange(boardId, {
    mutationFn: ({
      listId,
      itemId,
      todoId,
      input,
    }: TodoTarget & { todoId: string; input: { text?: string; done?: boolean } }) =>
      api.put<ItemTodo>(`${itemPath(boardId, listId, itemId)}/todo/${path(todoId)}`, input),
    optimistic: (board, { listId, itemId, todoId, input }) =>
      model.updateTodo(board, listId, itemId, todoId, input),
  });
}

export function useDeleteTodo(boardId: string) {
  return useBoardChange(boardId, {
    mutationFn: ({ listId, itemId, todoId }: TodoTarget & { todoId: string }) =>
      api.delete<undefined>(`${itemPath(boardId, listId, itemId)}/todo/${path(todoId)}`),
    optimistic: (board, { listId, itemId, todoId }) => model.removeTodo(board, listId, itemId, todoId),
  });
}
