/**
 * Pure changes to a board as the board page shows it: each returns a new board that keeps the
 * objects it did not change, so memoised columns and cards of untouched lists do not re-render.
 * The optimistic updates apply them to the cached board before the server answers (D16).
 */
import type { Board, BoardList, ItemTodo, ListItem, MoveItemResult } from '@cadence/contract';

export interface ItemMove {
  itemId: string;
  fromList: string;
  toList: string;
  fromIndex: number;
  toIndex: number;
}

export const isActive = (list: BoardList) => list.status === 'active';

/** A card as it is before the server has said anything else about it. */
export const blankItem = (_id: string, name: string, description: string): ListItem => ({
  _id,
  name,
  description,
  todos: [],
  tags: [],
  dueAt: null,
  dueComplete: false,
  members: [],
  commentCount: 0,
  archived: false,
});

function mapList(board: Board, listId: string, change: (list: BoardList) => BoardList): Board {
  let changed = false;
  const lists = board.lists.map((list) => {
    if (list._id !== listId) return list;
    changed = true;
    return change(list);
  });
  return changed ? { ...board, lists } : board;
}

function mapItem(board: Board, listId: string, itemId: string, change: (item: ListItem) => ListItem): Board {
  return mapList(board, listId, (list) => ({
    ...list,
    items: list.items.map((item) => (item._id === itemId ? change(item) : item)),
  }));
}

/** Moves an item within its list or to another list; indexes are 0-based positions in the lists. */
export function moveItem(board: Board, move: ItemMove): Board {
  const from = board.lists.find((list) => list._id === move.fromList);
  const to = board.lists.find((list) => list._id === move.toList);
  const item = from?.items[move.fromIndex];
  if (!from || !to || !item || item._id !== move.itemId) return board;
  if (from === to) {
    const items = [...from.items];
    items.splice(move.fromIndex, 1);
    items.splice(Math.min(move.toIndex, items.length), 0, item);
    return mapList(board, from._id, (list) => ({ ...list, items }));
  }
  const source = from.items.filter((_, index) => index !== move.fromIndex);
  const target = [...to.items];
  target.splice(Math.min(move.toIndex, target.length), 0, item);
  return {
    ...board,
    lists: board.lists.map((list) => {
      if (list._id === from._id) return { ...list, items: source };
      if (list._id === to._id) return { ...list, items: target };
      return list;
    }),
  };
}

/**
 * A move between the cards a column shows (a filter or archived cards hide others) as the move in
 * the full lists the server and `moveItem` expect: the card lands just before the shown card it
 * was dropped above, or just after the last shown card (at the list's end when none is shown).
 * Null when the card is not where the move says.
 */
export function fullListMove(
  board: Board,
  move: ItemMove,
  isShown: (item: ListItem) => boolean,
): ItemMove | null {
  const from = board.lists.find((list) => list._id === move.fromList);
  const to = board.lists.find((list) => list._id === move.toList);
  if (!from || !to) return null;
  const fromIndex = from.items.findIndex((item) => item._id === move.itemId);
  if (fromIndex < 0) return null;
  const rest = to.items.filter((item) => item._id !== move.itemId);
  const shown = rest.filter(isShown);
  const before = shown[move.toIndex];
  const last = shown.at(-1);
  const toIndex = before ? rest.indexOf(before) : last ? rest.indexOf(last) + 1 : rest.length;
  return { ...move, fromIndex, toIndex };
}

/**
 * Moves a list to a position among the shown (active) lists. Archived lists stay between the
 * others, so the answer also gives the list's new position among all of the board's lists: the
 * `index` the server expects.
 */
export function moveList(
  board: Board,
  listId: string,
  toShownIndex: number,
): { board: Board; index: number } {
  const moving = board.lists.find((list) => list._id === listId);
  if (!moving) return { board, index: -1 };
  const shown = board.lists.filter(isActive);
  const fromShownIndex = shown.indexOf(moving);
  const rest = board.lists.filter((list) => list !== moving);
  const target = Math.max(0, Math.min(toShownIndex, shown.length - 1));
  let index: number;
  if (fromShownIndex === -1 || shown.length <= 1) {
    index = Math.min(toShownIndex, rest.length);
  } else {
    const others = shown.filter((list) => list !== moving);
    if (target < others.length) {
      // It takes the place of the list now at that position, which moves one step on.
      index = rest.indexOf(others[target]!);
    } else {
      index = rest.indexOf(others.at(-1)!) + 1;
    }
  }
  const lists = [...rest];
  lists.splice(index, 0, moving);
  return { board: { ...board, lists }, index };
}

