/**
 * Project boards (D16–D18). Every write runs in one transaction that first locks the board row
 * (PostgreSQL; SQLite runs one write transaction at a time) and bumps the board's version, so
 * concurrent moves never lose, duplicate or misplace an item, and cached reads know they are stale.
 */
import {
  type Board,
  type BoardList,
  type BoardSummary,
  type CreateBoardInput,
  type CreateItemInput,
  type CreateListInput,
  type CreateTodoInput,
  DEFAULT_HEADER_COLOR,
  DEFAULT_ITEM_DESCRIPTION,
  type ItemTodo,
  type ListItem,
  messages,
  type MoveItemInput,
  type UpdateBoardInput,
  type UpdateItemInput,
  type UpdateListInput,
  type UpdateTodoInput,
} from '@cadence/contract';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import { presentBoard, presentItem, presentList, presentSummary, presentTodo } from './presenter';
import type { ServiceDeps } from '../../deps';
import { type CachedJson, VersionedCache } from '../../lib/cached-json';
import { authorizeBoard, type BoardAccess } from './policy';

const now = () => new Date().toISOString();

export type ProjectsServiceDeps = Pick<ServiceDeps, 'db' | 'engine' | 'live'>;

export class ProjectsService {
  private readonly cache = new VersionedCache<number>(256);

  constructor(private readonly deps: ProjectsServiceDeps) {}

  /** The board if the user owns it or is a member (policy.ts); 404 otherwise. */
  access(userId: number, boardId: number, db: Db = this.deps.db): Promise<BoardAccess> {
    return authorizeBoard(db, userId, boardId, 'content');
  }

  private ownerAccess(userId: number, boardId: number): Promise<BoardAccess> {
    return authorizeBoard(this.deps.db, userId, boardId, 'board');
  }

