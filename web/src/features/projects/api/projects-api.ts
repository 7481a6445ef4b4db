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
  exportFileName,
  type Group,
  type ItemActivity,
  type ItemComment,
  type ItemTodo,
  type ListItem,
  type MoveItemResult,
  type UpdateBoardInput,
  type UpdateListInput,
} from '@cadence/contract';
import { type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { toastError } from '../../../lib/toast';
import { cacheEdit, useHeldDelete } from '../../../lib/use-undo';
import { groupKeys, projectKeys } from '../../../shared/queries/keys';
import * as model from '../model/board';
import { type CardFields, changeCard } from '../model/card';
import { type BoardAnswer, type BoardSummaryList, getBoardQueryOptions } from './board-queries';

const path = (...segments: string[]) => segments.map(encodeURIComponent).join('/');

export {
  type BoardAnswer,
  type BoardSummaryList,
  getBoardQueryOptions,
  getBoardsQueryOptions,
} from './board-queries';

/** GET /groups, for the project form's group choice (the groups page reads the same key). */
export const getMyGroupsQueryOptions = () =>
  queryOptions({
    queryKey: groupKeys.list,
    queryFn: () => api.get<{ data: Group[]; count: number }>('/groups'),
  });

// ---- Boards (the projects pages) ----------------------------------------------------------

function useProjectsMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
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

/**
 * Deletes a board: it leaves my boards at once and the call is sent when the toast closes, unless
 * Undo (D48, `lib/undo.ts`).
 */
export function useDeleteBoard() {
  const hold = useHeldDelete();
  return useCallback(
    (board: Pick<BoardSummary, '_id'>, message: string) =>
      hold({
        message,
        edits: [
          cacheEdit<BoardSummaryList>(projectKeys.lists, (list) =>
            list.data.some((row) => row._id === board._id)
              ? {
                  data: list.data.filter((row) => row._id !== board._id),
                  count: Math.max(0, list.count - 1),
                }
              : list,
          ),
        ],
        send: (options) => api.delete<undefined>(`/projects/${path(board._id)}`, options),
        refresh: [projectKeys.all],
        forget: [projectKeys.board(board._id)],
      }),
    [hold],
  );
}

// ---- The board page: optimistic changes ---------------------------------------------------

interface BoardChange<TVars, TResult> {
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** The board as it will be, shown before the server answers. */
  optimistic: (board: Board, vars: TVars) => Board;
  /** Puts the server's answer in place (real ids for things created optimistically). */
  settle?: (board: Board, result: TResult, vars: TVars) => Board;
  /** Other reads the change makes stale (a card's comments and history), read again once it settles. */
  touches?: (vars: TVars) => QueryKey;
}

function useBoardChange<TVars, TResult>(boardId: string, change: BoardChange<TVars, TResult>) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const { queryKey } = getBoardQueryOptions(boardId);
  const mutationKey = projectKeys.boardChange(boardId);
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
    onSettled: async (_result, _error, vars) => {
      if (change.touches) void queryClient.invalidateQueries({ queryKey: change.touches(vars) });
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
      api.put<MoveItemResult>(`/projects/${path(boardId, 'lists', 'items', move.itemId)}`, {
        fromList: move.fromList,
        toList: move.toList,
        fromIndex: move.fromIndex,
        toIndex: move.toIndex,
      }),
    optimistic: (_board, { next }) => next,
    // The answer is the touched lists' order and the new version, not the board (decisions §27).
    settle: (board, answer) => model.reconcileMove(board, answer),
  });
}

export function useCreateItem(boardId: string) {
  return useBoardChange(boardId, {
    mutationFn: ({ listId, name }: { listId: string; name: string; tempId: string }) =>
      api.post<ListItem>(`${listPath(boardId, listId)}/items`, { name }),
    optimistic: (board, { listId, name, tempId }) =>
      model.addItem(board, listId, model.blankItem(tempId, name, DEFAULT_ITEM_DESCRIPTION)),
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
    // A new name is a line of the card's history.
    touches: ({ itemId }) => projectKeys.card(boardId, itemId),
  });
}

/**
 * Deletes a card: it leaves the board at once and the call is sent when the toast closes, unless
 * Undo (D48, `lib/undo.ts`), which brings it back with its comments, members, tags and place.
 */
