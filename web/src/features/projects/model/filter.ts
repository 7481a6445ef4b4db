/**
 * The board's filter (search, tags, members, due date) as the address carries it, so a filtered
 * board can be reloaded, shared and gone back to: `?q=…&tag=…&tag=…&member=…&due=overdue`. The
 * contract's `itemMatches` decides what matches, as `GET /projects/{id}/items` does.
 */
import {
  type Board,
  type BoardFilter,
  boardFilterQuery,
  isFiltering,
  itemMatches,
  type ListItem,
} from '@cadence/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isActive } from './board';
import { useMinuteClock } from './clock';

export const emptyFilter: BoardFilter = { q: '', tag: [], member: [], due: undefined };

const filterKeys = ['q', 'tag', 'member', 'due'] as const;

const distinct = (values: string[]) => [...new Set(values.map((value) => value.trim()).filter(Boolean))];

/**
 * The filter in an address's query; a value the contract refuses (an unknown `due`, a search too
 * long) is left out rather than failing the page.
 */
export function parseBoardFilter(params: URLSearchParams): BoardFilter {
  const raw = {
    q: params.get('q') ?? undefined,
    tag: params.getAll('tag'),
    member: params.getAll('member'),
    due: params.get('due') ?? undefined,
  };
  const parsed = boardFilterQuery.safeParse(raw);
  const filter = parsed.success
    ? parsed.data
    : boardFilterQuery.parse(
        Object.fromEntries(
          filterKeys.map((key) => [
            key,
            boardFilterQuery.shape[key].safeParse(raw[key]).success ? raw[key] : undefined,
          ]),
        ),
      );
  return { ...filter, tag: distinct(filter.tag), member: distinct(filter.member) };
}

/** The address's query with the filter in place of the one it had; other parameters are kept. */
export function withBoardFilter(params: URLSearchParams, filter: BoardFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of filterKeys) next.delete(key);
  if (filter.q.trim()) next.set('q', filter.q);
  for (const tag of distinct(filter.tag)) next.append('tag', tag);
  for (const member of distinct(filter.member)) next.append('member', member);
  if (filter.due) next.set('due', filter.due);
  return next;
}

/** Cards the board page shows: those of the active lists, not archived. */
export function shownItems(board: Board): ListItem[] {
  return board.lists.filter(isActive).flatMap((list) => list.items.filter((item) => !item.archived));
}

/** The ids of the shown cards (active lists, not archived) that pass the filter at `now`. */
export function matchingIds(board: Board, filter: BoardFilter, now: number): Set<string> {
  return new Set(
    shownItems(board)
      .filter((item) => itemMatches(item, filter, now))
      .map((item) => item._id),
  );
}

/** The tag names on the board's shown cards, each once (first spelling and colour kept), by name. */
export function boardTags(board: Board): Array<{ name: string; color: string }> {
  const tags = new Map<string, { name: string; color: string }>();
  for (const item of shownItems(board)) {
    for (const tag of item.tags) if (!tags.has(tag.name.toLowerCase())) tags.set(tag.name.toLowerCase(), tag);
  }
  return [...tags.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export interface BoardFilterState {
  filter: BoardFilter;
  /** Whether anything is being filtered: the columns then show only the matching cards. */
  active: boolean;
  /** Changes part of the filter (the rest stays); the address is replaced, not pushed. */
  setFilter: (change: Partial<BoardFilter>) => void;
  clear: () => void;
}

/** The filter in the address, and its changes written back there. */
export function useBoardFilter(): BoardFilterState {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // One filter object per address, so what depends on it is computed again only when it changes.
  const filter = useMemo(() => parseBoardFilter(new URLSearchParams(query)), [query]);
  const setFilter = useCallback(
    (change: Partial<BoardFilter>) =>
      setParams((current) => withBoardFilter(current, { ...parseBoardFilter(current), ...change }), {
        replace: true,
      }),
    [setParams],
  );
  const clear = useCallback(() => setFilter(emptyFilter), [setFilter]);
  return { filter, active: isFiltering(filter), setFilter, clear };
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The ids of the cards that pass the filter, computed again when the board, filter or minute
 * change; none without a filter (nothing reads them then, and a drop changes the board: every card
 * would be tested again in the drop's frame).
 */
export function useMatchingIds(board: Board, filter: BoardFilter): ReadonlySet<string> {
  const now = useMinuteClock();
  const active = isFiltering(filter);
  return useMemo(() => (active ? matchingIds(board, filter, now) : NONE), [active, board, filter, now]);
}
