/**
 * Who may do what to a group (D5, D13, §25): only its owner sees, renames, changes the members of
 * or deletes it; to anyone else, its members included, it does not exist (404, D10). One rule for
 * every action, so the check takes none. (Its members take part in its chat: chat/policy.ts.)
 */
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import { rowId } from '../../lib/row-id';
import type { GroupRow } from './presenter';

/** The user's own groups: a range of the (owner, name) index. */
export function ownGroups<O>(
  groups: SelectQueryBuilder<Database, 'groups', O>,
  userId: number,
): SelectQueryBuilder<Database, 'groups', O> {
  return groups.where('groups.owner_id', '=', userId);
}

/** The group, if it is the user's, in one point query; 404 otherwise (an id no row can have too). */
export async function authorizeGroup(db: Db, userId: number, idText: string): Promise<GroupRow> {
  const id = rowId(idText);
  const row =
    id === undefined
      ? undefined
      : await ownGroups(db.selectFrom('groups'), userId)
          .selectAll()
          .where('groups.id', '=', id)
          .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}
