/** Board rows to the contract's shapes (D18): `_id` strings, lists and items in order. */
import type {
  Board,
  BoardList,
  BoardSummary,
  CardTag,
  ItemTodo,
  ListItem,
  PublicUser,
} from '@cadence/contract';
import type { Selectable } from 'kysely';
import { bool } from '../../db/dialect';
import type { BoardItemsTable, BoardListsTable, BoardsTable, ItemTodosTable } from '../../db/schema';

type BoardRow = Selectable<BoardsTable>;
type ListRow = Selectable<BoardListsTable>;
type ItemRow = Selectable<BoardItemsTable>;
type TodoRow = Selectable<ItemTodosTable>;
export type { ItemRow };

const statusOf = (value: string): 'active' | 'inactive' => (value === 'inactive' ? 'inactive' : 'active');

export function presentTodo(row: TodoRow): ItemTodo {
  return { _id: String(row.id), text: row.text, done: bool(row.done) };
}

/** What a card carries besides its own row, gathered per board or per item (cards.ts). */
export interface CardExtras {
  todos: Map<number, ItemTodo[]>;
  tags: Map<number, CardTag[]>;
  members: Map<number, string[]>;
  comments: Map<number, number>;
}

export const noExtras: CardExtras = {
  todos: new Map(),
  tags: new Map(),
  members: new Map(),
  comments: new Map(),
};

export function presentItem(row: ItemRow, extras: CardExtras = noExtras): ListItem {
  return {
    _id: String(row.id),
    name: row.name,
    description: row.description,
    todos: extras.todos.get(row.id) ?? [],
    tags: extras.tags.get(row.id) ?? [],
    dueAt: row.due_at ?? null,
    dueComplete: bool(row.due_complete),
    members: extras.members.get(row.id) ?? [],
    commentCount: extras.comments.get(row.id) ?? 0,
    archived: bool(row.archived),
  };
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

function base(row: BoardRow, owner: PublicUser, members: PublicUser[]) {
  return {
    _id: String(row.id),
    name: row.name,
    description: row.description,
    status: statusOf(row.status),
    user: String(row.owner_id),
    owner,
    members,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentSummary(
  row: BoardRow & { list_count: number; item_count: number },
  owner: PublicUser,
  members: PublicUser[],
): BoardSummary {
  return {
    ...base(row, owner, members),
    listCount: Number(row.list_count),
    itemCount: Number(row.item_count),
  };
}

/** Assembles a board from its rows, each already in order (lists by position, items by list and position). */
export function presentBoard(
  row: BoardRow,
  owner: PublicUser,
  members: PublicUser[],
  lists: ListRow[],
  items: ItemRow[],
  extras: CardExtras,
): Board {
  const itemsByList = new Map<number, ListItem[]>();
  for (const item of items) {
    const presented = presentItem(item, extras);
    const bucket = itemsByList.get(item.list_id);
    if (bucket) bucket.push(presented);
    else itemsByList.set(item.list_id, [presented]);
  }
  return {
    ...base(row, owner, members),
    lists: lists.map((list) => presentList(list, itemsByList.get(list.id))),
    version: row.version,
  };
}