/** A list's new position among all lists, 0-based. */
export function setListIndex(board: Board, listId: string, index: number): Board {
  const moving = board.lists.find((list) => list._id === listId);
  if (!moving) return board;
  const lists = board.lists.filter((list) => list !== moving);
  lists.splice(Math.min(index, lists.length), 0, moving);
  return { ...board, lists };
}

export function addList(board: Board, list: BoardList): Board {
  return { ...board, lists: [...board.lists, list] };
}

export function updateList(board: Board, listId: string, patch: Partial<Omit<BoardList, '_id' | 'items'>>) {
  return mapList(board, listId, (list) => ({ ...list, ...patch }));
}

/** Replaces a list (an optimistic one by the server's), keeping the items it shows. */
export function replaceList(board: Board, listId: string, saved: BoardList): Board {
  return mapList(board, listId, (list) => ({ ...saved, items: list.items }));
}

export function addItem(board: Board, listId: string, item: ListItem): Board {
  return mapList(board, listId, (list) => ({ ...list, items: [...list.items, item] }));
}

export function updateItem(
  board: Board,
  listId: string,
  itemId: string,
  patch: Partial<Pick<ListItem, 'name' | 'description'>>,
): Board {
  return mapItem(board, listId, itemId, (item) => ({ ...item, ...patch }));
}

/** Puts the server's item in place of the given one (an optimistic item gets its real id). */
export function replaceItem(board: Board, listId: string, itemId: string, saved: ListItem): Board {
  return mapItem(board, listId, itemId, () => saved);
}

export function removeItem(board: Board, listId: string, itemId: string): Board {
  return mapList(board, listId, (list) => ({
    ...list,
    items: list.items.filter((item) => item._id !== itemId),
  }));
}

export function addTodo(board: Board, listId: string, itemId: string, todo: ItemTodo): Board {
  return mapItem(board, listId, itemId, (item) => ({ ...item, todos: [...item.todos, todo] }));
}

export function updateTodo(
  board: Board,
  listId: string,
  itemId: string,
  todoId: string,
  patch: Partial<Omit<ItemTodo, '_id'>>,
): Board {
  return mapItem(board, listId, itemId, (item) => ({
    ...item,
    todos: item.todos.map((todo) => (todo._id === todoId ? { ...todo, ...patch } : todo)),
  }));
}

export function replaceTodo(board: Board, listId: string, itemId: string, todoId: string, saved: ItemTodo) {
  return mapItem(board, listId, itemId, (item) => ({
    ...item,
    todos: item.todos.map((todo) => (todo._id === todoId ? saved : todo)),
  }));
}

export function removeTodo(board: Board, listId: string, itemId: string, todoId: string): Board {
  return mapItem(board, listId, itemId, (item) => ({
    ...item,
    todos: item.todos.filter((todo) => todo._id !== todoId),
  }));
}

/** Where an item is: its list and the item, or nothing. */
export function findItem(board: Board, itemId: string): { list: BoardList; item: ListItem } | null {
  for (const list of board.lists) {
    const item = list.items.find((candidate) => candidate._id === itemId);
    if (item) return { list, item };
  }
  return null;
}

/** Done and total to-dos of an item, for its progress bar. */
export function progressOf(todos: readonly ItemTodo[]): { done: number; total: number; percent: number } {
  const done = todos.filter((todo) => todo.done).length;
  const total = todos.length;
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}

function sameTodos(a: readonly ItemTodo[], b: readonly ItemTodo[]): boolean {
  return (
    a.length === b.length &&
    a.every((todo, index) => {
      const other = b[index]!;
      return (
        todo === other || (todo._id === other._id && todo.text === other.text && todo.done === other.done)
      );
    })
  );
}