export function useDeleteItem(boardId: string) {
  const hold = useHeldDelete();
  return useCallback(
    ({ listId, itemId }: { listId: string; itemId: string }, message: string) =>
      hold({
        message,
        edits: [
          cacheEdit<BoardAnswer>(
            projectKeys.board(boardId),
            (answer) => ({ data: model.removeItem(answer.data, listId, itemId) }),
            true,
          ),
        ],
        send: (options) => api.delete<undefined>(itemPath(boardId, listId, itemId), options),
        refresh: [projectKeys.board(boardId)],
      }),
    [boardId, hold],
  );
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

// ---- A card's details: tags, due date, members, archive; its comments and history --------

const cardPath = (boardId: string, itemId: string) => `/projects/${path(boardId, 'items', itemId)}`;

export interface CommentList {
  data: ItemComment[];
  count: number;
}

/** GET …/items/{itemId}/comments: newest first. */
export const getCommentsQueryOptions = (boardId: string, itemId: string) =>
  queryOptions({
    queryKey: projectKeys.comments(boardId, itemId),
    queryFn: () => api.get<CommentList>(`${cardPath(boardId, itemId)}/comments`),
  });

/** GET …/items/{itemId}/activity: the card's history, newest first. */
export const getActivityQueryOptions = (boardId: string, itemId: string) =>
  queryOptions({
    queryKey: projectKeys.activity(boardId, itemId),
    queryFn: () => api.get<{ data: ItemActivity[] }>(`${cardPath(boardId, itemId)}/activity`),
  });

/**
 * What the card dialog changes: tags (with their colours, shown at once; their names are sent),
 * the due date (an ISO instant) and whether it is done, the members' ids, and archived.
 */
export type CardChange = Pick<CardFields, 'tags' | 'dueAt' | 'dueComplete' | 'members' | 'archived'>;

export function useChangeCard(boardId: string) {
  return useBoardChange(boardId, {
    mutationFn: ({ listId, itemId, change }: { listId: string; itemId: string; change: CardChange }) =>
      api.put<ListItem>(itemPath(boardId, listId, itemId), {
        ...change,
        tags: change.tags?.map((tag) => tag.name),
      }),
    optimistic: (board, { listId, itemId, change }) => changeCard(board, listId, itemId, change),
    touches: ({ itemId }) => projectKeys.card(boardId, itemId),
  });
}

interface CommentTarget {
  listId: string;
  itemId: string;
}

/** Comments change the card's count on the board, so they go through the board's changes. */
export function useAddComment(boardId: string) {
  const queryClient = useQueryClient();
  return useBoardChange(boardId, {
    mutationFn: async ({ itemId, text }: CommentTarget & { text: string }) => {
      const saved = await api.post<ItemComment>(`${cardPath(boardId, itemId)}/comments`, { text });
      queryClient.setQueryData(getCommentsQueryOptions(boardId, itemId).queryKey, (list) =>
        list ? { data: [saved, ...list.data], count: list.count + 1 } : list,
      );
      return saved;
    },
    optimistic: (board, { listId, itemId }) =>
      changeCard(board, listId, itemId, (item) => ({ commentCount: item.commentCount + 1 })),
    touches: ({ itemId }) => projectKeys.card(boardId, itemId),
  });
}

export function useDeleteComment(boardId: string) {
  const queryClient = useQueryClient();
  return useBoardChange(boardId, {
    mutationFn: async ({ itemId, commentId }: CommentTarget & { commentId: string }) => {
      await api.delete<undefined>(`${cardPath(boardId, itemId)}/comments/${path(commentId)}`);
      queryClient.setQueryData(getCommentsQueryOptions(boardId, itemId).queryKey, (list) =>
        list
          ? { data: list.data.filter((comment) => comment._id !== commentId), count: list.count - 1 }
          : list,
      );
    },
    optimistic: (board, { listId, itemId }) =>
      changeCard(board, listId, itemId, (item) => ({ commentCount: Math.max(0, item.commentCount - 1) })),
    touches: ({ itemId }) => projectKeys.card(boardId, itemId),
  });
}

/** One's own comment's new text; the board does not change. */
export function useEditComment(boardId: string) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ itemId, commentId, text }: { itemId: string; commentId: string; text: string }) =>
      api.put<ItemComment>(`${cardPath(boardId, itemId)}/comments/${path(commentId)}`, { text }),
    onSuccess: (saved, { itemId }) =>
      queryClient.setQueryData(getCommentsQueryOptions(boardId, itemId).queryKey, (list) =>
        list
          ? { ...list, data: list.data.map((comment) => (comment._id === saved._id ? saved : comment)) }
          : list,
      ),
    onError: (error) => toastError(t, error),
  });
}

// ---- Import and export --------------------------------------------------------------------

/**
 * POST /projects/import: a Trello board export or one of ours, as read from the file; the new
 * board's read is the answer, so its page shows it at once.
 */
export function useImportBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: unknown) => api.post<Board>('/projects/import', file),
    onSuccess: async (board) => {
      queryClient.setQueryData(getBoardQueryOptions(board._id).queryKey, { data: board });
      await queryClient.invalidateQueries({ queryKey: projectKeys.lists });
    },
  });
}

/**
 * GET /projects/{id}/export, saved by the browser as `{slug}.json`: the request goes through the
 * API client (its token, its refresh), so the file is saved from memory rather than by a link.
 */
export async function downloadBoardExport(boardId: string, boardName: string): Promise<void> {
  const file = await api.get<unknown>(`/projects/${path(boardId)}/export`);
  saveFile(
    new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
    exportFileName(boardName),
  );
}
