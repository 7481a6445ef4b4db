// Boards: the list of one's boards, a board read whole (cached per version), its creation,
// change, members, deletion and import, and the filter over its cards.
import {
  type Board,
  type BoardFilter,
  type BoardSummary,
  type CreateBoardInput,
  type ItemMatch,
  itemMatches,
  messages,
  type UpdateBoardInput,
} from '@cadence/contract';
import type { Db } from '../../db';
import { transaction } from '../../db/transaction';
import { badRequest } from '../../errors';
import { type CachedJson, VersionedCache } from '../../lib/cached-json';
import { withdrawNotifications } from '../notifications/notify';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import { usersById } from './board-rows';
import { type BoardPartDeps, type BoardWrites, now } from './board-writes';
import { cardExtras } from './cards';
import { tellShared } from './notices';
import { visibleBoardIds } from './policy';
import { presentBoard, presentSummary } from './presenter';
import { importBoard, readBoardFile } from './transfer';

export class BoardsService {
  private readonly cache = new VersionedCache<number>(256);
  private readonly writes: BoardWrites;

  constructor(private readonly deps: BoardPartDeps) {
    this.writes = deps.writes;
  }

  /** The board if the user owns it or is a member (policy.ts), with its version; 404 otherwise. */
  access(userId: number, boardId: number) {
    return this.writes.access(userId, boardId);
  }

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
      .where('boards.id', 'in', visibleBoardIds(this.deps.db, userId))
      .orderBy('boards.id', 'desc')
      .execute();
    const members = await this.membersOf(rows.map((row) => row.id));
    const owners = await usersById(
      rows.map((row) => row.owner_id),
      this.deps.db,
    );
    const data = rows.map((row) =>
      presentSummary(
        { ...row, list_count: Number(row.list_count ?? 0), item_count: Number(row.item_count ?? 0) },
        owners.get(row.owner_id)!,
        members.get(row.id) ?? [],
      ),
    );
    return { data, count: data.length };
  }

  private async membersOf(boardIds: number[], db: Db = this.deps.db) {
    const byBoard = new Map<number, ReturnType<typeof presentPublicUser>[]>();
    if (boardIds.length === 0) return byBoard;
    const rows = await membersQuery(db, boardIds).execute();
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
    await this.writes.access(userId, boardId);
    return this.loadBoard(boardId);
  }

  /**
   * Indexed queries on one connection, one after another: parallel queries would take several pool
   * connections while other requests hold theirs waiting on a board's lock.
   */
  private async loadBoard(boardId: number): Promise<Board> {
    return this.deps.db.connection().execute(async (db) => {
      const queries = boardReadQueries(db, boardId);
      const row = await queries.board.executeTakeFirstOrThrow();
      const lists = await queries.lists.execute();
      const items = await queries.items.execute();
      const extras = await cardExtras(db, { boardId });
      const members = await this.membersOf([boardId], db);
      const owner = (await usersById([row.owner_id], db)).get(row.owner_id)!;
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
      await tellShared(this.deps, trx, userId, row.id, input.name, memberIds);
      return row.id;
    });
    this.writes.announce(id, 0, [userId, ...memberIds]);
    return this.loadBoard(id);
  }

  async updateBoard(userId: number, boardId: number, input: UpdateBoardInput): Promise<Board> {
    const access = await this.writes.ownerAccess(userId, boardId);
    const replace = input.memberIds ?? input.assignees;
    const memberIds =
      replace !== undefined || input.group
        ? await this.resolveMembers(access.ownerId, replace ?? [], input.group)
        : undefined;
    // Members taken off the board hear of it too: their copy of it is no longer theirs.
    const before = replace !== undefined ? await this.writes.audience(this.deps.db, boardId) : [];
    await this.writes.mutate(
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
          await tellShared(this.deps, trx, userId, boardId, board.name, added);
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
    const access = await this.writes.ownerAccess(userId, boardId);
    const audience = await this.writes.audience(this.deps.db, boardId);
    await transaction(this.deps.db, async (trx) => {
      // Its sharing told of a board no one can open any more (D45).
      await withdrawNotifications(trx, 'board-shared', [boardId]);
      await trx.deleteFrom('boards').where('id', '=', boardId).execute();
    });
    this.writes.announce(boardId, access.version + 1, audience);
  }

  /** Imports a board file as a new board of the user's (transfer.ts), and reads it. */
  async importBoard(userId: number, body: unknown): Promise<Board> {
    const boardId = await importBoard(this.deps.db, userId, readBoardFile(body));
    this.writes.announce(boardId, 0, [userId]);
    return this.loadBoard(boardId);
  }

  /** The board's cards (archived ones left out) that pass a filter, in board order. */
  async matches(userId: number, boardId: number, filter: BoardFilter): Promise<ItemMatch[]> {
    await this.writes.access(userId, boardId);
    const board = await this.loadBoard(boardId);
    const at = Date.now();
    return board.lists.flatMap((list) =>
      list.items
        .filter((item) => !item.archived && itemMatches(item, filter, at))
        .map((item) => ({ _id: item._id, list: list._id, name: item.name })),
    );
  }
}

/** The board read's own queries (its cards' extras are cardExtrasQueries), built here and by the query-plan test. */
export function boardReadQueries(db: Db, boardId: number) {
  return {
    board: db.selectFrom('boards').selectAll().where('id', '=', boardId),
    lists: db
      .selectFrom('board_lists')
      .selectAll()
      .where('board_id', '=', boardId)
      .orderBy('position')
      .orderBy('id'),
    items: db
      .selectFrom('board_items')
      .selectAll()
      .where('board_id', '=', boardId)
      .orderBy('list_id')
      .orderBy('position')
      .orderBy('id'),
    members: membersQuery(db, [boardId]),
  };
}

/** The members of the boards, as people are shown. */
export function membersQuery(db: Db, boardIds: number[]) {
  return db
    .selectFrom('board_members')
    .innerJoin('users', 'users.id', 'board_members.user_id')
    .select([...publicUserColumns, 'board_members.board_id'])
    .where('board_members.board_id', 'in', boardIds)
    .orderBy('users.id');
}
