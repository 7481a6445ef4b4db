/**
 * Tags' part of "your data": the user's own tags; the account's deletion takes them,
 * and with them their places on cards, goals and to-dos (the foreign keys cascade).
 */
import type { YourDataExport } from '@cadence/contract';
import type { Db } from '../../db';

export async function exportTags(db: Db, userId: number): Promise<YourDataExport['tags']> {
  const tags = await db.selectFrom('tags').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  return tags.map((t) => ({
    _id: String(t.id),
    name: t.name,
    color: t.color,
    createdAt: t.created_at,
    updatedAt: t.updated_at,
  }));
}

export async function eraseTags(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('tags').where('user_id', '=', userId).execute();
}