  /**
   * Runs a change to one board in a transaction holding the board's lock, then bumps its version;
   * once committed, everyone who can see the board (and `alsoTell`, who could before) hears it live.
   */
  private async mutate<T>(
    boardId: number,
    change: (trx: Db) => Promise<T>,
    alsoTell: number[] = [],
  ): Promise<T> {
    const { result, version, audience } = await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.engine
        .forUpdate(trx.selectFrom('boards').select('id').where('id', '=', boardId))
        .execute();
      const result = await change(trx);
      const { version } = await trx
        .updateTable('boards')
        .set((eb) => ({ version: eb('version', '+', 1), updated_at: now() }))
        .where('id', '=', boardId)
        .returning('version')
        .executeTakeFirstOrThrow();
      return { result, version, audience: await this.audience(trx, boardId) };
    });
    this.announce(boardId, version, [...audience, ...alsoTell]);
    return result;
  }

  /** The board's owner and members: who can see it. */
  private async audience(db: Db, boardId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('boards')
      .select('owner_id as user_id')
      .where('id', '=', boardId)
      .unionAll(db.selectFrom('board_members').select('user_id').where('board_id', '=', boardId))
      .execute();
    return rows.map((row) => row.user_id);
  }

  private announce(boardId: number, version: number, userIds: number[]): void {
    this.deps.live.publish(userIds, { type: 'board', data: { boardId: String(boardId), version } });
  }

  // ---- Boards -------------------------------------------------------------------------------

  async listBoards(userId: number): Promise<{ data: BoardSummary[]; count: number }> {
    const rows = await this.deps.db
      .selectFrom('boards')
      .selectAll('boards')
      .select((eb) => [
        eb
          .selectFrom('board_lists')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('board_lists.board_id', '=', 'boards.id')
          .as('list_count'),
        eb
          .selectFrom('board_items')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('board_items.board_id', '=', 'boards.id')
          .as('item_count'),
      ])
      .where((eb) =>
        eb.or([
          eb('owner_id', '=', userId),
          eb('id', 'in', eb.selectFrom('board_members').select('board_id').where('user_id', '=', userId)),
        ]),
      )
      .orderBy('boards.id', 'desc')
      .execute();
    const members = await this.membersOf(rows.map((row) => row.id));
    const data = rows.map((row) =>
      presentSummary(
        { ...row, list_count: Number(row.list_count ?? 0), item_count: Number(row.item_count ?? 0) },
        members.get(row.id) ?? [],
      ),
    );
    return { data, count: data.length };
  }

  private async membersOf(boardIds: number[], db: Db = this.deps.db) {
    const byBoard = new Map<number, ReturnType<typeof presentPublicUser>[]>();
    if (boardIds.length === 0) return byBoard;
    const rows = await db
      .selectFrom('board_members')
      .innerJoin('users', 'users.id', 'board_members.user_id')
      .select([...publicUserColumns, 'board_members.board_id'])
      .where('board_members.board_id', 'in', boardIds)
      .orderBy('users.id')
      .execute();
    for (const row of rows) {
      const bucket = byBoard.get(row.board_id) ?? [];
      bucket.push(presentPublicUser(row));
      byBoard.set(row.board_id, bucket);
    }
    return byBoard;
  }

  /**
   * The board's JSON at `version` (from `access`): from the cache while its version holds, else
   * four indexed queries; compressed at most once per version and encoding.
   */
  boardJson(boardId: number, version: number): Promise<CachedJson> {
    return this.cache.through(boardId, version, async () => ({ data: await this.loadBoard(boardId) }));
  }

  async getBoard(userId: number, boardId: number): Promise<Board> {
    await this.access(userId, boardId);
    return this.loadBoard(boardId);
  }

  /**
   * Four indexed queries on one connection: parallel queries would take several pool connections
   * while other requests hold theirs waiting on a board's lock.
   */
  private async loadBoard(boardId: number): Promise<Board> {
    return this.deps.db.connection().execute(async (db) => {
      const row = await db
        .selectFrom('boards')
        .selectAll()
        .where('id', '=', boardId)
        .executeTakeFirstOrThrow();
      const lists = await db
        .selectFrom('board_lists')
        .selectAll()
        .where('board_id', '=', boardId)
        .orderBy('position')
        .execute();
      const items = await db
        .selectFrom('board_items')
        .selectAll()
        .where('board_id', '=', boardId)
        .orderBy('list_id')
        .orderBy('position')
        .execute();
      const todos = await db
        .selectFrom('item_todos')
        .selectAll()
        .where('board_id', '=', boardId)
        .orderBy('id')
        .execute();
      const members = await this.membersOf([boardId], db);
      return presentBoard(row, members.get(boardId) ?? [], lists, items, todos);
    });
  }

  /** Friends among the given ids plus a group's members; refuses anyone who is not a friend (D13, D17). */
  private async resolveMembers(
    ownerId: number,
    ids: string[] = [],
    groupId?: string | null,
  ): Promise<number[]> {
    const wanted = new Set(ids.map(Number));
    if (groupId) {
      const group = await this.deps.db
        .selectFrom('groups')
        .select('id')
        .where('id', '=', Number(groupId))
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      if (!group)
        throw badRequest('VALIDATION_ERROR', 'projects.memberNotFriend', {
          group: messages['request.notFound'],
        });
      const rows = await this.deps.db
        .selectFrom('group_members')
        .select('user_id')
        .where('group_id', '=', group.id)
        .execute();
      rows.forEach((r) => wanted.add(r.user_id));
    }
    wanted.delete(ownerId);
    if (wanted.size === 0) return [];
    const friends = await this.deps.db
      .selectFrom('friendships')
      .select('friend_id')
      .where('user_id', '=', ownerId)
      .where('friend_id', 'in', [...wanted])
      .execute();
    if (friends.length !== wanted.size) {
      throw badRequest('NOT_FRIEND', 'projects.memberNotFriend', {
        assignees: messages['projects.memberNotFriend'],
      });
    }
    return [...wanted].sort((a, b) => a - b);
  }

  async createBoard(userId: number, input: CreateBoardInput): Promise<Board> {
    const memberIds = await this.resolveMembers(userId, input.assignees, input.group);
    const at = now();
    const id = await this.deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('boards')
        .values({
          owner_id: userId,
          name: input.name,
          description: input.description ?? '',
          status: 'active',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (memberIds.length > 0) {
        await trx
          .insertInto('board_members')
          .values(memberIds.map((user_id) => ({ board_id: row.id, user_id })))
          .execute();
      }
      return row.id;
    });
    this.announce(id, 0, [userId, ...memberIds]);
    return this.loadBoard(id);
  }

  async updateBoard(userId: number, boardId: number, input: UpdateBoardInput): Promise<Board> {
    const access = await this.ownerAccess(userId, boardId);
    const replace = input.memberIds ?? input.assignees;
    const memberIds =
      replace !== undefined || input.group
        ? await this.resolveMembers(access.ownerId, replace ?? [], input.group)
        : undefined;
    // Members taken off the board hear of it too: their copy of it is no longer theirs.
    const before = replace !== undefined ? await this.audience(this.deps.db, boardId) : [];
    await this.mutate(
      boardId,
      async (trx) => {
        await trx
          .updateTable('boards')
          .set({ name: input.name, description: input.description, status: input.status, updated_at: now() })
          .where('id', '=', boardId)
          .execute();
        if (memberIds !== undefined) {
          // A group alone adds its members; a list of ids replaces the members.
          if (replace !== undefined)
            await trx.deleteFrom('board_members').where('board_id', '=', boardId).execute();
          if (memberIds.length > 0) {
            await trx
              .insertInto('board_members')
              .values(memberIds.map((user_id) => ({ board_id: boardId, user_id })))
              .onConflict((oc) => oc.columns(['board_id', 'user_id']).doNothing())
              .execute();
          }
        }
      },
      before,
    );
    return this.loadBoard(boardId);
  }

  async deleteBoard(userId: number, boardId: number): Promise<void> {
    const access = await this.ownerAccess(userId, boardId);
    const audience = await this.audience(this.deps.db, boardId);
    await this.deps.db.deleteFrom('boards').where('id', '=', boardId).execute();
    this.announce(boardId, access.version + 1, audience);
  }

  // ---- Lists --------------------------------------------------------------------------------

  private async listOf(boardId: number, listId: number, db: Db) {
    const list = await db
      .selectFrom('board_lists')
      .selectAll()
      .where('id', '=', listId)
      .where('board_id', '=', boardId)
      .executeTakeFirst();
    if (!list) throw notFound();
    return list;
  }

  async createList(userId: number, boardId: number, input: CreateListInput): Promise<BoardList> {
    await this.access(userId, boardId);
    return this.mutate(boardId, async (trx) => {
      const { next } = await trx
        .selectFrom('board_lists')
        .select((eb) => eb.fn.coalesce(eb.fn.max('position'), sql<number>`-1`).as('next'))
        .where('board_id', '=', boardId)
        .executeTakeFirstOrThrow();
      const at = now();
      const row = await trx
        .insertInto('board_lists')
        .values({
          board_id: boardId,
          name: input.name,
          status: 'active',
          header_color: DEFAULT_HEADER_COLOR,
          position: Number(next) + 1,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return presentList(row);
    });
  }

  async updateList(
    userId: number,
    boardId: number,
    listId: number,
    input: UpdateListInput,
  ): Promise<BoardList> {
    await this.access(userId, boardId);
    return this.mutate(boardId, async (trx) => {
      const list = await this.listOf(boardId, listId, trx);
      if (input.index !== undefined && input.index !== list.position) {
        const { count } = await trx
          .selectFrom('board_lists')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('board_id', '=', boardId)
          .executeTakeFirstOrThrow();
        const target = Math.min(input.index, Number(count) - 1);
        await shift(trx, 'board_lists', 'board_id', boardId, list.position, target);
        await trx.updateTable('board_lists').set({ position: target }).where('id', '=', listId).execute();
      }
      await trx
        .updateTable('board_lists')
        .set({ name: input.name, status: input.status, header_color: input.headerColor, updated_at: now() })
        .where('id', '=', listId)
        .execute();
      const row = await this.listOf(boardId, listId, trx);
      const items = await trx
        .selectFrom('board_items')
        .selectAll()
        .where('list_id', '=', listId)
        .orderBy('position')
        .execute();
      const todos = await this.todosOf(
        trx,
        items.map((i) => i.id),
      );
      return presentList(
        row,
        items.map((item) => presentItem(item, todos.get(item.id))),
      );
    });
  }

  private async todosOf(db: Db, itemIds: number[]): Promise<Map<number, ItemTodo[]>> {
    const byItem = new Map<number, ItemTodo[]>();
    if (itemIds.length === 0) return byItem;
    const rows = await db
      .selectFrom('item_todos')
      .selectAll()
      .where('item_id', 'in', itemIds)
      .orderBy('id')
      .execute();
    for (const row of rows) byItem.set(row.item_id, [...(byItem.get(row.item_id) ?? []), presentTodo(row)]);
    return byItem;
  }

  // ---- Items --------------------------------------------------------------------------------

  private async itemOf(boardId: number, itemId: number, db: Db, listId?: number) {
    let query = db
      .selectFrom('board_items')
      .selectAll()
      .where('id', '=', itemId)
      .where('board_id', '=', boardId);
    if (listId !== undefined) query = query.where('list_id', '=', listId);
    const item = await query.executeTakeFirst();
    if (!item) throw notFound();
    return item;
  }

  async createItem(
    userId: number,
    boardId: number,
    listId: number,
    input: CreateItemInput,
  ): Promise<ListItem> {
    await this.access(userId, boardId);
    return this.mutate(boardId, async (trx) => {
      await this.listOf(boardId, listId, trx);
      const { next } = await trx
        .selectFrom('board_items')
        .select((eb) => eb.fn.coalesce(eb.fn.max('position'), sql<number>`-1`).as('next'))
        .where('list_id', '=', listId)
        .executeTakeFirstOrThrow();
      const at = now();
      const row = await trx
        .insertInto('board_items')
        .values({
          board_id: boardId,
          list_id: listId,
          name: input.name,
          description: input.description || DEFAULT_ITEM_DESCRIPTION,
          position: Number(next) + 1,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return presentItem(row);
    });
  }

  async updateItem(
    userId: number,
    boardId: number,
    listId: number,
    itemId: number,
    input: UpdateItemInput,
  ): Promise<ListItem> {
    await this.access(userId, boardId);
    return this.mutate(boardId, async (trx) => {
      const item = await this.itemOf(boardId, itemId, trx, listId);
      if (input.index !== undefined && input.index !== item.position) {
        await this.placeItem(trx, item, listId, input.index);
      }
      await trx
        .updateTable('board_items')
        .set({ name: input.name, description: input.description, updated_at: now() })
        .where('id', '=', itemId)
        .execute();
      const row = await this.itemOf(boardId, itemId, trx);
      return presentItem(row, (await this.todosOf(trx, [itemId])).get(itemId));
    });
  }

  async deleteItem(userId: number, boardId: number, listId: number, itemId: number): Promise<void> {
    await this.access(userId, boardId);
    await this.mutate(boardId, async (trx) => {
      const item = await this.itemOf(boardId, itemId, trx, listId);
      await trx.deleteFrom('board_items').where('id', '=', itemId).execute();
      await trx
        .updateTable('board_items')
        .set((eb) => ({ position: eb('position', '-', 1) }))
        .where('list_id', '=', item.list_id)
        .where('position', '>', item.position)
        .execute();
    });
  }

  /**
   * Moves an item within or across lists (D16). The item's current list and place are read under
   * the board's lock; fromList/fromIndex from the client are only what it saw.
   */
  async moveItem(userId: number, boardId: number, itemId: number, input: MoveItemInput): Promise<Board> {
    await this.access(userId, boardId);
    await this.mutate(boardId, async (trx) => {
      const item = await this.itemOf(boardId, itemId, trx);
      await this.listOf(boardId, Number(input.toList), trx);
      await this.placeItem(trx, item, Number(input.toList), input.toIndex);
    });
    return this.loadBoard(boardId);
  }

  /** Puts an item at a 0-based index of a list (clamped), closing and opening gaps so positions stay 0…n-1. */
  private async placeItem(
    trx: Db,
    item: { id: number; list_id: number; position: number },
    toList: number,
    toIndex: number,
  ) {
    const { count } = await trx
      .selectFrom('board_items')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('list_id', '=', toList)
      .executeTakeFirstOrThrow();
    if (toList === item.list_id) {
      const target = Math.min(toIndex, Number(count) - 1);
      if (target === item.position) return;
      await shift(trx, 'board_items', 'list_id', toList, item.position, target);
      await trx.updateTable('board_items').set({ position: target }).where('id', '=', item.id).execute();
      return;
    }
    const target = Math.min(toIndex, Number(count));
    await trx
      .updateTable('board_items')
      .set((eb) => ({ position: eb('position', '-', 1) }))
      .where('list_id', '=', item.list_id)
      .where('position', '>', item.position)
      .execute();
    await trx
      .updateTable('board_items')
      .set((eb) => ({ position: eb('position', '+', 1) }))
      .where('list_id', '=', toList)
      .where('position', '>=', target)
      .execute();
    await trx
      .updateTable('board_items')
      .set({ list_id: toList, position: target, updated_at: now() })
      .where('id', '=', item.id)
      .execute();
  }

  // ---- Item to-dos --------------------------------------------------------------------------

  async createTodo(
    userId: number,
    boardId: number,
    listId: number,
    itemId: number,
    input: CreateTodoInput,
  ): Promise<ItemTodo> {
    await this.access(userId, boardId);
    return this.mutate(boardId, async (trx) => {
      await this.itemOf(boardId, itemId, trx, listId);
      const row = await trx
        .insertInto('item_todos')
        .values({ board_id: boardId, item_id: itemId, text: input.text, done: input.done, created_at: now() })
        .returningAll()
        .executeTakeFirstOrThrow();
      return presentTodo(row);
    });
  }

  private async todoOf(boardId: number, listId: number, itemId: number, todoId: number, db: Db) {
    await this.itemOf(boardId, itemId, db, listId);
    const todo = await db
      .selectFrom('item_todos')
      .selectAll()
      .where('id', '=', todoId)
      .where('item_id', '=', itemId)
      .executeTakeFirst();
    if (!todo) throw notFound();
    return todo;
  }

  async updateTodo(
    userId: number,
    boardId: number,
    listId: number,
    itemId: number,
    todoId: number,
    input: UpdateTodoInput,
  ): Promise<ItemTodo> {
    await this.access(userId, boardId);
    return this.mutate(boardId, async (trx) => {
      await this.todoOf(boardId, listId, itemId, todoId, trx);
      if (input.text !== undefined || input.done !== undefined) {
        await trx
          .updateTable('item_todos')
          .set({ text: input.text, done: input.done })
          .where('id', '=', todoId)
          .execute();
      }
      return presentTodo(await this.todoOf(boardId, listId, itemId, todoId, trx));
    });
  }

  async deleteTodo(
    userId: number,
    boardId: number,
    listId: number,
    itemId: number,
    todoId: number,
  ): Promise<void> {
    await this.access(userId, boardId);
    await this.mutate(boardId, async (trx) => {
      await this.todoOf(boardId, listId, itemId, todoId, trx);
      await trx.deleteFrom('item_todos').where('id', '=', todoId).execute();
    });
  }
}

/** Moves the rows between `from` and `to` one step to make room at `to` for the row leaving `from`. */
async function shift(
  trx: Db,
  table: 'board_lists' | 'board_items',
  scope: 'board_id' | 'list_id',
  scopeId: number,
  from: number,
  to: number,
): Promise<void> {
  if (to > from) {
    await trx
      .updateTable(table)
      .set((eb) => ({ position: eb('position', '-', 1) }))
      .where(scope, '=', scopeId)
      .where('position', '>', from)
      .where('position', '<=', to)
      .execute();
  } else {
    await trx
      .updateTable(table)
      .set((eb) => ({ position: eb('position', '+', 1) }))
      .where(scope, '=', scopeId)
      .where('position', '>=', to)
      .where('position', '<', from)
      .execute();
  }
}
