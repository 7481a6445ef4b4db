/**
 * Who may do what to a group (D5, D13, §25): only its owner sees, renames, changes the members of
 * or deletes it; to anyone else, its members included, it does not exist (404, D10). One rule for
 * every action, so the check takes none. (Its members take part in its chat: chat/policy.ts.)
 */
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import type { GroupRow } from './presenter';

/** The user's own groups: a range of the (owner, name) index. */
export function ownGroups<O>(
  groups: SelectQueryBuilder<Database, 'groups', O>,
  userId: number,
): SelectQueryBuilder<Database, 'groups', O> {
  return groups.where('groups.owner_id', '=', userId);
}

/** The group, if it is the user's, in one point query; 404 otherwise. */
export async function authorizeGroup(db: Db, userId: number, groupId: number): Promise<GroupRow> {
  const row = await ownGroups(db.selectFrom('groups'), userId)
    .selectAll()
    .where('groups.id', '=', groupId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}