function sameItem(a: ListItem, b: ListItem): boolean {
  return (
    a === b ||
    (a._id === b._id &&
      a.name === b.name &&
      a.description === b.description &&
      a.dueAt === b.dueAt &&
      a.dueComplete === b.dueComplete &&
      a.archived === b.archived &&
      a.commentCount === b.commentCount &&
      sameArray(a.members, b.members) &&
      a.tags.length === b.tags.length &&
      a.tags.every((tag, index) => tag.name === b.tags[index]!.name && tag.color === b.tags[index]!.color) &&
      sameTodos(a.todos, b.todos))
  );
}

const sameArray = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

function sameListFields(a: BoardList, b: BoardList): boolean {
  return (
    a._id === b._id &&
    a.name === b.name &&
    a.status === b.status &&
    a.headerColor === b.headerColor &&
    a.project === b.project
  );
}

/**
 * Structural sharing for a board read or written into the cache: every list and item equal to
 * one already cached keeps the cached object, and an object of the new board is kept as it is
 * when nothing in it could be reused. So the board a drop has just shown, once written to the
 * cache, is the very same object (nothing re-renders), and a read that brings nothing new
 * changes nothing; only what changed gets new objects, and only those cards and lists re-render.
 */
export function shareBoard(previous: Board | undefined, next: Board): Board {
  if (!previous || previous === next) return next;
  const oldLists = new Map(previous.lists.map((list) => [list._id, list]));
  const oldItems = new Map<string, ListItem>();
  for (const list of previous.lists) for (const item of list.items) oldItems.set(item._id, item);
  const lists = next.lists.map((list) => {
    const items = list.items.map((item) => {
      const old = oldItems.get(item._id);
      return old && sameItem(old, item) ? old : item;
    });
    const listItems = sameArray(items, list.items) ? list.items : items;
    const old = oldLists.get(list._id);
    if (old && sameListFields(old, list) && sameArray(old.items, listItems)) return old;
    return listItems === list.items ? list : { ...list, items: listItems };
  });
  const { lists: _lists, ...fields } = next;
  const sameFields = (Object.keys(fields) as Array<keyof typeof fields>).every(
    (key) => key === 'members' || key === 'owner' || previous[key] === next[key],
  );
  const sameOwner =
    previous.owner._id === next.owner._id &&
    previous.owner.fullName === next.owner.fullName &&
    previous.owner.avatar === next.owner.avatar;
  const sameMembers =
    previous.members.length === next.members.length &&
    previous.members.every((member, index) => {
      const other = next.members[index]!;
      return member._id === other._id && member.fullName === other.fullName && member.avatar === other.avatar;
    });
  if (sameFields && sameMembers && sameOwner && sameArray(previous.lists, lists)) return previous;
  const members = sameMembers ? previous.members : next.members;
  const owner = sameOwner ? previous.owner : next.owner;
  if (sameArray(next.lists, lists) && members === next.members && owner === next.owner) return next;
  return { ...next, owner, members, lists };
}

let temporary = 0;

/** An id for something created optimistically, until the server gives its own. */
export function temporaryId(): string {
  temporary += 1;
  return `new-${temporary}`;
}

export const isTemporaryId = (id: string) => id.startsWith('new-');

/**
 * A move's answer put in place: when the version is the next one (no one else wrote meanwhile),
 * the touched lists take the server's order and the board its version; otherwise the board stays
 * as it is and the read that follows brings the rest.
 */
export function reconcileMove(board: Board, answer: MoveItemResult): Board {
  if (answer.version !== board.version + 1) return board;
  const byId = new Map(board.lists.flatMap((list) => list.items.map((item) => [item._id, item] as const)));
  let next: Board = { ...board, version: answer.version };
  for (const order of answer.lists) {
    const items = order.items.map((id) => byId.get(id));
    if (items.some((item) => item === undefined)) return board;
    next = mapList(next, order._id, (list) =>
      list.items.length === items.length && list.items.every((item, index) => item === items[index])
        ? list
        : { ...list, items: items as ListItem[] },
    );
  }
  return next;
}
