/**
 * Who may do what to a board (D5, D17, §56): its owner and its members read it and edit its
 * lists, items, item to-dos and comments; only the owner changes the board itself (name, members,
 * archive, delete: 403 for a member); only a comment's author edits or deletes it (403 for another
 * member). The list of boards is the caller's own (`?user=` anyone else: 403). Anyone else is told
 * a board does not exist (404), exactly as for a missing one (D10).
 */
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db';
import { preparedRows } from '../../db/prepared';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../../errors';

export interface BoardAccess {
  boardId: number;
  ownerId: number;
  version: number;
  isOwner: boolean;
}

/** What a check made on the board's people answers: them too, the audience of a change. */
export interface BoardPeople {
  boardId: number;
  people: Set<number>;
}

/** `content`: read the board, change its lists and items. `board`: change the board itself. */
export type BoardAction = 'content' | 'board';

/**
 * The boards the user owns or is a member of. With `boardId`, the membership is one probe of
 * (board, user) rather than the user's memberships.
 */
export function visibleBoards(eb: ExpressionBuilder<Database, 'boards'>, userId: number, boardId?: number) {
  let memberOf = eb
    .selectFrom('board_members')
    .select('board_members.board_id')
    .where('board_members.user_id', '=', userId);
  if (boardId !== undefined) memberOf = memberOf.where('board_members.board_id', '=', boardId);
  return eb.or([eb('boards.owner_id', '=', userId), eb('boards.id', 'in', memberOf)]);
}

/**
 * The ids of the boards the user owns or is a member of, as two index ranges (an `or` of the two
 * is a full scan of boards on PostgreSQL): for a read of all of them.
 */
export function visibleBoardIds(db: Db, userId: number) {
  return db
    .selectFrom('boards')
    .select('boards.id')
    .where('boards.owner_id', '=', userId)
    .union(
      db
        .selectFrom('board_members')
        .select('board_members.board_id as id')
        .where('board_members.user_id', '=', userId),
    );
}

/**
 * The same boards as two index ranges, owned and shared, for a read that sorts them by their last
 * change (an `or` of the two is a full scan on PostgreSQL): id, name and last change.
 */
export function visibleBoardSummaries(db: Db, userId: number) {
  const owned = db
    .selectFrom('boards')
    .select(['boards.id', 'boards.name', 'boards.updated_at'])
    .where('boards.owner_id', '=', userId);
  const shared = db
    .selectFrom('board_members')
    .innerJoin('boards', 'boards.id', 'board_members.board_id')
    .select(['boards.id', 'boards.name', 'boards.updated_at'])
    .where('board_members.user_id', '=', userId);
  return owned.union(shared);
}

/**
 * The caller's access to the board, in one point query; throws 404 or 403 when the action is not
 * theirs. With `people`, the check is made on the board's people (owner and members, one query
 * compiled once), who are answered as the audience of the change: a move reads them once (§56).
 */
export async function authorizeBoard(
  db: Db,
  userId: number,
  boardId: number,
  action: 'content',
  options: { people: true },
): Promise<BoardPeople>;
export async function authorizeBoard(
  db: Db,
  userId: number,
  boardId: number,
  action: BoardAction,
  options?: { people?: false },
): Promise<BoardAccess>;
export async function authorizeBoard(
  db: Db,
  userId: number,
  boardId: number,
  action: BoardAction,
  options: { people?: boolean } = {},
): Promise<BoardAccess | BoardPeople> {
  if (options.people) {
    const people = await boardPeople(db, boardId);
    if (!people.has(userId)) throw notFound();
    return { boardId, people };
  }
  const row = await boardAccessQuery(db, userId, boardId).executeTakeFirst();
  if (!row) throw notFound();
  const access = {
    boardId: row.id,
    ownerId: row.owner_id,
    version: row.version,
    isOwner: row.owner_id === userId,
  };
  if (action === 'board' && !access.isOwner) throw forbidden('OWNER_ONLY', 'projects.ownerOnly');
  return access;
}

/** The board's row if the user sees it: each request's access check (and its query-plan test). */
export function boardAccessQuery(db: Db, userId: number, boardId: number) {
  return db
    .selectFrom('boards')
    .select(['id', 'owner_id', 'version'])
    .where('id', '=', boardId)
    .where((eb) => visibleBoards(eb, userId, boardId));
}

const peopleOf = preparedRows<{ user_id: number }, [boardId: number, boardId: number]>((db) =>
  db
    .selectFrom('boards')
    .select('owner_id as user_id')
    .where('id', '=', 0)
    .unionAll(db.selectFrom('board_members').select('user_id').where('board_id', '=', 0)),
);

/**
 * The board's people, owner and members: who may read and change its content, whom its changes
 * are told to, and among whom a card's members are chosen. Compiled once.
 */
export async function boardPeople(db: Db, boardId: number): Promise<Set<number>> {
  return new Set((await peopleOf(db, boardId, boardId)).map((row) => row.user_id));
}

/** The boards listed are the caller's own: `?user=` naming anyone else answers 403 (D17). */
export function authorizeBoardsOf(userId: number, user: string | undefined): void {
  if (Number(user) !== userId) throw forbidden('FORBIDDEN', 'projects.userForbidden');
}

/**
 * The comment on this card, if the user wrote it: 404 when the card has no such comment, 403
 * `COMMENT_AUTHOR_ONLY` for another member (§56). The board's access is checked before.
 */
export async function authorizeComment(
  db: Db,
  userId: number,
  itemId: number,
  commentId: number,
): Promise<{ id: number; author_id: number }> {
  const comment = await db
    .selectFrom('item_comments')
    .select(['id', 'author_id'])
    .where('id', '=', commentId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  if (!comment) throw notFound();
  if (comment.author_id !== userId) throw forbidden('COMMENT_AUTHOR_ONLY', 'projects.commentAuthorOnly');
  return comment;
}
