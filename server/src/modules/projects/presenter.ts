/** Board rows to the contract's shapes (D18): `_id` strings, lists and items in order. */
import type { Board, BoardList, BoardSummary, ItemTodo, ListItem, PublicUser } from '@cadence/contract';
import type { Selectable } from 'kysely';
import { bool } from '../../db/dialect';
import type { BoardItemsTable, BoardListsTable, BoardsTable, ItemTodosTable } from '../../db/schema';

type BoardRow = Selectable<BoardsTable>;
type ListRow = Selectable<BoardListsTable>;
type ItemRow = Selectable<BoardItemsTable>;
type TodoRow = Selectable<ItemTodosTable>;

const statusOf = (value: string): 'active' | 'inactive' => (value === 'inactive' ? 'inactive' : 'active');

export function presentTodo(row: TodoRow): ItemTodo {
  return { _id: String(row.id), text: row.text, done: bool(row.done) };
}

export function presentItem(row: ItemRow, todos: ItemTodo[] = []): ListItem {
  return { _id: String(row.id), name: row.name, description: row.description, todos };
}

export function presentList(row: ListRow, items: ListItem[] = []): BoardList {
  return {
    _id: String(row.id),
    name: row.name,
    status: statusOf(row.status),
    project: String(row.board_id),
    headerColor: row.header_color as BoardList['headerColor'],
    items,
  };
}

function base(row: BoardRow, members: PublicUser[]) {
  return {
    _id: String(row.id),
    name: row.name,
    description: row.description,
    status: statusOf(row.status),
    user: String(row.owner_id),
    members,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentSummary(
  row: BoardRow & { list_count: number; item_count: number },
  members: PublicUser[],
): BoardSummary {
  return { ...base(row, members), listCount: Number(row.list_count), itemCount: Number(row.item_count) };
}

/** Assembles a board from its rows, each already in order (lists by position, items by list and position). */
export function presentBoard(
  row: BoardRow,
  members: PublicUser[],
  lists: ListRow[],
  items: ItemRow[],
  todos: TodoRow[],
): Board {
  const todosByItem = new Map<number, ItemTodo[]>();
  for (const todo of todos) {
    const bucket = todosByItem.get(todo.item_id);
    if (bucket) bucket.push(presentTodo(todo));
    else todosByItem.set(todo.item_id, [presentTodo(todo)]);
  }
  const itemsByList = new Map<number, ListItem[]>();
  for (const item of items) {
    const presented = presentItem(item, todosByItem.get(item.id));
    const bucket = itemsByList.get(item.list_id);
    if (bucket) bucket.push(presented);
    else itemsByList.set(item.list_id, [presented]);
  }
  return {
    ...base(row, members),
    lists: lists.map((list) => presentList(list, itemsByList.get(list.id))),
    version: row.version,
  };
}
