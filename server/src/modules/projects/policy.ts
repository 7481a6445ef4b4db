/**
 * Who may do what to a board (D17): its owner and its members read it and edit its lists, items
 * and item to-dos; only the owner changes the board itself (name, members, archive, delete).
 * Anyone else is told the board does not exist (404), exactly as for a missing one (D10).
 */
import type { Db } from '../../db';
import { forbidden, notFound } from '../../errors';

export interface BoardAccess {
  boardId: number;
  ownerId: number;
  version: number;
  isOwner: boolean;
}

/** `content`: read the board, change its lists and items. `board`: change the board itself. */
export type BoardAction = 'content' | 'board';

/** The caller's access to the board, in one point query; throws 404 or 403 when the action is not theirs. */
export async function authorizeBoard(
  db: Db,
  userId: number,
  boardId: number,
  action: BoardAction,
): Promise<BoardAccess> {
  const row = await db
    .selectFrom('boards')
    .select(['id', 'owner_id', 'version'])
    .where('id', '=', boardId)
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('board_members')
            .select('board_members.user_id')
            .whereRef('board_members.board_id', '=', 'boards.id')
            .where('board_members.user_id', '=', userId),
        ),
      ]),
    )
    .executeTakeFirst();
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
