/**
 * Project boards (D16–D18). Every write runs in one transaction that first locks the board row
 * (PostgreSQL; SQLite runs one write transaction at a time) and bumps the board's version, so
 * concurrent moves never lose, duplicate or misplace an item, and cached reads know they are stale.
 */
import {
  type Board,
  type BoardFilter,
  type BoardList,
  type BoardSummary,
  type CreateBoardInput,
  type CreateItemInput,
  type CreateListInput,
  type CommentInput,
  type CreateTodoInput,
  DEFAULT_HEADER_COLOR,
  DEFAULT_ITEM_DESCRIPTION,
  type ItemActivity,
  type ItemComment,
  type ItemMatch,
  itemMatches,
  type ItemTodo,
  type ListItem,
  messages,
  type MoveItemInput,
  type MoveItemResult,
  type UpdateBoardInput,
  type UpdateItemInput,
  type UpdateListInput,
  type UpdateTodoInput,
} from '@cadence/contract';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { prepared, preparedRows } from '../../db/prepared';
import type { ServiceDeps } from '../../deps';
import { type CachedJson, VersionedCache } from '../../lib/cached-json';
import { KeyedQueue } from '../../lib/keyed-queue';
import { badRequest, notFound } from '../../errors';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import {
  type ActivityLine,
  activityOf,
  cardExtras,
  recordActivity,
  resolveCardTags,
  tagsOfCard,
} from './cards';
import { endPosition, positionAt } from './positions';
import { importBoard, readBoardFile } from './transfer';
import { presentBoard, presentItem, presentList, presentSummary, presentTodo } from './presenter';
import { authorizeBoard, authorizeComment, type BoardAccess, boardPeople, visibleBoards } from './policy';
import { afterCommit, transaction } from '../../db/transaction';
import { withdrawNotifications } from '../notifications/notify';
import { type SharedNotice, tell } from '../notifications/shared-work';

const now = () => new Date().toISOString();

// A move's queries, compiled once (db/prepared.ts): moves are the board's hottest write.
/**
 * A move's one read under the lock: the target list and the item's list, both of the board (the
 * item's list as `item_list`), each row with the target list's neighbours of the place (the item
 * left out): the positions at `index - 1` and `index`, and the last one.
 */
const moveLists = preparedRows<
  {
    id: number;
    name: string;
    item_list: number | null;
    before_pos: number | null;
    after_pos: number | null;
    last_pos: number | null;
  },
  [
    ...before: [toList: number, itemId: number, one: number, offset: number],
    ...after: [toList: number, itemId: number, one: number, offset: number],
    ...last: [toList: number, itemId: number],
    ...lists: [itemId: number, boardId: number, boardId: number, toList: number],
  ]
>((db) => {
  const neighbour = () =>
    db
      .selectFrom('board_items as n')
      .select('n.position')
      .where('n.list_id', '=', 0)
      .where('n.id', '<>', 0)
      .orderBy('n.position')
      .orderBy('n.id')
      .limit(1)
      .offset(0);
  return db
    .selectFrom('board_lists')
    .leftJoin('board_items', (join) => join.on('board_items.id', '=', 0).on('board_items.board_id', '=', 0))
    .select(['board_lists.id', 'board_lists.name', 'board_items.list_id as item_list'])
    .select((eb) => [
      neighbour().as('before_pos'),
      neighbour().as('after_pos'),
      eb
        .selectFrom('board_items as n')
        .select((n) => n.fn.max<number>('n.position').as('p'))
        .where('n.list_id', '=', 0)
        .where('n.id', '<>', 0)
        .as('last_pos'),
    ])
    .where('board_lists.board_id', '=', 0)
    .where((eb) =>
      eb.or([eb('board_lists.id', '=', 0), eb('board_lists.id', '=', eb.ref('board_items.list_id'))]),
    );
});
const placeItem = prepared<never, [listId: number, position: number, at: string, itemId: number]>((db) =>
  db.updateTable('board_items').set({ list_id: 0, position: 0, updated_at: '' }).where('id', '=', 0),
);
/** Two lists' (or one list's, given twice) item ids in order. */
const listOrders = preparedRows<{ id: number; list_id: number }, [listId: number, listId: number]>((db) =>
  db
    .selectFrom('board_items')
    .select(['id', 'list_id'])
    .where('list_id', 'in', [0, 0])
    .orderBy('list_id')
    .orderBy('position')
    .orderBy('id'),
);
const bumpVersion = prepared<{ version: number }, [at: string, boardId: number]>((db) =>
  db
    .updateTable('boards')
    .set({ version: sql<number>`version + 1`, updated_at: '' })
    .where('id', '=', 0)
    .returning('version'),
);

