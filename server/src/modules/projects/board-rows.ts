// A list or card looked up by id within its board (404 when it is another board's, or none), and
// people as a board shows them: the reads every part of the projects module starts from.
import type { Db } from '../../db';
import { notFound } from '../../errors';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';

export async function listOf(boardId: number, listId: number, db: Db) {
  const list = await db
    .selectFrom('board_lists')
    .selectAll()
    .where('id', '=', listId)
    .where('board_id', '=', boardId)
    .executeTakeFirst();
  if (!list) throw notFound();
  return list;
}

/** The card of this board (and of this list, when given). */
export async function itemOf(boardId: number, itemId: number, db: Db, listId?: number) {
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

export async function usersById(ids: number[], db: Db) {
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
