/**
 * The two reads a first visit of the boards starts from its route's loader (lazy-pages.ts): my boards
 * and one board. Apart from projects-api.ts (which re-exports them) so that the loader's request
 * waits only for this small module, TanStack Query and the API client — not for the mutations'
 * toasts, undo queue and schemas (bench/first-visit.ts).
 */
import type { Board, BoardSummary } from '@cadence/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { PERSISTED_MAX_AGE_MS } from '../../../lib/query-persistence';
import { projectKeys } from '../../../shared/queries/keys';
import * as model from '../model/board';

export interface BoardSummaryList {
  data: BoardSummary[];
  count: number;
}

export interface BoardAnswer {
  data: Board;
}

/**
 * A copy restored from browser storage is shown, and the server is asked again; a copy the route's
 * loader fetched a moment ago (its prefetch in lazy-pages.ts) is not asked for twice.
 */
const unlessJustFetched = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > 2000;

/** GET /projects?user={myId}: the boards I own or am a member of, and their count. */
export const getBoardsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: projectKeys.list(userId),
    queryFn: () => api.get<BoardSummaryList>(`/projects?user=${encodeURIComponent(userId)}`),
    refetchOnMount: unlessJustFetched,
    gcTime: PERSISTED_MAX_AGE_MS,
  });

/** GET /projects?id={boardId}: the board, its lists (archived ones too) and items in order. */
export const getBoardQueryOptions = (boardId: string) =>
  queryOptions({
    queryKey: projectKeys.board(boardId),
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
