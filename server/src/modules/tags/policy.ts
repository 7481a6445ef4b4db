/**
 * Who may do what to a tag (D5, D14, §24): the five built-ins are everyone's and nobody changes or
 * deletes one (403 `BUILT_IN_TAG`); a user's own tag is theirs alone to see, change or delete; to
 * anyone else it does not exist (404, D10), and neither does an id no row can have.
 */
import { builtInTagNames } from '@cadence/contract';
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { TagRow } from './presenter';

/** Ids are 32-bit integers on PostgreSQL: a longer number cannot name a row. */
const MAX_ID = 2 ** 31 - 1;

/** The user's own tags: a range of the (user, name) index. */
export function ownTags<O>(
  tags: SelectQueryBuilder<Database, 'tags', O>,
  userId: number,
): SelectQueryBuilder<Database, 'tags', O> {
  return tags.where('tags.user_id', '=', userId);
}

/** The user's own tag that `id` names, to change or delete, in one point query; throws as above. */
export async function authorizeTag(db: Db, userId: number, id: string): Promise<TagRow> {
  if ((builtInTagNames as readonly string[]).includes(id)) throw forbidden('BUILT_IN_TAG', 'tags.builtIn');
  if (!/^[1-9][0-9]*$/.test(id) || Number(id) > MAX_ID) throw notFound();
  const row = await ownTags(db.selectFrom('tags'), userId)
    .selectAll()
    .where('tags.id', '=', Number(id))
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}