export type ProjectsServiceDeps = Pick<ServiceDeps, 'db' | 'engine' | 'live' | 'outbox' | 'config'>;

export class ProjectsService {
  private readonly cache = new VersionedCache<number>(256);

  /** This process's board writes, one at a time per board (lib/keyed-queue.ts). */
  private readonly boardWrites = new KeyedQueue<number>();

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
    return (await this.mutateVersioned(boardId, change, alsoTell)).result;
  }

  /** `mutate`, answering the board's new version too. */
  private async mutateVersioned<T>(
    boardId: number,
    change: (trx: Db) => Promise<T>,
    alsoTell: number[] = [],
    /** Who hears of it, when the caller has read it already (else it is read after the commit). */
    audience?: number[],
  ): Promise<{ result: T; version: number }> {
    const write = () =>
      transaction(this.deps.db, async (trx) => {
        await this.deps.engine
          .forUpdate(trx.selectFrom('boards').select('id').where('id', '=', boardId))
          .execute();
        const result = await change(trx);
        const bumped = await bumpVersion(trx, now(), boardId);
        if (!bumped) throw notFound();
        return { result, version: bumped.version };
      });
    // One write per board at a time in this process, queued before it takes a connection.
    const { result, version } = await this.boardWrites.run(boardId, write);
    // Who hears of it is read after the commit, so the board's lock is held for the change alone.
    this.announce(boardId, version, [
      ...(audience ?? (await this.audience(this.deps.db, boardId))),
      ...alsoTell,
    ]);
    return { result, version };
  }

  /** The board's owner and members: who can see it. */
  private async audience(db: Db, boardId: number): Promise<number[]> {
    return [...(await boardPeople(db, boardId))];
  }

  /** Called once the change has committed (its audience was read after the commit). */
  private announce(boardId: number, version: number, userIds: number[]): void {
    afterCommit(this.deps.db, () =>
      this.deps.live.publish(userIds, { type: 'board', data: { boardId: String(boardId), version } }),
    );
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
      .where((eb) => visibleBoards(eb, userId))
      .orderBy('boards.id', 'desc')
      .execute();
    const members = await this.membersOf(rows.map((row) => row.id));
    const owners = await this.usersById(rows.map((row) => row.owner_id));
    const data = rows.map((row) =>
      presentSummary(
        { ...row, list_count: Number(row.list_count ?? 0), item_count: Number(row.item_count ?? 0) },
        owners.get(row.owner_id)!,
        members.get(row.id) ?? [],
      ),
    );
    return { data, count: data.length };
  }

  private async usersById(ids: number[], db: Db = this.deps.db) {
    const byId = new Map<number, ReturnType<typeof presentPublicUser>>();
    if (ids.length === 0) return byId;
    const rows = await db
      .selectFrom('users')
      .select(publicUserColumns)
      .where('users.id', 'in', [...new Set(ids)])
      .execute();
    for (const row of rows) byId.set(row.id, presentPublicUser(row));
    return byId;
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
   * Indexed queries on one connection, one after another: parallel queries would take several pool
   * connections while other requests hold theirs waiting on a board's lock.
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
        .orderBy('id')
        .execute();
      const items = await db
        .selectFrom('board_items')
        .selectAll()
        .where('board_id', '=', boardId)
        .orderBy('list_id')
        .orderBy('position')
        .orderBy('id')
        .execute();
      const extras = await cardExtras(db, { boardId });
      const members = await this.membersOf([boardId], db);
      const owner = (await this.usersById([row.owner_id], db)).get(row.owner_id)!;
      return presentBoard(row, owner, members.get(boardId) ?? [], lists, items, extras);
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
    const id = await transaction(this.deps.db, async (trx) => {
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
      await this.tellShared(trx, userId, row.id, input.name, memberIds);
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
          const earlier = await trx
            .selectFrom('board_members')
            .select('user_id')
            .where('board_id', '=', boardId)
            .execute();
          const known = new Set(earlier.map((member) => member.user_id));
          const added = memberIds.filter((member) => !known.has(member));
          const board = await trx
            .selectFrom('boards')
            .select('name')
            .where('id', '=', boardId)
            .executeTakeFirstOrThrow();
          await this.tellShared(trx, userId, boardId, board.name, added);
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
          // Whoever left the board leaves its cards too.
          await trx
            .deleteFrom('item_members')
            .where('board_id', '=', boardId)
            .where('user_id', 'not in', [access.ownerId, ...memberIds])
            .execute();
        }
      },
      before,
    );
    return this.loadBoard(boardId);
  }

  async deleteBoard(userId: number, boardId: number): Promise<void> {
    const access = await this.ownerAccess(userId, boardId);
    const audience = await this.audience(this.deps.db, boardId);
    await transaction(this.deps.db, async (trx) => {
      // Its sharing told of a board no one can open any more (D45).
      await withdrawNotifications(trx, 'board-shared', [boardId]);
      await trx.deleteFrom('boards').where('id', '=', boardId).execute();
    });
    this.announce(boardId, access.version + 1, audience);
  }

  // ---- Telling people (D45) -----------------------------------------------------------------

  /** Those just made members of a board hear of it in the bell (and by mail, per their switch). */
  private async tellShared(trx: Db, actorId: number, boardId: number, name: string, added: number[]) {
    const { outbox, config, live } = this.deps;
    await tell(
      trx,
      { outbox, base: config.PUBLIC_URL, live },
      added.map((userId) => ({
        userId,
        kind: 'board-shared' as const,
        sourceId: boardId,
        title: name,
        at: now(),
        actorId,
        path: `/apps/project/${boardId}`,
      })),
    );
  }

  /**
   * The members of a card who can still see its board (policy.ts), but the actor, hear of a
   * comment on it or of its new due time.
   */
  private async tellCardMembers(
    trx: Db,
    actorId: number,
    boardId: number,
    itemId: number,
    kind: 'card-comment' | 'card-due',
    about: { title: string; at: string; when?: string },
  ) {
    const [members, people] = await Promise.all([
      trx.selectFrom('item_members').select('user_id').where('item_id', '=', itemId).execute(),
      boardPeople(trx, boardId),
    ]);
    const notices: SharedNotice[] = members
      .filter((member) => people.has(member.user_id))
      .map((member) => ({
        userId: member.user_id,
        kind,
        sourceId: itemId,
        title: about.title,
        at: about.at,
        actorId,
        path: `/apps/project/${boardId}`,
        when: about.when ?? null,
      }));
    const { outbox, config, live } = this.deps;
    await tell(trx, { outbox, base: config.PUBLIC_URL, live }, notices);
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
      const position = await endPosition(trx, 'board_lists', boardId);
      const at = now();
      const row = await trx
        .insertInto('board_lists')
        .values({
          board_id: boardId,
          name: input.name,
          status: 'active',
          header_color: DEFAULT_HEADER_COLOR,
          position,
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
      await this.listOf(boardId, listId, trx);
      if (input.index !== undefined) {
        const { position } = await positionAt(trx, 'board_lists', boardId, listId, input.index);
        await trx.updateTable('board_lists').set({ position }).where('id', '=', listId).execute();
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
        .orderBy('id')
        .execute();
      const extras = await cardExtras(trx, { itemIds: items.map((item) => item.id) });
      return presentList(
        row,
        items.map((item) => presentItem(item, extras)),
      );
    });
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

  private async presentOne(db: Db, itemId: number, boardId: number): Promise<ListItem> {
    const row = await this.itemOf(boardId, itemId, db);
    return presentItem(row, await cardExtras(db, { itemIds: [itemId] }));
  }

  async createItem(
    userId: number,
    boardId: number,
    listId: number,
    input: CreateItemInput,
  ): Promise<ListItem> {
    await this.access(userId, boardId);
    return this.mutate(boardId, async (trx) => {
      const list = await this.listOf(boardId, listId, trx);
      const at = now();
      const row = await trx
        .insertInto('board_items')
        .values({
          board_id: boardId,
          list_id: listId,
          name: input.name,
          description: input.description || DEFAULT_ITEM_DESCRIPTION,
          position: await endPosition(trx, 'board_items', listId),
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordActivity(
        trx,
        [{ boardId, itemId: row.id, actorId: userId, kind: 'created', detail: { to: list.name } }],
        at,
      );
      return presentItem(row);
    });
  }

  /**
   * Changes a card: its text, place in its list ({index}, D16), tags, due date, members and
   * archived state; each change that Trello would log writes a history line.
   */
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
      const at = now();
      const lines: ActivityLine[] = [];
      const line = (kind: ActivityLine['kind'], detail?: ActivityLine['detail']) =>
        lines.push({ boardId, itemId, actorId: userId, kind, detail });

      let position: number | undefined;
      if (input.index !== undefined) {
        position = (await positionAt(trx, 'board_items', listId, itemId, input.index)).position;
      }
      if (input.name !== undefined && input.name !== item.name)
        line('renamed', { from: item.name, to: input.name });
      if (input.dueAt !== undefined && input.dueAt !== item.due_at) {
        if (input.dueAt === null) line('due-removed');
        else line('due-set', { at: input.dueAt });
      }
      if (input.archived !== undefined && input.archived !== bool(item.archived)) {
        line(input.archived ? 'archived' : 'restored');
      }
      await trx
        .updateTable('board_items')
        .set({
          name: input.name,
          description: input.description,
          position,
          due_at: input.dueAt,
          due_complete: input.dueComplete,
          archived: input.archived,
          updated_at: at,
        })
        .where('id', '=', itemId)
        .execute();
      if (input.tags !== undefined) await this.setTags(trx, userId, boardId, itemId, input.tags, line);
      if (input.members !== undefined) await this.setMembers(trx, boardId, itemId, input.members, line);
      await recordActivity(trx, lines, at);
      if (input.dueAt != null && input.dueAt !== item.due_at) {
        await this.tellCardMembers(trx, userId, boardId, itemId, 'card-due', {
          title: input.name ?? item.name,
          at: input.dueAt,
          when: input.dueAt,
        });
      }
      return this.presentOne(trx, itemId, boardId);
    });
  }

  /** Replaces a card's tags, in the order given; logs the ones added and taken off. */
  private async setTags(
    trx: Db,
    userId: number,
    boardId: number,
    itemId: number,
    names: string[],
    line: (kind: 'tag-added' | 'tag-removed', detail: { name: string }) => void,
  ) {
    const refs = await resolveCardTags(trx, userId, boardId, names);
    const before = await tagsOfCard(trx, itemId);
    await trx.deleteFrom('item_tags').where('item_id', '=', itemId).execute();
    if (refs.length > 0) {
      await trx
        .insertInto('item_tags')
        .values(refs.map((ref, position) => ({ item_id: itemId, board_id: boardId, position, ...ref })))
        .execute();
    }
    const after = await tagsOfCard(trx, itemId);
    const had = new Set(before.map((tag) => tag.name.toLowerCase()));
    const has = new Set(after.map((tag) => tag.name.toLowerCase()));
    for (const tag of after) if (!had.has(tag.name.toLowerCase())) line('tag-added', { name: tag.name });
    for (const tag of before) if (!has.has(tag.name.toLowerCase())) line('tag-removed', { name: tag.name });
  }

  /** Replaces a card's members: the board's owner or members only (400 otherwise). */
  private async setMembers(
    trx: Db,
    boardId: number,
    itemId: number,
    ids: string[],
    line: (kind: 'member-added' | 'member-removed', detail: { name: string }) => void,
  ) {
    const wanted = [...new Set(ids.map(Number))];
    const people = await boardPeople(trx, boardId);
    if (wanted.some((id) => !people.has(id))) {
      throw badRequest('VALIDATION_ERROR', 'projects.cardMemberNotOnBoard', {
        members: messages['projects.cardMemberNotOnBoard'],
      });
    }
    const before = (
      await trx.selectFrom('item_members').select('user_id').where('item_id', '=', itemId).execute()
    ).map((row) => row.user_id);
    const added = wanted.filter((id) => !before.includes(id));
    const removed = before.filter((id) => !wanted.includes(id));
    if (removed.length > 0) {
      await trx
        .deleteFrom('item_members')
        .where('item_id', '=', itemId)
        .where('user_id', 'in', removed)
        .execute();
    }
    if (added.length > 0) {
      await trx
        .insertInto('item_members')
        .values(added.map((user_id) => ({ item_id: itemId, board_id: boardId, user_id })))
        .execute();
    }
    const names = await this.usersById([...added, ...removed], trx);
    for (const id of added) line('member-added', { name: names.get(id)?.fullName ?? '' });
    for (const id of removed) line('member-removed', { name: names.get(id)?.fullName ?? '' });
  }

  async deleteItem(userId: number, boardId: number, listId: number, itemId: number): Promise<void> {
    await this.access(userId, boardId);
    await this.mutate(boardId, async (trx) => {
      await this.itemOf(boardId, itemId, trx, listId);
      // Gapped positions: the others keep theirs.
      await trx.deleteFrom('board_items').where('id', '=', itemId).execute();
    });
  }

  /**
   * Moves an item within or across lists (D16) by writing its own row only (positions.ts). The
   * item's current list is read under the board's lock; fromList/fromIndex from the client are
   * only what it saw. Answers the new version and the order of the lists involved.
   */
  async moveItem(
    userId: number,
    boardId: number,
    itemId: number,
    input: MoveItemInput,
  ): Promise<MoveItemResult> {
    // Access and audience in one read: the board's people, of whom the mover must be one.
    const { people } = await authorizeBoard(this.deps.db, userId, boardId, 'content', { people: true });
    const toList = Number(input.toList);
    let fromList = toList;
    const { version } = await this.mutateVersioned(
      boardId,
      async (trx) => {
        // The item's list and the target list in one read; both must be this board's.
        const index = input.toIndex;
        const lists = await moveLists(
          trx,
          ...[toList, itemId, 1, Math.max(0, index - 1)],
          ...[toList, itemId, 1, index],
          ...[toList, itemId],
          ...[itemId, boardId, boardId, toList],
        );
        const target = lists.find((list) => list.id === toList);
        const item = lists.find((list) => list.item_list !== null);
        if (!target || !item?.item_list) throw notFound();
        fromList = item.item_list;
        const before = index === 0 ? null : target.before_pos;
        const after = target.after_pos;
        const known = { before, after, last: before === null && after === null ? target.last_pos : null };
        const { position } = await positionAt(trx, 'board_items', toList, itemId, index, known);
        const at = now();
        await placeItem(trx, toList, position, at, itemId);
        if (fromList !== toList) {
          const source = lists.find((list) => list.id === fromList)?.name ?? '';
          await recordActivity(
            trx,
            [{ boardId, itemId, actorId: userId, kind: 'moved', detail: { from: source, to: target.name } }],
            at,
          );
        }
      },
      [],
      [...people],
    );
    // After the commit, on the pool: the order as anyone reading now would see it.
    const rows = await listOrders(this.deps.db, fromList, toList);
    const touched = fromList === toList ? [toList] : [fromList, toList];
    return {
      _id: String(boardId),
      version,
      lists: touched.map((listId) => ({
        _id: String(listId),
        items: rows.filter((row) => row.list_id === listId).map((row) => String(row.id)),
      })),
    };
  }

  // ---- Comments, history and filters --------------------------------------------------------

  private async commentRows(db: Db, itemId: number, commentId?: number) {
    let query = db
      .selectFrom('item_comments')
      .innerJoin('users', 'users.id', 'item_comments.author_id')
      .select([
        ...publicUserColumns,
        'item_comments.id as comment_id',
        'item_comments.author_id',
        'item_comments.body',
        'item_comments.created_at',
        'item_comments.updated_at',
      ])
      .where('item_comments.item_id', '=', itemId);
    if (commentId !== undefined) query = query.where('item_comments.id', '=', commentId);
    return query.orderBy('item_comments.id', 'desc').limit(500).execute();
  }

  private presentComment(row: Awaited<ReturnType<ProjectsService['commentRows']>>[number]): ItemComment {
    return {
      _id: String(row.comment_id),
      author: presentPublicUser(row),
      text: row.body,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      edited: row.updated_at !== row.created_at,
    };
  }

  /** A card's comments, newest first (the latest 500). */
  async comments(userId: number, boardId: number, itemId: number): Promise<ItemComment[]> {
    await this.access(userId, boardId);
    await this.itemOf(boardId, itemId, this.deps.db);
    return (await this.commentRows(this.deps.db, itemId)).map((row) => this.presentComment(row));
  }

  async addComment(
    userId: number,
    boardId: number,
    itemId: number,
    input: CommentInput,
  ): Promise<ItemComment> {
    await this.access(userId, boardId);
    return this.mutate(boardId, async (trx) => {
      await this.itemOf(boardId, itemId, trx);
      const at = now();
      const { id } = await trx
        .insertInto('item_comments')
        .values({
          board_id: boardId,
          item_id: itemId,
          author_id: userId,
          body: input.text,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const item = await this.itemOf(boardId, itemId, trx);
      await this.tellCardMembers(trx, userId, boardId, itemId, 'card-comment', { title: item.name, at });
      return this.presentComment((await this.commentRows(trx, itemId, id))[0]!);
    });
  }

  /** The comment on this card, and only its author may change it (policy.ts). */
  private async ownComment(trx: Db, userId: number, boardId: number, itemId: number, commentId: number) {
    await this.itemOf(boardId, itemId, trx);
    await authorizeComment(trx, userId, itemId, commentId);
  }

  async editComment(
    userId: number,
    boardId: number,
    itemId: number,
    commentId: number,
    input: CommentInput,
  ): Promise<ItemComment> {
    await this.access(userId, boardId);
    return this.mutate(boardId, async (trx) => {
      await this.ownComment(trx, userId, boardId, itemId, commentId);
      await trx
        .updateTable('item_comments')
        .set({ body: input.text, updated_at: now() })
        .where('id', '=', commentId)
        .execute();
      return this.presentComment((await this.commentRows(trx, itemId, commentId))[0]!);
    });
  }

  async deleteComment(userId: number, boardId: number, itemId: number, commentId: number): Promise<void> {
    await this.access(userId, boardId);
    await this.mutate(boardId, async (trx) => {
      await this.ownComment(trx, userId, boardId, itemId, commentId);
      await trx.deleteFrom('item_comments').where('id', '=', commentId).execute();
    });
  }

  /** Every comment of a board by card, oldest first, with its author's name (the board export). */
  async boardComments(
    boardId: number,
  ): Promise<Map<number, { author: string; text: string; createdAt: string }[]>> {
    const rows = await this.deps.db
      .selectFrom('item_comments')
      .innerJoin('users', 'users.id', 'item_comments.author_id')
      .select([
        'item_comments.item_id',
        'users.full_name',
        'users.username',
        'item_comments.body',
        'item_comments.created_at',
      ])
      .where('item_comments.board_id', '=', boardId)
      .orderBy('item_comments.id')
      .execute();
    const byItem = new Map<number, { author: string; text: string; createdAt: string }[]>();
    for (const row of rows) {
      const comment = { author: row.full_name || row.username, text: row.body, createdAt: row.created_at };
      byItem.set(row.item_id, [...(byItem.get(row.item_id) ?? []), comment]);
    }
    return byItem;
  }

  /** Imports a board file as a new board of the user's (transfer.ts), and reads it. */
  async importBoard(userId: number, body: unknown): Promise<Board> {
    const boardId = await importBoard(this.deps.db, userId, readBoardFile(body));
    this.announce(boardId, 0, [userId]);
    return this.loadBoard(boardId);
  }

  /** A card's history, newest first. */
  async activity(userId: number, boardId: number, itemId: number): Promise<ItemActivity[]> {
    await this.access(userId, boardId);
    await this.itemOf(boardId, itemId, this.deps.db);
    return activityOf(this.deps.db, itemId);
  }

  /** The board's cards (archived ones left out) that pass a filter, in board order. */
  async matches(userId: number, boardId: number, filter: BoardFilter): Promise<ItemMatch[]> {
    await this.access(userId, boardId);
    const board = await this.loadBoard(boardId);
    const at = Date.now();
    return board.lists.flatMap((list) =>
      list.items
        .filter((item) => !item.archived && itemMatches(item, filter, at))
        .map((item) => ({ _id: item._id, list: list._id, name: item.name })),
    );
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
